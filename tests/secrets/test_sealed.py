"""Sealed choices: a commitment that hides the value until the reveal and then binds it."""

from __future__ import annotations

import pytest

from pbem.secrets import sealed
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from tests.secrets.sim import ANCHOR, identity

WEI = GameKeys.derive(identity("wei"), ANCHOR, "wei")
CONTEXT = ANCHOR + b"turn 3"


def test_commit_then_reveal_checks_and_needs_nothing_stored() -> None:
    commitment, reveal = sealed.seal(WEI, "bribe", CONTEXT, "4 gold")
    again = GameKeys.derive(identity("wei"), ANCHOR, "wei")
    assert sealed.seal(again, "bribe", CONTEXT, "4 gold") == (commitment, reveal)
    assert sealed.check(commitment, "bribe", CONTEXT, "wei", reveal) == "4 gold"


@pytest.mark.parametrize(("purpose", "context", "role", "value"), [
    ("bribe", CONTEXT, "wei", "5 gold"),
    ("war card", CONTEXT, "wei", "4 gold"),
    ("bribe", ANCHOR + b"turn 4", "wei", "4 gold"),
    ("bribe", CONTEXT, "shu", "4 gold"),
])
def test_a_reveal_that_differs_in_anything_is_refused(purpose: str, context: bytes,
                                                      role: str, value: str) -> None:
    commitment, reveal = sealed.seal(WEI, "bribe", CONTEXT, "4 gold")
    with pytest.raises(SecretsError, match=f"{role}'s reveal of {purpose}: the revealed"):
        sealed.check(commitment, purpose, context, role, sealed.Reveal(value, reveal.nonce))


def test_the_nonce_hides_the_value_and_a_wrong_one_is_refused() -> None:
    commitment, reveal = sealed.seal(WEI, "pick", CONTEXT, "yes")
    guesses = {sealed.commit("pick", CONTEXT, "wei", value, bytes(32)) for value in
               ("yes", "no")}
    assert commitment not in guesses
    other = sealed.nonce(WEI, "pick", ANCHOR + b"turn 4")
    assert other != reveal.nonce
    with pytest.raises(SecretsError, match="does not match"):
        sealed.check(commitment, "pick", CONTEXT, "wei", sealed.Reveal("yes", other))
    with pytest.raises(SecretsError, match="nonce must be 32 bytes"):
        sealed.check(commitment, "pick", CONTEXT, "wei", sealed.Reveal("yes", b"short"))
