"""Photo Safari's file formats: set-up files and the game record inside a save.

Each validates at the edge (pydantic) and converts to and from the engine's plain data.
"""
