"""Files on disk, for any game in the package: reading whatever a player hands us
(:mod:`.reading`), writing so that a kill or a power cut loses nothing (:mod:`.writing`), one
process per autosave file (:mod:`.lock`) and saving off the UI thread (:mod:`.autosaver`).

Nothing here knows a game's rules or the terminal: callers pass their own error class, their
own text to write, and get plain data back.
"""
