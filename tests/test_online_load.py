"""The load benchmark of online play (bench/online.py), small and bounded: a host process and
scripted clients on loopback lose and double no action, and every screen ends with the host's
moves. Its timing is a benchmark's figure (docs/online.md), not asserted here."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import online as load  # bench/online.py


def test_scripted_tables_on_one_host_lose_and_double_no_action() -> None:
    figures = load.run_load(tables=4, seconds=4.0, think=0.02, keep=True)
    assert figures["moves"] > 20
    assert figures["lost"] == 0 and figures["doubled"] == 0
    assert figures["screens_updated"] >= figures["moves"]  # every move reached the screens
    assert figures["kib_per_table"] > 0
