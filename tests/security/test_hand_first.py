"""A decision that needs the player's hand read first cannot be signed before the other
players' pbem have given their parts of it (Three Kingdoms Redux: the first generals are
kept with the dealt hand in view, setup.L).

The attacker is the player due to decide, running a patched pbem that skips the wait: the
forged save is refused by every other pbem when it arrives."""

from __future__ import annotations

import hashlib
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem import chain, composer, saving, selfplay, session
from pbem.errors import ChainError, NotYourTurn, UsageError
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.security.kit import act_first, open_game, step


def _key(i: int) -> PrivateKey:
    return PrivateKey(Ed25519PrivateKey.from_private_bytes(
        hashlib.sha256(f"hand first {i}".encode()).digest()))


PEOPLE = [LocalIdentity(name, _key(i)) for i, name in enumerate(("wei", "wu", "shu"))]


def _to_the_first_share() -> list[SaveFile]:
    """A Redux game played to the first save that waits for a part of a player's hand."""
    rng = random.Random(1)
    saves, by_role = open_game("three-kingdoms-redux", PEOPLE, "ab" * 16,
                               ("0" * 32, "1" * 32, "2" * 32))
    while (due := saves[-1].due) is not None and due["step"] != chain.SHARE:
        saves.append(step(saves[-1], by_role[due["role"]], rng))
    assert saves[-1].due is not None and saves[-1].due["step"] == chain.SHARE
    return saves


def test_a_decision_signed_before_the_hand_is_readable_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    saves = _to_the_first_share()
    prev = saves[-1]
    waiting = prev.player(prev.due["role"])["role"] if prev.due else None
    decider = PEOPLE[0]  # Wei keeps his first generals once Wu and Shu gave their parts
    with pytest.raises((UsageError, NotYourTurn)):
        session.Composer(prev, decider)  # an honest pbem will not even start
    # the patched pbem: no wait for the shares, the save addressed to another ignored
    monkeypatch.setattr(composer, "SHARE", "not-a-step")
    monkeypatch.setattr(composer, "hand_waits", lambda *args: None)
    monkeypatch.setattr(saving, "role_for", lambda save, me: next(
        p["role"] for p in save.players if p["key"] == me.key.public.line))
    forged_by = session.Composer(prev, decider)
    prompt = forged_by.prompt()
    assert prompt is not None and prompt.role == "wei" and prompt.needs_hand
    act_first(forged_by, selfplay.candidates(prompt, random.Random(2)))
    forged = forged_by.finish()
    monkeypatch.undo()
    assert forged.writer == "wei" and waiting != "wei"
    with pytest.raises(ChainError, match="wu was due"):
        chain.verify(forged, [*saves, forged])
    verdict = chain.verify(prev, saves)  # the game as it stood is untouched
    assert verdict.chain[-1] is prev
