"""What a player may see, shaped for display: the TUI, ``pbem show --json`` and e-mail.

Dragons & Tigers has no hidden information (the chits and free retainers are drawn at
random, but which are left is public), so every player sees the same view. The shape is
documented in docs/view.md; front ends draw it without knowing any rule.
"""

from __future__ import annotations

from typing import Any

from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.catalog import load_catalog
from pbem.games.dragons_tigers.flow import current_prompt
from pbem.games.dragons_tigers.rules.s07_victory import tally
from pbem.games.dragons_tigers.table import OFF_MAP, Table


def board() -> dict[str, Any]:
    cat = load_catalog()
    return {
        "areas": [{"id": a.id, "name": a.name, "zh": a.zh, "manpower": a.manpower,
                   "grid": list(a.grid)} for a in cat.areas.values()],
        "borders": [{"a": b.a, "b": b.b, "terrain": b.terrain} for b in cat.borders],
        "terrains": {"plain": "plain", "mountain": "mountains", "river": "great river"},
    }


def _status(t: Table, kid: str) -> str:
    k = t.kingdom(kid)
    if k["status"] != "in-play":
        return str(k["status"])
    if t.is_traitorous(kid):
        return "traitorous"
    if k["owner"] is None:
        return "neutral"
    return "main" if k["main"] else "ally"


def view(state: dict[str, Any], role: str | None) -> dict[str, Any]:
    t = Table(state)
    cat = load_catalog()
    scores = tally(t)
    turn = t.turn()
    prompt = current_prompt(t)
    players = []
    for seat in state["seats"]:
        faction = cat.factions[seat]
        players.append({"role": seat, "label": f"{faction.name} {faction.zh}", "name":
                        faction.name, "zh": faction.zh, "colour": faction.colour,
                        "kingdoms": t.kingdoms_of(seat), "main": t.main_of(seat),
                        **scores[seat], "orders": standing.full(t.orders(seat))})
    kingdoms = []
    for kid, info in cat.kingdoms.items():
        chit = f"chit:{kid}"
        warlord = t.warlord(kid)
        kingdoms.append({
            "id": kid, "name": info.name, "zh": info.zh, "colour": info.colour,
            "status": _status(t, kid), "owner": t.owner(kid),
            "warlord": warlord, "warlord_name": cat.characters[warlord].name if warlord
            in cat.characters else None,
            "areas": len(t.controlled_by(kid)), "armies": t.total_armies(kid),
            "chit": "pool" if chit in state["pool"] else "drawn" if chit in state["drawn"]
            else "none"})
    areas = []
    for area in cat.areas.values():
        holder = t.controller(area.id)
        areas.append({
            "id": area.id, "name": area.name, "zh": area.zh, "manpower": area.manpower,
            "controller": holder,
            "colour": cat.kingdoms[holder].colour if holder else None,
            "armies": t.armies_in(area.id),
            "characters": t.chars_in(area.id),
            "emperor": state["emperor"] == area.id})
    characters = []
    entries = dict(state["chars"])
    for cid, c in cat.characters.items():  # a counter turned over: its front is gone
        if cid not in entries and not c.back_only and c.flip in entries:
            entries[cid] = {"kingdom": c.kingdom, "at": "out", "recruited": False}
    for cid, entry in entries.items():
        c = cat.characters[cid]
        characters.append({"id": cid, "name": c.name, "zh": c.zh, "kingdom": entry["kingdom"],
                           "at": entry["at"], "on_map": entry["at"] not in OFF_MAP,
                           "rank": c.rank, "command": c.command, "strategist": c.strategist,
                           "diamonds": c.diamonds, "valor": c.valor, "admin": c.admin,
                           "diplomacy": c.diplomacy, "loyalty": c.loyalty, "boats": c.boats,
                           "wizard": c.wizard, "recruited": entry["recruited"]})
    mandate = cat.mandate
    return {
        "title": "Dragons & Tigers of the Three Kingdoms",
        "viewer": role,
        "round": state["round"], "rounds": 8,
        "turn": {"number": state["turns"]["total"], "kingdom": turn["kingdom"],
                 "player": turn["player"], "phase": turn["phase"]} if turn else None,
        "step": prompt.step if prompt else None,
        "players": players,
        "kingdoms": kingdoms,
        "areas": areas,
        "characters": characters,
        "emperor": state["emperor"],
        "mandate": {"position": list(state["mandate"]),
                    "spaces": [{"q": q, "r": r, "event": s.event,
                                "name": mandate.events[s.event].name if s.event else None,
                                "zh": mandate.events[s.event].zh if s.event else None}
                               for (q, r), s in mandate.spaces.items()],
                    "directions": {d: {"name": v.name, "dq": v.dq, "dr": v.dr}
                                   for d, v in mandate.directions.items()}},
        "chits": {"pool": list(state["pool"]), "drawn": list(state["drawn"])},
        "free_retainers": sum(1 for e in state["chars"].values() if e["at"] == "pool"),
        "dead_retainers": sum(1 for e in state["chars"].values() if e["at"] == "dead"),
        "orders": standing.full(t.orders(role)) if role else {},
        "result": state["result"],
    }
