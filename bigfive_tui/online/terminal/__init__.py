"""The game's own screens, played at a table kept by a host: :mod:`.screen` (the game screen
fed by the host's views) and :mod:`.app` (``bigfive join``'s app, and ``bigfive host``'s, which
sets the game up on the new-game screen and keeps the table in the same process)."""
