"""Playing together from different computers: a host keeps each table's one game, and every
person at it plays from a terminal or a browser of their own.

One concept a module: :mod:`.protocol` (the messages, each a pydantic model), :mod:`.view`
(what a guide at the table may see of the game, and the picture a client rebuilds from it),
:mod:`.table` (a table: its one game, its seats and their secrets), :mod:`.limits` (message
sizes and rates), :mod:`.invitation` (the address a host hands out), :mod:`.keeping` (tables
kept on disk), :mod:`.host` (the tables' websocket server), :mod:`.browser` (the invitation
opened in a browser), :mod:`.listening` (both on one port), :mod:`.serving` (a host without a
screen), :mod:`.remembered` (the seats a computer sat at), :mod:`.connection` (a client's link
to a table) and :mod:`.terminal` (the game's screens, played from a view).
"""
