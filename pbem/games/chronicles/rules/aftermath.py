"""10.3 points 10-14 once a battle has ended: pursuit, recovery, captives, Influence and
levels, occupation (the forces going home, or carried over, are in :mod:`forces_home`)."""

from __future__ import annotations

from fractions import Fraction

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import FREE
from pbem.games.chronicles.rules import events, forces_home, non_human, parts, stratagems
from pbem.games.chronicles.rules.strength import (
    KIND_ORDER,
    Fight,
    Side,
    Unit,
    ability,
    column,
    column_label,
    fighting,
    kind_type,
    leadership,
    take_losses,
    unit_value,
)
from pbem.games.chronicles.wording import counted

XU_CHANG = "xu-chang"


def change(b: Board, key: str) -> int:
    return int(b.data.influence_changes[key].amount)


# ------------------------------------------------------------------ start


def begin(b: Board, f: Fight) -> None:
    """The attack begins (notes 30): attacking a leader one is at 9 with costs 2; the
    secret blood decree (notes 51)."""
    inv, dfd = f.inv.main, f.dfd.main
    if b.is_human(inv) and dfd is not None and b.relation(inv, dfd) == 9:
        b.shift_influence(inv, change(b, "attack-friend"),
                          f"attacking {b.name(dfd)}, a friend at level 9", "s14.mil.attack-friend")
    events.decree_attack(b, inv, dfd)


# ------------------------------------------------------------------ end


def finish(b: Board, f: Fight) -> None:
    """Points 10-14 once a battle has ended, or the carry-over."""
    battle = f.battle
    if f.how == "carried":
        forces_home.carry(b, f)
        return
    battle["status"] = "fought"
    if f.winner is None:
        _relations(b, f)
        forces_home.return_forces(b, f)
        battle["result"] = {"winner": None, "how": f.how, "rounds": f.round_no}
        return
    win = f.inv if f.winner == "invader" else f.dfd
    lose = f.other(win)
    lost_main = {id(s): _main_lost(s) for s in (win, lose)}
    if f.retreated == lose.role:
        if lose.fake_army:
            b.note(f"{b.name(lose.main)}'s fake army covers the retreat: no pursuit",
                   "s10.3.4.s5.fake-army")
        elif not win.scripted and str(win.plan.get("pursue", "always")) != "never" \
                and lose.units:
            pursuit(b, f, win, lose)
    for side in (win, lose):
        recovery(b, f, side, side is win)
    if lose is f.dfd and f.city_chosen and f.mode == "city":
        captives(b, f, win, lose)
    if win is f.inv and not f.swapped:
        occupy(b, f)
    non_human.escape_x(b, lose.main, lose.took_part)
    both_wiped = f.how == "both wiped out"
    if b.is_human(win.main) and not both_wiped:
        b.shift_influence(win.main, change(b, "battle-won"), "battle won", "s14.mil.win")
    elif both_wiped:
        b.note(f"{b.name(win.main)} wins but gains no Influence for it",
               "s10.3.9.mutual-wipe")
    b.shift_influence(lose.main, change(b, "battle-lost"), "battle lost", "s14.mil.lose") \
        if b.is_human(lose.main) else None
    for side in (win, lose):
        if b.is_human(side.main) and lost_main[id(side)] >= 10:
            b.shift_influence(side.main, change(b, "ten-armies-lost"),
                              f"{lost_main[id(side)]} units lost in one battle",
                              "s14.mil.ten-armies")
    _relations(b, f)
    forces_home.return_forces(b, f)
    battle["result"] = {"winner": win.main, "loser": lose.main, "how": f.how,
                        "rounds": f.round_no}


def _main_lost(side: Side) -> int:
    owners = {i for i, c in enumerate(side.contributors) if c.who == side.main}
    return sum(1 for o, _ in side.lost + side.gone if o in owners)


def _relations(b: Board, f: Fight) -> None:
    """Point 13: the conflict (-1 both ways), helpers +1 toward the helped (9.0 p. 2, 4)."""
    inv, dfd = f.battle["invader"], f.battle["defender"]
    if inv and dfd and inv != dfd:
        change_ = int(b.data.relation_changes["conflict"].amount)
        b.shift_relation(inv, dfd, change_, "battle", "s13.change.conflict", both=True)
    done: set[tuple[str, str]] = set()
    for force in f.battle["forces"]:
        helped = force.get("helps")
        if force["side"] != "help" or not helped or (force["who"], helped) in done:
            continue
        done.add((force["who"], helped))
        amount = int(b.data.relation_changes["reinforce"].amount)
        b.shift_relation(force["who"], helped, amount, "reinforcement", "s9.2.relation")
        b.note("armies and gold together raise the level once", "s9.4.relation")


