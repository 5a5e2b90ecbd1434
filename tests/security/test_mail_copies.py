"""Who is named in a message is not a way to cut a player off: a player who names someone
in Cc without sending them the message only holds the game up, as by not sending it —
the cut-off player's pbem names the save that has not arrived, who holds it and the
command that sends it again, and the game goes on once it is sent."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from pbem import savefile
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.test_copies import _race
from tests.mail.test_missing_saves import _three, _turn
from tests.mail.turns import stored


def test_naming_a_player_without_sending_them_the_save_only_holds_the_game_up(
        tmp_path: Path) -> None:
    """Attack: carol mails her save to alice alone, with bob named in Cc, so that alice's
    pbem leaves it out of the next message to bob."""
    workdir = tmp_path / "work"
    workdir.mkdir()
    players = _three(tmp_path)
    alice, bob, carol = players["alice"], players["bob"], players["carol"]
    last = _race(players, workdir)  # carol's save, to both; alice is to move
    mine = _turn(alice, last, workdir, rest=True)
    sent = workdir / "alice.eml"
    alice.run("send", stored(alice, mine), "--eml", sent)
    for player in (bob, carol):
        player.run("inbox", sent)
    his = _turn(bob, mine, workdir, rest=True)
    sent = workdir / "bob.eml"
    bob.run("send", stored(bob, his), "--eml", sent)
    for player in (alice, carol):
        player.run("inbox", sent)
    hers = _turn(carol, his, workdir, rest=True)
    cut = workdir / "carol.eml"
    carol.run("send", stored(carol, hers), "--eml", cut)
    msg = email.message_from_bytes(cut.read_bytes(), policy=email.policy.default)
    assert "bob@pbem.test" in str(msg["Cc"]) + str(msg["To"])
    alice.run("inbox", cut)  # bob never gets it
    assert hers.due is not None and hers.due["role"] == "red"

    again = _turn(alice, hers, workdir, rest=True)
    to_bob = workdir / "alice-again.eml"
    alice.run("send", stored(alice, again), "--eml", to_bob)
    out = bob.run("inbox", to_bob).out
    name = savefile.file_name(again.game_id, again.sequence, again.writer)
    waiting = [line for line in out.splitlines() if line.startswith("waiting")]
    assert waiting and f"save {hers.sequence} of this game has not arrived" in waiting[0]
    assert f"pbem send --resend {hers.sequence}..{hers.sequence} {name}" in waiting[0]

    repair = workdir / "repair.eml"
    alice.run("send", "--resend", f"{hers.sequence}..{hers.sequence}", name, "--eml", repair)
    out = bob.run("inbox", repair).out
    for save in (hers, again):
        assert stored(bob, save).read_bytes() == save.raw, out
    assert not any(line.startswith("waiting") for line in out.splitlines()), out
