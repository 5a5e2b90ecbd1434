"""Sealed choices: commit now, reveal later, checked by anyone.

The commitment is a hash of the purpose, the context (the game anchor and the position,
as the caller frames it), the role, the value and a 32-byte nonce. The nonce is derived
from the player's key with the purpose and the context, so nothing extra is stored: the
player's pbem re-derives it when the time comes to reveal. Without the nonce the
commitment hides the value (even a yes/no one); once published it binds the player to it.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from pbem.secrets import group
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Part
from pbem.secrets.keys import GameKeys

NONCE_BYTES = 32


def commit(purpose: str, context: Part, role: str, value: str, nonce: bytes) -> bytes:
    """The commitment to ``value``, chosen by ``role`` for ``purpose`` in ``context``."""
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"a sealed choice's nonce is {NONCE_BYTES} bytes")
    return group.digest("pbem-sealed-choice", purpose, context, role, value, nonce)


def nonce(keys: GameKeys, purpose: str, context: Part) -> bytes:
    """The nonce of this player's choice for ``purpose`` in ``context`` (always the same)."""
    seed = keys.nonce_seed("sealed-choice")
    return hmac.new(seed, group.frame("pbem-sealed-nonce", purpose, context),
                    hashlib.sha256).digest()


@dataclass(frozen=True)
class Reveal:
    """What opens a sealed choice: the value and its nonce."""

    value: str
    nonce: bytes


def seal(keys: GameKeys, purpose: str, context: Part, value: str) -> tuple[bytes, Reveal]:
    """The commitment to publish now and the reveal to publish later."""
    secret = nonce(keys, purpose, context)
    return commit(purpose, context, keys.role, value, secret), Reveal(value, secret)


def check(commitment: bytes, purpose: str, context: Part, role: str, reveal: Reveal) -> str:
    """The revealed value, once it is shown to match the commitment; else an error naming
    the player."""
    if len(reveal.nonce) != NONCE_BYTES:
        raise SecretsError(f"the nonce must be {NONCE_BYTES} bytes", f"reveal of {purpose}",
                           role)
    expected = commit(purpose, context, role, reveal.value, reveal.nonce)
    if not hmac.compare_digest(expected, commitment):
        raise SecretsError("the revealed choice does not match the commitment",
                           f"reveal of {purpose}", role)
    return reveal.value