# ------------------------------------------------------------------ tests


def vanguard_test(b: Board, f: Fight, side: Side) -> None:
    """Point 7: 2D6 above the vanguard's combat injures him (out 1D6 rounds); 12 kills."""
    gid = side.vanguard
    if gid is None:
        return
    combat = ability(b, gid, "combat")
    roll = b.roll2(f"combat test of {b.name(gid)}")
    facts = b.general_state(gid)
    if roll >= int(b.data.rule("vanguard-death-roll")):
        facts["status"] = "dead"
        b.note(f"{b.name(gid)}'s combat test: {roll}: he dies in battle",
               "s10.3.7.combat-test")
    elif roll > combat:
        rounds = b.roll(f"rounds {b.name(gid)} needs to recover")
        facts["status"] = "injured"
        facts["healed"] = b.round + rounds
        b.note(f"{b.name(gid)}'s combat test: {roll} against {combat}: injured for "
               f"{counted(rounds, 'round')}", "s10.3.7.combat-test")
    else:
        b.note(f"{b.name(gid)}'s combat test: {roll} against {combat}: unharmed",
               "s10.3.7.combat-test")
        return
    side.generals.remove(gid) if gid in side.generals else None
    side.vanguard = None


def morale(b: Board, f: Fight, side: Side, stars: int) -> None:
    """Point 8 and the Morale Test Table (notes 36, 37)."""
    lower = {1: 0, **{len(k): int(v) for k, v in dict(b.data.rule("morale-stars")).items()}}
    base = leadership(b, side)
    value = base - lower.get(stars, 0)
    columns = [int(x) for x in b.data.rule("morale-leadership")]
    col = max([i for i, c in enumerate(columns) if value >= c] or [0])
    rule = "s10.mtt.stars" if lower.get(stars) else (
        "s10.mtt.columns" if value < columns[0] else "s10.3.8.morale")
    b.note(f"morale of {b.name(side.main)}: leadership {base}"
           + (f" - {lower[stars]} ({'*' * stars})" if lower.get(stars) else "")
           + f" = {value}: column {columns[col]}", rule)
    per = int(b.data.rule("morale-units-per-roll"))
    for kind in KIND_ORDER:
        units = [u for u in fighting(f, side) if kind_type(b, u.kind) == kind]
        n = len(units)
        rolls = [0] * (n // per) + ([per - n % per] if n % per else [])
        for minus in rolls:
            roll = b.roll2(f"morale of {b.name(side.main)} ({kind})") - minus
            if roll < 2:
                b.note(f"morale roll ({kind}): {roll + minus} - {minus} = {roll}: no loss",
                       "s10.mtt.per-5")
                continue
            loss = next(r for r in b.data.morale.values() if r.roll == roll).losses[col]
            b.note(f"morale roll ({kind}): {roll + minus}"
                   + (f" - {minus}" if minus else "") + f" = {roll}: {loss} lost",
                   f"s10.mtt.r{roll}")
            if minus:
                b.note(f"a remainder of {counted(per - minus, 'unit')} rolls with -{minus}",
                       "s10.mtt.per-5")
            take_losses(b, f, side, loss, "morale", "s10.3.8.morale",
                        among=[u for u in fighting(f, side) if kind_type(b, u.kind) == kind])


# ------------------------------------------------------------------ pursuit


def _pursuit_strength(b: Board, f: Fight, side: Side, share: int) -> Fraction:
    adv, rest = 0, 0
    for u in side.units:
        value = unit_value(b, f, side, u)
        if b.data.terrain[u.kind].advantage == f.terrain:
            adv += value
        else:
            rest += value
    return Fraction(adv + rest // share)


def pursuit(b: Board, f: Fight, win: Side, lose: Side) -> None:
    """Point 10 (notes 45): one roll, the retreater suffers the right-hand figure."""
    f.mode = "field"
    for side in (win, lose):
        for u in side.units:
            u.place = "out"
    sp, sr = _pursuit_strength(b, f, win, 2), _pursuit_strength(b, f, lose, 3)
    vp, vr = ability(b, win.vanguard, "combat"), ability(b, lose.vanguard, "combat")
    sp, sr = sp + max(0, vp - vr), sr + max(0, vr - vp)
    b.note(f"{b.name(win.main)} pursues: strength {sp} against {sr} (advantaged type in "
           "full, the rest halved / thirded)", "s10.3.10.pursuit")
    if sp <= 0:
        return
    col = column(b, sp, sr)
    if isinstance(col, str):
        col = 0 if col == "defender" else len(b.data.rule("battle-ratios")) - 1
    ambush = _ambush(b, f, lose)
    natural = b.roll2(f"pursuit of {b.name(lose.main)}")
    lp, lr = leadership(b, win), leadership(b, lose)
    row = max(2, min(12, natural + lp - lr))
    b.note(f"pursuit roll {natural} {lp - lr:+d} = row {row}, column "
           f"{column_label(b, col)}", "s10.3.10.modifiers")
    cell = next(r for r in b.data.battle_outcome.values() if r.roll == row).cells[col]
    take_losses(b, f, lose, cell.defender, "pursuit", "s10.3.10.pursuit")
    if ambush:
        take_losses(b, f, win, cell.invader, "the ambush", "s10.3.4.s3.ambush")
    else:
        b.note(f"{b.name(win.main)} loses nothing pursuing", "s10.3.10.pursuer-safe")
    rolls = b.data.rule("vanguard-test-rolls")
    if natural in rolls["defender"]:
        vanguard_test(b, f, lose)
    if ambush and natural in rolls["invader"]:
        vanguard_test(b, f, win)
    if cell.defender_stars:
        morale(b, f, lose, cell.defender_stars)
    if ambush and cell.invader_stars:
        morale(b, f, win, cell.invader_stars)


def _ambush(b: Board, f: Fight, lose: Side) -> bool:
    held = stratagems.hand(b, lose)
    for entry in lose.plan.get("cards") or []:
        if isinstance(entry, dict) and entry.get("card") == "ambush" \
                and entry.get("round") == "pursuit" and "ambush" in held:
            card = b.data.stratagems["ambush"]
            fx = stratagems.CardEffects()
            played, works = stratagems._try(b, f, lose, card, "forces", fx)
            return played and works
    return False


# ------------------------------------------------------------------ recovery


def recovery(b: Board, f: Fight, side: Side, winner: bool) -> None:
    """Point 11 (notes 46): half the lost units per kind; the loser tests each one."""
    groups: dict[tuple[int, str], int] = {}
    for key in side.lost:
        groups[key] = groups.get(key, 0) + 1
    due = [(owner, kind) for (owner, kind), n in groups.items() for _ in range(n // 2)]
    if not due:
        return
    if winner:
        side.units.extend(Unit(o, k) for o, k in due)
        b.note(f"{b.name(side.main)} recovers {counted(len(due), 'unit')}", "s10.3.11.winner")
        return
    best = max((ability(b, g, "eloquence") for g in side.took_part
                if b.general_state(g)["status"] not in ("dead",)),
               default=int(b.data.rule("missing-ability")))
    back = 0
    for owner, kind in due:
        roll = b.roll2(f"recovery of {b.name(side.main)}'s {kind}")
        if roll <= best:
            side.units.append(Unit(owner, kind))
            back += 1
    b.note(f"{b.name(side.main)} tests {counted(len(due), 'unit')} against eloquence {best}: "
           f"{back} recovered", "s10.3.11.loser")


# ------------------------------------------------------------------ captives


def captives(b: Board, f: Fight, win: Side, lose: Side) -> None:
    """Point 12 (notes 29): the lost city's generals are tested; the captured ones follow
    the winner's standing order ``captives``."""
    order = b.s["orders"].get(win.main, {}).get("captives", "recruit") \
        if b.is_human(win.main) else "imprison"
    taken: list[str] = []
    for gid in list(lose.generals):
        facts = b.general_state(gid)
        if facts["status"] != "ready":
            continue
        combat = ability(b, gid, "combat")
        roll = b.roll2(f"escape of {b.name(gid)}")
        if roll <= combat:
            b.note(f"{b.name(gid)} escapes the city ({roll} against combat {combat})",
                   "s10.3.12.city-generals")
            continue
        b.note(f"{b.name(gid)} is captured ({roll} against combat {combat})",
               "s10.3.12.city-generals")
        lose.generals.remove(gid)
        taken.append(gid)
    for gid in taken:
        _captive(b, f, win, gid, order)
    if taken and order == "release":
        b.shift_influence(win.main, change(b, "release-prisoners"),
                          "every captive released", "s14.pol.release")


def _captive(b: Board, f: Fight, win: Side, gid: str, order: str) -> None:
    facts = b.general_state(gid)
    record = b.general(gid)
    if record.loyalty is None and not record.leader:
        facts.update(status="dead", at=None, task=None)
        b.note(f"{b.name(gid)}, of loyalty X, dies in captivity", "s10.3.12.loyalty-x")
        return
    if record.leader and order in ("recruit", "release", "execute"):
        order = "imprison"
    rule = "s10.3.12.captured"
    if order == "execute":
        facts.update(status="dead", at=None, task=None)
        b.note(f"{b.name(win.main)} executes {b.name(gid)}", rule)
    elif order == "release":
        facts.update(at=None)
        b.note(f"{b.name(win.main)} releases {b.name(gid)}", rule)
    elif order == "recruit":
        _recruit(b, win, gid)
    else:
        facts.update(status="captive", captor=win.main, at=None, task=None)
        b.note(f"{b.name(win.main)} imprisons {b.name(gid)}", "s10.3.12.loyalty-x"
               if record.leader else rule)


def _recruit(b: Board, win: Side, gid: str) -> None:
    """Recruitment by the winner's most eloquent general (11.0 point 5, notes 26), with
    nobody interfering; a failure frees the general."""
    facts = b.general_state(gid)
    record = b.general(gid)
    recruiter = max(win.took_part, key=lambda g: ability(b, g, "eloquence"), default=None)
    eloquence = ability(b, recruiter, "eloquence")
    employer = facts["employer"]
    leader = b.s["realms"].get(employer, {}).get("leader", employer)
    charisma = ability(b, leader if leader in b.data.generals else None, "eloquence")
    need = eloquence - int(record.loyalty or 0) - charisma
    roll = b.roll2(f"{b.name(win.main)} recruits {b.name(gid)}")
    fails = set(b.data.rule("natural-fail"))
    if roll <= need and roll not in fails:
        facts.update(employer=win.main, status="ready", at=None, captor=None)
        b.note(f"{b.name(gid)} joins {b.name(win.main)} ({roll} against {eloquence} - "
               f"{record.loyalty} - {charisma} = {need})", "s10.3.12.captured")
    else:
        facts.update(employer=FREE, status="free", at=None, captor=None, task=None)
        b.note(f"{b.name(gid)} refuses {b.name(win.main)} ({roll} against {need}) and "
               "goes free", "s10.3.12.captured")


# ------------------------------------------------------------------ occupation


def occupy(b: Board, f: Fight) -> None:
    """Point 14 (notes 47): the flag, the land value, Influence for the area."""
    inv, loser = f.inv.main, f.dfd.main
    facts = b.s["areas"][f.area]
    new = inv if (b.is_human(inv) or b.is_non_human(inv)) else None
    b.note(f"{b.name(new)} takes {b.area(f.area).name}: his flag is placed there",
           "s10.3.14.flag")
    parts.set_holder(b, f.area, new)
    facts["armies"] = {} if b.is_non_human(new) else None
    land = b.s["lands"][f.territory]
    if f.automatic_first:
        b.note("an automatic victory: the land value does not change",
               "s10.bot.note2.automatic")
    else:
        land["land_value"] = min(9, int(land["land_value"]) + 1)
        b.note(f"{b.territory(f.territory).name}'s land value rises to "
               f"{land['land_value']}", "s10.3.14.land")
    b.shift_influence(inv, change(b, "area-taken"), "area taken", "s14.mil.area")
    if b.is_human(loser):
        b.shift_influence(loser, change(b, "area-lost"), "area lost", "s14.mil.area")
    if f.area == XU_CHANG:
        b.shift_influence(inv, change(b, "xu-chang-taken"), "Xu Chang taken",
                          "s14.mil.xu-chang")
        if b.is_human(loser):
            b.shift_influence(loser, change(b, "xu-chang-lost"), "Xu Chang lost",
                              "s14.mil.xu-chang")
