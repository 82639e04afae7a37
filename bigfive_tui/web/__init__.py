"""Playing in a web browser: ``bigfive serve`` (``server``, on textual-serve) runs one game
process per browser tab, and each tab's game claims an autosave file of its own (``tabs``)."""
