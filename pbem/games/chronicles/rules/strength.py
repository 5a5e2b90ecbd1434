"""10.2 and 10.3 point 5: the shapes of a battle being fought, unit values, total military
strength, the ratio column (notes 33), and which units a side loses (notes 31, 35).

A battle in progress is a :class:`Fight`: two :class:`Side` objects whose units are single
:class:`Unit` tokens, each with its contributor and its place (``out``: fighting outside;
``in``: in the city; ``reserve``: behind a pass's walls beyond its capacity, notes 42).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.wording import counted

KIND_ORDER = ("infantry", "cavalry", "naval")
ABILITIES = ("intelligence", "leadership", "combat", "eloquence")


@dataclass
class Unit:
    owner: int
    """Index of the contributor in :attr:`Side.contributors`."""
    kind: str
    place: str = "out"


@dataclass
class Contributor:
    who: str
    force: dict[str, Any] | None = None
    """The battle's force record this comes from (None: a non-human's own armies, an
    event's force)."""
    home: str = "pool"
    """Where survivors go: ``pool`` (a realm's), ``area`` (a non-human's armies), ``none``."""
    order: Any = "weakest-here"


@dataclass
class Side:
    main: str | None
    role: str
    contributors: list[Contributor] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)
    generals: list[str] = field(default_factory=list)
    took_part: list[str] = field(default_factory=list)
    commander: str | None = None
    vanguard: str | None = None
    advisor: str | None = None
    plan: dict[str, Any] = field(default_factory=dict)
    scripted: bool = False
    launch: str | None = None
    lost: list[tuple[int, str]] = field(default_factory=list)
    gone: list[tuple[int, str]] = field(default_factory=list)
    lost_total: int = 0
    leadership_malus: int = 0
    fake_army: bool = False
    must_retreat: bool = False


@dataclass
class Fight:
    battle: dict[str, Any]
    area: str
    territory: str
    terrain: str
    inv: Side
    dfd: Side
    mode: str = "field"
    """``field`` (outside the city) or ``city``."""
    city_chosen: bool = False
    swapped: bool = False
    round_no: int = 0
    capacity: int = 0
    is_pass: bool = False
    winner: str | None = None
    """``invader``, ``defender`` or None (no winner)."""
    how: str = ""
    automatic_first: bool = False
    attacked: bool = False
    """The invader chose to attack the city (point 3) in this battle phase."""
    retreated: str | None = None
    cards: dict[str, Any] = field(default_factory=dict)

    def other(self, side: Side) -> Side:
        return self.dfd if side is self.inv else self.inv


# ------------------------------------------------------------------ generals


def ability(b: Board, gid: str | None, name: str) -> int:
    """A general's ability; a missing role counts 6 (10.3, 15.0 point 6)."""
    if gid is None:
        return int(b.data.rule("missing-ability"))
    return int(getattr(b.general(gid), name))


def best_intelligence(b: Board, side: Side) -> tuple[int, str | None]:
    """The side's best intelligence of commander and advisor (errata 11), and whose."""
    options = [(ability(b, side.commander, "intelligence"), side.commander)]
    if side.advisor is not None:
        options.append((ability(b, side.advisor, "intelligence"), side.advisor))
    return max(options, key=lambda o: o[0])


def leadership(b: Board, side: Side) -> int:
    """The commander's leadership as it counts now (boost morale: 3 lower, notes 40)."""
    return ability(b, side.commander, "leadership") - side.leadership_malus


def choose_roles(b: Board, side: Side) -> None:
    """Commander, vanguard and advisor: the plan's named generals, else notes 48 / 54."""
    pool = [g for g in side.generals if b.general_state(g)["status"] == "ready"]
    named = side.plan.get("roles") or {}
    chosen: dict[str, str | None] = {}
    for role in ("commander", "vanguard", "advisor"):
        gid = named.get(role)
        if gid in pool and gid not in chosen.values():
            chosen[role] = gid
    rest = [g for g in pool if g not in chosen.values()]
    if "commander" not in chosen:
        chosen["commander"] = _best(b, rest, "leadership")
        rest = [g for g in rest if g != chosen["commander"]]
    if "vanguard" not in chosen:
        chosen["vanguard"] = _best(b, rest, "combat")
        rest = [g for g in rest if g != chosen["vanguard"]]
    if "advisor" not in chosen:
        adv = _best(b, rest, "intelligence")
        if adv is not None and ability(b, adv, "intelligence") > ability(
                b, chosen["commander"], "intelligence"):
            chosen["advisor"] = adv
        else:
            chosen["advisor"] = None
    side.commander, side.vanguard, side.advisor = (chosen["commander"], chosen["vanguard"],
                                                   chosen["advisor"])


