"""10.3 point 14 (notes 13, 59): a realm cut in two. Each connected group of a leader's
territories keeps its own pool of gold, units and generals.

The realm's own ``gold``, ``units`` and unlisted generals are the *main* pool (the group
holding the leader, or the one with most areas). Only when a realm is actually cut does
``realms[role]["parts"]`` appear: the other groups, each ``{territories, gold, units,
generals}`` (``generals``: the ids belonging to that part, wherever they stand now). The
key of a pool is None for the main one, else its index in ``parts``.

Every change of an area's holder goes through :func:`set_holder`, which splits a pool
whose territories fall apart (by the standing order ``split``), merges groups that come
to border each other, and gives a group with no pool a bare one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board

SPLIT = "s10.3.14.split"
HOME = ("ready", "injured")
Pool = dict[str, Any]


# ------------------------------------------------------------------ reading


def parts_of(b: Board, role: str) -> list[Pool]:
    """The detached parts of ``role``'s realm (empty when it is whole)."""
    return list(b.realm(role).get("parts") or [])


def is_split(b: Board, role: str) -> bool:
    return b.is_human(role) and bool(b.realm(role).get("parts"))


def pool_key(b: Board, role: str, tid: str | None) -> int | None:
    """The pool of the group holding territory ``tid`` (None: the main pool, also for a
    territory of none of his parts)."""
    for i, part in enumerate(parts_of(b, role)):
        if tid in part["territories"]:
            return i
    return None


def home_key(b: Board, role: str, tid: str | None) -> int | None:
    """The pool forces coming back from ``tid`` join: the group holding it, else the
    first of his groups bordering it, else the main pool."""
    if tid is None or not is_split(b, role):
        return None
    touched = b.territories_touched(role)
    if tid in touched:
        return pool_key(b, role, tid)
    for n in b.neighbours(tid):
        if n in touched:
            return pool_key(b, role, n)
    return None


def general_key(b: Board, role: str, gid: str) -> int | None:
    """The pool general ``gid`` of ``role`` belongs to."""
    for i, part in enumerate(parts_of(b, role)):
        if gid in part["generals"]:
            return i
    return None


def pool(b: Board, role: str, key: int | None) -> Pool:
    """A pool's ``gold``, ``units`` and ``generals`` (those of ``role`` at home in it)."""
    realm = b.realm(role)
    source = realm if key is None else realm["parts"][key]
    home = [g for g in b.generals_of(role, HOME) if b.general_state(g).get("at") is None
            and general_key(b, role, g) == key]
    return {"gold": int(source["gold"]), "units": dict(source["units"]), "generals": home}


@contextmanager
def acting(b: Board, role: str, tid: str | None) -> Iterator[None]:
    """While inside, ``role``'s treasury and units are those of the pool of ``tid``'s
    group, so that the ordinary rules pay from it and put units in it."""
    key = pool_key(b, role, tid) if is_split(b, role) else None
    if key is None:
        yield
        return
    realm, part = b.realm(role), b.realm(role)["parts"][key]
    main = realm["gold"], realm["units"]
    realm["gold"], realm["units"] = part["gold"], part["units"]
    try:
        yield
    finally:
        part["gold"], part["units"] = realm["gold"], realm["units"]
        realm["gold"], realm["units"] = main


def settle_generals(b: Board, role: str, gids: list[str], key: int | None) -> None:
    """Generals coming home join pool ``key``."""
    if not is_split(b, role):
        return
    for part in parts_of(b, role):
        part["generals"] = [g for g in part["generals"] if g not in gids]
    if key is not None:
        b.realm(role)["parts"][key]["generals"] += [g for g in gids
                                                    if b.s["generals"][g]["employer"] == role]


def bring_home(b: Board, role: str, force: Mapping[str, Any], tid: str | None) -> None:
    """A force's units and generals back to the pool of the group it came from."""
    key = home_key(b, role, tid)
    with acting(b, role, None if key is None else parts_of(b, role)[key]["territories"][0]):
        units = b.realm(role)["units"]
        for kind, n in (force.get("units") or {}).items():
            units[kind] = units.get(kind, 0) + int(n)
    settle_generals(b, role, list(force.get("generals") or []), key)


