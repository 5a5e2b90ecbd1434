"""Disasters (6.1, notes 49 and 50): a black card drawn in phase 2, resolved at once.

:func:`resolve` takes one disaster card drawn by a seat: season, the bad-luck counter for
the territory, its holders, the icon, then the loss (gold, land value) or a battle for the
battle engine (bandits, border tribes). The card goes to the discard pile. The bad-luck
draw (:func:`draw_bad_luck`) and the battle record (:func:`add_battle`) serve the events
too.
"""

from __future__ import annotations

from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import Disaster
from pbem.games.chronicles.wording import counted

CLAUSE = {"plague-of-locusts": "s6.1.locusts", "earthquake": "s6.1.earthquake",
          "plague": "s6.1.plague", "drought": "s6.1.drought", "flood": "s6.1.flood",
          "bandits": "s6.1.bandits", "border-tribes": "s6.1.incursion"}
YEAR_BONUS = ("bandits",)
"""War disasters whose raiders add the non-human year bonus (notes 49)."""
MAX_DRAWS = 100
DRAW_TWO = "draw-2"
NONE = "none"


# ------------------------------------------------------------------ shared helpers


def draw_bad_luck(b: Board, purpose: str) -> str:
    """One bad-luck counter from the cup, put back at once (notes 50): ``"1"``..``"28"``,
    ``"none"`` or ``"draw-2"``."""
    return str(b.pick(list(b.s["bad_luck"]), purpose))


def year_bonus(b: Board) -> int:
    """Units added to non-human rolls this year (15.0, rule ``army-growth``)."""
    steps = b.data.rule("army-growth")
    return max([int(n) for y, n in steps.items() if int(y) <= b.year], default=0)


def add_battle(b: Board, area: str, defender: str | None, invader: str, cause: str,
               units: int, leader: str | None = None) -> dict[str, Any]:
    """A pending battle for the battle engine: ``invader``'s force of ``units`` raiders
    (infantry, notes 49) attacks ``area``."""
    battles = b.s["round"].setdefault("battles", [])
    taken = {battle["id"] for battle in battles}
    number = len(battles) + 1
    while f"b{number}" in taken:
        number += 1
    battle = {"id": f"b{number}", "area": area, "territory": b.territory_of(area).id,
              "defender": defender, "invader": invader, "cause": cause,
              "force": {"units": {"infantry": units}, "leader": leader},
              "forces": [], "plans": {}, "status": "pending"}
    battles.append(battle)
    return battle


def weakest_area(b: Board, role: str, tid: str) -> str | None:
    """``role``'s area of territory ``tid`` with the lowest defensive value now (ties: data
    order), or None."""
    held = [a for a in b.territory(tid).area_ids() if b.holder(a) == role]
    if not held:
        return None
    return min(held, key=lambda a: (int(b.s["areas"][a]["defence"]), held.index(a)))


def raise_land_value(b: Board, tid: str, by: int, why: str, rule: str) -> None:
    """The land value rises (at most 9); from 0, the development Influence is lost by whoever
    holds it (notes 47: the developer, recorded as ``developed_by`` if known, else the holder
    of the whole territory), if he still holds an area there."""
    land = b.s["lands"][tid]
    before = int(land["land_value"])
    after = min(9, before + by)
    if after == before:
        return
    land["land_value"] = after
    b.note(f"{b.territory(tid).name}'s land value: {before} -> {after} ({why})", rule)
    if before == 0:
        owner = land.get("developed_by") or next(
            (r for r in b.seats if b.holds_whole(r, tid)), None)
        if owner and b.is_human(owner) and owner in [
                b.holder(a) for a in b.territory(tid).area_ids()]:
            b.shift_influence(owner, -1, f"{b.territory(tid).name} is no longer developed",
                              "s14.dev.land")


# ------------------------------------------------------------------ resolving a card


def _territory_drawn(b: Board, card: Disaster) -> str | None:
    """6.1 point 2: draw until a territory number comes up (21-28 and Draw 2 again);
    None: no territory."""
    low, high = (int(n) for n in b.data.rule("disaster-redraw"))
    for _ in range(MAX_DRAWS):
        face = draw_bad_luck(b, f"bad-luck counter for {card.name}")
        if face == NONE:
            b.note(f"Bad-luck counter: None; {card.name} strikes nowhere", "s6.1.2.bad-luck")
            return None
        if face == DRAW_TWO or low <= int(face) <= high:
            b.note(f"Bad-luck counter: {face}; drawn again", "s6.1.2.bad-luck")
            continue
        try:
            territory = b.data.territory(int(face))
        except KeyError:
            b.note(f"Bad-luck counter: {face}; no such territory", "s6.1.2.bad-luck")
            return None
        b.note(f"Bad-luck counter: {face}, {territory.name}", "s6.1.2.bad-luck")
        return territory.id
    return None  # pragma: no cover - a cup of redraws only


