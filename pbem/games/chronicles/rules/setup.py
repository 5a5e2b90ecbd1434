"""The start of the game (3.0, 17.0, 18.0): who plays whom, and the opening position.

:func:`opening_state` builds the position without dice; :func:`first_draws` makes the
draws of 3.0 points 6-8 with the engine's dice when the game starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.errors import UsageError
from pbem.games.chronicles import dataset, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.catalog import ChroniclesData
from pbem.games.chronicles.orders import default_orders
from pbem.games.chronicles.records import FREE, SEASONS, General


def line_up(data: ChroniclesData, players: int) -> list[str]:
    """The leaders advised for ``players`` people (17.0, 18.0), each count adding one."""
    ups = data.rule("line-ups")
    leaders: list[str] = []
    for count in sorted(int(k) for k in ups):
        if count <= players:
            leaders.extend(ups[count] if count in ups else ups[str(count)])
    return leaders


def check_leaders(data: ChroniclesData, players: int, leaders: Sequence[str]) -> list[str]:
    """The chosen leaders, checked: one each, all different, from the seven (17.0)."""
    chosen = list(leaders)
    if len(chosen) != players:
        raise UsageError(f"option leaders names {len(chosen)} leaders for {players} players")
    for leader in chosen:
        if leader not in data.leaders:
            raise UsageError(f"option leaders: {leader!r} is not one of "
                             f"{', '.join(data.leaders)}")
    if len(set(chosen)) != len(chosen):
        raise UsageError("option leaders names a leader twice")
    if "ma-teng" in chosen and players < 7:
        raise UsageError("Ma Teng is played only by a seventh player (18.0)")
    return chosen


def active_non_humans(data: ChroniclesData, seats: Sequence[str]) -> list[str]:
    """Non-human leaders in play: every one but those standing for a seated leader (15.0)."""
    return [nh.id for nh in data.non_human.values()
            if (nh.stands_for or nh.id) not in seats]


def _start_areas(data: ChroniclesData, territories: Sequence[int],
                 areas: Sequence[str]) -> list[str]:
    whole = [a for n in territories for a in data.territory(n).area_ids()]
    return whole + [a for a in areas if a not in whole]


def _starting_status(general: General, year: int) -> str:
    """``ready``, or ``undiscovered`` for a general not in play yet (3.0 point 9, notes
    24): the free generals of errata 15 (the search pile: employer ``free``), a general
    found only by an event (Zhuge Liang), and an own-colour general whose year has not
    come (Huang Zhong, Wei Yan: he joins his employer when the calendar reaches it)."""
    if general.employer == FREE or general.undiscovered:
        return "undiscovered"
    if general.appears is not None and general.appears > year:
        return "undiscovered"
    return "ready"


def opening_state(options: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """The position of Spring 196 before any draw (3.0 points 1-5, 9-10)."""
    data = dataset.get(options.get("data"))
    holders: dict[str, str] = {}
    for leader in seats:
        start = data.leaders[leader].start
        for area in _start_areas(data, start.territories, start.areas):
            holders[area] = leader
    non_human = active_non_humans(data, seats)
    for nh_id in non_human:
        nh = data.non_human[nh_id]
        if nh.stands_for:
            start = data.leaders[nh.stands_for].start
            areas = _start_areas(data, start.territories, start.areas)
        else:
            areas = _start_areas(data, nh.territories, nh.areas)
        for area in areas:
            holders.setdefault(area, nh_id)
    cards = data.territory_cards
    areas_state = {}
    for territory in data.territories.values():
        card = cards[territory.id]
        for area in card.areas:
            areas_state[area.id] = {"holder": holders.get(area.id),
                                    "defence": area.defensive_value, "armies": None}
    lands = {t.id: {"land_value": cards[t.id].land_value,
                    "flood_prevention": cards[t.id].flood_prevention}
             for t in data.territories.values()}
    realms = {}
    for leader in seats:
        record = data.leaders[leader]
        realms[leader] = {
            "gold": record.start.gold, "influence": record.influence,
            "units": {kind: int(record.start.armies.get(kind, 0)) for kind in data.armies},
            "cards": [], "objects": [], "counters": [], "taxed": None, "leader": leader,
            "exile": None, "loans": [], "decree_paid": False}
    # a seated leader without a table (Ma Teng) has no level either way (notes 56)
    everyone = [x for x in list(data.leaders) + [n for n in data.non_human
                                                 if n not in data.leaders]
                if x not in seats or data.leaders[x].table]
    relations = {leader: {other: int(data.leaders[leader].relations.get(other, 5))
                          for other in everyone if other != leader}
                 for leader in seats if data.leaders[leader].table}
    generals = {gid: {"employer": general.employer,
                      "status": _starting_status(general, int(data.rule("start-year"))),
                      "at": None, "captor": None, "healed": None, "task": None}
                for gid, general in data.generals.items()}
    objects_with = {nh_id: [o.id for o in data.objects.values()
                            if o.starts_with == nh_id] for nh_id in non_human}
    held = {o for objs in objects_with.values() for o in objs}
    free_objects = [o.id for o in data.objects.values() for _ in range(o.count)
                    if o.id not in held]
    black = [c.id for section in (data.events, data.disasters) for c in section.values()
             for _ in range(c.copies)]
    red = [c.id for c in data.stratagems.values() for _ in range(c.copies)]
    low, high = data.randomizers["bad-luck"].numbers
    extra = data.randomizers["bad-luck"].extra
    cup = [str(n) for n in range(low, high + 1)] + [k for k, n in extra.items()
                                                     for _ in range(n)]
    return {
        "data": options.get("data"),
        "seats": list(seats),
        "calendar": {"year": int(data.rule("start-year")), "season": SEASONS[0], "round": 1},
        "realms": realms,
        "relations": relations,
        "areas": areas_state,
        "lands": lands,
        "generals": generals,
        "non_human": {nh_id: {"active": True, "objects": objects_with[nh_id]}
                      for nh_id in non_human},
        "pile": {"draw": black + red, "discard": [], "removed": []},
        "supply": {"actions": [], "objects": free_objects, "used": []},
        "bad_luck": cup,
        "round": {"orders": {}, "actions": [], "battles": [], "effects": {}},
        "exchange": None,
        "orders": {leader: default_orders() for leader in seats},
        "result": None,
    }


def first_draws(board: Board) -> None:
    """3.0 point 6: every player draws one of the free objects, in the round seat order —
    unless a scenario has said who holds which objects (docs/scenarios.md)."""
    if (board.s.get("scenario") or {}).get("objects"):
        board.note("the scenario says who holds the objects: no starting draw", "s3.6")
        return
    if objects.hidden_objects(board):
        board.s["supply"]["objects"] = []  # the free objects are the hidden deck
    per_player = int(board.data.rule("objects-at-start"))
    for role in board.round_order():
        for _ in range(per_player):
            if not objects.left(board):
                return
            objects.deal(board, role, f"starting object of {board.name(role)}", in_order=True)
            board.note(f"{board.name(role)} draws a starting object", "s3.6")
