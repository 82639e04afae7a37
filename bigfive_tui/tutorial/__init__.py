"""Learn to play: the guided first games, read from their steps files (assets/tutorial/)."""
