"""Photo Safari's screens in the bigfive app: its board, game, new-game and end screens."""
