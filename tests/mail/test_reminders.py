"""The reminders of ``pbem watch``, pass by pass at moments the tests choose: who sends
one to whom, and when (once a day at most, never again after a restart), what it says,
and that a game that is not late, or has no deadline, gets nothing."""

from __future__ import annotations

import datetime as dt
import email
import email.policy
from pathlib import Path

import pytest
from freezegun import freeze_time

from pbem import identity, session, store, witness_answers
from pbem.config import Config, Opponent, Server
from pbem.ledger import Ledger
from pbem.mail import delivery, reminders
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey

WRITTEN = "2026-11-22 12:00:00"
DUE = dt.datetime(2026, 11, 25, 12, tzinfo=dt.UTC)  # 3 days later
DEADLINE = {"answer": "3d", "grace": "1d"}
NAMES = ("alice", "bob", "carol")


class Home:
    """A player's data folder and settings, and the letters their pbem posts."""

    def __init__(self, me: identity.LocalIdentity, root: Path,
                 people: list[identity.LocalIdentity]) -> None:
        self.me = me
        self.data = root / me.name
        others = [Opponent(p.name, f"{p.name}@pbem.test", p.key.public.line)
                  for p in people if p is not me]
        self.cfg = Config(address=f"{me.name}@pbem.test", name=me.name.capitalize(),
                          smtp=Server("127.0.0.1", 2525, "starttls", me.name),
                          opponents=others)
        self.posted: list[delivery.Letter] = []

    def holds(self, monkeypatch: pytest.MonkeyPatch, *saves: SaveFile) -> None:
        monkeypatch.setenv("PBEM_DATA_DIR", str(self.data))
        ledger = Ledger(self.me.key.public)
        for save in saves:
            store.keep(save)
            ledger.accept(save)

    def post(self, letter: delivery.Letter, cfg: Config) -> None:
        self.posted.append(letter)

    def remind(self, monkeypatch: pytest.MonkeyPatch, moment: dt.datetime,
               told: set[str] | None = None) -> list[str]:
        monkeypatch.setenv("PBEM_DATA_DIR", str(self.data))
        return reminders.remind(self.me, self.cfg, moment, set() if told is None else told,
                                post=self.post)


def _table(tmp_path: Path, players: int = 2, deadline: dict[str, str] | None = DEADLINE
           ) -> tuple[list[Home], SaveFile]:
    """alice's invitation (bob owes the next save), with a home for each player."""
    people = [identity.LocalIdentity(name, PrivateKey.generate()) for name in
              NAMES[:players]]
    kind = "tiny-race" if players == 2 else "tiny-race-3"
    with freeze_time(WRITTEN):
        first = session.new_game(kind, people[0], [p.identity for p in people[1:]],
                                 {"target": 30}, deadline=deadline)
    return [Home(p, tmp_path, people) for p in people], first