def check_draws(b: Board, role: str, entries: list[Mapping[str, Any]]) -> None:
    """A split realm's placements, pool by pool: each draws units, gold and generals from
    the group the placement names (notes 13); more than that pool holds is refused."""
    need: dict[int | None, dict[str, int]] = {}
    for entry in entries:
        key = pool_key(b, role, draw_territory(b, entry))
        want = need.setdefault(key, {})
        for kind, n in (entry.get("units") or {}).items():
            want[kind] = want.get(kind, 0) + int(n)
        want["gold"] = want.get("gold", 0) + int(entry.get("gold", 0) or 0)
        for gid in entry.get("generals") or []:
            if general_key(b, role, gid) != key:
                raise IllegalAction(f"{b.name(gid)} is not in the part of "
                                    f"{b.name(role)}'s realm this placement draws from",
                                    SPLIT)
    for key, want in need.items():
        have = pool(b, role, key)
        for kind, n in want.items():
            held = have["gold"] if kind == "gold" else int(have["units"].get(kind, 0))
            if n > held:
                raise IllegalAction(f"that part of {b.name(role)}'s realm has {held} "
                                    f"{kind}, not {n}", SPLIT)


def draw_territory(b: Board, entry: Mapping[str, Any]) -> str | None:
    """The territory whose group a placement draws from (notes 13): the attacked one for a
    defender, the launch territory for an invader or a helper."""
    if entry.get("side") == "defend" and entry.get("area") in b.s["areas"]:
        return b.territory_of(str(entry["area"])).id
    launch = entry.get("from")
    return str(launch) if launch is not None else None


# ------------------------------------------------------------------ holders change


def set_holder(b: Board, area: str, new: str | None) -> None:
    """Give ``area`` to ``new``, then re-form the groups of both leaders concerned."""
    old = b.holder(area)
    before = {r: set(b.territories_touched(r)) for r in (old, new) if b.is_human(r)}
    b.s["areas"][area]["holder"] = new
    for role, touched in before.items():
        regroup(b, role, touched)


def groups(b: Board, role: str) -> list[list[str]]:
    """``role``'s territories joined by borders, each group in the data's order."""
    touched = b.territories_touched(role)
    left, out = set(touched), []
    for start in touched:
        if start not in left:
            continue
        seen, todo = {start}, [start]
        while todo:
            for n in b.neighbours(todo.pop()):
                if n in left and n not in seen:
                    seen.add(n)
                    todo.append(n)
        left -= seen
        out.append([t for t in touched if t in seen])
    return out


def _areas(b: Board, role: str, territories: list[str]) -> int:
    return sum(1 for t in territories for a in b.territory(t).area_ids()
               if b.holder(a) == role)


def _empty(b: Board) -> Pool:
    return {"gold": 0, "units": {k: 0 for k in b.data.armies}, "generals": []}


def _add(into: Pool, share: Pool) -> None:
    into["gold"] += share["gold"]
    for kind, n in share["units"].items():
        into["units"][kind] = into["units"].get(kind, 0) + n
    into["generals"] += share["generals"]


