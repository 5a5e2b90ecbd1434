"""Events (6.2, notes 51 and 52): a black card drawn in phase 2, resolved at once.

:func:`resolve` checks the drawer and the year (6.2 point 1), applies the event, and puts
the card away: an event that fired leaves the game, or goes to the discard pile by the
drawer's standing order ``event_card``; one that did not fire is discarded. Lasting events
are kept in the position's ``lasting`` mapping (board.py), this round's in
``round.effects``.
"""

from __future__ import annotations

from collections.abc import Callable

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import Event
from pbem.games.chronicles.rules.disasters import (
    DRAW_TWO,
    NONE,
    add_battle,
    draw_bad_luck,
    weakest_area,
)

FIRED, NOT_FIRED, DISCARD, REMOVE = "fired", "not fired", "discard", "remove"
"""What an event's effect returns: fired (the standing order places the card), not fired
(discarded), or a fixed place for the card."""

CLAUSE = {1: "s6.2.e1.blood-decree", 2: "s6.2.e2.xu-zhou", 3: "s6.2.e3.sun-ce",
          4: "s6.2.e4.fake-emperor", 5: "s6.2.e5.xi-liang", 6: "s6.2.e6.xun",
          7: "s6.2.e7.manpower", 8: "s6.2.e8.fall-of-a-star", 9: "s6.2.e9.three-visits",
          10: "s6.2.e10.tun-tian"}


def lasting(b: Board) -> dict:
    """Events in force beyond their round (board.py: ``lasting``)."""
    return b.s.setdefault("lasting", {})


def may_draw(b: Board, card: Event, drawer: str) -> bool:
    """6.2 point 1: the drawer is the one the card names (``any``: everyone; a holder of
    territory n: a human holding one of its areas), and its year has come."""
    if card.from_year is not None and b.year < card.from_year:
        return False
    if card.drawer == "any":
        return True
    if card.drawer.startswith("holder-of-territory-"):
        number = int(card.drawer.removeprefix("holder-of-territory-"))
        return any(b.holder(a) == drawer for a in b.data.territory(number).area_ids())
    return card.drawer == drawer


# ------------------------------------------------------------------ the ten events


def _blood_decree(b: Board, card: Event, drawer: str, rule: str) -> str:
    facts = lasting(b)
    if card.id in facts:
        b.note(f"{card.name} is already in force", rule)
    else:
        facts[card.id] = {"since": b.round, "target": card.params.get("target", "cao-cao")}
        b.note(f"{card.name}: from now on, the first attack of a leader on "
               f"{b.name(facts[card.id]['target'])} costs him 2 Influence, unless attacked "
               "first", rule)
    return FIRED


DECREE = "secret-blood-decree"
DECREE_RULE = "s14.pol.blood-decree"


def decree_attack(b: Board, invader: str | None, defender: str | None) -> None:
    """An attack begins (notes 30, 51): the first attack of a human on the decree's target
    while it is in force costs him Influence, once; an attack of the target's on a human,
    at any time, spares that human for good (``realms.<role>.decree_paid``)."""
    card = b.data.events.get(DECREE)
    if card is None or invader is None or defender is None or invader == defender:
        return
    facts = lasting(b).get(DECREE)
    target = (facts or {}).get("target") or card.params.get("target", "cao-cao")
    if invader == target and b.is_human(defender):
        realm = b.realm(defender)
        if not realm.get("decree_paid"):
            realm["decree_paid"] = True
            if facts is not None:
                b.note(f"{b.name(target)} attacks {b.name(defender)} first: the decree "
                       f"will never cost {b.name(defender)} Influence", DECREE_RULE)
        return
    if facts is None or defender != target or not b.is_human(invader):
        return
    realm = b.realm(invader)
    if realm.get("decree_paid"):
        b.note(f"{b.name(invader)} attacks {b.name(target)}: the decree costs him nothing "
               "now", DECREE_RULE)
        return
    realm["decree_paid"] = True
    amount = int(b.data.influence_changes["blood-decree"].amount)
    b.shift_influence(invader, amount, f"attacking {b.name(target)} under the decree",
                      DECREE_RULE)


