"""The Big Five's simulation loop: many whole games with computer players, and what came of them.

Every game is fixed by one game seed: the board (unless a layout is given), the guides when
only a count is, the difficulty for ``mixed``, the engine's dice and cards, and the policy's
choices. Game ``i`` of a run uses seed ``S + i``, so any game can be replayed alone, and a run
gives the same games however it is spread: one process, worker processes on this machine, or
the workers of a Dask ``distributed`` cluster. With a results file every finished game is
appended as one JSON line, and a run started again with the same file plays only the games
still missing.

One concept a module, each building only on the ones below it:

- ``run``: a whole run (``simulate``): reads the results file, plays what is missing, reports;
- ``workers`` (this process or a pool of processes) and ``cluster`` (a Dask scheduler):
  where the games are played;
- ``results``: the results file (JSON lines), read back and appended to;
- ``report``: the tallies, win-rate intervals and decision times of a run;
- ``playing``: one game from its seed (``play_seed``), and ``play_out``, the engine's fast loop;
- ``settings``: what fixes a run's games.

``bigfive simulate`` (commands/simulate.py) reads its flags into ``Settings`` and prints the
report; ``bench/`` and the tests use these modules directly. Photo Safari's loop has the same
shape in ``photo_safari/simulate.py``.
"""
