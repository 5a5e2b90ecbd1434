"""Phase 1, collect tax (4.1 phase 1, 5.0), and the maintenance of engaged units (6.0).

:func:`collect` runs in spring, never in Spring 196 (notes 12): income (notes 14),
yearly maintenance with economic collapse (notes 11), Ma Teng's free maintenance (18.0
point 2, notes 56), then the loans due (notes 21). :func:`engaged_maintenance` runs at the
start of phase 2: units standing in a battle carried over pay again, outside spring.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import exile, parts

# notes 11: `costly-first` dissolves level 2 before level 1, naval before cavalry, infantry
# last; `infantry-first` takes infantry first, then the others in the same order.
COSTLY_FIRST = ("naval-2", "cavalry-2", "naval-1", "cavalry-1", "infantry")
INFANTRY_FIRST = ("infantry", "naval-2", "cavalry-2", "naval-1", "cavalry-1")
ORDERS = {"costly-first": COSTLY_FIRST, "infantry-first": INFANTRY_FIRST}


# ------------------------------------------------------------------ income


def income(b: Board, role: str, only: set[str] | None = None,
           lent: bool = True) -> tuple[int, list[str]]:
    """``role``'s yearly income and its parts (notes 14): a whole territory pays its large
    left figure while its land value is above 0, its right figure at 0; each area of a
    territory held in part pays its small left figure. ``only``: the territories of one
    group of a realm cut in two (notes 59); ``lent``: count areas lent in exile."""
    total, lines = 0, []
    for tid in b.territories_touched(role):
        if only is not None and tid not in only:
            continue
        card = b.data.territory_cards[tid]
        name = b.territory(tid).name
        if b.holds_whole(role, tid):
            developed = int(b.s["lands"][tid]["land_value"]) == 0
            amount = int(card.income[1] if developed else card.income[0])
            lines.append(f"{name} {amount}" + (" (developed)" if developed else ""))
            total += amount
            continue
        for area in card.areas:
            if b.holder(area.id) == role:
                amount = int(area.income[0])
                lines.append(f"{b.area(area.id).name} {amount}")
                total += amount
    for area in b.areas_of(role) if lent else []:
        guest = exile.guest_of(b, area)
        if guest is not None and guest != role:
            amount = exile.area_income(b, area)
            lines.append(f"{b.area(area).name} -{amount} (lent to {b.name(guest)})")
            total -= amount
    for area in b.s["areas"] if lent else []:
        if exile.guest_of(b, area) == role and b.holder(area) != role:
            amount = exile.area_income(b, area)
            lines.append(f"{b.area(area).name} {amount} (lent by {b.name(b.holder(area))})")
            total += amount
    return max(0, total), lines


# ------------------------------------------------------------------ maintenance


def _carried_forces(b: Board, role: str, key: Any = "any") -> Iterator[dict[str, Any]]:
    """The units dicts of ``role``'s forces standing in battles carried over (``key``:
    only those that came from that pool of a realm cut in two, notes 59)."""
    for battle in b.s["round"].get("battles", []):
        if battle.get("status") != "carried":
            continue
        for force in battle.get("forces", []):
            if force.get("who") == role and force.get("units") and (
                    key == "any" or parts.home_key(b, role, force.get("from")
                                                   or battle.get("territory")) == key):
                yield force["units"]


def _pools(b: Board, role: str) -> Iterator[tuple[int | None, str | None, str]]:
    """Each pool of ``role``: its key, a territory of it, and how the log names it."""
    yield None, None, ""
    for key, part in enumerate(parts.parts_of(b, role)):
        tid = part["territories"][0]
        yield key, tid, f" of the part around {b.territory(tid).name}"


def cost(b: Board, stocks: list[dict[str, int]]) -> int:
    """Maintenance of every unit in ``stocks`` (5.0 point 3: 1 infantry, 2 the others)."""
    return sum(int(n) * b.data.armies[kind].maintenance
               for units in stocks for kind, n in units.items() if kind in b.data.armies)


def _dissolve_order(b: Board, role: str) -> tuple[str, ...]:
    choice = b.s["orders"].get(role, {}).get("collapse", "costly-first")
    order = ORDERS.get(choice, COSTLY_FIRST)
    return order + tuple(k for k in b.data.armies if k not in order)


def pay_maintenance(b: Board, role: str, stocks: list[dict[str, int]], why: str,
                    rule: str) -> None:
    """Pay maintenance for ``stocks``; if the gold falls short, an economic collapse (5.0
    points 4-5, notes 11): units go by the standing order `collapse`, kind by kind, the
    first stock (the pool) before the others, until the rest can be paid; Influence -2."""
    due = cost(b, stocks)
    if due == 0:
        return
    if due > b.gold(role):
        lost: dict[str, int] = {}
        for kind in _dissolve_order(b, role):
            for units in stocks:
                while units.get(kind, 0) > 0 and cost(b, stocks) > b.gold(role):
                    units[kind] -= 1
                    lost[kind] = lost.get(kind, 0) + 1
        shown = ", ".join(f"{n} {b.data.armies[k].name}" for k, n in lost.items())
        b.note(f"{b.name(role)} cannot pay {due} gold of {why}: economic collapse, "
               f"{shown or 'no units'} dissolved", "s5.4.collapse")
        b.shift_influence(role, -2, "economic collapse", "s14.dev.collapse")
        due = cost(b, stocks)
    b.pay(role, due, why, rule)
    b.note(f"{b.name(role)} pays {due} gold of {why}: {b.gold(role)} left", rule)


def _free_maintenance(b: Board, role: str) -> bool:
    """Ma Teng keeps his units for nothing while he holds areas in at most two
    territories (18.0 point 2, notes 56)."""
    leader = b.data.leaders.get(role)
    return bool(leader and leader.free_maintenance and len(b.territories_touched(role)) <= 2)


def yearly_maintenance(b: Board, role: str) -> None:
    """5.0 point 3: every unit he has, in his pool or on the map, pays once a year."""
    if _free_maintenance(b, role):
        b.note(f"{b.name(role)} pays no maintenance: he holds no third territory yet",
               "s18.2.no-maintenance")
        return
    split = parts.is_split(b, role)
    for key, tid, which in _pools(b, role):
        with parts.acting(b, role, tid):
            stocks = [b.realm(role)["units"],
                      *_carried_forces(b, role, key if split else "any")]
            pay_maintenance(b, role, stocks, "yearly maintenance" + which,
                            "s10.3.14.split" if which else "s5.3.maintenance")


def engaged_maintenance(b: Board) -> None:
    """6.0 (notes 11): outside spring, units standing in a battle carried over (hold fast,
    siege) pay maintenance again, with collapse as in 5.0; only those units can go."""
    if b.season == "spring":
        return
    for role in b.round_order():
        split = parts.is_split(b, role)
        for key, tid, which in _pools(b, role):
            stocks = list(_carried_forces(b, role, key if split else "any"))
            if stocks:
                with parts.acting(b, role, tid):
                    pay_maintenance(b, role, stocks, "maintenance of units still engaged"
                                    + which, "s6.0.engaged-maintenance")


# ------------------------------------------------------------------ loans


def supplies_for_infantry(b: Board, units: int) -> int:
    """Basic supplies (x1) of ``units`` infantry, rounded up (7.0 point 5, notes 23)."""
    per = b.data.armies["infantry"].supply * int(b.data.rule("supply-loan"))
    whole = per * units
    return int(-(-whole.numerator // whole.denominator))


def repay_loans(b: Board, role: str) -> None:
    """Loans due this spring (notes 21): repaid in full if he can, else nothing is
    repaid, his level toward the lender falls by 2 and his Influence by 1."""
    realm = b.realm(role)
    keep = []
    for loan in realm.get("loans", []):
        if int(loan["due"]) > b.year:
            keep.append(loan)
            continue
        lender, amount = loan["from"], int(loan["amount"])
        if loan["kind"] == "gold":
            can = b.gold(role) >= amount
            what = f"{amount} gold"
        else:
            supply = supplies_for_infantry(b, amount)
            can = (int(realm["units"].get("infantry", 0)) >= amount
                   and b.gold(role) >= supply)
            what = f"{amount} infantry"
        if can:
            if loan["kind"] == "gold":
                b.pay(role, amount, "a loan", "s13.3.borrow-gold")
                rule = "s13.3.borrow-gold"
            else:
                realm["units"]["infantry"] -= amount
                b.pay(role, supply, "supplies for the loan returned", "s13.4.borrow-armies")
                what += f" with {supply} gold of supplies"
                rule = "s13.4.borrow-armies"
            b.note(f"{b.name(role)} repays {b.name(lender)} {what}", rule)
            continue
        b.note(f"{b.name(role)} cannot repay {b.name(lender)} {what}: the loan is "
               "defaulted", "s13.change.loan")
        b.shift_relation(role, lender, -2, "a loan not repaid", "s13.change.loan")
        b.shift_influence(role, -1, "a loan not repaid", "s14.dr.loan")
    realm["loans"] = keep


# ------------------------------------------------------------------ the phase


def collect(b: Board) -> None:
    """Phase 1 (4.1, 5.0): in spring, not in the game's first round (notes 12)."""
    if b.season != "spring" or b.round == 1:
        return
    for role in b.round_order():
        cut = parts.parts_of(b, role)
        detached = {t for part in cut for t in part["territories"]}
        main = None if not cut else set(b.territories_touched(role)) - detached
        amount, lines = income(b, role, main)
        b.earn(role, amount)
        detail = f" ({', '.join(lines)})" if lines else ""
        b.note(f"{b.name(role)} collects {amount} gold of income{detail}: "
               f"{b.gold(role)} in the treasury", "s5.2.announce")
        for part in cut:
            amount, lines = income(b, role, set(part["territories"]), lent=False)
            with parts.acting(b, role, part["territories"][0]):
                b.earn(role, amount)
                b.note(f"{b.name(role)}'s part around "
                       f"{b.territory(part['territories'][0]).name} collects {amount} gold "
                       f"({', '.join(lines) or 'nothing'}): {b.gold(role)} there",
                       "s10.3.14.split")
    for role in b.round_order():
        yearly_maintenance(b, role)
    for role in b.round_order():
        repay_loans(b, role)
