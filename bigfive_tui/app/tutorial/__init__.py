"""Learn to play inside the game: the guided first games of both games (their screens and the
box each step is read in). Its own room, beside the screens and Photo Safari's screens, whose
game screens it builds on."""