def _best(b: Board, gids: list[str], name: str) -> str | None:
    best: str | None = None
    for g in gids:
        if best is None or ability(b, g, name) > ability(b, best, name):
            best = g
    return best


def roles_text(b: Board, side: Side) -> str:
    def one(gid: str | None) -> str:
        if gid is None:
            return "none (6s)"
        g = b.general(gid)
        return (f"{g.name} (I{g.intelligence} L{g.leadership} C{g.combat} "
                f"E{g.eloquence})")
    text = f"commander {one(side.commander)}, vanguard {one(side.vanguard)}"
    if side.advisor is not None:
        text += f", advisor {one(side.advisor)}"
    return text


# ------------------------------------------------------------------ values


def kind_type(b: Board, kind: str) -> str:
    return str(b.data.armies[kind].type)


def unit_value(b: Board, f: Fight, side: Side, unit: Unit) -> int:
    """One unit's strength here: terrain column, or the city column; summer cavalry -1,
    never below 1 (10.2)."""
    row = b.data.terrain[unit.kind]
    if f.mode == "city":
        value = row.city_defence if side is f.dfd else row.city_attack
    else:
        value = getattr(row, f.terrain)
    if b.season == "summer" and kind_type(b, unit.kind) == "cavalry":
        value = max(1, value + int(b.data.rule("summer-cavalry")))
    return int(value)


def fighting(f: Fight, side: Side) -> list[Unit]:
    """The side's units that fight this battle round."""
    if side is f.dfd and f.mode == "city":
        return [u for u in side.units if u.place == "in"]
    return [u for u in side.units if u.place == "out"]


def north_south(b: Board, f: Fight) -> bool:
    """A northern invader attacking the south in summer (10.2 note, notes 30)."""
    if b.season != "summer" or f.inv.launch is None:
        return False
    return (b.territory(f.inv.launch).half == "north"
            and b.territory(f.territory).half == "south")


def base_strength(b: Board, f: Fight, side: Side) -> Fraction:
    """The sum of the side's fighting units (0 with none), halved for a northern invader
    in a summer attack on the south."""
    total = Fraction(sum(unit_value(b, f, side, u) for u in fighting(f, side)))
    if side is f.inv and north_south(b, f):
        total /= int(b.data.rule("north-south-divisor"))
    return total


def totals(b: Board, f: Fight, mults: dict[str, Fraction], log: bool = True
           ) -> tuple[Fraction, Fraction]:
    """Total strengths (10.3 point 5, notes 39): sums, multipliers, vanguards, city."""
    out: dict[str, Fraction] = {}
    parts: dict[str, str] = {}
    for name, side in (("invader", f.inv), ("defender", f.dfd)):
        s = base_strength(b, f, side)
        text = f"{s}"
        m = mults.get(name, Fraction(1))
        if m != 1:
            s *= m
            text += f" x{m}"
        out[name], parts[name] = s, text
    vi, vd = ability(b, f.inv.vanguard, "combat"), ability(b, f.dfd.vanguard, "combat")
    if vi > vd:
        out["invader"] += vi - vd
        parts["invader"] += f" + {vi - vd} (vanguard)"
    elif vd > vi:
        out["defender"] += vd - vi
        parts["defender"] += f" + {vd - vi} (vanguard)"
    if f.mode == "city":
        value = int(b.s["areas"][f.area]["defence"])
        out["defender"] += value
        parts["defender"] += f" + {value} (city)"
    if log:
        b.note(f"strength: {b.name(f.inv.main)} {parts['invader']} = {_fmt(out['invader'])}"
               f"; {b.name(f.dfd.main)} {parts['defender']} = {_fmt(out['defender'])}",
               "s10.3.5.sum")
    return out["invader"], out["defender"]


def _fmt(x: Fraction) -> str:
    return str(x) if x.denominator == 1 else f"{x} ({float(x):.2f})"


# ------------------------------------------------------------------ ratio


def _ratio_value(label: Any) -> Fraction:
    """A ratio given as ``"3:2"`` or as the data's pair of numbers."""
    left, right = str(label).split(":") if isinstance(label, str) else label
    return Fraction(left) / Fraction(right)


