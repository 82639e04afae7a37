"""The compositor's cuts of a strip keep neither the strip itself nor the texts it measured.

Textual's compositor cuts each strip it draws at the edges of the widgets on its line
(``Strip.divide``, Textual 8.2), and a strip keeps its cuts in a small cache of its own:

- A strip with no edge inside it (most lines of a screen) is "divided" into a list holding the
  strip itself, which that cache keeps: every such strip is a reference cycle. Dropped from its
  widget's line cache, it is freed only by a collection of the generation it has reached by
  then, usually the oldest, which Python collects seldom. About twenty strips a move (each with
  seven caches and its segments) piled up there between full collections, and the pools they
  took kept about 0.8 MiB of a 300-action game's resident memory.
- A strip with an edge inside it (each line of the game log, whose scroll bar is inside it) has
  each of its segments measured through Rich's cache of every string measured (4,096 kept):
  that cache kept the text of every step the log drew.

Here a strip with no edge inside it is answered with a new list of itself, not kept; any other
is cut as Textual cuts it (``rich.segment.Segment.divide``), its segments measured by
:func:`~bigfive_tui.app.drawing.cells.cell_width`, and its cuts kept in its cache as before.
The cuts are the same (tests/test_app_memory.py); "Long game memory, fourth round" in
docs/benchmarks.md has the figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from rich.segment import Segment
from textual.strip import Strip

from bigfive_tui.app.drawing.cells import cell_width


def _cut_segments(segments: Iterable[Segment], cuts: list[int]) -> Iterator[list[Segment]]:
    """``Segment.divide`` (Rich 14): the segments up to each cut, in order."""
    pieces: list[Segment] = []
    cut_at = iter(cuts)
    cut = next(cut_at, -1)
    while cut == 0:
        yield []
        cut = next(cut_at, -1)
    if cut == -1:
        return
    position = 0
    for segment in segments:
        text, _, control = segment
        while text:
            end = position if control else position + cell_width(text)
            if end < cut:
                pieces.append(segment)
                position = end
                break
            if end == cut:
                pieces.append(segment)
                yield pieces
                pieces = []
                position = end
                cut = next(cut_at, -1)
                if cut == -1:
                    return
                break
            before, segment = segment.split_cells(cut - position)
            text, _, control = segment
            pieces.append(before)
            yield pieces
            pieces = []
            position = cut
            cut = next(cut_at, -1)
            if cut == -1:
                return
    yield pieces


def _divide(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    """``Strip.divide`` (Textual 8.2) without keeping a strip drawn whole, and measuring its
    segments without Rich's cache."""
    cell_length = self.cell_length
    inside = [cut for cut in cuts if cut <= cell_length]
    if inside == [cell_length]:
        return [self]
    key = tuple(inside)
    kept = self._divide_cache.get(key)
    if kept is not None:
        return kept
    strips: list[Strip] = []
    start = 0
    for segments, cut in zip(_cut_segments(self._segments, inside), inside, strict=False):
        strips.append(Strip(segments, cut - start))
        start = cut
    self._divide_cache[key] = strips
    return strips


def free_whole_strips() -> None:
    """Cut strips as Textual does, keeping neither a strip drawn whole nor measured texts."""
    Strip.divide = _divide  # type: ignore[method-assign]
