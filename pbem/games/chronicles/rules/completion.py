"""The completion phase (12.0) and the end of the game (4.0, 14.0, notes 57).

In order: seats left with no area go into exile (16.0, :func:`exile.settle`); hands over
the limit are cut (notes 19); action counters and used objects go back (12.2, notes 17,
18); generals come home from their tasks and the injured whose time has come recover; in
winter non-human armies leave the map (12.3, notes 53); victory is checked (12.4, notes
57); after Winter 220 the highest Influence wins (12.5); otherwise the calendar moves on and
the round's facts start afresh.
"""

from __future__ import annotations

import importlib
from typing import Any

from pbem.games.chronicles import hand, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import FREE, SEASONS
from pbem.games.chronicles.rules import exile
from pbem.games.chronicles.wording import counted

HAND = "s12.1.hand-limit"
RETURN = "s12.2.return"
WINTER = "s12.3.winter-nh"
VICTORY = "s12.4.victory"
FINAL = "s12.5.final"
ARRIVE = "s3.9.generals"


def run(b: Board) -> None:
    """12.0, points 1-5."""
    b.log.heading(f"{b.when()}: completion phase", "s12.1.hand-limit")
    exile.settle(b)
    hand_limit(b)
    return_counters(b)
    come_home(b)
    if b.season == SEASONS[-1]:
        clear_non_human_armies(b)
    if check_victory(b):
        return
    if b.season == SEASONS[-1] and b.year >= int(b.data.rule("end-year")):
        final_count(b)
        return
    next_round(b)


# ------------------------------------------------------------------ 12.1, 12.2


def hand_limit(b: Board) -> None:
    """Everyone keeps at most the hand limit of red cards: the cards held longest (the
    front of the hand) go to the discard pile, face down unless they were shown already
    (notes 19: no choice, so nobody's hidden card decides anything)."""
    limit = int(b.data.rule("hand-limit"))
    for role in b.round_order():
        cards = hand.entries(b, role)
        extra = len(cards) - limit
        if extra <= 0:
            continue
        gone = cards[:extra]
        shown = [c for c in (hand.face(b, e) for e in gone) if c is not None]
        for entry in gone:
            hand.to_discard(b, role, entry)
        down = extra - len(shown)
        b.note(f"{b.name(role)} discards {counted(extra, 'stratagem card')} down to {limit}: "
               + ", ".join(shown + ([f"{down} face down"] if down else [])), HAND)


def _lying_with(b: Board, action: dict[str, Any], obj: str) -> bool:
    """Was ``obj`` left with the non-human this action courted (notes 18)?"""
    for key in ("court", "target"):
        who = action.get(key)
        if who and b.is_non_human(who) and obj in b.s["non_human"][who].get("objects", []):
            return True
    return False


def return_counters(b: Board) -> None:
    """Action counters go back to the supply; objects used with actions go to
    ``supply.used`` (back in the draws a round later, notes 17), except those left with a
    courted non-human (notes 18); the objects of a void action go back to their owner."""
    supply = b.s["supply"]
    returned = 0
    kept = hand.hidden(b)  # the hidden deck is gathered at the next draws (counters.py)
    for action in b.this_round["actions"]:
        if action.get("counter"):
            if not kept:
                supply["actions"].append(action["counter"])
            returned += 1
        for obj, entry in zip(action.get("objects") or [], objects.placed(action), strict=True):
            if _lying_with(b, action, obj):
                continue
            if action.get("status") == "void":
                b.realm(action["role"])["objects"].append(entry)
            else:
                objects.to_used(b, [entry])
    for guard in b.this_round.get("guards") or []:
        if guard.get("object"):
            objects.to_used(b, [guard.get("object_entry") or guard["object"]])
    for role in b.seats:
        held = b.realm(role)["counters"]
        if not kept:
            supply["actions"].extend(held)
        returned += len(held)
        held.clear()
    if returned:
        b.note(f"{counted(returned, 'action counter')} {'goes' if returned == 1 else 'go'} "
               "back to the supply", RETURN)


def _carried_battles(b: Board) -> list[dict[str, Any]]:
    return [x for x in b.this_round["battles"] if x.get("status") == "carried"]