def divide(b: Board, role: str, whole: Pool, sizes: list[int]) -> list[Pool]:
    """Share ``whole`` among pieces of ``sizes`` areas, the largest first (notes 59):
    ``by-areas`` in proportion, rounded down, the rest to the first, generals dealt in
    turn from the first (the leader, then by leadership); ``largest``: all to the first."""
    shares = [_empty(b) for _ in sizes]
    if b.s["orders"].get(role, {}).get("split", "by-areas") == "largest":
        _add(shares[0], whole)
        return shares
    total = sum(sizes) or 1
    for key in ("gold", *whole["units"]):
        amount = whole["gold"] if key == "gold" else int(whole["units"][key])
        cut = [amount * n // total for n in sizes]
        cut[0] += amount - sum(cut)
        for share, n in zip(shares, cut, strict=True):
            if key == "gold":
                share["gold"] = n
            else:
                share["units"][key] = n
    leader = b.realm(role).get("leader")
    home = [g for g in whole["generals"] if b.general_state(g)["status"] in HOME
            and b.general_state(g).get("at") is None]
    away = [g for g in whole["generals"] if g not in home]
    home.sort(key=lambda g: (g != leader, -b.general(g).leadership))
    for i, gid in enumerate(home):
        shares[i % len(shares)]["generals"].append(gid)
    shares[0]["generals"] += away
    return shares


def _take(b: Board, role: str) -> list[tuple[set[str], Pool]]:
    """Every pool of ``role`` emptied into plain records (the main one first)."""
    realm = b.realm(role)
    listed = {g for p in parts_of(b, role) for g in p["generals"]}
    mine = [g for g, f in b.s["generals"].items() if f["employer"] == role]
    main = {"gold": int(realm["gold"]), "units": dict(realm["units"]),
            "generals": [g for g in mine if g not in listed]}
    out: list[tuple[set[str], Pool]] = [(set(), main)]
    for part in parts_of(b, role):
        out.append((set(part["territories"]),
                    {"gold": int(part["gold"]), "units": dict(part["units"]),
                     "generals": [g for g in part["generals"] if g in mine]}))
    return out


def regroup(b: Board, role: str, before: set[str]) -> None:
    """Re-form ``role``'s pools after areas changed hands (notes 13, 59): a pool whose
    group fell apart is divided, groups that touch again merge, a group without a pool
    gets a bare one. Gold and units are conserved."""
    comps = groups(b, role)
    if not parts_of(b, role) and len(comps) <= 1:
        return
    pools = _take(b, role)
    pools[0] = (before - set().union(*(t for t, _ in pools[1:])), pools[0][1])
    size = [_areas(b, role, c) for c in comps]
    where = {t: i for i, c in enumerate(comps) for t in c}
    pieces: dict[int, Pool] = {}
    sources: dict[int, int] = {}
    main_at: int | None = None
    lost: list[Pool] = []
    for k, (old, whole) in enumerate(pools):
        targets = sorted({where[t] for t in old if t in where}, key=lambda i: (-size[i], i))
        if not targets:
            lost.append(whole)
            continue
        if len(targets) > 1:
            b.note(f"{b.name(role)}'s realm is cut in {len(targets)}: "
                   + "; ".join(", ".join(b.territory(t).name for t in comps[i])
                               for i in targets)
                   + f" (split: {b.s['orders'].get(role, {}).get('split', 'by-areas')})",
                   SPLIT)
        for i, share in zip(targets, divide(b, role, whole, [size[i] for i in targets]),
                            strict=True):
            _add(pieces.setdefault(i, _empty(b)), share)
            sources[i] = sources.get(i, 0) + 1
        main_at = targets[0] if k == 0 else main_at
    if main_at is None and comps:
        main_at = min(range(len(comps)), key=lambda i: (-size[i], i))
    for i, n in sources.items():
        if n > 1:
            b.note(f"{b.name(role)}'s parts around {b.territory(comps[i][0]).name} join "
                   "again: their pools merge", SPLIT)
    realm = b.realm(role)
    if main_at is None:
        whole = _empty(b)
        for p in [*pieces.values(), *lost]:
            _add(whole, p)
        realm.update(gold=whole["gold"], units=whole["units"])
        realm.pop("parts", None)
        return
    for p in lost:
        _add(pieces.setdefault(main_at, _empty(b)), p)
    main = pieces.setdefault(main_at, _empty(b))
    realm.update(gold=main["gold"], units=main["units"])
    parts = [{"territories": comps[i], **pieces.get(i, _empty(b))}
             for i in range(len(comps)) if i != main_at]
    if parts:
        realm["parts"] = parts
    else:
        realm.pop("parts", None)


def describe(b: Board, role: str) -> list[str]:
    """One line per detached part, for the text picture."""
    lines = []
    for part in parts_of(b, role):
        units = ", ".join(f"{n} {k}" for k, n in part["units"].items() if n) or "no units"
        gens = ", ".join(b.name(g) for g in part["generals"]
                         if g in b.generals_of(role, HOME)) or "no generals"
        where = ", ".join(b.territory(t).name for t in part["territories"])
        lines.append(f"  part cut off ({where}): {part['gold']} gold, {units}; {gens}")
    return lines
