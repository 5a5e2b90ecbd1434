"""Notes between players that only the two can read (the game says who may: allies).

A note travels in the sender's save (``contributions.notes``), sealed in an envelope to
the recipient's *note* key, a key pair of its own that the audit never opens (the envelope
key it opens would let anyone with the saves read every note afterwards); nothing of it
stays in the position. ``pbem notes SAVE`` reads the notes addressed to you in the game's
saves, during the game and after its audit alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pbem.errors import ChainError, IllegalAction
from pbem.hidden_cards.seating import Seat
from pbem.one_form import same_form
from pbem.secrets import envelope
from pbem.secrets.envelope import Envelope
from pbem.secrets.keys import PublicKeys, anchor_of

MAX_NOTE = 2000


def _aad(seat: Seat, sender: str, recipient: str, sequence: int) -> bytes:
    return envelope.envelope_aad(anchor_of(seat.anchors, sender), f"note:{sequence}",
                                 recipient)


def seal(data: dict[str, Any], seat: Seat, sequence: int,
         notes: Iterable[tuple[str, str]]) -> list[dict[str, Any]]:
    """The sealed notes of a save (recipient, text), for its ``contributions``."""
    assert seat.keys is not None
    out = []
    for index, (to, text) in enumerate(notes):
        if to not in data["keys"] or to == seat.role:
            raise IllegalAction(f"a note goes to another player of this game, not {to!r}")
        if len(text) > MAX_NOTE:
            raise IllegalAction(f"a note is at most {MAX_NOTE} characters")
        public = PublicKeys.from_record(data["keys"][to], to)
        box = envelope.seal(public.note, text.encode("utf-8"),
                            _aad(seat, seat.role, to, sequence),
                            seed=seat.keys.nonce_seed(f"note:{sequence}:{index}:{to}"))
        out.append({"to": to, "envelope": box.record()})
    return out


def check(data: dict[str, Any], given: Any, seat: Seat, may: Any, where: str) -> None:
    """Each note goes to a player the writer may write to, in a well-formed envelope."""
    if not isinstance(given, list) or not given:
        raise ChainError("contributions.notes: must be a list of notes", where)
    for note in given:
        if not isinstance(note, dict) or set(note) != {"to", "envelope"}:
            raise ChainError("contributions.notes: each note is a recipient and an envelope",
                             where)
        if note["to"] not in data["keys"] or not may(seat.role, note["to"]):
            raise ChainError(f"contributions.notes: {seat.role} may not write to "
                             f"{note['to']!r} now", where)
        if not same_form(Envelope.from_record(note["envelope"], seat.role).record(),
                         note["envelope"]):
            raise ChainError("contributions.notes: an envelope not in the one form pbem "
                             "writes", where)


def read(save_doc: dict[str, Any], seat: Seat, sequence: int) -> list[tuple[str, str]]:
    """The notes of one save addressed to ``seat`` (sender, text)."""
    assert seat.keys is not None
    found = []
    for note in (save_doc.get("contributions") or {}).get("notes", []):
        if note["to"] != seat.role:
            continue
        sender = save_doc["writer"]
        box = Envelope.from_record(note["envelope"], sender)
        opened = envelope.open(seat.keys.note_private, box,
                               _aad(seat, sender, seat.role, sequence), sender=sender)
        found.append((sender, opened.plaintext.decode("utf-8", "replace")))
    return found
