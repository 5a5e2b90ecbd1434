"""A claim between two homes through the real local SMTP and IMAP servers: bob lets the
deadline and its grace pass; alice's `pbem watch` reminds him; alice claims with
`pbem claim` and mails it; the default decided for bob's seat is in the claim's log; bob's
answer, written after the claim time, reaches alice and is kept as evidence; bob's pbem
takes the claim over his own late answer; and a third machine verifies the whole game."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from freezegun import freeze_time

from pbem import absence, savefile
from tests.mail.kit import Player, make_player, wrote
from tests.mail.servers import DovecotServer
from tests.mail.turns import stored


def _turn(player: Player, save: Path, workdir: Path, actions: str) -> Path:
    plan = workdir / f"{player.name}-turn.yaml"
    plan.write_text(actions)
    return wrote(player.run("apply", save, plan).out)


def test_a_claim_a_default_and_a_late_answer_kept_as_evidence(
        alice_and_bob: tuple[Player, Player], workdir: Path, dovecot: DovecotServer,
        tmp_path: Path) -> None:
    alice, bob = alice_and_bob
    invitation = workdir / "bob.id"
    invitation.write_text(bob.id_line + "\n")
    first_path = workdir / "race.pbem.yaml"
    made = dt.datetime.now(dt.UTC).replace(microsecond=0) - dt.timedelta(days=3)
    with freeze_time(made):  # the game's first saves, days ago (passed by hand, no mail)
        alice.run("new", "tiny-race", "--opponent", invitation, "--option", "target=60",
                  "--dice", "open", "--deadline", "1d", "--grace", "12h", "-o", first_path)
        joined = wrote(bob.run("join", first_path).out)
        waiting = joined
        for _turns in range(4):  # alice starts and rests until bob must act
            save = savefile.read(waiting)
            if save.due and save.due["role"] != "red":
                break
            plan = workdir / "alice-turn.yaml"
            plan.write_text("[]\n")
            dry = json.loads(alice.run("apply", waiting, plan, "--dry-run", "--json").out)
            if not dry["saves"]:  # alice runs first: she rests, then bob must act
                plan.write_text("- do: rest\n")
            waiting = wrote(alice.run("apply", waiting, plan).out)
    owed = savefile.read(waiting)
    assert owed.due is not None and owed.due["role"] == "green" and owed.writer == "red"
    bob.run("show", waiting)  # bob has seen the save he owes an answer to
    game = owed.game_id[:8]

    reminded = alice.run("watch", "--once", "--no-notify").out
    assert "reminded " in reminded and f"Tiny Race {game}: bob" in reminded, reminded

    claimed = alice.run("claim", waiting).out
    claim_path = wrote(claimed)
    claim = savefile.read(claim_path)
    assert claim.actions[0] == {"do": "claim", "roles": ["green"], "seats": ["red", "green"]}
    assert absence.absent(claim.state) == ["green"]
    assert any(line.startswith("By default for the absent green") for line in claim.doc["log"])
    assert claim.due is None  # two players: bob forfeits once his owed decision is taken
    assert "By default for the absent green" in claimed
    alice.run("send", claim_path)

    late = _turn(bob, waiting, workdir, "- do: rest\n")
    bob.run("send", late)

    read = alice.run("inbox").out
    assert "kept as evidence" in read, read
    listed = alice.run("ledger", owed.game_id).out
    assert f"evidence: save {owed.sequence + 1} by green" in listed, listed
    assert "after the deadline and its grace" in listed, listed

    theirs = bob.run("inbox").out
    assert "prevails over green's save" in theirs, theirs
    shown = bob.run("show", stored(bob, claim)).out
    assert "Absent: bob (green)" in shown and "The game is over" in shown, shown
    assert "forfeit" in shown and "absence" in shown, shown

    third = tmp_path / "third"
    third.mkdir()
    for path in sorted((alice.data_dir / "games" / owed.game_id).glob("*.pbem.yaml")):
        (third / path.name).write_bytes(path.read_bytes())
    verifier = make_player(tmp_path / "machine3", "carol")
    checked = verifier.run("verify", third / claim_path.name).out
    assert checked.startswith("OK: ") and "the game is over" in checked, checked
    assert dovecot.subjects("bob") and dovecot.subjects("alice")