def come_home(b: Board) -> None:
    """Generals back from actions and battles (those of a battle carried on stay on the
    map); an injured general recovers in the round he is due back."""
    staying = {f"battle:{x['id']}" for x in _carried_battles(b)}
    coming = b.round + 1
    for gid, facts in b.s["generals"].items():
        task = facts.get("task")
        if task and task not in staying:
            facts["task"] = None
            if facts["status"] != "free":
                facts["at"] = None
        if facts["status"] == "injured" and facts.get("healed") is not None \
                and int(facts["healed"]) <= coming:
            facts.update(status="ready", healed=None)
            b.note(f"{b.name(gid)} has recovered from his wounds", "s10.3.7.combat-test")


# ------------------------------------------------------------------ 12.3


def clear_non_human_armies(b: Board) -> None:
    """In winter every non-human army leaves the map (12.3, 15.2)."""
    name = "pbem.games.chronicles.rules.non_human"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        module = None
    if module is not None and hasattr(module, "clear_armies"):
        module.clear_armies(b)
        return
    cleared = 0
    for facts in b.s["areas"].values():
        if facts.get("armies"):
            cleared += 1
        facts["armies"] = None
    if cleared:
        b.note(f"winter: the non-human armies leave {counted(cleared, 'area')}", WINTER)


# ------------------------------------------------------------------ 12.4, 12.5


def threshold(b: Board) -> int:
    """Influence that wins with this game's number of seats (14.0, notes 57)."""
    table = {int(k): int(v) for k, v in b.data.rule("victory").items()}
    seats = len(b.seats)
    fitting = [k for k in table if k <= seats]
    return table[max(fitting)] if fitting else table[min(table)]


def contenders(b: Board) -> list[str]:
    """Seats that can still win: all but those whose game ended in exile."""
    return [r for r in b.seats if not exile.is_out(b, r)]


def _finish(b: Board, winners: list[str], why: str, rule: str) -> None:
    scores = {r: b.influence(r) for r in b.seats}
    b.s["result"] = {"winner": winners[0] if len(winners) == 1 else None,
                     "winners": winners, "why": why, "reason": why, "influence": scores,
                     "when": b.when()}
    names = " and ".join(b.name(w) for w in winners) or "nobody"
    b.note(f"the game ends: {names} {'wins' if len(winners) == 1 else 'win'} ({why})",
           rule)


def _highest(b: Board, roles: list[str]) -> list[str]:
    if not roles:
        return []
    top = max(b.influence(r) for r in roles)
    return [r for r in b.seats if r in roles and b.influence(r) == top]


def check_victory(b: Board) -> bool:
    """12.4: anyone at the threshold ends the game; the most Influence among them wins,
    equal highest share the victory (notes 57)."""
    need = threshold(b)
    reached = [r for r in contenders(b) if b.influence(r) >= need]
    if not reached:
        return False
    _finish(b, _highest(b, reached), f"Influence {need} reached", VICTORY)
    return True


def final_count(b: Board) -> None:
    """12.5: after the last winter the calendar stays; the highest Influence wins."""
    _finish(b, _highest(b, contenders(b)), f"the end of {b.when()}: highest Influence",
            FINAL)


# ------------------------------------------------------------------ the next round


def next_round(b: Board) -> None:
    """The calendar moves on; generals whose year has come join; the round's facts are
    reset (battles carried on stay)."""
    year, season = b.next_season()
    calendar = b.s["calendar"]
    new_year = year != calendar["year"]
    calendar.update(year=year, season=season, round=int(calendar["round"]) + 1)
    fresh: dict[str, Any] = {key: type(value)() for key, value in b.this_round.items()
                             if isinstance(value, (dict, list))}
    fresh.update(orders={}, actions=[], battles=_carried_battles(b), effects={})
    b.s["round"] = fresh
    if new_year:
        arrivals(b)


def arrivals(b: Board) -> None:
    """Own-colour generals not in play yet join their employer when their year comes
    (Huang Zhong and Wei Yan in 197, 3.0 point 9); the search pile and event-only
    generals (Zhuge Liang) are not touched."""
    for gid, facts in b.s["generals"].items():
        record = b.general(gid)
        if facts["status"] != "undiscovered" or facts["employer"] == FREE \
                or record.undiscovered or record.appears is None or record.appears > b.year:
            continue
        facts["status"] = "ready"
        b.note(f"{b.name(gid)} joins {b.name(facts['employer'])} ({b.year})", ARRIVE)
