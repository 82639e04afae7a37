"""What the games in the box share: seeded randomness, the log of rule steps, the checks of a
scenario report, the short form of a scenario's moves or actions, and how a refused file or
game record reads.

Pure like the engines that use it: no I/O, no user interface, and no knowledge of either game.
"""
