"""What a viewer may see of a Card Game position (shape: docs/cardgame-view.md).

Built from public facts plus ``known`` (the viewer's own hand, and the cards of another's
hand shown to her alone). Another player's hand is a number, with the cards the viewer
was shown (``seen``); the engine's ``secrets`` key is never read or copied. Every card shown lists
its ``reconstructed`` fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.three_kingdoms_card_game import vocabulary
from pbem.games.three_kingdoms_card_game.records import Artifact, Character, Event
from pbem.games.three_kingdoms_card_game.table import Table


def card_text(rec: Any) -> str:
    """What a card does, in the data's own words or the plain words of its effects."""
    if isinstance(rec, Event):
        return rec.text or "; ".join(vocabulary.describe(e) for e in rec.effects)
    ability = getattr(rec, "ability", None)
    if ability is None:
        return ""
    gate = f"D≤{ability.roll_at_most}: " if ability.roll_at_most else ""
    return gate + (ability.text or "; ".join(vocabulary.describe(e) for e in ability.effects))


def card_view(t: Table, card: str) -> dict[str, Any]:
    rec = t.record(card)
    kind = "character" if isinstance(rec, Character) else (
        "artifact" if isinstance(rec, Artifact) else "event")
    out: dict[str, Any] = {"id": card, "name": rec.name, "zh": rec.zh, "kind": kind,
                           "instant": bool(getattr(rec, "instant", False)),
                           "text": card_text(rec), "reconstructed": list(rec.reconstructed)}
    if isinstance(rec, Character):
        out.update(political_power=rec.political_power, fighting_spirit=rec.fighting_spirit,
                   strategist=rec.strategist, hearts=rec.hearts, lord_card=rec.lord)
    return out


def character_view(t: Table, cid: str) -> dict[str, Any]:
    entry = t.char(cid)
    out = card_view(t, cid)
    out.update(controller=entry["controller"], owner=entry["owner"], lands=list(entry["lands"]),
               rotated=entry["rotated"], lord=t.is_lord(cid),
               held_by=entry["held"]["by"] if entry["held"] else None,
               artifacts=[card_view(t, a) for a in entry["artifacts"]],
               political_power=t.political_power(cid),
               fighting_spirit=t.fighting_spirit(cid), hearts=t.hearts(cid),
               strategist=t.strategist(cid))
    return out


def _chain_view(t: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": entry["kind"], "role": entry["role"], "card": card_view(t, entry["card"]),
            "args": dict(entry["args"]), "cancelled": entry["cancelled"]}


def _window_view(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """The reaction window open now (the innermost): who is asked, in order, and who is
    being asked now; ``None`` when none is open."""
    for step in reversed(state.get("stack", [])):
        if step.get("step") == "window":
            asked = list(step.get("asked", []))
            at = int(step.get("at", 0))
            return {"asked": asked, "now": asked[at] if at < len(asked) else None}
    return None


def view(state: dict[str, Any], role: str | None, known: Mapping[str, str]) -> dict[str, Any]:
    t = Table(state, known=known)
    seats = []
    for r in t.seats:
        seen = [] if r == role else [{"entry": e, **card_view(t, known[e])}
                                     for e in t.hand(r) if e in known and t.public_card(e) is None]
        seats.append({"role": r, "name": t.rname(r), "lord": t.s["lords"][r],
                      "lord_lost": t.s["lord_lost"][r], "hand": len(t.hand(r)),
                      "seen": seen, "lands": t.lands_of(r), "land_value": t.land_value(r),
                      "characters": t.chars_of(r), "orders": dict(t.s["orders"][r])})
    lands = []
    for lid, land in t.s["lands"].items():
        rec = t.data.lands[lid]
        lands.append({"id": lid, "name": rec.name, "zh": rec.zh, "value": rec.value,
                      "defensive_power": rec.defensive_power, "owner": land["owner"],
                      "holders": t.holders(lid), "reconstructed": list(rec.reconstructed)})
    hand = []
    if role is not None:
        for entry in t.hand(role):
            card = t.public_card(entry) or known.get(entry)
            hand.append({"entry": entry, **(card_view(t, card) if card else {"id": None})})
    turn = state["turn"]
    return {
        "game": "three-kingdoms-card-game",
        "data": {"hash": t.data.hash, "builtin": state.get("data") is None,
                 "reconstructed": t.data.reconstructed_counts()},
        "viewer": role,
        "seats": seats,
        "turn": {"role": turn["role"], "number": turn["number"],
                 "stage": turn.get("stage"), "left": list(turn.get("left", []))},
        "lands": lands,
        "characters": [character_view(t, cid) for cid in t.chars()],
        "hand": hand,
        "discard": {"seen": [card_view(t, c) for c in state["discard"]["cards"]],
                    "face_down": state["discard"]["face_down"]},
        "deck": dict(state["deck"]),
        "chain": [_chain_view(t, e) for e in state["chain"]],
        "window": _window_view(state),
        "result": state.get("result"),
    }
