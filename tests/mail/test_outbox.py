"""What a message carries: the save, and the saves before it that a recipient has not
acknowledged (written a save after), found in the store by walking back from the save —
reading only those, however long the game."""

from __future__ import annotations

import pytest

from pbem import identity, session, store
from pbem.mail import outbox
from pbem.savefile import SaveFile
from tests.mail.letters import race


def _hashes(saves: list[SaveFile]) -> list[str]:
    return [s.sha256 for s in saves]


def _kept(saves: list[SaveFile]) -> list[SaveFile]:
    for save in saves:
        store.keep(save)
    return saves


def _three(alice: identity.LocalIdentity, bob: identity.LocalIdentity,
           carol: identity.LocalIdentity, count: int) -> list[SaveFile]:
    first = session.new_game("tiny-race-3", alice, [bob.identity, carol.identity],
                             {"target": 100})
    joined = session.join(first, bob)
    saves = [first, joined, session.join(joined, carol)]
    who = {"red": alice, "green": bob, "blue": carol}
    while len(saves) < count:
        current = saves[-1]
        assert current.due is not None
        composer = session.Composer(current, who[current.due["role"]])
        while composer.my_move():
            prompt = composer.prompt()
            assert prompt is not None
            composer.act({"do": "rest"})
        saves.append(composer.finish())
    return saves


def test_a_recipient_gets_every_save_after_the_last_one_they_wrote(
        bob: identity.LocalIdentity) -> None:
    _, saves = race(bob, turns=6)
    _kept(saves)
    last = saves[-1]
    for role in ("red", "green"):
        wrote = max(i for i, s in enumerate(saves[:-1]) if s.writer == role)
        carried = _hashes(outbox.unacknowledged(last, [role]))
        assert carried == _hashes(saves[wrote + 1:] if last.writer != role else [last])
        assert len(carried) == (len(saves) - 1 - wrote if last.writer != role else 1)


def test_the_writer_of_the_save_has_seen_what_came_before(bob: identity.LocalIdentity) -> None:
    _, saves = race(bob, turns=4)
    _kept(saves)
    assert _hashes(outbox.unacknowledged(saves[-1], [saves[-1].writer])) == [saves[-1].sha256]


def test_with_three_players_the_one_furthest_behind_decides(
        alice: identity.LocalIdentity, bob: identity.LocalIdentity) -> None:
    carol = identity.keygen("carol")
    saves = _kept(_three(alice, bob, carol, 9))
    last = saves[-1]
    others = [r for r in ("red", "green", "blue") if r != last.writer]
    behind = min(max(i for i, s in enumerate(saves[:-1]) if s.writer == r) for r in others)
    assert _hashes(outbox.unacknowledged(last, others)) == _hashes(saves[behind + 1:])


def test_a_save_missing_from_the_store_ends_the_walk(bob: identity.LocalIdentity) -> None:
    _, saves = race(bob, turns=6)
    _kept(saves[:3] + saves[4:])
    assert _hashes(outbox.unacknowledged(saves[-1], ["nobody"])) == _hashes(saves[4:])
    assert _hashes(outbox.resend(saves[-1], 2, 5)) == _hashes(saves[4:6])
    assert _hashes(outbox.resend(saves[-1], 5, 7)) == _hashes(saves[5:8])


def test_only_the_saves_carried_are_read(bob: identity.LocalIdentity,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _, saves = race(bob, turns=40)
    _kept(saves)
    reads: list[str] = []
    real = outbox.read
    monkeypatch.setattr(outbox, "read", lambda path: reads.append(str(path)) or real(path))
    carried = outbox.unacknowledged(saves[-1], ["red", "green"])
    assert len(carried) <= 3 and len(reads) <= len(carried) + 1

