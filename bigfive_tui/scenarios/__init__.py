"""Scenarios (docs/scenarios.md): the file format, building a position from it, playing its
actions through the engine and checking its expectations. Pure like the engine (no I/O): the
caller passes parsed TOML, the shipped pieces, a layout loader and the known rule ids; but
:mod:`.files`, which reads them from disk for the command line and the tests."""
