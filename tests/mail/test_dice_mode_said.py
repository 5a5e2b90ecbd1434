"""Every place the mail shows a game says how its dice are made — witnessed, open or
TABLE DICE: the subject and body of what pbem send writes, its own line, each inbox line
and the list of games."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from pbem.mail.dice_modes import LONG, SHORT
from pbem.savefile import DICE_WORDS
from tests.mail.kit import introduce, make_player


@pytest.mark.parametrize("mode", ["witnessed", "open", "table"])
def test_the_dice_mode_is_said_everywhere(tmp_path: Path, mode: str) -> None:
    alice, bob = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    introduce(alice, bob)
    (tmp_path / "bob.id").write_text(bob.id_line + "\n")
    first = tmp_path / "first.pbem.yaml"
    alice.run("new", "tiny-race", "--opponent", tmp_path / "bob.id", "--dice", mode,
              "-o", first)
    eml = tmp_path / "turn.eml"
    alice.run("send", first, "--eml", eml)
    msg = email.message_from_bytes(eml.read_bytes(), policy=email.policy.default)
    assert msg["Subject"].endswith(f"— invitation: bob to join ({SHORT[mode]})")
    body = msg.get_body(("plain",)).get_content().splitlines()
    assert f"Dice: {DICE_WORDS[mode]}." in body
    assert f"({SHORT[mode]})" in alice.run("send", first, "--dry-run").out
    out = bob.run("inbox", eml).out
    (filed,) = [line for line in out.splitlines() if line.startswith("filed")]
    assert filed.split(" -> ")[0].endswith(f" - {LONG[mode]}")
    assert f"Tiny Race {msg['X-Pbem-Game'][:8]} ({SHORT[mode]}), save 0: " in out
    others = set(SHORT) - {mode}
    for text in (msg["Subject"], filed):
        assert not any(SHORT[other] in text for other in others), text
