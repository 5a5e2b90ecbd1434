"""latest_after: what has come, in the store, after a save the player waits on (the
terminal table polls it at a witnessed roll)."""

from __future__ import annotations

from pbem import identity, savefile, session, store
from pbem.signing import PrivateKey
from pbem.waiting import latest_after
from tests.mail.letters import resigned


def test_the_answer_and_what_follows_it_once_they_are_filed(
        bob: identity.LocalIdentity) -> None:
    alice = identity.LocalIdentity("alice", PrivateKey.generate())
    first = session.new_game("tiny-race", alice, [bob.identity], {"target": 30},
                             dice="witnessed")
    joined = session.join(first, bob)
    request = session.Composer(joined, alice).finish()
    for save in (first, joined, request):
        store.keep(save)
    assert latest_after(request) is None
    answer = session.witness(request, bob)
    store.keep(answer)
    found = latest_after(request)
    assert found is not None and found.sha256 == answer.sha256
    assert answer.due is not None
    mover = {"red": alice, "green": bob}[answer.due["role"]]
    composer = session.Composer(answer, mover)
    composer.act({"do": "roll", "times": 1})
    later = composer.finish()
    store.keep(later)
    found = latest_after(request)
    assert found is not None and found.sha256 == later.sha256
    assert latest_after(later) is None
    other = session.new_game("tiny-race", alice, [bob.identity], {"target": 30})
    store.keep(other)
    assert latest_after(other) is None


def test_a_fork_stops_the_walk(bob: identity.LocalIdentity) -> None:
    alice = identity.LocalIdentity("alice", PrivateKey.generate())
    first = session.new_game("tiny-race", alice, [bob.identity], {"target": 30})
    joined = session.join(first, bob)
    store.keep(first)
    store.keep(joined)
    composer = session.Composer(joined, alice)  # the start, and a rest if alice runs first
    if composer.my_move():
        composer.act({"do": "rest"})
    one = composer.finish()
    two = savefile.parse(resigned(one, alice.key, written="2026-01-02T03:04:05Z"), "fork")
    assert two.previous == one.previous and two.sha256 != one.sha256
    store.keep(one)
    found = latest_after(joined)
    assert found is not None and found.sha256 == one.sha256
    store.keep(two)
    assert latest_after(joined) is None
    found = latest_after(first)
    assert found is not None and found.sha256 == joined.sha256
