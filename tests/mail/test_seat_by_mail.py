"""A seat handed over by mail, on the real local SMTP and IMAP servers: three homes play a
race; carol stops answering; alice claims; dave, a newcomer, asks for carol's seat with his
own key; bob agrees; alice hands the seat over and mails it; the game is played to its end
by mail with dave in the seat; and a machine that played no part verifies it."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from freezegun import freeze_time

from pbem import absence, savefile
from tests.mail import kit
from tests.mail.kit import Player, make_player, wrote
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import newest


@pytest.fixture
def homes(tmp_path: Path, cert: Certificate, smtp_server: SmtpServer,
          dovecot: DovecotServer) -> dict[str, Player]:
    """alice, bob, carol and dave, each with a home and mail of their own; everyone knows
    everyone (dave is only a name in the address books until he takes a seat)."""
    return kit.homes(["alice", "bob", "carol", "dave"], tmp_path, cert, smtp_server, dovecot,
                     imap="ssl")


def _apply(player: Player, save: Path, workdir: Path, actions: str) -> Path:
    plan = workdir / f"{player.name}-turn.yaml"
    plan.write_text(actions)
    return wrote(player.run("apply", save, plan).out)


def _next_turn(player: Player, save: Path, workdir: Path) -> Path:
    """The player's turn: rest if it is only the start, else roll one die (open dice)."""
    plan = workdir / f"{player.name}-turn.yaml"
    plan.write_text("[]\n")
    dry = json.loads(player.run("apply", save, plan, "--dry-run", "--json").out)
    if dry["saves"]:  # the start alone handed over
        return _apply(player, save, workdir, "[]\n")
    for _step in range(6):  # a turn may go on after a roll (a runner caught and yielding)
        dry = json.loads(player.run("apply", save, plan, "--dry-run", "--json").out)
        if dry["saves"]:
            break
        offered = [a["verb"] if "verb" in a else a["do"]
                   for a in dry["position"]["prompt"]["actions"]]
        plan.write_text(plan.read_text().replace("[]\n", "") + (
            "- do: yield\n" if "yield" in offered else "- do: roll\n"))
    return _apply(player, save, workdir, plan.read_text())


def test_a_newcomer_takes_an_absent_seat_and_the_game_is_finished_by_mail(
        homes: dict[str, Player], workdir: Path, tmp_path: Path) -> None:
    alice, bob, carol, dave = (homes[n] for n in ("alice", "bob", "carol", "dave"))
    ids = []
    for other in (bob, carol):
        path = workdir / f"{other.name}.id"
        path.write_text(other.id_line + "\n")
        ids += ["--opponent", path]
    first_path = workdir / "race.pbem.yaml"
    made = dt.datetime.now(dt.UTC).replace(microsecond=0) - dt.timedelta(days=3)
    by_role = {}
    with freeze_time(made):  # the opening, days ago, passed by hand
        alice.run("new", "tiny-race-3", *ids, "--option", "target=24", "--dice", "open",
                  "--deadline", "1d", "--grace", "12h", "-o", first_path)
        first = savefile.read(first_path)
        by_role = {p["role"]: homes[p["name"]] for p in first.players}
        current = wrote(bob.run("join", first_path).out)
        current = wrote(carol.run("join", current).out)
        for _turn in range(8):  # play until carol must act
            save = savefile.read(current)
            if save.due["role"] == "blue" and save.doc["dice"]["seed"] is not None:
                break
            current = _next_turn(by_role[save.due["role"]], current, workdir)
    waiting = savefile.read(current)
    assert waiting.due["role"] == "blue" and by_role["blue"] is carol

    claim_path = wrote(alice.run("claim", current).out)
    claim = savefile.read(claim_path)
    assert absence.absent(claim.state) == ["blue"]
    alice.run("send", claim_path)

    request = workdir / f"{claim.game_id[:8]}-seat-blue.pbem-seat.yaml"
    dave.run("take-seat", claim_path, "blue", "--name", "dave", "-o", request)
    read = bob.run("inbox").out
    assert f"save {claim.sequence}" in read, read
    bob_copy = newest(bob, claim.game_id)
    assert bob_copy.sha256 == claim.sha256
    consent = workdir / "bob-consent.pbem-consent.yaml"
    due = claim.due["role"]
    agreeing = [r for r in ("red", "green") if r != due]
    assert len(agreeing) == 1
    helper = by_role[agreeing[0]]
    helper.run("agree-seat", claim_path, request, "-o", consent)
    handed = wrote(by_role[due].run("hand-over", claim_path, request, consent).out)
    assert savefile.read(handed).player("blue")["name"] == "dave"
    by_role[due].run("send", handed)
    by_role["blue"] = dave

    game = claim.game_id
    for _turn in range(80):  # to the end, by mail (far enough for dave to play)
        for player in (alice, bob, carol):
            player.run("inbox")
        latest = newest(alice, game)
        if latest.due is None:
            break
        mover = by_role[latest.due["role"]]
        if mover is dave:  # the newcomer gets the earlier saves by hand, once
            folder = workdir / "dave-game"
            folder.mkdir(exist_ok=True)
            for path in (alice.data_dir / "games" / game).glob("*.pbem.yaml"):
                shutil.copy(path, folder / path.name)
            source = folder / savefile.file_name(game, latest.sequence, latest.writer)
        else:
            mover.run("inbox")
            source = alice.data_dir / "games" / game / savefile.file_name(
                game, latest.sequence, latest.writer)
            source = next((mover.data_dir / "games" / game).glob(source.name), source)
        made_path = _next_turn(mover, source, workdir)
        mover.run("send", made_path)
    final = newest(alice, game)
    assert final.due is None and final.state["winner"] is not None
    stored = [savefile.read(p) for p in (alice.data_dir / "games" / game).glob("*.pbem.yaml")]
    assert any(s.writer == "blue" and s.player("blue")["name"] == "dave" for s in stored)

    third = tmp_path / "third"
    third.mkdir()
    for path in (alice.data_dir / "games" / game).glob("*.pbem.yaml"):
        shutil.copy(path, third / path.name)
    verifier = make_player(tmp_path / "machine5", "erin")
    last = third / savefile.file_name(game, final.sequence, final.writer)
    checked = verifier.run("verify", last).out
    assert checked.startswith("OK: ") and "the game is over" in checked, checked