def test_not_late_nothing_then_one_reminder_a_day(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (alice, _), first = _table(tmp_path)
    alice.holds(monkeypatch, first)
    assert alice.remind(monkeypatch, DUE - dt.timedelta(minutes=1)) == []
    assert alice.posted == []

    told: set[str] = set()
    lines = alice.remind(monkeypatch, DUE + dt.timedelta(hours=1), told)
    game = f"Tiny Race {first.game_id[:8]}"
    assert lines == [
        f"late         {game}: bob owes save 1 since 2026-11-25 12:00 UTC (LATE by 1h), "
        f"claim from 2026-11-26 12:00 UTC",
        f"reminded     {game}: bob, save 1; sent to bob@pbem.test"]
    assert len(alice.posted) == 1
    letter = alice.posted[0]
    assert [r.address for r in letter.addressing.to] == ["bob@pbem.test"]
    assert letter.addressing.cc == [] and [s.sha256 for s in letter.saves] == [first.sha256]
    assert alice.remind(monkeypatch, DUE + dt.timedelta(hours=2), told) == []
    # a watcher started again the same day: the record says it was sent
    assert alice.remind(monkeypatch, DUE + dt.timedelta(hours=23)) == []
    assert len(alice.posted) == 1

    lines = alice.remind(monkeypatch, DUE + dt.timedelta(hours=25), told)
    assert len(lines) == 2 and "(LATE by 1d 1h)" in lines[0], lines
    assert len(alice.posted) == 2
    assert alice.posted[1].message["Message-ID"] != letter.message["Message-ID"]
    assert sorted(p.name for p in (alice.data / "reminders" / first.game_id).iterdir()) == \
        [f"{first.sha256}.0", f"{first.sha256}.1"]


def test_what_a_reminder_says_and_carries(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (alice, _, _), first = _table(tmp_path, players=3)
    alice.holds(monkeypatch, first)
    alice.remind(monkeypatch, DUE + dt.timedelta(days=1, hours=2))
    (letter,) = alice.posted
    assert [r.address for r in letter.addressing.to] == ["bob@pbem.test"]
    assert [r.address for r in letter.addressing.cc] == ["carol@pbem.test"]
    msg = email.message_from_bytes(letter.message.as_bytes(), policy=email.policy.default)
    assert msg["Subject"] == (f"[pbem] Tiny Race of Three {first.game_id[:8]} — save 1 — "
                              f"reminder: bob late since 2026-11-25 12:00 UTC")
    assert msg["In-Reply-To"] == f"<pbem.game.{first.game_id}@pbem.invalid>"
    words = letter.message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "bob (green) owes save 1 of Tiny Race of Three" in words
    assert "due by 2026-11-25 12:00 UTC (LATE by 1d 2h)" in words
    # an invitation: the game has not begun, so the reminder says no claim is possible
    assert "The game has not begun, so nobody can claim" in words
    assert "any other player may claim" not in words
    assert "3d to answer, 1d grace before a claim" in words
    files = [part.get_filename() for part in msg.iter_attachments()]
    assert files == [f"{first.game_id[:8]}-0000-red.pbem.yaml"]


def test_the_late_player_and_the_others_only_say_it(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (_, bob, carol), first = _table(tmp_path, players=3)
    for home in (bob, carol):
        home.holds(monkeypatch, first)
        lines = home.remind(monkeypatch, DUE + dt.timedelta(hours=3))
        assert len(lines) == 1 and lines[0].startswith("late ") and "bob owes save 1" in \
            lines[0], lines
        assert home.remind(monkeypatch, DUE + dt.timedelta(hours=4)) == []  # said once a day
        assert home.posted == []


def test_a_game_without_deadline_is_never_late(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (alice, _), first = _table(tmp_path, deadline=None)
    alice.holds(monkeypatch, first)
    assert alice.remind(monkeypatch, DUE + dt.timedelta(days=300)) == []
    assert alice.posted == [] and not (alice.data / "reminders").exists()


def test_without_smtp_it_says_so_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (alice, _), first = _table(tmp_path)
    alice.cfg.smtp = None
    alice.holds(monkeypatch, first)
    lines = alice.remind(monkeypatch, DUE)
    assert lines[1].endswith("save 1; not sent (no SMTP server set up)"), lines
    assert alice.remind(monkeypatch, DUE + dt.timedelta(hours=1)) == []


def test_side_by_side_only_the_missing_answer_is_reminded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    people = [identity.LocalIdentity(name, PrivateKey.generate()) for name in NAMES]
    alice, bob, carol = people
    with freeze_time(WRITTEN):
        save = session.new_game("tiny-race-3", alice, [bob.identity, carol.identity],
                                {"target": 30}, dice="witnessed", deadline=DEADLINE)
        bobs = session.join(save, bob)
        joined = session.join(bobs, carol)
        request = session.Composer(joined, alice).finish()
    home = Home(alice, tmp_path, people)
    monkeypatch.setenv("PBEM_DATA_DIR", str(home.data))
    home.holds(monkeypatch, save, bobs, joined, request)
    witness_answers.keep(witness_answers.make(request, bob, "green"),
                         store.game_folder(request.game_id))
    lines = home.remind(monkeypatch, DUE + dt.timedelta(minutes=5))
    assert "carol owes save 4 since" in lines[0] and "bob" not in lines[0], lines
    (letter,) = home.posted
    assert [r.address for r in letter.addressing.to] == ["carol@pbem.test"]
    assert [r.address for r in letter.addressing.cc] == ["bob@pbem.test"]


def test_a_reminder_of_a_move_says_when_the_others_may_claim() -> None:
    """Once the game has begun, a reminder says from when any other player may claim, and
    that the game's defaults then decide for the seat."""
    from pbem import lateness
    from pbem.identity import LocalIdentity
    from pbem.mail import reminders
    from tests.security.kit import labelled_key, race

    people = [LocalIdentity(n, labelled_key(f"remind {n}")) for n in ("alice", "bob")]
    with freeze_time("2026-11-20 12:00:00"):
        saves = race(people, saves_after_start=2, dice="open",
                     deadline={"answer": "1d", "grace": "12h"}, salt_label="remind")
    last = saves[-1]
    moment = dt.datetime(2026, 11, 25, 12, tzinfo=dt.UTC)
    late = lateness.late(last, moment)
    assert late is not None
    words = reminders.text(late, "Tiny Race", moment)
    assert "any other player may claim that the deadline passed (pbem claim)" in words
    assert "the game's defaults then decide for the seat" in words
