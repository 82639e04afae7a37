"""bigfive: The Big Five: Safari Tour as a terminal game."""

__version__ = "0.1.0"
