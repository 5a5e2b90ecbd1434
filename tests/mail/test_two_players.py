"""Two players, each with a home of their own, play Dragons & Tigers with witnessed dice
(the default between players on different machines) with nothing but pbem send, pbem
inbox and pbem apply, through real SMTP and IMAP servers.

The mover's ``pbem apply`` stops at each roll: its save is a roll request. The other
player's ``pbem inbox`` answers it by itself and mails the answer, and the mover carries on
from it."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from pbem import savefile
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from tests.mail.dt import KINGDOMS_OPTION
from tests.mail.kit import Player, wrote, your_move
from tests.mail.servers import SmtpServer
from tests.mail.turns import WITNESSED, key_of, newest, play, stored

SAVES = 18  # saves after the join: the start, turns, roll requests and their answers


def filed_once(out: str, save: SaveFile) -> None:
    """``pbem inbox`` printed that it filed ``save`` (and it says the dice mode)."""
    lines = [ln for ln in out.splitlines()
             if ln.startswith("filed") and f", save {save.sequence} from" in ln]
    assert len(lines) == 1, out
    assert lines[0].split(" -> ")[0].endswith(f" - {WITNESSED}"), lines[0]


def test_a_witnessed_game_by_email_between_two_homes(
        alice_and_bob: tuple[Player, Player], workdir: Path, smtp_server: SmtpServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = alice_and_bob

    invitation = workdir / "bob.id"
    invitation.write_text(bob.id_line + "\n")
    first = workdir / "new-game.pbem.yaml"
    alice.run("new", "dragons-tigers", "--opponent", invitation, "--option", KINGDOMS_OPTION,
              "-o", first)
    assert savefile.read(first).dice_mode == "witnessed"
    alice.run("send", first)
    out = bob.run("inbox").out
    command, path = your_move(out)
    assert command == "join" and "(witnessed dice)" in out
    joined = wrote(bob.run("join", path).out)
    bob.run("send", joined)

    by_role = {"blue": alice, "white": bob}
    other = {alice.name: bob, bob.name: alice}
    last = savefile.read(joined)
    mails = 2
    requests = answers = 0
    while last.sequence < SAVES + 1 or last.pending is not None:  # (end on an answered roll)
        assert last.due is not None, "the game ended early"
        player = by_role[last.due["role"]]
        if by_role[last.writer] is not player:  # it came by mail: collect it
            out = player.run("inbox").out  # (with the saves before it it lacks, if any)
            filed_once(out, last)
            if last.due["step"] == "witness":  # answered by the inbox, no one asked
                answer = newest(player, last.game_id)
                assert answer.previous == last.sha256 and answer.writer == last.due["role"]
                assert answer.actions[0]["do"] == "witness"
                assert f"answered     dragons-tigers game {last.game_id[:8]}, save " \
                       f"{answer.sequence}: a roll request, answered by revealing your next " \
                       f"dice link; sent to {other[player.name].address}" in out
                last, mails, answers = answer, mails + 1, answers + 1
                if last.due is not None and by_role[last.due["role"]] is player:
                    assert your_move(out) == ("play", stored(player, last)), out
                continue
            assert your_move(out) == ("play", stored(player, last)), out
        last = play(player, last, workdir / f"save-{last.sequence + 1}.yaml")
        mails += 1
        requests += last.pending is not None
    assert requests >= 4 and answers == requests

    receiver = other[by_role[last.writer].name]
    out = receiver.run("inbox").out
    filed_once(out, last)
    assert len(smtp_server.received) == mails
    final = email.message_from_bytes(smtp_server.received[-1].data,
                                     policy=email.policy.default)
    assert final["Subject"].startswith("[pbem] Dragons & Tigers of the Three Kingdoms "
                                       f"{last.game_id[:8]} — round ")
    assert f"save {last.sequence} — " in final["Subject"]
    assert final["Subject"].endswith(" (witnessed dice)")
    names = {part.get_filename() for part in final.iter_attachments()}
    stem = savefile.file_name(last.game_id, last.sequence, last.writer).removesuffix(
        ".pbem.yaml")
    assert f"{stem}.pbem.yaml" in names and names <= {f"{stem}.pbem.yaml", f"{stem}.map.png"}
    pictures = {"invitation": 0, "request": 0, "hand-over": 0, "answer, writer to move": 0,
                "answer, recipient to move": 0}
    for delivered in smtp_server.received:
        msg = email.message_from_bytes(delivered.data, policy=email.policy.default)
        saves = [savefile.parse(part.get_payload(decode=True), "mail")
                 for part in msg.iter_attachments()
                 if part.get_filename().endswith(".pbem.yaml")]
        save, drawn = saves[-1], any(part.get_filename().endswith(".map.png")
                                      for part in msg.iter_attachments())
        if save.sequence == 0:
            kind = "invitation"
        elif save.pending is not None:
            kind = "request"
        elif save.actions[0]["do"] != "witness":
            kind = "hand-over"
        else:
            kind = f"answer, {'writer' if save.due['role'] == save.writer else 'recipient'} " \
                   f"to move"
        pictures[kind] += 1
        # a map only where a person receiving it may look at it: never for a roll request,
        # nor for an answer that leaves the decision to its own writer
        assert drawn == (kind in ("invitation", "hand-over", "answer, recipient to move")), kind
    assert pictures["request"] == requests and pictures["invitation"] == 1
    assert pictures["hand-over"] >= 1, pictures  # bob's join, at least

    for player in (alice, bob):
        monkeypatch.setenv("PBEM_DATA_DIR", str(player.data_dir))
        head = Ledger(key_of(player).key.public).head(last.game_id)
        assert head is not None and head["sha256"] == last.sha256, player.name
        kept = sorted(p.name for p in (player.data_dir / "games" / last.game_id).iterdir()
                      if p.name.endswith(".pbem.yaml"))
        assert len(kept) == last.sequence + 1, kept
    verdict = receiver.run("verify", stored(receiver, last)).out
    assert "OK:" in verdict and "witnessed" in verdict
