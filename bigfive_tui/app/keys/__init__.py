"""Keys and commands: the one key table (table.py) that bindings, bars and help read, the
keys' names written out (names.py), and the command palette (palette.py)."""
