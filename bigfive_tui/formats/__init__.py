"""The Big Five's file formats: piece and layout files and the game record at the core of a save.

Each validates at the edge (pydantic) and converts to and from the engine's plain data, so that
the engine, which steps millions of times, never holds a model.
"""
