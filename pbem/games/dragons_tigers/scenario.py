"""Scenarios: a documented YAML description of a position to start a game from.

Used for tutorials, rules questions and tests (``pbem new dragons-tigers --scenario
FILE``); every key is described in docs/scenarios.md. Everything not mentioned keeps the
standard setup of section 3, with the changes the ends of the earlier rounds made (4.8.1,
4.8.2) when the scenario starts in Round 2 or later.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import UsageError
from pbem.games.dragons_tigers.catalog import Catalog, load_catalog
from pbem.games.dragons_tigers.orders import update as update_orders
from pbem.games.dragons_tigers.table import OFF_MAP, Table

PHASES = ("begin", "mandate", "diplomacy", "levy", "movement", "combat", "end")
KEYS = ("round", "kingdoms", "pieces", "characters", "control", "emperor", "emperor_fled",
        "mandate", "turn", "pool", "drawn", "orders", "flags", "last_player", "interrupted",
        "turns")
KINGDOM_KEYS = ("owner", "main", "status", "eliminated_turn", "warlord")
TURN_KEYS = ("kingdom", "player", "phase", "faction", "chit", "harvest", "famine", "pool",
             "drawn")
FLAGS = ("zhuge_liang", "emperor_fled")
STATUSES = ("in-play", "eliminated", "absent")


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


def _mapping(value: Any, field: str, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _fail(field, "must be a mapping")
    if keys is not None:
        unknown = [k for k in value if k not in keys]
        if unknown:
            raise _fail(f"{field}.{unknown[0]}", f"not a known key (keys: {', '.join(keys)})")
    return value


def _role(state: dict[str, Any], value: Any, field: str) -> str:
    if value not in state["seats"]:
        raise _fail(field, f"must be one of {', '.join(state['seats'])}")
    return str(value)


# ---------------------------------------------------------------------- counters


def _show(state: dict[str, Any], cat: Catalog, cid: str) -> dict[str, Any]:
    """The state entry of ``cid``; naming one side of a two-sided counter turns the
    counter to that side (a kingdom led by the other side is led by this one)."""
    chars = state["chars"]
    back = cat.characters[cid].flip
    if cid not in chars and back is not None and back in chars:
        chars[cid] = chars.pop(back)
        for k in state["kingdoms"].values():
            if k["warlord"] == back:
                k["warlord"] = cid
    return chars.setdefault(cid, {"kingdom": cat.characters[cid].kingdom, "at": "aside",
                                  "recruited": False})


def _flip(state: dict[str, Any], cat: Catalog, cid: str) -> str:
    back = cat.characters[cid].flip
    assert back is not None
    _show(state, cat, back)
    return back


def _history(state: dict[str, Any], cat: Catalog, rnd: int) -> None:
    """The changes the ends of Rounds 1, 2 and 4 made before Round ``rnd`` (4.8.1,
    4.8.2), to the standard setup: anything the scenario says afterwards overrides them."""
    kingdoms, chars = state["kingdoms"], state["chars"]
    if rnd >= 2:
        for cid in ("dong-zhuo", "lu-bu", "hua-xiong", "li-ru"):  # 4.8.1(A)
            if cid in chars and chars[cid]["at"] not in OFF_MAP:
                _flip(state, cat, cid)
        lu_bu = cat.kingdoms["lu-bu"]  # 4.8.1(B)
        kingdoms["lu-bu"]["status"] = "in-play"
        for placement in lu_bu.start:
            for cid in placement.characters:
                chars[cid] = {"kingdom": "lu-bu", "at": placement.area, "recruited": False}
            state["armies"].setdefault(placement.area, {})["lu-bu"] = placement.armies
        _flip(state, cat, "liu-yan")  # 4.8.2(A)
    if rnd >= 3:  # 4.8.2(B): Sun Jian turns over to Zhou Yu, Sun Ce leads from his area
        area = chars["sun-jian"]["at"]
        _flip(state, cat, "sun-jian")
        chars["sun-ce"] = {"kingdom": "sun-wu", "at": area, "recruited": False}
        kingdoms["sun-wu"]["warlord"] = "sun-ce"
    if rnd >= 5:
        _flip(state, cat, "sun-ce")
    order = list(cat.areas)
    state["armies"] = {a: state["armies"][a] for a in order if a in state["armies"]}


def _leaders(state: dict[str, Any], cat: Catalog) -> None:
    """A kingdom whose warlord counter is off the map while another warlord of it is on
    the map is led by that one (Sun Jian placed in a Round 3 scenario leads Sun Wu)."""
    for kid, k in state["kingdoms"].items():
        entry = state["chars"].get(k["warlord"] or "")
        if entry is not None and entry["at"] not in OFF_MAP:
            continue
        placed = [cid for cid, e in state["chars"].items() if e["kingdom"] == kid
                  and e["at"] not in OFF_MAP and cat.characters[cid].rank == "warlord"]
        if len(placed) == 1:
            k["warlord"] = placed[0]


# ---------------------------------------------------------------------- the scenario


def apply(state: dict[str, Any], scenario: Mapping[str, Any]) -> None:
    """Change the opening ``state`` as ``scenario`` describes."""
    cat = load_catalog()
    unknown = [k for k in scenario if k not in KEYS]
    if unknown:
        raise _fail(str(unknown[0]), f"not a scenario field (fields: {', '.join(KEYS)})")
    if "round" in scenario:
        rnd = scenario["round"]
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= 8:
            raise _fail("round", "must be 1 to 8")
        state["round"] = rnd
        _history(state, cat, rnd)
    for name, info in _mapping(scenario.get("kingdoms"), "kingdoms").items():
        _kingdom_entry(state, cat, name, _mapping(info, f"kingdoms.{name}", KINGDOM_KEYS))
    characters = _mapping(scenario.get("characters"), "characters")
    if "pieces" in scenario:
        named = {_character(cat, name, f"characters.{name}") for name, info in characters.items()
                 if isinstance(info, dict) and info.get("kingdom") is not None}
        _pieces(state, cat, scenario["pieces"], named)
    for name, info in characters.items():
        _character_entry(state, cat, name, info)
    _leaders(state, cat)
    if "emperor" in scenario:
        state["emperor"] = _area(cat, scenario["emperor"], "emperor")
    if "mandate" in scenario:
        value = scenario["mandate"]
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) for v in value)
                and cat.mandate.contains(value[0], value[1])):
            raise _fail("mandate", "must be [q, r], a space of the display")
        state["mandate"] = list(value)
    for key in ("last_player", "interrupted"):
        if key in scenario:
            state[key] = _role(state, scenario[key], key)
    for key, value in _mapping(scenario.get("turns"), "turns", ("total", "round")).items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _fail(f"turns.{key}", "must be a whole number")
        state["turns"][key] = value
    for role, given in _mapping(scenario.get("orders"), "orders").items():
        _role(state, role, f"orders.{role}")
        try:
            state["orders"][role] = update_orders(state["orders"][role], given)
        except Exception as exc:
            raise _fail(f"orders.{role}", str(exc)) from None
    flags = dict(_mapping(scenario.get("flags"), "flags", FLAGS))
    if "emperor_fled" in scenario:
        flags["emperor_fled"] = scenario["emperor_fled"]
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise _fail(f"flags.{key}" if key != "emperor_fled" else key, "is true or false")
        state["flags"][key] = value
    t = Table(state)
    for area in cat.areas:
        t.update_control(area)
    for area, kid in _mapping(scenario.get("control"), "control").items():
        t.update_control(_area(cat, area, "control"), prefer=_kingdom(cat, kid, "control"))
    if any(k["owner"] for k in state["kingdoms"].values()):
        state["stack"] = [{"step": "game", "phase": "round-start"}]
    turn = scenario.get("turn")
    if turn is not None:
        _turn(state, cat, _mapping(turn, "turn", TURN_KEYS), t)
    else:
        for key in ("pool", "drawn"):
            if key in scenario:
                state[key] = _chits(cat, scenario[key], key)


def _kingdom_entry(state: dict[str, Any], cat: Catalog, name: str,
                   info: Mapping[str, Any]) -> None:
    kid = _kingdom(cat, name, f"kingdoms.{name}")
    k = state["kingdoms"][kid]
    if "owner" in info:
        if info["owner"] is not None:
            _role(state, info["owner"], f"kingdoms.{name}.owner")
            if not cat.kingdoms[kid].is_player:
                raise _fail(f"kingdoms.{name}.owner", "a Traitorous kingdom has no owner (8)")
        k["owner"] = info["owner"]
    k["main"] = bool(info.get("main", False))
    if "status" in info:
        if info["status"] not in STATUSES:
            raise _fail(f"kingdoms.{name}.status", "is in-play, eliminated or absent")
        k["status"] = info["status"]
        if info["status"] == "eliminated":
            k["eliminated_turn"] = int(info.get("eliminated_turn", 0))
    if "warlord" in info:
        cid = _character(cat, info["warlord"], f"kingdoms.{name}.warlord")
        if cat.characters[cid].kingdom != kid or cat.characters[cid].rank != "warlord":
            raise _fail(f"kingdoms.{name}.warlord", f"{cid} is not a warlord of {kid}")
        _show(state, cat, cid)
        k["warlord"] = cid


def _character_entry(state: dict[str, Any], cat: Catalog, name: str, info: Any) -> None:
    cid = _character(cat, name, f"characters.{name}")
    if isinstance(info, str):
        info = {"at": info}
    info = _mapping(info, f"characters.{name}", ("at", "kingdom", "recruited"))
    entry = _show(state, cat, cid)
    if "at" in info:
        at = info["at"]
        entry["at"] = at if at in OFF_MAP else _area(cat, at, f"characters.{name}.at")
    if "kingdom" in info:
        entry["kingdom"] = (None if info["kingdom"] is None else
                            _kingdom(cat, info["kingdom"], f"characters.{name}.kingdom"))
        if cat.characters[cid].kingdom is None and "recruited" not in info:
            entry["recruited"] = entry["kingdom"] is not None
    if "recruited" in info:
        entry["recruited"] = bool(info["recruited"])
    if entry["at"] not in OFF_MAP and entry["kingdom"] is None:
        raise _fail(f"characters.{name}", "a character on the map needs a kingdom")


def _pieces(state: dict[str, Any], cat: Catalog, pieces: Any, named: set[str]) -> None:
    """Replace the map; ``named``: free retainers whose kingdom ``characters`` gives."""
    pieces = _mapping(pieces, "pieces")
    for entry in state["chars"].values():
        if entry["at"] not in OFF_MAP:
            entry["at"] = "aside"
    order = list(cat.areas)
    armies: dict[str, dict[str, int]] = {}
    for name, info in pieces.items():
        area = _area(cat, name, f"pieces.{name}")
        info = _mapping(info, f"pieces.{name}", ("armies", "characters"))
        for kname, n in _mapping(info.get("armies"), f"pieces.{name}.armies").items():
            kid = _kingdom(cat, kname, f"pieces.{name}.armies")
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise _fail(f"pieces.{name}.armies.{kname}", "must be a whole number")
            if n:
                armies.setdefault(area, {})[kid] = n
        free = []
        for cname in info.get("characters") or []:
            cid = _character(cat, cname, f"pieces.{name}.characters")
            entry = _show(state, cat, cid)
            entry["at"] = area
            if cat.characters[cid].kingdom is None and entry["kingdom"] is None \
                    and cid not in named:
                free.append(cid)
        if free:
            present = set(armies.get(area, {})) | {
                e["kingdom"] for e in state["chars"].values()
                if e["at"] == area and e["kingdom"] is not None}
            if len(present) != 1:
                raise _fail(f"pieces.{name}.characters", f"free retainer {free[0]} serves "
                            f"the kingdom whose pieces are in {area}; with "
                            f"{len(present) or 'no'} kingdoms there, name his kingdom under "
                            f"characters:")
            (serving,) = present
            for cid in free:
                state["chars"][cid].update({"kingdom": serving, "recruited": True})
    state["armies"] = {a: armies[a] for a in order if a in armies}
    state["control"] = {}
    for kid, k in state["kingdoms"].items():
        on_map = any(e["kingdom"] == kid and e["at"] not in OFF_MAP
                     for e in state["chars"].values()) or any(kid in s for s in armies.values())
        if k["status"] == "in-play" and not on_map:
            k["status"] = "eliminated"
            k["eliminated_turn"] = 0
        elif k["status"] == "absent" and on_map:
            k["status"] = "in-play"


def _chits(cat: Catalog, value: Any, field: str) -> list[str]:
    if not isinstance(value, list) or any(c not in cat.chits for c in value):
        raise _fail(field, f"must be a list of chits ({', '.join(cat.chits)})")
    return list(value)


def _turn(state: dict[str, Any], cat: Catalog, turn: Mapping[str, Any], t: Table) -> None:
    from pbem.games.dragons_tigers.rules import s04_turns

    if "kingdom" not in turn:
        raise _fail("turn", "needs at least kingdom:")
    kid = _kingdom(cat, turn["kingdom"], "turn.kingdom")
    player = _role(state, turn.get("player") or state["kingdoms"][kid]["owner"]
                   or state["seats"][0], "turn.player")
    phase = turn.get("phase", "mandate")
    if phase not in PHASES:
        raise _fail("turn.phase", f"is one of {', '.join(PHASES)}")
    faction = bool(turn.get("faction", False))
    chit = turn.get("chit") or (f"chit:{player}" if faction else
                                (f"chit:{kid}" if f"chit:{kid}" in cat.chits
                                 else "chit:traitorous-1"))
    if chit not in cat.chits:
        raise _fail("turn.chit", f"unknown chit {chit!r}")
    t.fill_pool()
    if chit in state["pool"]:
        state["pool"].remove(chit)
        state["drawn"].append(chit)
    for key in ("pool", "drawn"):
        if key in turn:
            state[key] = _chits(cat, turn[key], f"turn.{key}")
    if phase != "begin":  # a turn already under way has been counted (4.1)
        state["turns"]["round"] = max(1, state["turns"]["round"])
        state["turns"]["total"] = max(1, state["turns"]["total"])
        state["last_player"] = player
    state["stack"] = [{"step": "game", "phase": "after-turn"}]
    s04_turns.start_turn(t, kid, player, chit, faction)
    step = state["stack"][-1]
    step["phase"] = phase
    step["harvest"] = bool(turn.get("harvest", False))
    step["famine"] = bool(turn.get("famine", False))
