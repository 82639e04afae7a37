"""The rules engine: pure, deterministic, free of I/O and of any user interface."""
