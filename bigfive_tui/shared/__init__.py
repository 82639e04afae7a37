"""What the games in the box share: seeded randomness and the log of rule steps.

Pure like the engines that use it: no I/O, no user interface, and no knowledge of either game.
"""