def _xu_zhou(b: Board, card: Event, drawer: str, rule: str) -> str:
    attacker = card.params.get("attacker", "lu-bu")
    if not b.is_non_human(attacker) or not b.areas_of(attacker):
        b.note(f"{b.name(attacker)} holds nothing: {card.name} has no effect", rule)
        return NOT_FIRED
    his = {b.territory_of(a).id for a in b.areas_of(attacker)}
    near = {n for tid in his for n in b.neighbours(tid)}
    target = card.params.get("target", drawer)
    areas = [a for a in b.areas_of(target) if b.territory_of(a).id in near]
    if not areas:
        b.note(f"{b.name(target)} holds no area bordering {b.name(attacker)}: "
               f"{card.name} has no effect", rule)
        return NOT_FIRED
    cards = b.data.territory_cards

    def income(area: str) -> int:
        card_areas = cards[b.territory_of(area).id].areas
        return int(next(x for x in card_areas if x.id == area).income[0])

    area = max(areas, key=lambda a: (income(a), -areas.index(a)))
    dice = int(card.params.get("strength_dice", 2))
    units = sum(b.roll(f"strength of {b.name(attacker)} ({card.name})") for _ in range(dice))
    battle = add_battle(b, area, target, attacker, "event", units, leader=attacker)
    b.note(f"{b.name(attacker)} attacks {b.name(target)}'s {b.area(area).name} with a "
           f"strength of {units} (battle {battle['id']})", rule)
    return FIRED


def _sun_ce(b: Board, card: Event, drawer: str, rule: str) -> str:
    realm = b.realm(drawer)
    successor = card.params.get("successor", "sun-quan")
    if realm.get("leader") != drawer:
        b.note(f"{b.name(drawer)} is no longer the leader: {card.name} has happened", rule)
        return FIRED
    die = b.roll(card.name)
    if die not in [int(f) for f in card.params.get("dies_on", [1, 2, 3])]:
        b.note(f"{card.name}: the die shows {die}; {b.name(drawer)} lives", rule)
        return DISCARD
    dead = b.general_state(drawer)
    dead.update(status="dead", at=None, task=None)
    heir = b.general_state(successor)
    heir.update(employer=drawer, status="ready", captor=None)
    realm["leader"] = successor
    b.note(f"{card.name}: the die shows {die}; {b.name(drawer)} dies and "
           f"{b.name(successor)} leads his realm", rule)
    b.shift_influence(drawer, -2, "his leader dies", "s14.other.leader-dies")
    return REMOVE


def _fake_emperor(b: Board, card: Event, drawer: str, rule: str) -> str:
    target = card.params.get("target", "yuan-shu")
    if not b.areas_of(target):
        b.note(f"{b.name(target)} holds nothing: {card.name} has no effect", rule)
        return NOT_FIRED
    lasting(b)[card.id] = {"since": b.round, "target": target,
                           "influence": int(card.params.get("influence", 2)),
                           "relations": int(card.params.get("relations", -1))}
    b.note(f"{card.name}: the first leader to beat {b.name(target)} gains 2 Influence and "
           "loses 1 level with everyone", rule)
    return FIRED


def _xi_liang(b: Board, card: Event, drawer: str, rule: str) -> str:
    number = int(card.drawer.removeprefix("holder-of-territory-")) if card.drawer.startswith(
        "holder-of-territory-") else 2
    area = weakest_area(b, drawer, b.data.territory(number).id)
    if area is None:  # pragma: no cover - may_draw asks for an area there
        return NOT_FIRED
    dice = int(card.params.get("strength_dice", 3))
    units = sum(b.roll(f"strength of {card.name}") for _ in range(dice))
    battle = add_battle(b, area, drawer, card.id, "event", units)
    b.note(f"{card.name}: invaders with a strength of {units} attack {b.name(drawer)}'s "
           f"{b.area(area).name} (battle {battle['id']})", rule)
    return FIRED


def _remove_general(b: Board, gid: str, status: str) -> None:
    b.general_state(gid).update(status=status, at=None, task=None, captor=None)


def _xun(b: Board, card: Event, drawer: str, rule: str) -> str:
    removes = list(card.params.get("removes", []))
    years = list(card.params.get("years", []))
    left = False
    for gid, year in zip(removes, years, strict=False):
        state = b.general_state(gid)
        if state["status"] in ("dead", "removed"):
            continue
        if b.year >= int(year):
            _remove_general(b, gid, "removed")
            b.note(f"{card.name}: {b.name(gid)} leaves the game", rule)
        else:
            left = True
    return DISCARD if left else FIRED


def _manpower(b: Board, card: Event, drawer: str, rule: str) -> str:
    b.s["round"]["effects"]["manpower-shortage"] = drawer
    b.note(f"{card.name}: recruiting armies costs {b.name(drawer)} double this round "
           "(notes 51)", rule)
    return FIRED


