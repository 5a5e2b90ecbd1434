"""10.3 points 3-9: the rounds of a battle, until it ends. Each round the siege choice
(point 3), the stratagems, the ratio of strengths, the Battle Outcome Table's losses with
the vanguard tests, the city and morale (points 4-8), then the retreats (point 9)."""

from __future__ import annotations

from fractions import Fraction

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import aftermath, stratagems
from pbem.games.chronicles.rules.strength import (
    Fight,
    Side,
    Unit,
    choose_roles,
    column,
    column_label,
    fighting,
    leadership,
    roles_text,
    take_losses,
    totals,
)

MAX_ROUNDS = 40


def ratio(text: str) -> Fraction:
    """A ratio written ``a:b``, as a fraction."""
    left, right = str(text).split(":")
    return Fraction(left) / Fraction(right)


def _siege(b: Board, f: Fight) -> bool:
    """Point 3: attack or surround; False when the city is surrounded (carried over)."""
    choice = "attack" if f.inv.scripted else str(f.inv.plan.get("siege", "attack"))
    b.note(f"{b.name(f.inv.main)} chooses to {choice} the city", "s10.3.3.choice")
    if choice != "surround":
        f.attacked = True
        f.battle["siege"] = 0
        return True
    level = min(3, int(f.battle.get("siege", 0)) + 1)
    f.battle["siege"] = level
    b.note(f"the city is surrounded: its defender tests morale at star level {level}",
           "s10.3.3.surround")
    if level > 1:
        b.note("each further season of siege adds a star level", "s10.bot.note4.siege")
    aftermath.morale(b, f, f.dfd, level)
    f.how = "carried"
    return False


def rounds(b: Board, f: Fight) -> None:
    """Points 4-9, repeated until the battle ends."""
    for _ in range(MAX_ROUNDS):
        f.round_no += 1
        b.note(f"battle round {f.round_no}", "s10.3.9.retreat")
        if _settled(b, f):
            return
        if f.mode == "city" and not f.attacked and not _siege(b, f):
            return
        fx = stratagems.play_round(b, f)
        si, sd = totals(b, f, fx.mults)
        col = column(b, si, sd)
        if isinstance(col, str) and col == "invader" and _outside_only(f):
            outside = fighting(f, f.dfd)
            b.note(f"the ratio decides the fight outside the city at once: "
                   f"{b.name(f.inv.main)} wins it", "s10.bot.note2.automatic")
            take_losses(b, f, f.dfd, len(outside), "routed outside the city",
                        "s10.3.2.excess", among=outside)
            _into_city(b, f)
            continue
        if isinstance(col, str):
            f.winner, f.how = col, "automatic"
            f.automatic_first = f.round_no == 1
            b.note(f"the ratio decides at once: {b.name(_side(f, col).main)} wins",
                   "s10.bot.note2.automatic")
            return
        b.note(f"ratio {column_label(b, col)}", "s10.3.5.ratio")
        natural = b.roll2(f"battle {f.battle['id']} round {f.round_no}")
        _outcome(b, f, natural, col, fx)
        if _settled(b, f):
            return
        if f.winner is None and _retreats(b, f, col):
            return
    f.winner, f.how = "defender", "the invader gives up"


def _settled(b: Board, f: Fight) -> bool:
    """Has a side lost every unit? The defenders outside being gone sends the battle to
    the city instead (notes 42, 43)."""
    if (f.mode == "field" and f.city_chosen and f.inv.units and _garrison(f)
            and not fighting(f, f.dfd)):
        _into_city(b, f)
        return False
    if not f.inv.units or not f.dfd.units:
        _wiped(b, f)
        return True
    return False


def _outside_only(f: Fight) -> bool:
    """Is this round the fight outside a city whose garrison waits behind its walls
    (notes 42)? Then the fight's end is not the battle's."""
    return f.mode == "field" and f.city_chosen and bool(_garrison(f)) \
        and bool(fighting(f, f.dfd))


def _side(f: Fight, name: str) -> Side:
    """The side named ``invader`` or ``defender``."""
    return f.inv if name == "invader" else f.dfd


def _garrison(f: Fight) -> list[Unit]:
    """The defender's units behind the city's walls."""
    return [u for u in f.dfd.units if u.place in ("in", "reserve")]


def _into_city(b: Board, f: Fight) -> None:
    """The units outside are gone; their commander and vanguard leave, the garrison fights
    on under the best general inside (notes 42)."""
    f.mode = "city"
    for role in ("commander", "vanguard"):
        gid = getattr(f.dfd, role)
        if gid is not None and gid in f.dfd.generals:
            f.dfd.generals.remove(gid)
            b.note(f"{b.name(gid)} withdraws, leaving the garrison", "s10.3.2.excess")
    f.dfd.plan = {k: v for k, v in f.dfd.plan.items() if k != "roles"}
    choose_roles(b, f.dfd)
    b.note(f"the city's garrison: {roles_text(b, f.dfd)}", "s10.3.2.excess")


