"""Scenarios: a documented YAML description of a position to start a game from.

Used for tutorials, rules questions and tests (``pbem new dragons-tigers --scenario
FILE``); the format is described in docs/scenarios.md. Everything not mentioned keeps
the standard setup of section 3.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import UsageError
from pbem.games.dragons_tigers.catalog import Catalog, load_catalog
from pbem.games.dragons_tigers.orders import update as update_orders

PLACES = ("pool", "dead", "aside", "out", "court")
PHASES = ("mandate", "diplomacy", "levy", "movement", "combat", "end")
KEYS = ("round", "kingdoms", "pieces", "characters", "control", "emperor", "mandate", "turn",
        "pool", "drawn", "orders", "flags", "last_player", "interrupted", "turns")


def _fail(field: str, message: str) -> UsageError:
    return UsageError(f"scenario field {field}: {message}")


def _area(cat: Catalog, name: Any, field: str) -> str:
    try:
        return cat.area(str(name)).id
    except KeyError:
        raise _fail(field, f"unknown area {name!r}") from None


def _kingdom(cat: Catalog, name: Any, field: str) -> str:
    try:
        return cat.kingdom(str(name)).id
    except KeyError:
        raise _fail(field, f"unknown kingdom {name!r}") from None


def _character(cat: Catalog, name: Any, field: str) -> str:
    if name in cat.characters:
        return str(name)
    for c in cat.characters.values():
        if str(name).lower() in (c.name.lower(), c.zh, *[a.lower() for a in c.aliases]):
            return c.id
    raise _fail(field, f"unknown character {name!r}")


def apply(state: dict[str, Any], scenario: Mapping[str, Any]) -> None:
    """Change the opening ``state`` as ``scenario`` describes."""
    from pbem.games.dragons_tigers.rules import s04_turns
    from pbem.games.dragons_tigers.table import Table

    cat = load_catalog()
    unknown = [k for k in scenario if k not in KEYS]
    if unknown:
        raise _fail(str(unknown[0]), f"not a scenario field (fields: {', '.join(KEYS)})")
    seats = state["seats"]
    if "round" in scenario:
        rnd = scenario["round"]
        if not isinstance(rnd, int) or not 1 <= rnd <= 8:
            raise _fail("round", "must be 1 to 8")
        state["round"] = rnd
    for name, info in (scenario.get("kingdoms") or {}).items():
        kid = _kingdom(cat, name, f"kingdoms.{name}")
        if not isinstance(info, dict):
            raise _fail(f"kingdoms.{name}", "must be a mapping")
        k = state["kingdoms"][kid]
        if "owner" in info:
            if info["owner"] is not None and info["owner"] not in seats:
                raise _fail(f"kingdoms.{name}.owner", f"must be one of {', '.join(seats)}")
            if info["owner"] is not None and not cat.kingdoms[kid].is_player:
                raise _fail(f"kingdoms.{name}.owner", "a Traitorous kingdom has no owner (8)")
            k["owner"] = info["owner"]
        k["main"] = bool(info.get("main", False))
        if "status" in info:
            if info["status"] not in ("in-play", "eliminated", "absent"):
                raise _fail(f"kingdoms.{name}.status", "is in-play, eliminated or absent")
            k["status"] = info["status"]
            if info["status"] == "eliminated":
                k["eliminated_turn"] = int(info.get("eliminated_turn", 0))
        if "warlord" in info:
            k["warlord"] = _character(cat, info["warlord"], f"kingdoms.{name}.warlord")
    if "pieces" in scenario:
        _pieces(state, cat, scenario["pieces"])
    for name, info in (scenario.get("characters") or {}).items():
        cid = _character(cat, name, f"characters.{name}")
        if isinstance(info, str):
            info = {"at": info}
        at = info.get("at")
        if at not in PLACES:
            at = _area(cat, at, f"characters.{name}.at")
        entry = state["chars"].setdefault(cid, {"kingdom": cat.characters[cid].kingdom,
                                                "at": "aside", "recruited": False})
        entry["at"] = at
        if "kingdom" in info:
            entry["kingdom"] = (None if info["kingdom"] is None else
                                _kingdom(cat, info["kingdom"], f"characters.{name}.kingdom"))
        entry["recruited"] = bool(info.get("recruited", entry["recruited"]))
    if "emperor" in scenario:
        state["emperor"] = _area(cat, scenario["emperor"], "emperor")
    if "mandate" in scenario:
        q, r = scenario["mandate"]
        if not cat.mandate.contains(q, r):
            raise _fail("mandate", "must be a space of the display")
        state["mandate"] = [q, r]
    for key in ("last_player", "interrupted"):
        if key in scenario:
            state[key] = scenario[key]
    if "turns" in scenario:
        state["turns"].update(scenario["turns"])
    for role, given in (scenario.get("orders") or {}).items():
        if role not in seats:
            raise _fail(f"orders.{role}", "is not a player's role")
        try:
            state["orders"][role] = update_orders(state["orders"][role], given)
        except Exception as exc:
            raise _fail(f"orders.{role}", str(exc)) from None
    state["flags"].update(scenario.get("flags") or {})
    t = Table(state)
    for area in cat.areas:
        t.update_control(area)
    for area, kid in (scenario.get("control") or {}).items():
        t.update_control(_area(cat, area, "control"), prefer=_kingdom(cat, kid, "control"))
    if any(k["owner"] for k in state["kingdoms"].values()):
        state["stack"] = [{"step": "game", "phase": "round-start"}]
    turn = scenario.get("turn")
    if turn is not None:
        _turn(state, cat, turn, t)
    else:
        for key in ("pool", "drawn"):
            if key in scenario:
                state[key] = list(scenario[key])
    del s04_turns  # imported for its side effect of registering handlers


def _pieces(state: dict[str, Any], cat: Catalog, pieces: Any) -> None:
    if not isinstance(pieces, dict):
        raise _fail("pieces", "maps areas to {armies: {...}, characters: [...]}")
    for entry in state["chars"].values():
        if entry["at"] not in PLACES:
            entry["at"] = "aside"
    state["armies"] = {}
    order = list(cat.areas)
    armies: dict[str, dict[str, int]] = {}
    placed: set[str] = set()
    for name, info in pieces.items():
        area = _area(cat, name, f"pieces.{name}")
        info = info or {}
        for kname, n in (info.get("armies") or {}).items():
            kid = _kingdom(cat, kname, f"pieces.{name}.armies")
            if not isinstance(n, int) or n < 0:
                raise _fail(f"pieces.{name}.armies.{kname}", "must be a whole number")
            if n:
                armies.setdefault(area, {})[kid] = n
        for cname in info.get("characters") or []:
            cid = _character(cat, cname, f"pieces.{name}.characters")
            entry = state["chars"].get(cid)
            if entry is None:
                entry = state["chars"][cid] = {"kingdom": cat.characters[cid].kingdom,
                                               "at": "aside", "recruited": False}
            if cat.characters[cid].kingdom is None and entry["kingdom"] is None:
                raise _fail(f"pieces.{name}.characters", f"free retainer {cid} needs a kingdom "
                            f"(list him under characters: with kingdom:)")
            entry["at"] = area
            placed.add(cid)
    state["armies"] = {a: armies[a] for a in order if a in armies}
    state["control"] = {}
    for kid, k in state["kingdoms"].items():
        on_map = any(e["kingdom"] == kid and e["at"] not in PLACES
                     for e in state["chars"].values()) or any(kid in s for s in armies.values())
        if k["status"] == "in-play" and not on_map:
            k["status"] = "eliminated"
            k["eliminated_turn"] = 0
        elif k["status"] == "absent" and on_map:
            k["status"] = "in-play"


def _turn(state: dict[str, Any], cat: Catalog, turn: Any, t: Any) -> None:
    from pbem.games.dragons_tigers.rules import s04_turns

    if not isinstance(turn, dict) or "kingdom" not in turn:
        raise _fail("turn", "needs at least kingdom:")
    kid = _kingdom(cat, turn["kingdom"], "turn.kingdom")
    player = turn.get("player") or state["kingdoms"][kid]["owner"] or state["seats"][0]
    if player not in state["seats"]:
        raise _fail("turn.player", "is not a player's role")
    phase = turn.get("phase", "mandate")
    if phase not in PHASES:
        raise _fail("turn.phase", f"is one of {', '.join(PHASES)}")
    faction = bool(turn.get("faction", False))
    chit = turn.get("chit") or (f"chit:{player}" if faction else
                                (f"chit:{kid}" if f"chit:{kid}" in cat.chits
                                 else "chit:traitorous-1"))
    t.fill_pool()
    if chit in state["pool"]:
        state["pool"].remove(chit)
        state["drawn"].append(chit)
    for key in ("pool", "drawn"):
        if key in turn:
            state[key] = list(turn[key])
    state["turns"]["round"] = max(1, state["turns"]["round"])
    state["turns"]["total"] = max(1, state["turns"]["total"])
    state["last_player"] = player
    state["stack"] = [{"step": "game", "phase": "after-turn"}]
    s04_turns.start_turn(t, kid, player, chit, faction)
    step = state["stack"][-1]
    step["phase"] = phase
    step["harvest"] = bool(turn.get("harvest", False))
    step["famine"] = bool(turn.get("famine", False))
