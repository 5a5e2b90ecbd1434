"""What a viewer may see of a Three Kingdoms Redux position (shape: docs/redux-view.md).

Built from public facts plus ``known`` (what the viewer may know of the hidden cards:
their own generals and hand). The engine's ``secrets`` key is never read or copied.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.three_kingdoms_redux import bids, effects, vocabulary
from pbem.games.three_kingdoms_redux.bids import Side
from pbem.games.three_kingdoms_redux.catalog import RESOURCES
from pbem.games.three_kingdoms_redux.dataset import General
from pbem.games.three_kingdoms_redux.table import Table


def _skill(card: General, tutorial: bool) -> dict[str, Any]:
    return {"name": card.skill_name or None, "text": skill_text(card), "ignored": tutorial}


_SKILL_TEXTS: dict[int, tuple[General, str]] = {}


def skill_text(card: General) -> str:
    """The skill's own paraphrase, or the plain words of its effects (kept per card)."""
    cached = _SKILL_TEXTS.get(id(card))
    if cached is None or cached[0] is not card:
        text = card.skill_text or "; ".join(vocabulary.describe(e) for e in card.effects)
        cached = _SKILL_TEXTS[id(card)] = (card, text)
    return cached[1]


def general_view(t: Table, role: str, ref: str, viewer: str | None) -> dict[str, Any]:
    entry = t.generals(role)[ref]
    public = entry["card"] is not None
    card = t.general(role, ref) if public else (
        t.viewer_general(role, ref) if viewer == role else None)
    out: dict[str, Any] = {"ref": ref, "public": public, "at": entry["at"],
                           "space": entry.get("space"), "location": entry.get("location"),
                           "recruited": entry["recruited"],
                           "placed_this_round": entry["placed"] == t.s["round"],
                           "tokens": entry.get("tokens", 0), "store": entry.get("store", 0)}
    if card is None:
        out.update(id=None, name=None)
        return out
    out.update(_card_facts(card))
    for attribute in ("administration", "combat"):  # this round's, if a skill changed it
        out[attribute] = effects.rating(t, card, attribute)
    out["specialisations"] = list(card.specialisations)
    out["reconstructed"] = list(card.reconstructed)
    out["skill"] = _skill(card, bool(t.s.get("tutorial")))
    return out


_FACTS: dict[int, tuple[General, dict[str, Any]]] = {}


def _card_facts(card: General) -> dict[str, Any]:
    """The printed facts of a general (kept per card; callers copy the lists)."""
    cached = _FACTS.get(id(card))
    if cached is None or cached[0] is not card:
        facts = {"id": card.id, "name": card.name, "zh": card.zh, "lord": card.lord,
                 "administration": card.administration, "combat": card.combat,
                 "leadership": card.leadership, "headgear": card.headgear}
        cached = _FACTS[id(card)] = (card, facts)
    return cached[1]


def card_view(t: Table, cid: str) -> dict[str, Any]:
    card = t.card(cid)
    return {"id": card.id, "name": card.name, "deck": card.deck, "vp": card.vp,
            "cost": dict(card.cost),
            "prerequisites": [dict(p) for p in card.prerequisites],
            "text": card.text or "; ".join(vocabulary.describe(e, "card") for e in card.effects),
            "reconstructed": list(card.reconstructed)}


def _bid_view(t: Table, bid: Mapping[str, Any]) -> dict[str, Any]:
    return {"role": bid["role"], "general": bid["general"],
            "name": t.gname(bid["role"], bid["general"]), "value": bid["value"],
            "base": bid["base"], "bonus": bid["bonus"], "han": bid["han"],
            "support": bid["support"], "units": bid["units"], "unit": bid["unit"],
            "gold": bid["gold"], "order": bid["seq"], "face_down": bool(bid.get("face_down"))}


def _side(side: Side | None) -> dict[str, Any] | None:
    return None if side is None else {"roles": list(side.roles), "total": side.total}


def spaces_view(t: Table) -> list[dict[str, Any]]:
    out = []
    alliance = t.s["alliance"]["space"]
    for space in t.cat.spaces.values():
        crit = space.criterion
        if crit == "marker":
            crit = t.s["criterion"][space.id]
        bids_here = t.s["bids"].get(space.id, [])
        out.append({
            "id": space.id, "name": space.name, "kind": space.kind, "criterion": crit,
            "marker": space.criterion == "marker", "alliance_eligible": space.alliance,
            "alliance": space.id == alliance,
            "barred_for_alliance": space.id == t.s["alliance"]["previous"],
            "border": space.border, "state": space.state,
            "bids": [_bid_view(t, b) for b in bids_here],
            "leader": _side(bids.winner(t, space.id)) if bids_here else None,
            "won_by": t.s["won"].get(space.id),
        })
    return out


