"""Table dice (typed by the players, never rolled by pbem) are said wherever a player looks
in the mail: the subject and first line of what `pbem send` writes, every inbox line."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from pbem.mail.compose import TABLE_DICE_LINE
from pbem.mail.filing import TABLE_DICE
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import Player, introduce, make_player


def _game(tmp_path: Path, *flags: str) -> tuple[Player, Player, Path]:
    alice, bob = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    introduce(alice, bob)
    (tmp_path / "bob.id").write_text(bob.id_line + "\n")
    first = tmp_path / "first.pbem.yaml"
    alice.run("new", "tiny-race", "--opponent", tmp_path / "bob.id", *flags, "-o", first)
    return alice, bob, first


@pytest.mark.parametrize("table", [True, False])
def test_table_dice_are_said_in_the_mail_and_the_inbox(tmp_path: Path, table: bool) -> None:
    """Attack: a game made with table dice (typed, never checked) that the opponent does not
    notice, because the mail and the inbox never say so."""
    alice, bob, first = _game(tmp_path, *(["--table-dice"] if table else []))
    eml = tmp_path / "turn.eml"
    sent = alice.run("send", first, "--eml", eml).out
    msg = email.message_from_bytes(eml.read_bytes(), policy=email.policy.default)
    body = msg.get_body(("plain",)).get_content()
    dry = alice.run("send", first, "--dry-run").out
    out = bob.run("inbox", eml).out
    (filed,) = [ln for ln in out.splitlines() if ln.startswith("filed")]
    (move,) = [ln for ln in out.splitlines() if "->  pbem join" in ln]
    if table:
        assert msg["Subject"].endswith("(TABLE DICE)")
        assert body.splitlines()[0] == TABLE_DICE_LINE
        assert "(TABLE DICE)" in dry
        assert TABLE_DICE in filed
        assert "(TABLE DICE)" in move
    else:
        for text in (msg["Subject"], body, sent, dry, out):
            assert "TABLE DICE" not in text
