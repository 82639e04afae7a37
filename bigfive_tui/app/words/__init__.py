"""The game in words for the screens: states and rule steps described, rules quoted by id."""