def _wiped(b: Board, f: Fight) -> None:
    """A side has lost every unit: the other wins (both gone: the defender)."""
    if not f.inv.units and not f.dfd.units:
        f.winner, f.how = "defender", "both wiped out"
        b.note("both sides have lost every unit: the invader counts as retreating",
               "s10.3.9.mutual-wipe")
    elif not f.inv.units:
        f.winner, f.how = "defender", "invader wiped out"
    else:
        f.winner, f.how = "invader", "defender wiped out"
    b.note(f"{b.name(_side(f, f.winner).main)} wins: {f.how}", "s10.3.9.retreat")


def _outcome(b: Board, f: Fight, natural: int, col: int,
             fx: stratagems.CardEffects) -> None:
    """Points 6-8: the adjusted roll, losses, vanguard tests, the city, morale."""
    li, ld = leadership(b, f.inv), leadership(b, f.dfd)
    adjusted = natural + li - ld
    row = max(2, min(12, adjusted))
    b.note(f"{b.name(f.inv.main)} rolls {natural} {li - ld:+d} (leadership {li} against "
           f"{ld}) = {adjusted}" + (f", read as row {row}" if row != adjusted else ""),
           "s10.3.6.dice")
    outcome = next(r for r in b.data.battle_outcome.values() if r.roll == row)
    cell = outcome.cells[col]
    b.note(f"Battle Outcome Table row {row}, column {column_label(b, col)}: "
           f"{'*' * cell.invader_stars}{cell.invader}/{cell.defender}"
           f"{'*' * cell.defender_stars}", f"s10.bot.r{row}")
    stars = {}
    for name, side, n, st in (("invader", f.inv, cell.invader, cell.invader_stars),
                              ("defender", f.dfd, cell.defender, cell.defender_stars)):
        if fx.gold[name] and b.is_human(side.main):
            amount = min(b.gold(side.main), n * int(b.data.rule("gold-target-factor")))
            b.realm(side.main)["gold"] -= amount
            b.note(f"{b.name(side.main)} loses {amount} gold instead of units "
                   f"({n} x {b.data.rule('gold-target-factor')})", "s10.bot.note1.gold")
            continue
        take_losses(b, f, side, n, "battle", "s10.3.7.outcome")
        stars[name] = st
    rolls = b.data.rule("vanguard-test-rolls")
    if natural in rolls["invader"]:
        aftermath.vanguard_test(b, f, f.inv)
    if natural in rolls["defender"]:
        aftermath.vanguard_test(b, f, f.dfd)
    if outcome.city_loss and natural == 12 and f.mode == "city":
        facts = b.s["areas"][f.area]
        facts["defence"] = max(0, int(facts["defence"]) - outcome.city_loss)
        b.note(f"a natural 12: {b.area(f.area).name}'s defensive value falls to "
               f"{facts['defence']}", "s10.3.7.city-12")
    for name, st in stars.items():
        if st:
            b.note(f"a star by the {name}'s figure: {b.name(_side(f, name).main)} tests "
                   "morale", "s10.3.8.morale")
            aftermath.morale(b, f, _side(f, name), st)


def _wants_retreat(b: Board, f: Fight, side: Side, col: int) -> bool:
    """Whether ``side``'s plan (or its fake army, or a card) retreats it this round."""
    if side.fake_army or side.must_retreat:
        return True
    if side.scripted:
        return False
    default = "below 1:2" if side is f.inv else "never"
    rule = str(side.plan.get("retreat", default))
    value = ratio(column_label(b, col))
    mine = value if side is f.inv else 1 / value
    if rule.startswith("below"):
        return mine <= ratio(rule.split()[-1])
    if rule.startswith("after"):
        return f.round_no >= int(rule.split()[1])
    if rule.startswith("lost"):
        return side.lost_total >= int(rule.split()[1])
    return False


def _retreats(b: Board, f: Fight, col: int) -> bool:
    """Point 9: the defender, then the invader, may retreat (never a city defender)."""
    for side in (f.dfd, f.inv):
        if side is f.dfd and f.city_chosen:
            if side.must_retreat or side.fake_army:
                b.note(f"{b.name(side.main)} defends the city and cannot retreat",
                       "s10.3.2.no-retreat")
            continue
        if _wants_retreat(b, f, side, col):
            f.retreated = side.role
            f.winner = "invader" if side is f.dfd else "defender"
            f.how = f"{side.role} retreats"
            b.note(f"{b.name(side.main)} retreats", "s10.3.9.retreat")
            return True
    return False