def _icon_counts(b: Board, card: Disaster, tid: str) -> bool:
    """6.1 point 4: the territory card shows the disaster's icon (none: always); the
    invasion icon is void while a general it names serves a non-human (15.0, L1216)."""
    if card.icon == "none":
        return True
    tcard = b.data.territory_cards[tid]
    if not tcard.shows(card.icon):
        return False
    if card.icon == "invasion":
        for gid in tcard.invasion_void_with:
            facts = b.s["generals"].get(gid, {})
            if facts.get("status") not in ("dead", "removed") and b.is_non_human(
                    facts.get("employer")):
                b.note(f"{b.name(gid)} serves {b.name(facts['employer'])}: "
                       f"{b.territory(tid).name}'s invasion icon does not count",
                       "s15.liang-zhou")
                return False
    return True


def _sufferer(b: Board, tid: str) -> str | None:
    """Who suffers in territory ``tid`` (notes 49): its only holder; with several, a die
    picks the east (1-3) or west (4-6) side and the human holding most areas there (ties:
    the area listed first); a non-human suffers nothing."""
    areas = b.territory(tid).area_ids()
    holders = [h for h in dict.fromkeys(b.holder(a) for a in areas) if h is not None]
    if len(holders) == 1:
        return holders[0] if b.is_human(holders[0]) else None
    die = b.roll(f"side of {b.territory(tid).name} struck (1-3 east, 4-6 west)")
    sides = b.data.rule("disaster-sides")
    side = next(s for s, faces in sides.items() if die in [int(f) for f in faces])
    on_side = [b.holder(a) for a in areas if b.area(a).side == side]
    humans = [h for h in on_side if b.is_human(h)]
    b.note(f"{b.territory(tid).name} is shared: the die ({die}) puts the loss on the "
           f"{side} side", "s2.2.2.split-owners")
    if not humans:
        return None
    return max(dict.fromkeys(humans), key=lambda h: (humans.count(h), -humans.index(h)))


def _flood_prevented(b: Board, tid: str) -> bool:
    """8.2 point 5: a die comes off the prevention points (never restored); the flood
    strikes only when they reach 0 or less."""
    land = b.s["lands"][tid]
    before = int(land["flood_prevention"])
    die = b.roll(f"flood prevention of {b.territory(tid).name}")
    land["flood_prevention"] = max(0, before - die)
    if before - die > 0:
        b.note(f"{b.territory(tid).name}'s flood prevention {before} - {die}: the flood is "
               f"held back ({counted(land['flood_prevention'], 'point')} left)",
               "s8.2.5.flood-roll")
        return True
    b.note(f"{b.territory(tid).name}'s flood prevention {before} - {die}: the flood "
           "strikes", "s8.2.5.flood-roll")
    return False


def _strike(b: Board, card: Disaster, tid: str, role: str) -> None:
    rule = CLAUSE.get(card.id, "s6.1.5.loss")
    name = b.territory(tid).name
    if card.effect == "gold":
        loss = sum(b.roll(f"{card.name} in {name}") for _ in range(card.dice)) + card.add
        taken = min(loss, b.gold(role))
        b.realm(role)["gold"] -= taken
        b.note(f"{card.name} in {name}: {b.name(role)} loses {taken} gold of {loss} "
               f"({b.gold(role)} left)", rule)
    elif card.effect == "land-value":
        b.note(f"{card.name} in {name}, {b.name(role)}'s territory", rule)
        raise_land_value(b, tid, card.add, card.name, rule)
    else:
        area = weakest_area(b, role, tid)
        if area is None:  # pragma: no cover - the sufferer holds an area there
            return
        dice = card.strength_dice or 0
        units = sum(b.roll(f"strength of the {card.name}") for _ in range(dice))
        if card.id in YEAR_BONUS:
            units += year_bonus(b)
        battle = add_battle(b, area, role, card.id, "disaster", units)
        b.note(f"{card.name} with a strength of {units} attack {b.name(role)}'s "
               f"{b.area(area).name} (battle {battle['id']})", "s6.1.6.war")
    taxed = b.realm(role).get("taxed")
    if taxed is not None and int(taxed) == b.round - 1:
        b.shift_influence(role, -1, "a disaster in the round after his special tax",
                          "s8.6.4.penalty")


def resolve(b: Board, card_id: str, drawer: str) -> None:
    """6.1: the disaster ``card_id`` drawn by ``drawer``; the card is then discarded."""
    card: Disaster = b.data.disasters[card_id]
    b.note(f"{b.name(drawer)} draws the disaster {card.name}", "s2.2.2.black")
    _resolve(b, card)
    b.s["pile"]["discard"].append(card_id)


def _resolve(b: Board, card: Disaster) -> None:
    if b.season not in card.seasons:
        b.note(f"{card.name} cannot happen in {b.season}: discarded", "s6.1.1.season")
        return
    tid = _territory_drawn(b, card)
    if tid is None:
        return
    name = b.territory(tid).name
    if not any(b.is_human(b.holder(a)) for a in b.territory(tid).area_ids()):
        b.note(f"No player holds {name}: nothing happens", "s6.1.3.unowned")
        return
    if not _icon_counts(b, card, tid):
        b.note(f"{name} has no {card.icon} icon: nothing happens", "s6.1.4.no-icon")
        return
    role = _sufferer(b, tid)
    if role is None:
        b.note(f"No player holds that side of {name}: nothing happens", "s6.1.3.unowned")
        return
    if card.icon == "flood" and _flood_prevented(b, tid):
        return
    _strike(b, card, tid, role)