def state_view(t: Table, role: str, viewer: str | None) -> dict[str, Any]:
    st = t.st(role)
    info = t.cat.states[role]
    return {
        "role": role, "name": info.name, "zh": info.zh, "colour": info.colour,
        "lord": info.lord, "tribe": f"{info.tribe} {info.tribe_zh}",
        "resources": {k: st[k] for k in RESOURCES},
        "deficit": st["deficit"],
        "farm": dict(st["farm"]), "market": dict(st["market"]),
        "tribal": st["tribal"], "rank": st["rank"], "rank_name": t.cat.ranks[st["rank"]],
        "military": st["military"], "bid_tokens": st["bid_tokens"],
        "border_tokens": [{**b, "name": t.lname(b["location"])} for b in st["border_tokens"]],
        "stationed": [{**s, "name": t.gname(role, s["general"]),
                       "location_name": t.lname(s["location"])} for s in st["stationed"]],
        "built": [card_view(t, c) for c in st["built"]],
        "hand_count": len(st["hand"]),
        "generals": [general_view(t, role, ref, viewer) for ref in st["generals"]],
        "allied": role in t.allies(),
        "seat": t.s["bid_order"].index(role) + 1,
        "successful_bids": sum(1 for roles in t.s["won"].values() if role in roles),
    }


def borders_view(t: Table) -> list[dict[str, Any]]:
    out = []
    for border in t.cat.borders.values():
        locs = []
        for loc in t.data.locations.values():
            if loc.border != border.id:
                continue
            held = t.s["locations"][loc.id]
            locs.append({"id": loc.id, "name": loc.name, "zh": loc.zh, "type": loc.type,
                         "reconstructed": list(loc.reconstructed),
                         "occupant": None if held is None else {
                             **held, "name": t.gname(held["role"], held["general"])}})
        out.append({"id": border.id, "name": border.name, "states": list(border.states),
                    "space": t.cat.battle_space(border.id), "locations": locs,
                    "counts": t.border_counts(border.id)})
    return out


def view(state: dict[str, Any], role: str | None, known: Mapping[str, str]) -> dict[str, Any]:
    t = Table(state, known=known)
    hand = []
    if role is not None:
        for handle in t.st(role)["hand"]:
            cid = known.get(handle)
            hand.append({"handle": handle, **(card_view(t, cid) if cid else {"id": None})})
    counts = t.data.reconstructed_counts()
    return {
        "title": "Three Kingdoms Redux", "viewer": role, "round": state["round"],
        "rounds": t.cat.n("rounds"), "tutorial": bool(state.get("tutorial")),
        "recruit_rounds": sorted(t.cat.recruitment), "ranks": list(t.cat.ranks),
        "tribal_bonus": dict(t.cat.tribal_bonus),
        "stage": state["stack"][-1]["step"] if state["stack"] else None,
        "data": {"hash": t.data.hash, "builtin": state.get("data") is None,
                 "reconstructed": counts},
        "bid_order": list(state["bid_order"]), "action_order": list(state["action_order"]),
        "next_bid_order": list(state["next_bid_order"]),
        "alliance": {"space": state["alliance"]["space"],
                     "previous": state["alliance"]["previous"],
                     "holder": state["alliance"]["holder"], "allies": t.allies(),
                     "chooser": state["bid_order"][2]},
        "criterion": dict(state["criterion"]),
        "han": {"holder": state["han"]["holder"], "used": state["han"]["used"],
                "winner": state["han"]["winner"]},
        "face_down": None if not state["face_down"] else {
            **state["face_down"],
            "name": t.gname(state["face_down"]["role"], state["face_down"]["general"])},
        "spaces": spaces_view(t),
        "states": {r: state_view(t, r, role) for r in t.roles},
        "borders": borders_view(t),
        "decks": {deck: t.deck_left(deck) for deck in state["decks"]},
        "hand": hand,
        "orders": dict(state["orders"][role]) if role else None,
        "end_vp_preview": {r: sum(vp for _, vp in effects.end_vp(t, r)) for r in t.roles},
        "result": state.get("result"),
    }
