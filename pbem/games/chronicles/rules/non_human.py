"""15.0: non-human leaders' armies and how they fight (notes 53-55).

A non-human's armies in a territory are rolled once, when the first battle against one of
its areas there begins (or by a successful espionage), and stand until the end of winter
(``areas.<area>.armies``: army kind -> units; null: not rolled).
"""

from __future__ import annotations

from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import NonHuman

MIX_RULE = "s15.nh.notes"


def growth(b: Board) -> int:
    """Units added to every roll this year (15.0 point 3)."""
    bonus = 0
    for year, add in dict(b.data.rule("army-growth")).items():
        if b.year >= int(year):
            bonus = max(bonus, int(add))
    return bonus


def row_of(b: Board, who: str | None) -> NonHuman | None:
    """The armies row of a non-human holder (notes 55: unplayed leaders' fallbacks)."""
    if who is None:
        return None
    found = b.data.non_human.get(who)
    if found is not None:
        return found
    fallback = {"cao-cao": "yuan-shao", "sun-ce": "liu-zhang", "liu-biao": "liu-zhang"}
    return b.data.non_human.get(fallback.get(who, ""))


def mix(nh: NonHuman, units: int) -> dict[str, int]:
    """The kinds of ``units`` rolled units by the row's note (notes 53)."""
    if nh.mix == "cavalry-level-1":
        return {"cavalry-1": units}
    if nh.mix == "naval-one-in-five":
        naval = units // 5
        return {k: v for k, v in (("infantry", units - naval), ("naval-1", naval)) if v}
    return {"infantry": units}


def roll_armies(b: Board, territory_id: str) -> None:
    """Every non-human area of ``territory_id`` not rolled yet gets 2D6 + the year's bonus
    units from its row (15.0, points 1 and 3)."""
    bonus = growth(b)
    for area in b.territory(territory_id).area_ids():
        facts = b.s["areas"][area]
        holder = facts["holder"]
        if facts.get("armies") is not None or not b.is_non_human(holder):
            continue
        nh = row_of(b, holder)
        if nh is None or not nh.armies:
            facts["armies"] = {}
            continue
        dice = b.roll2(f"armies of {b.name(holder)} in {b.area(area).name}")
        units = nh.roll(dice, bonus)
        facts["armies"] = mix(nh, units)
        extra = f" + {bonus} (year {b.year})" if bonus else ""
        kinds = ", ".join(f"{k} {v}" for k, v in facts["armies"].items())
        b.note(f"{b.name(holder)}'s armies in {b.area(area).name}: roll {dice} -> "
               f"{nh.roll(dice)}{extra} = {units} ({kinds})", "s15.0.nh-armies")
        if bonus:
            b.note(f"year {b.year}: +{bonus} to every non-human roll", "s15.3.growth")
        if nh.mix:
            b.note(f"{b.name(holder)}'s row is marked {nh.mix}", MIX_RULE)


def clear_armies(b: Board) -> None:
    """At the end of winter every non-human army leaves the board (15.0 point 2)."""
    cleared = 0
    for facts in b.s["areas"].values():
        if facts.get("armies") is not None:
            facts["armies"] = None
            cleared += 1
    if cleared:
        b.note(f"the end of winter: non-human armies leave {cleared} area(s)", "s15.2.winter")


def invasion_void(b: Board, territory_id: str) -> bool:
    """Is the territory's invasion icon void (Ma Chao, Han Sui or Pang De serving a
    non-human, 15.0)?"""
    card = b.data.card_of(territory_id)
    for gid in card.invasion_void_with:
        facts = b.s["generals"].get(gid)
        if facts and facts["status"] == "ready" and b.is_non_human(facts["employer"]):
            return True
    return False


def deal_generals(b: Board, battles: list[dict[str, Any]]) -> None:
    """A non-human defending several battles deals its generals to them in battle order,
    best leadership first, one each in turn (notes 54); stored as ``nh_generals``."""
    mine: dict[str, list[dict[str, Any]]] = {}
    for battle in battles:
        holder = b.holder(battle["area"])
        if b.is_non_human(holder):
            mine.setdefault(holder, []).append(battle)
    for nh, fights in mine.items():
        gens = sorted(b.generals_of(nh), key=lambda g: -b.general(g).leadership)
        for battle in fights:
            battle["nh_generals"] = []
        for i, gid in enumerate(gens):
            fights[i % len(fights)]["nh_generals"].append(gid)
