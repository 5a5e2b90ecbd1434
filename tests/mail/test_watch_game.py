"""Whole games with witnessed dice between two homes, through the real local SMTP and IMAP
servers, with ``pbem watch`` running as a real background process (IMAP IDLE):

- only ``pbem watch`` on the opponent's side: it files what arrives, answers every roll
  request and mails the answer, and says when it is the opponent's move; the opponent
  never runs ``pbem inbox``. The mover plays by CLI (inbox, apply, send).
- ``pbem watch`` on both sides: each player's scripted turn is applied when their watcher
  says it is their move; a whole tiny race, then Dragons & Tigers for two rounds.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pbem import games, savefile
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from tests.mail.dt import KINGDOMS_OPTION
from tests.mail.kit import Player, wrote
from tests.mail.servers import DovecotServer
from tests.mail.turns import WITNESSED, key_of, newest, play, stored
from tests.mail.watched import MOVE, OVER, next_event
from tests.mail.watching import WAIT, Watching, fake_notifier, start


def _invite(alice: Player, bob: Player, workdir: Path, kind: str, option: str) -> SaveFile:
    invitation = workdir / "bob.id"
    invitation.write_text(bob.id_line + "\n")
    first = workdir / f"{kind}.pbem.yaml"
    alice.run("new", kind, "--opponent", invitation, "--option", option, "-o", first)
    alice.run("send", first)
    return savefile.read(first)


def _collect(player: Player, game_id: str, sequence: int) -> SaveFile:
    """``pbem inbox`` (again, while it has not come) until save ``sequence`` is filed."""
    deadline = time.monotonic() + WAIT
    latest = newest(player, game_id)
    if latest.sequence >= sequence:  # it came with an earlier one
        return latest
    while True:
        out = player.run("inbox").out
        latest = newest(player, game_id)
        if latest.sequence >= sequence:
            assert f" - {WITNESSED} -> " in out, out
            return latest
        assert time.monotonic() < deadline, f"save {sequence} never came:\n{out}"
        time.sleep(0.1)


def _machine_messages_tidied(dovecot: DovecotServer, user: str, watch: Watching) -> None:
    """The watcher moved the roll requests and answers out of the INBOX, into 'pbem'."""
    tidied = dovecot.subjects(user, "pbem")
    assert tidied and any("roll request for" in subject for subject in tidied), tidied
    assert all(subject.endswith("(witnessed dice)") for subject in tidied), tidied
    assert not any("roll request for" in s for s in dovecot.subjects(user)), \
        dovecot.subjects(user)
    assert any(line.startswith("tidied       ") for line in watch.out), watch.transcript()


def test_a_whole_game_with_only_pbem_watch_on_the_opponents_side(
        alice_and_bob: tuple[Player, Player], workdir: Path, tmp_path: Path,
        dovecot: DovecotServer) -> None:
    alice, bob = alice_and_bob
    notifier, record = fake_notifier(tmp_path / "bin")
    watch = start(bob, path=notifier)
    try:
        watch.wait_for(r"^Watching bob at 127\.0\.0\.1:\d+ \(STARTTLS\), folder INBOX; "
                       r"handled messages that needed no one go to 'pbem'\.$")
        first = _invite(alice, bob, workdir, "tiny-race", "target=12")
        game = first.game_id[:8]
        seen, found = watch.wait_for(MOVE.format(game=game))
        assert found.group(2) == "join" and int(found.group(1)) == 0
        joined = wrote(bob.run("join", found.group(3)).out)
        bob.run("send", joined)

        by_role = {"red": alice, "green": bob}
        last = savefile.read(joined)
        requests = 0
        while last.due is not None:
            player = by_role[last.due["role"]]
            if player is bob:
                if last.due["step"] == "witness":  # bob's watcher answers; nobody else acts
                    last = _collect(alice, last.game_id, last.sequence + 1)
                    continue
                seen, found = watch.wait_for(MOVE.format(game=game), after=seen + 1)
                assert int(found.group(1)) == last.sequence, watch.transcript()
                assert Path(found.group(3)) == stored(bob, last)
            elif last.due["step"] == "witness":  # bob's roll: alice's pbem inbox answers
                last = _collect(alice, last.game_id, last.sequence + 1)
                assert last.writer == "red" and last.actions[0]["do"] == "witness"
                continue
            elif by_role[last.writer] is bob:  # bob's move came by mail
                assert _collect(alice, last.game_id, last.sequence).sha256 == last.sha256
            last = play(player, last, workdir / f"save-{last.sequence + 1}.yaml")
            requests += last.pending is not None
        assert requests >= 3
        watch.wait_for(OVER.format(game=game))
        _machine_messages_tidied(dovecot, "bob", watch)
        assert newest(bob, last.game_id).sha256 == last.sha256
        assert "OK:" in bob.run("verify", stored(bob, last)).out
    finally:
        code = watch.stop()
    assert code == 0 and watch.out[-1] == "Stopped watching.", watch.transcript()
    assert watch.err == [], watch.transcript()
    notes = record.read_text().splitlines()
    assert sum(n.startswith("--app-name=pbem|pbem: your move|Tiny Race ") for n in notes) == \
        sum(line.startswith("your move") for line in watch.out) >= 3
    assert notes[-1].startswith("--app-name=pbem|pbem: game over|Tiny Race ")


def _played_by_watchers(players: dict[str, Player], watchers: dict[str, Watching],
                        game: str, workdir: Path, rounds: int | None = None) -> SaveFile:
    """Apply each player's scripted turn when their watcher says it is their move, until
    the game is over (or ``rounds`` rounds are played); the last save."""
    cursors = {name: len(watch.out) for name, watch in watchers.items()}
    after = 0
    last: SaveFile | None = None
    while True:
        name, found = next_event(watchers, game, after, cursors)
        if found is None:
            assert last is not None
            return newest(players[name], last.game_id)
        current = savefile.read(found.group(3))
        if rounds is not None:
            seen_round = games.get(current.kind).view(current.state, None).get("round")
            if isinstance(seen_round, int) and seen_round > rounds:
                return current
        if found.group(2) == "join":
            last = savefile.read(wrote(players[name].run("join", found.group(3)).out))
            players[name].run("send", stored(players[name], last))
        else:
            last = play(players[name], current, workdir / f"{game}-{current.sequence + 1}.yaml")
        after = last.sequence


def test_both_sides_watch_a_tiny_race_to_the_end_and_two_rounds_of_dragons_and_tigers(
        alice_and_bob: tuple[Player, Player], workdir: Path, tmp_path: Path,
        dovecot: DovecotServer, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = alice_and_bob
    players = {"alice": alice, "bob": bob}
    notifier, _ = fake_notifier(tmp_path / "bin")
    watchers = {name: start(player, path=notifier) for name, player in players.items()}
    try:
        for watch in watchers.values():
            watch.wait_for(r"^Watching ")
        race = _invite(alice, bob, workdir, "tiny-race", "target=12")
        last = _played_by_watchers(players, watchers, race.game_id[:8], workdir)
        assert last.due is None and last.state["winner"]
        for name, player in players.items():  # each watcher says so once it has the end
            watchers[name].wait_for(OVER.format(game=race.game_id[:8]))
            assert newest(player, race.game_id).sha256 == last.sha256, name

        dt = _invite(alice, bob, workdir, "dragons-tigers", KINGDOMS_OPTION)
        last = _played_by_watchers(players, watchers, dt.game_id[:8], workdir, rounds=2)
        assert games.get("dragons-tigers").view(last.state, None)["round"] == 3
        for name, player in players.items():  # the other watcher files it too, soon
            monkeypatch.setenv("PBEM_DATA_DIR", str(player.data_dir))
            ledger = Ledger(key_of(player).key.public)
            deadline = time.monotonic() + WAIT
            while int(ledger.head(dt.game_id)["sequence"]) < last.sequence:  # type: ignore[index]
                assert time.monotonic() < deadline, watchers[name].transcript()
                time.sleep(0.05)
        for name in players:
            _machine_messages_tidied(dovecot, name, watchers[name])
        assert "OK:" in bob.run("verify", stored(bob, last)).out
    finally:
        codes = {name: watch.stop() for name, watch in watchers.items()}
    for name, watch in watchers.items():
        assert codes[name] == 0 and watch.err == [], watch.transcript()
