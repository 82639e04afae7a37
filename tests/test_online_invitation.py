"""The invitation a host hands out, read by ``bigfive join``: whatever is pasted, it is either
a table's address or refused in one short line that says what is wrong (and ``bigfive join``
then exits 2 without opening anything)."""

from __future__ import annotations

import pytest

from bigfive_tui.cli import main
from bigfive_tui.online.invitation import Invitation, InvitationError, parse_invitation

#: Texts no host printed, and words their refusal says.
NOT_INVITATIONS = [
    ("", "empty"),
    ("   ", "empty"),
    ("ftp://host/t/abc?key=def", "http://"),
    ("javascript:alert(1)", "not an address"),
    ("https://host/t/abc?key=def", "http://"),
    ("http://host:99999/t/abc?key=def", "not an address"),
    ("http://host:0/t/abc?key=def", "port 0"),
    ("http://host/t/abc", "not an invitation"),
    ("http://host/t/abc?key=", "not an invitation"),
    ("http://host/t/abc?key=a&key=b", "not an invitation"),
    ("http://host/t/../abc?key=def", "not an invitation"),
    ("http://host/t/%2e%2e?key=def", "characters"),
    ("http://host/t/abc?key=d\x1b]0;x\x07", "characters"),
    ("http://[::1/t/abc?key=def", "not an address"),
    ("http://host\x1b[2J/t/abc?key=def", "not an address"),
    ("//host/t/abc?key=def", "names no computer"),
    ("http://host/t/" + "a" * 65 + "?key=def", "characters"),
    ("x" * 1_000_000, "not an invitation"),
    ("http://host:" + "9" * 1_000_000 + "/t/abc?key=def", "not an address"),
    ("http://host:" + "x" * 1_000_000 + "/t/abc?key=def", "not an address"),
    ("http://host/t/abc?key=" + "k" * 1_000_000, "characters"),
    ("http://" + "h" * 1_000_000 + "/t/abc", "not an invitation"),
]


@pytest.mark.parametrize(
    ("text", "words"), NOT_INVITATIONS, ids=[repr(text[:30]) for text, _ in NOT_INVITATIONS]
)
def test_what_is_not_an_invitation_is_refused_in_one_short_line(text: str, words: str) -> None:
    with pytest.raises(InvitationError) as refused:
        parse_invitation(text)
    said = str(refused.value)
    assert words in said, said
    assert "\n" not in said and "\x1b" not in said and len(said) <= 240, said[:300]


@pytest.mark.parametrize(
    ("text", "invitation"),
    [
        ("http://127.0.0.1:8765/t/abc?key=def", Invitation("127.0.0.1", 8765, "abc", "def")),
        ("  127.0.0.1:8765/t/abc/?key=def\n", Invitation("127.0.0.1", 8765, "abc", "def")),
        ("http://[::1]:9000/t/a-b_c?key=D-e_F", Invitation("::1", 9000, "a-b_c", "D-e_F")),
        ("http://safari.example/t/abc?key=def", Invitation("safari.example", 80, "abc", "def")),
    ],
)
def test_an_invitation_reads_as_the_table_it_names(text: str, invitation: Invitation) -> None:
    assert parse_invitation(text) == invitation
    assert parse_invitation(invitation.url()) == invitation


@pytest.mark.parametrize("text", ["https://host/t/abc?key=def", "y" * 1_000_000])
def test_bigfive_join_with_no_invitation_exits_2_with_one_line(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["join", text]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("bigfive join: ") and err.count("\n") == 1
    assert len(err) <= 260
