"""A missing season order lapses, by mail between three homes: Chronicles of the Three
Kingdoms with witnessed dice and a deadline of a day, with twelve hours' grace.

Three days ago alice made the game for alice, bob and carol. The others joined, and each
save was written by the player it waited for and mailed at once, until the season orders
of Spring 196 were asked, of alice first. alice never gave hers. Today, the deadline and
its grace long past, carol claims with ``pbem claim``: the claim says that alice's answer
lapses, "nothing placed" stands for it, and no seat is absent. carol mails the claim, and
``pbem watch`` runs in every home. bob and carol each seal their orders (nothing placed
either) in a file of their own and mail it; the watchers open the orders and play the
season out, unattended, until the orders of Summer 196 are asked. alice's watcher then
says that she is asked too: her seat is still at the table. A fourth machine, given only
the saves the mail carried, verifies the whole game."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from freezegun import freeze_time

from pbem import absence, answers_ahead, games, passes_ahead, savefile
from pbem.savefile import SaveFile
from tests.mail.kit import Player, homes, make_player, wrote
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import key_of
from tests.mail.watched import (
    carried_saves,
    next_line,
    seal_and_send,
    start_watchers,
    where_games_stand,
)
from tests.mail.watching import Watching

KIND = "chronicles-of-the-three-kingdoms"
NAMES = ["alice", "bob", "carol"]
MACHINE_STEPS = ("shuffle", "share", "audit", "witness", "unseal")  # pbem witness answers
ASKED = (r"^(your move|asked)\s+.* {game} \(witnessed dice\), save (\d+): .*  ->  "
         r"pbem (play|join) (\S+)$")


def _by_hand_until_the_orders_are_asked(players: dict[str, Player], first: Path,
                                        workdir: Path) -> SaveFile:
    """The others join, and every save up to the season orders is written by the player
    it waits for (``pbem join``, ``pbem witness``, ``pbem apply``) and mailed at once;
    the save that asks the orders."""
    path = first
    for name in NAMES[1:]:
        path = wrote(players[name].run("join", path).out)
        players[name].run("send", path)
    for _ in range(20):
        save = savefile.read(path)
        assert save.due is not None, save.doc["log"]
        if save.due["step"] == "season":
            return save
        player = players[str(save.player(save.due["role"])["name"])]
        if save.due["step"] in MACHINE_STEPS:
            path = wrote(player.run("witness", path).out)
        else:
            assert save.due["step"] == "start", save.due
            plan = workdir / f"{player.name}-start.yaml"
            plan.write_text("[]\n")
            path = wrote(player.run("apply", path, plan).out)
        player.run("send", path)
    raise AssertionError(f"the season orders were never asked: {save.due}")


def _next_line(watchers: dict[str, Watching], game: str, cursors: dict[str, int]
               ) -> tuple[str, re.Match[str]]:
    """The next line, of any watcher, saying that its player is to move or is asked."""
    return next_line(watchers, re.compile(ASKED.format(game=game)), cursors)


def _orders_until_asked_again(players: dict[str, Player], watchers: dict[str, Watching],
                              claim: SaveFile, late_player: str, workdir: Path) -> SaveFile:
    """Every player asked the season orders after the claim seals hers (nothing placed)
    and mails them; the watchers do the rest. The save on which the late player's watcher
    says she is asked again, a season later."""
    cursors = dict.fromkeys(watchers, 0)
    done: set[tuple[str, int]] = set()
    module = games.get(KIND)
    while True:
        try:
            name, found = _next_line(watchers, claim.game_id[:8], cursors)
        except AssertionError as exc:
            raise AssertionError(f"{where_games_stand(players, claim.game_id)}\n{exc}"
                                 ) from None
        sequence, path = int(found.group(2)), Path(found.group(4))
        if sequence < claim.sequence or (name, sequence) in done:
            continue  # (of the saves before the claim, or said again)
        done.add((name, sequence))
        save = savefile.read(path)
        if save.state["calendar"]["round"] > claim.state["calendar"]["round"]:
            if name == late_player:
                return save
            continue
        player, me = players[name], key_of(players[name])
        assert name != late_player, f"{name}, whose orders lapsed, was asked them again"
        assert answers_ahead.sealed_question(save, me) and save.due is not None \
            and save.due["step"] == "season", (name, save.due)
        if save.role_of(me.key.public) in passes_ahead.gathered(module, save, [path.parent]):
            continue  # (her pbem gave her answer again, to a save that moved it on)
        turn = workdir / f"{name}-{sequence}.yaml"
        turn.write_text("- {do: season}\n")
        seal_and_send(player, path, turn)


@pytest.mark.rule("chronicles:s4.0.simultaneous")
def test_a_late_season_order_lapses_by_mail_and_the_seat_is_asked_again(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    alice = players["alice"]
    first = workdir / f"{KIND}.pbem.yaml"
    opponents: list[object] = []
    for name in NAMES[1:]:
        card = workdir / f"{name}.id"
        card.write_text(players[name].id_line + "\n")
        opponents += ["--opponent", card]
    made = dt.datetime.now(dt.UTC).replace(microsecond=0) - dt.timedelta(days=3)
    with freeze_time(made):  # the game's first saves, days ago
        alice.run("new", KIND, *opponents, "--dice", "witnessed", "--deadline", "1d",
                  "--grace", "12h", "-o", first)
        alice.run("send", first)
        asking = _by_hand_until_the_orders_are_asked(players, first, workdir)
    late = str(asking.due["role"])  # type: ignore[index]
    asked = asking.state["exchange"]["asked"]
    assert asking.state["calendar"] == {"year": 196, "season": "spring", "round": 1}
    names = [str(asking.player(role)["name"]) for role in asked]
    assert late == asked[0] and names == NAMES  # alice, asked first, never answers
    late_name, claimer = "alice", players["carol"]

    claimed = claimer.run("claim", asking.where).out
    claim_path = wrote(claimed)
    claim = savefile.read(claim_path)
    label = games.get(KIND).role_label(late)
    seats = [str(p["role"]) for p in asking.players]
    assert claim.actions[0] == {"do": "claim", "roles": [late], "seats": seats, "lapse": True}
    assert "the answer lapses" in claimed, claimed
    assert f"By default for the lapsed answer of {label}" in claimed, claimed
    log = claim.doc["log"]
    assert any(line.strip() == f"{label} did not answer by the deadline: the answer lapses, "
               "and the game's default stands for it (the seat stays at the table)"
               for line in log), log
    assert any(line.startswith(f"By default for the lapsed answer of {label}: season orders "
                               "(nothing placed)") for line in log), log
    assert absence.absent(claim.state) == [] and absence.lapses(claim.state) == {late: 1}
    assert claim.due is not None and claim.due["role"] == asked[1]
    claimer.run("send", claim_path)

    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        again = _orders_until_asked_again(players, watchers, claim, late_name, workdir)
    finally:
        codes = {name: watch.stop() for name, watch in watchers.items()}
    for name, watch in watchers.items():
        assert codes[name] == 0 and watch.err == [], watch.transcript()
    assert again.state["calendar"] == {"year": 196, "season": "summer", "round": 2}
    assert answers_ahead.sealed_question(again, key_of(players[late_name]))
    assert absence.absent(again.state) == [] and absence.lapses(again.state) == {late: 1}
    assert late in again.state["exchange"]["asked"]

    saves = carried_saves(smtp_server, tmp_path / "fourth-received")
    chain = sorted(saves.values(), key=lambda s: s.sequence)
    assert [s.sequence for s in chain] == list(range(again.sequence + 1))
    fourth = make_player(tmp_path / "fourth", "dave")
    target = tmp_path / "fourth-received" / savefile.file_name(again.game_id, again.sequence,
                                                               again.writer)
    out = fourth.run("verify", target).out
    assert out.startswith("OK: ") and "every action re-applied" in out, out
