"""15.0: non-human leaders' armies and how they fight (notes 53-55).

A non-human's armies in a territory are rolled once, when the first battle against one of
its areas there begins (or by a successful espionage), and stand until the end of winter
(``areas.<area>.armies``: army kind -> units; null: not rolled).
"""

from __future__ import annotations

from typing import Any

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import FREE, NonHuman
from pbem.games.chronicles.rules.disasters import draw_bad_luck
from pbem.games.chronicles.wording import counted

MIX_RULE = "s15.nh.notes"
X_LEADERS = "s15.4.x-leaders"
X_GENERALS = "s15.5.x-generals"


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
            if nh is not None:
                _guest_armies(b, area, nh)
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
        _guest_armies(b, area, nh)


def _guest_armies(b: Board, area: str, nh: NonHuman) -> None:
    """An X-loyalty leader placed on ``area`` (15.0 point 4) adds 2D6 units of his own,
    of the kinds of the holder's row (notes 53)."""
    for gid, facts in b.s["generals"].items():
        if facts.get("guest") != area or facts["status"] != "ready":
            continue
        dice = b.roll2(f"armies of {b.name(gid)} in {b.area(area).name}")
        armies = b.s["areas"][area]["armies"]
        for kind, n in mix(nh, dice).items():
            armies[kind] = armies.get(kind, 0) + n
        b.note(f"{b.name(gid)} brings {dice} units of his own to {b.area(area).name}",
               X_LEADERS)


def clear_armies(b: Board) -> None:
    """At the end of winter every non-human army leaves the board (15.0 point 2)."""
    cleared = 0
    for facts in b.s["areas"].values():
        if facts.get("armies") is not None:
            facts["armies"] = None
            cleared += 1
    if cleared:
        b.note(f"the end of winter: non-human armies leave {counted(cleared, 'area')}",
               "s15.2.winter")


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


# ------------------------------------------------------------------ X loyalty


def _x_rule(b: Board, gid: str) -> str:
    return X_LEADERS if b.general(gid).leader else X_GENERALS


def escape_x(b: Board, side: str | None, took_part: list[str]) -> None:
    """15.0 points 4-5 (notes 61): after its side's defeat, an X-loyalty general of a
    non-human who escaped goes to the pile of undiscovered generals when his side holds no
    area left to retreat to; an X-loyalty leader placed as a guest goes there at once."""
    if not b.is_non_human(side):
        return
    homeless = not b.areas_of(str(side))
    for gid in took_part:
        facts = b.general_state(gid)
        if facts["status"] != "ready" or facts["employer"] != side \
                or b.general(gid).loyalty is not None:
            continue
        if not (homeless or facts.get("guest")):
            continue
        facts.update(employer=FREE, status="undiscovered", at=None, task=None, captor=None,
                     guest=None)
        b.note(f"{b.name(gid)} escapes with nowhere to go: he joins the undiscovered "
               "generals a search may find", _x_rule(b, gid))


def _non_human_area(b: Board, tid: str) -> str | None:
    return next((a for a in b.territory(tid).area_ids() if b.is_non_human(b.holder(a))),
                None)


def place_found(b: Board, gid: str) -> None:
    """15.0 points 4-5 (notes 50, 61): an X-loyalty general found by a search. Bad-luck
    counters are drawn until one names a territory where a non-human holds an area; he
    serves that non-human there, and a leader stays on that area as a guest with armies
    of his own. No such territory, or none within the rule's draws: he leaves the game."""
    rule = _x_rule(b, gid)
    numbers = {t.number: t.id for t in b.data.territories.values()}
    facts = b.general_state(gid)
    area = None
    if any(_non_human_area(b, tid) for tid in numbers.values()):
        for _ in range(int(b.data.rule("x-placement-draws"))):
            drawn = draw_bad_luck(b, f"where {b.name(gid)} appears")
            tid = numbers.get(int(drawn)) if drawn.isdigit() else None
            area = _non_human_area(b, tid) if tid else None
            if area is not None:
                break
    if area is None:
        facts.update(employer=FREE, status="removed", at=None, task=None, guest=None)
        b.note(f"{b.name(gid)} is found, but no non-human holds a territory for him: he "
               "leaves the game", rule)
        return
    holder = b.holder(area)
    facts.update(employer=holder, status="ready", at=None, task=None, captor=None,
                 guest=area if b.general(gid).leader else None)
    where = b.territory_of(area).name
    if b.general(gid).leader:
        b.note(f"{b.name(gid)} is found and settles in {b.area(area).name} ({where}), "
               f"beside {b.name(holder)}, with armies of his own when it is attacked", rule)
    else:
        b.note(f"{b.name(gid)} is found and serves {b.name(holder)} in {where}", rule)

