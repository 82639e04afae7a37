"""bigfive takes no pydantic plugins, and says so before pydantic builds its first model.

Looking for plugins reads the entry points of every installed package (15-21 M instructions of
a loaded game's start-up with this project's test and bench packages installed), so
``PYDANTIC_DISABLE_PLUGINS`` is set to ``__all__`` unless the player set it. Told that, pydantic's
plugin loader answers "none" — but it imports ``importlib.metadata`` first (with zipfile, email,
csv and more: ~1.4 MiB of a loaded game's peak memory, docs/benchmarks.md). So where plugins are
off, a stand-in takes the loader's place and gives the same answer. Any other name asked of it
(one a later pydantic may add) is the real loader's, imported then.
"""

from __future__ import annotations

import importlib
import os
import sys
import types

PLUGINS_VARIABLE = "PYDANTIC_DISABLE_PLUGINS"
#: The settings of that variable with which pydantic loads no plugin at all.
ALL_OFF = ("__all__", "1", "true")
#: pydantic's plugin loader: ``get_plugins()``, the one name pydantic asks of it.
LOADER = "pydantic.plugin._loader"


def take_no_plugins() -> None:
    """Plugins off (unless the player's own setting says otherwise), and where they are all
    off, pydantic's loader stood in for."""
    os.environ.setdefault(PLUGINS_VARIABLE, "__all__")
    if os.environ[PLUGINS_VARIABLE] in ALL_OFF and LOADER not in sys.modules:
        sys.modules[LOADER] = _stand_in()


def _stand_in() -> types.ModuleType:
    loader = types.ModuleType(LOADER, "pydantic's plugin loader while plugins are off")

    def get_plugins(*_: object, **__: object) -> tuple[()]:
        return ()

    def real(name: str) -> object:
        if name.startswith("__"):  # what tools ask of any module (``__file__``): as a plain one
            raise AttributeError(name)
        if sys.modules.get(LOADER) is loader:
            del sys.modules[LOADER]
        return getattr(importlib.import_module(LOADER), name)

    vars(loader).update(get_plugins=get_plugins, __getattr__=real)
    return loader
