"""Sealed choices: a value chosen now, kept hidden, revealed later and checked.

An offered parameter marked ``secret`` is never written in clear: the action records a
handle (``sealed/ROLE#n``) instead, and the chooser's pbem publishes, at the end of the
save, a commitment to the value and an envelope holding it sealed to themselves (so their
pbem finds it again on any machine). Revealing it later (``secrets.reveal(handle)``, by the
chooser) shows the value and its nonce; every pbem checks them against the commitment.
What a wrong or missing reveal means is the game's to say.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from pbem.arguments import check_sealed
from pbem.engine import Action, Prompt
from pbem.errors import IllegalAction, NeedActor, PbemError
from pbem.hidden_cards import model
from pbem.hidden_cards.seating import Seat
from pbem.secrets import envelope, sealed
from pbem.secrets import records as secret_records
from pbem.secrets.envelope import Envelope
from pbem.secrets.keys import anchor_of

PREFIX = "sealed"


def _encode(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _aad(seat: Seat, handle: str, role: str) -> bytes:
    return envelope.envelope_aad(anchor_of(seat.anchors, role), f"sealed:{handle}", role)


def bind(prompt: Prompt | None, action: Action, data: dict[str, Any] | None,
         seat: Seat) -> Action:
    """Replace the values of secret parameters by handles (composing), or check that the
    recorded handles are the next ones (verifying); record the new sealed choices."""
    spec = next((s for s in (prompt.actions if prompt else ()) if s.verb == action.get("do")),
                None)
    secret = [p for p in (spec.params if spec else ()) if getattr(p, "secret", False)]
    if not secret or data is None:
        return action
    out = dict(action)
    for param in secret:
        name = param.name
        if name not in out:
            continue
        handle = model.new_handle(data, f"{PREFIX}/{seat.role}")
        if seat.keys is not None:
            check_sealed(param, out[name])
            seat.chosen[handle] = out[name]
            out[name] = handle
        elif out[name] != handle:
            raise IllegalAction(f"argument {name!r} must be the sealed choice {handle}")
        data["sealed"][handle] = {"by": seat.role, "commitment": None, "envelope": None,
                                  "value": None}
    return out


def contribution(data: dict[str, Any], seat: Seat, handle: str) -> dict[str, Any]:
    """What the chooser publishes for a new sealed choice: commitment and envelope."""
    assert seat.keys is not None
    value = seat.chosen.get(handle)
    if value is None:
        raise IllegalAction(f"the value of {handle} is not known here")
    text = _encode(value)
    commitment, shown = sealed.seal(seat.keys, handle, anchor_of(seat.anchors, seat.role), text)
    payload = json.dumps({"value": text, "nonce": shown.nonce.hex()}).encode()
    box = envelope.seal(seat.keys.envelope_public, payload, _aad(seat, handle, seat.role),
                        seed=seat.keys.nonce_seed(f"sealed-envelope:{handle}"))
    return {"commitment": commitment.hex(), "envelope": box.record()}


def _opened(data: dict[str, Any], seat: Seat, handle: str) -> tuple[str, bytes]:
    assert seat.keys is not None
    entry = data["sealed"][handle]
    box = Envelope.from_record(entry["envelope"], entry["by"])
    opened = envelope.open(seat.keys.envelope_private, box, _aad(seat, handle, seat.role),
                           sender=entry["by"])
    payload = json.loads(opened.plaintext)
    return str(payload["value"]), bytes.fromhex(payload["nonce"])


def unseal(data: dict[str, Any], seat: Seat, handle: str) -> str:
    """Reveal a sealed choice (its chooser acts): the value, checked by every pbem."""
    entry = data["sealed"][handle]
    if entry["value"] is not None:
        return str(entry["value"])
    if entry["by"] != seat.role:
        raise IllegalAction(f"only {entry['by']} can reveal their sealed choice")
    if entry["commitment"] is None:
        raise IllegalAction("a choice is revealed after the save that sealed it")
    if seat.keys is not None:
        text, nonce = _opened(data, seat, handle)
        seat.records[handle] = {"value": text, "nonce": nonce.hex()}
    record = seat.records.get(handle)
    if record is None:
        raise NeedActor(f"{entry['by']} reveals a sealed choice")
    seat.used.add(handle)
    if not isinstance(record, dict) or list(record) != ["value", "nonce"] \
            or not isinstance(record["value"], str):
        raise IllegalAction(f"the reveal of {handle} is not a value and a nonce")
    nonce = secret_records.raw(record, "nonce", f"the reveal of {handle}", entry["by"])
    shown = sealed.Reveal(record["value"], nonce)
    text = sealed.check(bytes.fromhex(entry["commitment"]), handle,
                        anchor_of(seat.anchors, entry["by"]), entry["by"], shown)
    entry["value"] = json.loads(text)
    return str(entry["value"])


def known(data: dict[str, Any], seat: Seat) -> dict[str, str]:
    """This player's own sealed choices (from their envelopes) and every revealed one."""
    out: dict[str, str] = {}
    for handle, entry in data["sealed"].items():
        if entry["value"] is not None:
            out[handle] = str(entry["value"])
        elif entry["by"] == seat.role and seat.keys is not None and entry["envelope"]:
            with contextlib.suppress(PbemError, ValueError, KeyError):
                out[handle] = str(json.loads(_opened(data, seat, handle)[0]))
    return out
