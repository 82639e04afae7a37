"""Photo Safari, the second game in the box: a photo hunt for two cameras on a 10 × 10 grid.

``engine`` is its pure rules engine (docs/photo-safari.md); ``players`` its computer players;
``setups`` reads the shipped and custom start set-ups; ``scenario`` its TOML scenarios.
"""
