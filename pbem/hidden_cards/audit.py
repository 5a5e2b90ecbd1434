"""The audit of hidden cards: every player's secrets opened at the end, every hidden step
of the game re-checked, each fault naming its player.

While a chain of saves is verified with auditing on, the checks note what they accept
(:func:`note`): each shuffle step with the deck it started from, each decryption share,
each envelope passing a card. At the end, the openings every player gave in their audit
save let :func:`pbem.secrets.audit.audit` recompute all of it, and each private deck is
replayed from its opened seed.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pbem.hidden_cards import model
from pbem.secrets import audit as crypto_audit
from pbem.secrets.keys import Opening

_NOTES: contextvars.ContextVar[list[crypto_audit.Entry] | None] = contextvars.ContextVar(
    "pbem_audit_notes", default=None)


@contextmanager
def collecting() -> Iterator[list[crypto_audit.Entry]]:
    """Note every hidden step accepted while the block runs."""
    notes: list[crypto_audit.Entry] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


def note(entry: crypto_audit.Entry) -> None:
    notes = _NOTES.get()
    if notes is not None:
        notes.append(entry)


def audit(final_state: dict[str, Any], anchors: dict[str, bytes],
          notes: list[crypto_audit.Entry]) -> crypto_audit.AuditReport:
    """Re-check the noted hidden steps and every private deck with the opened secrets."""
    data = model.of(final_state)
    report = crypto_audit.AuditReport()
    if data is None:
        return report
    publics = model.publics(data)
    openings = {role: Opening.from_record(record, role)
                for role, record in data["openings"].items()}
    entries = list(notes)
    for key, deck in data["private"].items():
        if deck["seed"] is None:
            continue
        entries.append(crypto_audit.PrivateDeckEntry(
            key.split("/")[0], model.label(key), len(deck["cards"]), bytes.fromhex(deck["seed"]),
            tuple(bytes.fromhex(c) for c in deck["order"]), tuple(model.private_events(deck))))
    return crypto_audit.audit(anchors, publics, openings, entries)
