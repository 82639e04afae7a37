"""Photo Safari's rules engine: pure, deterministic, free of I/O, of any user interface and of
the Big Five. A set-up plus the list of camera moves replays a game exactly."""
