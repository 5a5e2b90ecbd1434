"""Checks of the Chronicles data as a whole: the text's counts, references between
sections, the map's borders, and who holds what at the start.

Each check raises :class:`~.records.ChroniclesDataError` naming the file, the record and
the field at fault (``leaders.yaml: leaders[2].start.areas[0]: ...``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from pbem.games.chronicles.records import FREE, ChroniclesDataError
from pbem.games.chronicles.specs import FILE_OF, RULES

COUNTS = {"territories": 20, "events": 10, "disasters": 7, "stratagems": 13, "actions": 7,
          "objects": 7, "leaders": 7}
"""Records per section, as the text states them (L51, L263, L330-411, L647-748, L110,
L134, L33)."""
NON_HUMAN_ROWS = 14
"""Rows of the Non-Human Player Armies table (L1258-1620); rows whose ``armies`` are
marked reconstructed (leaders the table has no row for, notes 55) come on top."""
PLAYER_CARDS = 50  # L58
OBJECTS = 14  # L134
BAD_LUCK = 32  # errata 6
NUMBERED_GENERALS = 28  # L396
ROLLS = tuple(range(2, 13))

Data = Mapping[str, Mapping[str, Any]]
Origin = Mapping[tuple[str, str], tuple[str, str]]


class Cross:
    """The whole data and where each record came from, for errors naming the field."""

    def __init__(self, data: Data, origin: Origin, files: Mapping[str, str]) -> None:
        self.data = data
        self.origin = origin
        self.files = files

    def fail(self, section: str, rid: str | None, field: str, message: str) -> None:
        if rid is None:
            where = f"{self.files[section]}: {section}"
        else:
            label, at = self.origin[(section, rid)]
            where = f"{label}: {at}"
        raise ChroniclesDataError(f"{where}{'.' + field if field else ''}: {message}")

    def owners(self, section: str) -> bool:
        """Do the section's records come from an owner's file?"""
        return self.files[section] != FILE_OF[section]

    def pick(self, *candidates: tuple[str, str]) -> tuple[str, str]:
        """Of records that clash, the one to name: the first from an owner's file, else
        the last."""
        for section, rid in candidates:
            if self.origin[(section, rid)][0] != FILE_OF[section]:
                return section, rid
        return candidates[-1]

    def each(self, section: str) -> Iterable[Any]:
        return self.data[section].values()

    def refs(self, section: str, rid: str, items: Iterable[tuple[str, Any]],
             known: Iterable[Any], what: str) -> None:
        """Each ``(field, reference)`` of ``items`` must be in ``known``."""
        pool = set(known)
        for field, ref in items:
            if ref not in pool:
                self.fail(section, rid, field, f"{ref!r} is not {what}")


def listed(field: str, ids: Iterable[Any]) -> list[tuple[str, Any]]:
    """The items of a list field with their paths: ``[("doubles[0]", "ambush"), ...]``."""
    return [(f"{field}[{i}]", ref) for i, ref in enumerate(ids)]


def keyed(field: str, keys: Iterable[Any]) -> list[tuple[str, Any]]:
    """The keys of a mapping field with their paths: ``[("start.armies.infantry", ...)]``."""
    return [(f"{field}.{key}", key) for key in keys]


def check(data: Data, origin: Origin, files: Mapping[str, str]) -> None:
    """Every check, in the order an owner would want to hear of a problem."""
    cx = Cross(data, origin, files)
    _counts(cx)
    _map(cx)
    _cards(cx)
    _generals(cx)
    _counters(cx)
    _leaders(cx)
    _start(cx)
    _tables(cx)


def _counts(cx: Cross) -> None:
    for section, n in COUNTS.items():
        if len(cx.data[section]) != n:
            cx.fail(section, None, "", f"{n} records needed, not {len(cx.data[section])}")
    rows = sum(1 for nh in cx.each("non_human") if not nh.marked("armies"))
    if rows != NON_HUMAN_ROWS:
        cx.fail("non_human", None, "", f"the armies table's {NON_HUMAN_ROWS} rows needed "
                                       f"(rows whose armies are not reconstructed), not {rows}")
    cards = ("events", "disasters", "stratagems")
    copies = sum(c.copies for s in cards for c in cx.each(s))
    if copies != PLAYER_CARDS:
        section = next((s for s in cards if cx.owners(s)), cards[0])
        cx.fail(section, None, "", f"the player cards' copies ({', '.join(cards)}) must add "
                                   f"up to {PLAYER_CARDS}, not {copies}")
    objects = sum(o.count for o in cx.each("objects"))
    if objects != OBJECTS:
        cx.fail("objects", None, "", f"the objects' counts must add up to {OBJECTS}, "
                                     f"not {objects}")
    missing = sorted(set(RULES) - set(cx.data["rules"]))
    if missing:
        cx.fail("rules", None, "", f"the rule {missing[0]!r} is missing")


def _map(cx: Cross) -> None:
    numbers: dict[int, str] = {}
    areas: dict[str, str] = {}
    for t in cx.each("territories"):
        if t.number in numbers:
            _, rid = cx.pick(("territories", numbers[t.number]), ("territories", t.id))
            other = numbers[t.number] if rid == t.id else t.id
            cx.fail("territories", rid, "number", f"{t.number} is also {other!r}")
        numbers[t.number] = t.id
        sides = Counter(a.side for a in t.areas)
        for i, a in enumerate(t.areas):
            if a.id in areas:
                _, rid = cx.pick(("territories", areas[a.id]), ("territories", t.id))
                other = areas[a.id] if rid == t.id else t.id
                at = [x.id for x in cx.data["territories"][rid].areas].index(a.id)
                cx.fail("territories", rid, f"areas[{at}].id",
                        f"{a.id!r} is also an area of {other!r}")
            areas[a.id] = t.id
            if sides[a.side] > 1:
                cx.fail("territories", t.id, f"areas[{i}].side", f"two areas are {a.side}")
            if a.id in a.entry_from:
                cx.fail("territories", t.id, f"areas[{i}].entry_from", "names the area itself")
            cx.refs("territories", t.id, listed(f"areas[{i}].entry_from", a.entry_from),
                    (o.id for o in t.areas), f"another area of {t.id!r}")
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        cx.fail("territories", None, "", "the territories must be numbered 1 to "
                                         f"{len(numbers)}, each once")
    pairs: set[tuple[int, int]] = set()
    for b in cx.each("borders"):
        low, high = b.between
        if b.id != f"{low}-{high}" or low == high:
            cx.fail("borders", b.id, "id", f"must be the two numbers, lower first "
                                           f"('{low}-{high}'), of two territories")
        for n in b.between:
            if n not in numbers:
                cx.fail("borders", b.id, "between", f"{n} is not a territory's number")
        if b.between in pairs:
            cx.fail("borders", b.id, "between", "this border is given twice")
        pairs.add(b.between)
        for i, (src, dst) in enumerate(b.no_invasion):
            ends = {areas.get(src), areas.get(dst)}
            if ends != {numbers[low], numbers[high]}:
                cx.fail("borders", b.id, f"no_invasion[{i}]", "must be an area of each "
                        f"territory of the border ({numbers[low]}, {numbers[high]})")
    _connected(cx, numbers, pairs)


def _connected(cx: Cross, numbers: Mapping[int, str], pairs: set[tuple[int, int]]) -> None:
    """The borders are undirected pairs, so adjacency is symmetric; all must connect."""
    graph: dict[int, set[int]] = {n: set() for n in numbers}
    for a, b in pairs:
        graph[a].add(b)
        graph[b].add(a)
    seen, todo = {1}, [1]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    alone = sorted(set(numbers) - seen)
    if alone:
        cx.fail("borders", None, "", f"territory {alone[0]} cannot be reached from "
                                     "territory 1 across the borders")


def _cards(cx: Cross) -> None:
    territories = cx.data["territories"]
    if set(cx.data["territory_cards"]) != set(territories):
        extra = sorted(set(cx.data["territory_cards"]) ^ set(territories))[0]
        cx.fail("territory_cards", None, "", f"one card per territory, by its id: "
                                             f"{extra!r} is not matched")
    generals = set(cx.data["generals"])
    for c in cx.each("territory_cards"):
        own = [a.id for a in territories[c.id].areas]
        if [a.id for a in c.areas] != own:
            cx.fail("territory_cards", c.id, "areas", f"must be the territory's areas in "
                                                      f"order ({', '.join(own)})")
        cx.refs("territory_cards", c.id, listed("invasion_void_with", c.invasion_void_with),
                generals, "a general")
        if c.invasion_void_with and not c.shows("invasion"):
            cx.fail("territory_cards", c.id, "invasion_void_with",
                    "voids an invasion icon the card does not show")
    leaders = {g.id for g in cx.each("generals") if g.leader}
    numbers = {t.number for t in territories.values()}
    for e in cx.each("events"):
        drawer = e.drawer
        held = drawer.removeprefix("holder-of-territory-")
        if drawer != "any" and drawer not in leaders and not (
                held != drawer and held.isdigit() and int(held) in numbers):
            cx.fail("events", e.id, "drawer", f"must be any, a leader or "
                                              f"holder-of-territory-<n>, not {drawer!r}")
        single = [(f"params.{key}", e.params[key]) for key in
                  ("target", "attacker", "successor", "joins") if key in e.params]
        cx.refs("events", e.id, single, generals, "a general")
        removes = e.params.get("removes", ())
        cx.refs("events", e.id, listed("params.removes", removes), generals, "a general")
        if "years" in e.params and len(e.params["years"]) != len(removes):
            cx.fail("events", e.id, "params.years", "needs one year per general removed")
    for section in ("events", "stratagems"):
        got = sorted(c.number for c in cx.each(section))
        if got != list(range(1, len(got) + 1)):
            cx.fail(section, None, "", f"the {section} must be numbered 1 to {len(got)}")
    stratagems = set(cx.data["stratagems"])
    for s in cx.each("stratagems"):
        cx.refs("stratagems", s.id, listed("doubles", s.doubles), stratagems, "a stratagem")
        cx.refs("stratagems", s.id, listed("named_generals", s.named_generals), generals,
                "a general")
        if bool(s.doubles) != ("stratagems" in s.targets):
            cx.fail("stratagems", s.id, "doubles", "a card doubles other stratagems exactly "
                                                   "when its targets name stratagems")
    for d in cx.each("disasters"):
        if (d.effect == "war") != (d.strength_dice is not None):
            cx.fail("disasters", d.id, "strength_dice", "a war disaster has a strength in "
                                                        "dice, and only a war disaster")


def _generals(cx: Cross) -> None:
    leaders = {g.id for g in cx.each("generals") if g.leader}
    numbers: dict[int, str] = {}
    for g in cx.each("generals"):
        if g.leader and g.employer != g.id:
            cx.fail("generals", g.id, "employer", "a leader's counter is his own")
        if g.employer != FREE and g.employer not in leaders:
            cx.fail("generals", g.id, "employer", f"must be free or a leader, "
                                                  f"not {g.employer!r}")
        if (g.number is None) != (g.death_year is None):
            cx.fail("generals", g.id, "number" if g.number is None else "death_year",
                    "a general number and a year of death go together")
        if g.number is not None:
            if g.number in numbers:
                _, rid = cx.pick(("generals", numbers[g.number]), ("generals", g.id))
                other = numbers[g.number] if rid == g.id else g.id
                cx.fail("generals", rid, "number", f"{g.number} is also {other!r}")
            numbers[g.number] = g.id
        if g.exclusive_to is not None and g.exclusive_to not in leaders:
            cx.fail("generals", g.id, "exclusive_to", f"{g.exclusive_to!r} is not a leader")
    if sorted(numbers) != list(range(1, NUMBERED_GENERALS + 1)):
        cx.fail("generals", None, "", f"the general numbers must be 1 to "
                                      f"{NUMBERED_GENERALS}, each once (L396)")


def _counters(cx: Cross) -> None:
    for a in cx.each("armies"):
        if (a.type == "infantry") != (a.level is None):
            cx.fail("armies", a.id, "level", "cavalry and naval have a level, infantry none")
    rows = {nh.leader for nh in cx.each("non_human") if nh.stands_for is None}
    for o in cx.each("objects"):
        if o.starts_with is not None and o.starts_with not in rows:
            cx.fail("objects", o.id, "starts_with", f"{o.starts_with!r} is not the leader of "
                                                    "a non-human row")
    bad = cx.data["randomizers"].get("bad-luck")
    if bad is None:
        cx.fail("randomizers", None, "", "the bad-luck counters are missing")
    else:
        total = bad.numbers[1] - bad.numbers[0] + 1 + sum(bad.extra.values())
        if (bad.numbers[0], bad.numbers[1]) != (1, NUMBERED_GENERALS) or total != bad.count \
                or bad.count != BAD_LUCK:
            cx.fail("randomizers", "bad-luck", "count", f"must be {BAD_LUCK}: 1 to "
                    f"{NUMBERED_GENERALS} and the extra faces (errata 6)")


def _leaders(cx: Cross) -> None:
    generals = cx.data["generals"]
    leaders = {g.id for g in generals.values() if g.leader}
    areas = {a.id: t.number for t in cx.each("territories") for a in t.areas}
    numbers = set(areas.values())
    colours: dict[str, str] = {}
    for ld in cx.each("leaders"):
        if ld.id not in leaders:
            cx.fail("leaders", ld.id, "id", "must be the id of a leader's general counter")
        if ld.colour in colours:
            _, rid = cx.pick(("leaders", colours[ld.colour]), ("leaders", ld.id))
            other = colours[ld.colour] if rid == ld.id else ld.id
            cx.fail("leaders", rid, "colour", f"{ld.colour!r} is also the colour of {other!r}")
        colours[ld.colour] = ld.id
        _holdings(cx, "leaders", ld.id, "start.", ld.start.territories, ld.start.areas,
                  numbers, areas)
        cx.refs("leaders", ld.id, keyed("start.armies", ld.start.armies), cx.data["armies"],
                "an army kind")
        cx.refs("leaders", ld.id, keyed("relations", ld.relations), leaders - {ld.id},
                "another leader")
        cx.refs("leaders", ld.id, listed("special_events", ld.special_events),
                cx.data["events"], "an event")
    for nh in cx.each("non_human"):
        if nh.leader is not None and nh.leader not in leaders:
            cx.fail("non_human", nh.id, "leader", f"{nh.leader!r} is not a leader")
        if nh.stands_for is not None and nh.stands_for not in cx.data["leaders"]:
            cx.fail("non_human", nh.id, "stands_for", f"{nh.stands_for!r} is not a leader "
                                                      "of leaders.yaml")
        _holdings(cx, "non_human", nh.id, "", nh.territories, nh.areas, numbers, areas)
        cx.refs("non_human", nh.id, listed("objects", nh.objects), cx.data["objects"],
                "an object")
        starts = sorted(o.id for o in cx.each("objects")
                        if nh.leader is not None and o.starts_with == nh.leader)
        if nh.stands_for is None and sorted(nh.objects) != starts:
            cx.fail("non_human", nh.id, "objects", f"must be the objects that start with "
                    f"{nh.leader!r} (objects.yaml starts_with: {', '.join(starts) or 'none'})")


def _holdings(cx: Cross, section: str, rid: str, prefix: str, territories: Iterable[int],
              held: Iterable[str], numbers: set[int], areas: Mapping[str, int]) -> None:
    whole = set(territories)
    cx.refs(section, rid, listed(f"{prefix}territories", territories), numbers,
            "a territory's number")
    for i, a in enumerate(held):
        if a not in areas:
            cx.fail(section, rid, f"{prefix}areas[{i}]", f"{a!r} is not an area of the map")
        if areas[a] in whole:
            cx.fail(section, rid, f"{prefix}areas[{i}]", f"{a!r} is in a territory held whole")


def _start(cx: Cross) -> None:
    """Each area has exactly one holder at the start: a leader with a table, or a
    non-human row that stands for nobody; a leader without one starts as his row."""
    holder: dict[str, tuple[str, str, str]] = {}  # area -> section, record, field
    territories = {t.number: t for t in cx.each("territories")}
    starters = [("leaders", ld.id, "start.", ld.start.territories, ld.start.areas)
                for ld in cx.each("leaders") if ld.table]
    starters += [("non_human", nh.id, "", nh.territories, nh.areas)
                 for nh in cx.each("non_human") if nh.stands_for is None]
    for section, rid, prefix, whole, held in starters:
        claims = [(a.id, f"{prefix}territories") for n in whole for a in territories[n].areas]
        claims += [(a, f"{prefix}areas") for a in held]
        for area, field in claims:
            if area in holder:
                first = holder[area]
                blame = cx.pick(first[:2], (section, rid))
                other, at = (first[1], field) if blame == (section, rid) else (rid, first[2])
                cx.fail(blame[0], blame[1], at, f"holds {area!r} at the start, as "
                                                f"{other!r} does")
            holder[area] = (section, rid, field)
    free = [a.id for t in territories.values() for a in t.areas if a.id not in holder]
    if free:
        cx.fail("non_human", None, "", f"nobody holds {free[0]!r} at the start")
    rows = {nh.leader: nh for nh in cx.each("non_human") if nh.stands_for is None}
    for ld in cx.each("leaders"):
        row = rows.get(ld.id)
        if not ld.table and (row is None or (set(row.territories), set(row.areas)) != (
                set(ld.start.territories), set(ld.start.areas))):
            cx.fail("leaders", ld.id, "start", "a leader without a table starts with the "
                                               "holdings of his non-human row")


def _tables(cx: Cross) -> None:
    rules = cx.data["rules"]
    if set(cx.data["terrain"]) != set(cx.data["armies"]):
        cx.fail("terrain", None, "", "one row per army kind, by its id")
    for section, field, columns in (("battle_outcome", "cells", "battle-ratios"),
                                    ("morale", "losses", "morale-leadership")):
        rows = sorted(row.roll for row in cx.each(section))
        if tuple(rows) != ROLLS:
            cx.fail(section, None, "", "one row for each roll from 2 to 12")
        width = len(rules[columns].value)
        for row in cx.each(section):
            if len(getattr(row, field)) != width:
                cx.fail(section, row.id, field, f"needs {width} entries, one per column of "
                                                f"the rule {columns!r}")
    tests = rules["vanguard-test-rolls"].value
    for row in cx.each("battle_outcome"):
        due = [side for side in ("invader", "defender") if row.roll in tests.get(side, ())]
        if due != ([row.vanguard_test] if row.vanguard_test else []):
            cx.fail("battle_outcome", row.id, "vanguard_test", f"must be "
                    f"{due[0] if due else 'none'} on a roll of {row.roll}, as the rule "
                    "'vanguard-test-rolls' says")
    seen: dict[str, int] = {}
    for count, ids in sorted(rules["line-ups"].value.items(), key=lambda kv: int(kv[0])):
        for i, leader in enumerate(ids):
            if leader not in cx.data["leaders"]:
                cx.fail("rules", "line-ups", f"value.{count}[{i}]",
                        f"{leader!r} is not a leader of leaders.yaml")
            if leader in seen:
                cx.fail("rules", "line-ups", f"value.{count}[{i}]",
                        f"{leader!r} already joins at {seen[leader]}")
            seen[leader] = int(count)