def _star_test(b: Board, face: str, card: Event, rule: str) -> bool:
    low, high = (int(n) for n in card.params.get("numbers", [1, 28]))
    if face in (NONE, DRAW_TWO) or not low <= int(face) <= high:
        b.note(f"Bad-luck counter: {face}; no general", rule)
        return False
    gid = next((g.id for g in b.data.generals.values() if g.number == int(face)), None)
    if gid is None:
        b.note(f"Bad-luck counter: {face}; no general bears that number", rule)
        return False
    general = b.general(gid)
    state = b.general_state(gid)
    if state["status"] in ("dead", "removed"):
        b.note(f"Bad-luck counter: {face}, {general.name}, already gone", rule)
        return False
    if general.death_year is None or b.year < general.death_year:
        b.note(f"Bad-luck counter: {face}, {general.name}; his year ({general.death_year}) "
               "has not come", rule)
        return False
    _remove_general(b, gid, "dead")
    b.note(f"Bad-luck counter: {face}: {general.name} dies", rule)
    return True


def _fall_of_a_star(b: Board, card: Event, drawer: str, rule: str) -> str:
    face = draw_bad_luck(b, f"bad-luck counter for {card.name}")
    if face == DRAW_TWO:
        b.note("Bad-luck counter: Draw 2; two more are drawn", rule)
        faces = [draw_bad_luck(b, f"bad-luck counter for {card.name} ({n})") for n in (1, 2)]
        died = [_star_test(b, f, card, rule) for f in faces]
        return FIRED if any(died) else DISCARD
    return FIRED if _star_test(b, face, card, rule) else DISCARD


def _three_visits(b: Board, card: Event, drawer: str, rule: str) -> str:
    gid = card.params.get("joins", "zhuge-liang")
    state = b.general_state(gid)
    if state["status"] in ("dead", "removed") or (
            state["employer"] == drawer and state["status"] != "undiscovered"):
        b.note(f"{card.name}: {b.name(gid)} cannot join", rule)
        return FIRED
    state.update(employer=drawer, status="ready", at=None, captor=None, task=None)
    b.note(f"{card.name}: {b.name(gid)} joins {b.name(drawer)}", rule)
    return FIRED


def _tun_tian(b: Board, card: Event, drawer: str, rule: str) -> str:
    b.s["round"]["effects"]["tun-tian"] = drawer
    b.note(f"{card.name}: this round {b.name(drawer)} may send two generals with one land "
           "counter", rule)
    return FIRED


EFFECTS: dict[int, Callable[[Board, Event, str, str], str]] = {
    1: _blood_decree, 2: _xu_zhou, 3: _sun_ce, 4: _fake_emperor, 5: _xi_liang, 6: _xun,
    7: _manpower, 8: _fall_of_a_star, 9: _three_visits, 10: _tun_tian}


# ------------------------------------------------------------------ resolving a card


def resolve(b: Board, card_id: str, drawer: str) -> None:
    """6.2: the event ``card_id`` drawn by ``drawer``, then the card put away."""
    card: Event = b.data.events[card_id]
    rule = CLAUSE.get(card.number, "s2.2.2.black")
    b.note(f"{b.name(drawer)} draws the event {card.name}", "s2.2.2.black")
    pile = b.s["pile"]
    effect = EFFECTS.get(card.number)
    if effect is None or not may_draw(b, card, drawer):
        why = "it has no effect in this game" if effect is None else (
            "it is not his event, or its year has not come")
        b.note(f"{card.name}: {why}; discarded", "s2.2.2.event-wrong")
        pile["discard"].append(card_id)
        return
    outcome = effect(b, card, drawer, rule)
    if outcome == FIRED:
        choice = b.s["orders"].get(drawer, {}).get("event_card", "remove")
        outcome = DISCARD if choice == "discard" else REMOVE
        where = "to the discard pile" if outcome == DISCARD else "out of the game"
        b.note(f"{card.name} has fired and goes {where}", "s2.2.2.event-fired")
    elif outcome == NOT_FIRED:
        outcome = DISCARD
        b.note(f"{card.name} goes to the discard pile", "s2.2.2.event-wrong")
    else:
        where = "to the discard pile" if outcome == DISCARD else "out of the game"
        b.note(f"{card.name} goes {where}", rule)
    (pile["discard"] if outcome == DISCARD else pile["removed"]).append(card_id)