def column(b: Board, inv: Fraction, dfd: Fraction) -> int | str:
    """The Battle Outcome Table column for these strengths (notes 33), or ``invader`` /
    ``defender`` for an automatic victory (5:1, 1:5)."""
    if dfd <= 0 and inv <= 0:
        return "defender"
    if dfd <= 0:
        return "invader"
    if inv <= 0:
        return "defender"
    ratio = inv / dfd
    high, low = (_ratio_value(x) for x in b.data.rule("automatic-ratio"))
    if ratio >= high:
        return "invader"
    if ratio <= low:
        return "defender"
    labels = list(b.data.rule("battle-ratios"))
    values = [_ratio_value(x) for x in labels]
    if ratio >= 1:
        candidates = [i for i, v in enumerate(values) if v >= 1]
        target = ratio
        key = values
    else:
        candidates = [i for i, v in enumerate(values) if v < 1]
        target = 1 / ratio
        key = [1 / v for v in values]
    # nearest; halfway: the column better for the defender (the lower index)
    return min(candidates, key=lambda i: (abs(key[i] - target), i))


def column_label(b: Board, col: int) -> str:
    """``"1.5:1"`` for a column."""
    return column_labels(b)[col]


def column_labels(b: Board) -> tuple[str, ...]:
    """Every column's label, in the table's order."""
    return _labels(tuple(p if isinstance(p, str) else tuple(p)
                         for p in b.data.rule("battle-ratios")))


@lru_cache(maxsize=8)
def _labels(pairs: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple(p if isinstance(p, str) else ":".join(f"{float(x):g}" for x in p)
                 for p in pairs)


# ------------------------------------------------------------------ losses


def loss_key(b: Board, f: Fight, side: Side, unit: Unit) -> tuple[Any, ...]:
    """Sort key of a unit by its owner's loss order (notes 35): lowest goes first."""
    order = side.contributors[unit.owner].order or "weakest-here"
    army = b.data.armies[unit.kind]
    type_rank = KIND_ORDER.index(army.type) if army.type in KIND_ORDER else 9
    if isinstance(order, list | tuple):
        rank = order.index(unit.kind) if unit.kind in order else len(order)
        return (rank, army.recruit_cost, type_rank)
    if order == "cheapest":
        return (army.recruit_cost, type_rank, -(army.level or 0))
    return (unit_value(b, f, side, unit), army.recruit_cost, type_rank)


def _pick_owner(b: Board, side: Side, units: list[Unit]) -> int:
    """The contributor losing the next unit: most units standing, ties to the main player
    then the round seat order (notes 31)."""
    counts: dict[int, int] = {}
    for u in units:
        counts[u.owner] = counts.get(u.owner, 0) + 1
    seats = b.round_order()

    def rank(i: int) -> tuple[int, int, int]:
        who = side.contributors[i].who
        main = 0 if who == side.main else 1
        seat = seats.index(who) if who in seats else len(seats)
        return (-counts[i], main, seat)
    return min(counts, key=rank)


def take_losses(b: Board, f: Fight, side: Side, n: int, why: str, rule: str,
                among: list[Unit] | None = None, for_good: bool = False) -> int:
    """Remove up to ``n`` units of ``side`` (from ``among``, default its fighting units);
    returns how many were lost. Logged per kind."""
    pool = list(among if among is not None else fighting(f, side))
    lost: dict[str, int] = {}
    count = 0
    while count < n and pool:
        owner = _pick_owner(b, side, pool)
        mine = [u for u in pool if u.owner == owner]
        unit = min(mine, key=lambda u: loss_key(b, f, side, u))
        pool.remove(unit)
        side.units.remove(unit)
        (side.gone if for_good else side.lost).append((unit.owner, unit.kind))
        side.lost_total += 1
        lost[unit.kind] = lost.get(unit.kind, 0) + 1
        count += 1
    if count:
        what = ", ".join(f"{k} {v}" for k, v in lost.items())
        b.note(f"{b.name(side.main)} loses {counted(count, 'unit')} ({why}): {what}", rule)
    refill(f, side)
    return count


def refill(f: Fight, side: Side) -> None:
    """A pass refills its garrison from the units behind its walls (notes 42)."""
    if side is not f.dfd:
        return
    reserve = [u for u in side.units if u.place == "reserve"]
    inside = sum(1 for u in side.units if u.place == "in")
    while reserve and inside < f.capacity:
        reserve.pop(0).place = "in"
        inside += 1


def standing(side: Side) -> int:
    return len(side.units)


def units_of(side: Side, owner: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in side.units:
        if u.owner == owner:
            out[u.kind] = out.get(u.kind, 0) + 1
    return out
