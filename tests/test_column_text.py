"""Rows of a label and its text (app/components/column_text.py): the text wraps in its own
column beside the label, whether the label is plain or styled in parts (Photo Safari's end
screen: each camera's name in its colour and its count of photos, then the animals)."""

from __future__ import annotations

from textual.content import Content

from bigfive_tui.app.components.column_text import ColumnText, Row

ANIMALS = "elephant, lion, tiger, giraffe, zebra, buffalo, monkey, squirrel, crocodile, turtle"


def test_a_styled_label_keeps_its_styles_and_its_text_wraps_beside_it() -> None:
    label = Content.assemble(("Red".ljust(20), "bold red"), ("10/10", "green"))
    rows = ColumnText([Row(label, ANIMALS)], widest_label=29).wrapped(60)[0]
    assert rows[0].plain.startswith("Red" + " " * 17 + "10/10  elephant,")
    assert len(rows) > 1 and all(row.plain.startswith(" " * 27) for row in rows[1:])
    assert [span.style for span in rows[0].spans[:2]] == ["bold red", "green"]


def test_a_plain_label_is_padded_in_the_label_style() -> None:
    rows = ColumnText([Row("Esc", "close")], label_style="$text-muted").wrapped(40)[0]
    assert rows[0].plain == "Esc  close"
    assert rows[0].spans[0].style == "$text-muted" and rows[0].spans[0].end == 5
