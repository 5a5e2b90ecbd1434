"""Exile (16.0, notes 58): a leader with no area left, or who chooses it, joins a host.

``realms.<role>.exile`` is null, or ``{host, area, out}``: the host (a seat or a
non-human's id) and the area he lends; the area stays the host's (a rebellion is an
invasion of it from it, notes 58) and the exile lives, musters and draws his income there
(:func:`guest_of`). ``out`` is true when nobody took him in: his game is over.

Hosts are asked in turn: the seat the exile's standing order ``exile_to`` names, then the
others by his level toward them (highest first; ties: round seat order). Each answers by
his standing order ``exile_host``; a refusal costs the refuser 1 Influence and both levels
1. With no human host, the active non-human at his highest level (ties: data order) lends
its lowest-income area. An accepting human lends the area his ``exile_area`` names (default
his lowest-income area) and gains 1 Influence; the exile loses 2 on going.

The season order's ``exile`` part (``docs/chronicles-engine.md``)::

    exile: {go: true, recall: [liu-bei], give_back: true}

``go``: leave every area (they go to nobody) and go into exile; ``recall``: as host, ask
these exiles for the lent area back (each answers by his ``give_back`` order: ``yes``, he
seeks a new host; ``no``, he keeps living there and loses 1 Influence, both levels -1);
``give_back``: as exile, give the lent area back and seek a new host.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import parts as realm_parts

EXILED = "s14.other.exiled"
ACCEPT = "s14.other.accept-exile"
REFUSE = "s14.other.refuse-exile"
KEEPS = "s14.other.exile-keeps-land"
HIGHEST = "s16.highest"
REJECT = "s16.reject"
NON_HUMAN = "s16.nh"
AREA = "s16.area"
RECALL = "s16.recall"
CONFLICT = "s13.change.conflict"
PART_KEYS = ("go", "recall", "give_back")


# ------------------------------------------------------------------ reading


def exile_of(b: Board, role: str) -> dict[str, Any] | None:
    return b.realm(role).get("exile")


def in_exile(b: Board, role: str) -> bool:
    return exile_of(b, role) is not None


def is_out(b: Board, role: str) -> bool:
    """Has ``role``'s game ended in exile (nobody took him in)?"""
    ex = exile_of(b, role)
    return bool(ex and ex.get("out"))


def guest_of(b: Board, area: str) -> str | None:
    """The exile living on ``area``, lent to him (he takes its income, 16.0)."""
    for role in b.seats:
        ex = exile_of(b, role)
        if ex and not ex.get("out") and ex.get("area") == area:
            return role
    return None


def guests_of(b: Board, host: str) -> list[str]:
    return [r for r in b.seats if (exile_of(b, r) or {}).get("host") == host]


def area_income(b: Board, area: str) -> int:
    """An area's yearly income now: the developed figure once its land value is 0."""
    tid = b.territory_of(area).id
    card = b.data.card_of(tid)
    pair = next(a.income for a in card.areas if a.id == area)
    return int(pair[1] if b.s["lands"][tid]["land_value"] == 0 else pair[0])


def _lendable(b: Board, host: str) -> list[str]:
    return [a for a in b.areas_of(host) if guest_of(b, a) is None]


def _lowest_income(b: Board, areas: list[str]) -> str:
    return min(areas, key=lambda a: (area_income(b, a), areas.index(a)))


# ------------------------------------------------------------------ going and joining


def go_into_exile(b: Board, role: str, why: str) -> None:
    """``role`` goes into exile: 2 Influence lost, then a host is sought."""
    b.realm(role)["exile"] = {"host": None, "area": None, "out": False}
    b.note(f"{b.name(role)} goes into exile ({why})", EXILED)
    b.shift_influence(role, -2, "going into exile", EXILED)
    seek_host(b, role)


def _human_candidates(b: Board, role: str, skip: Iterable[str]) -> list[str]:
    order = b.round_order()
    others = [r for r in order if r != role and r not in skip and not in_exile(b, r)
              and _lendable(b, r)]
    others.sort(key=lambda r: (-b.relation(role, r), order.index(r)))
    first = b.s["orders"].get(role, {}).get("exile_to", "highest")
    if first in others:
        others.remove(first)
        others.insert(0, first)
    return others


def seek_host(b: Board, role: str, skip: Iterable[str] = ()) -> None:
    """Ask hosts in turn (notes 58) until one takes ``role`` in; no one: a non-human; no
    non-human either: his game is over."""
    ex = b.realm(role)["exile"]
    ex.update(host=None, area=None)
    for host in _human_candidates(b, role, skip):
        answer = b.s["orders"].get(host, {}).get("exile_host", "accept")
        if answer == "refuse":
            b.note(f"{b.name(host)} turns {b.name(role)} away", REJECT)
            b.shift_influence(host, -1, f"turning away the exile {b.name(role)}", REFUSE)
            b.shift_relation(host, role, -1, "an exile turned away", CONFLICT, both=True)
            continue
        _lodge(b, role, host, _human_area(b, host))
        b.shift_influence(host, 1, f"taking in the exile {b.name(role)}", ACCEPT)
        return
    order = list(b.data.non_human)
    hosts = [n for n in b.s["non_human"] if b.is_non_human(n) and _lendable(b, n)]
    if hosts:
        host = min(hosts, key=lambda n: (-b.relation(role, n), order.index(n)))
        b.note(f"no leader takes {b.name(role)} in; {b.name(host)} does", NON_HUMAN)
        _lodge(b, role, host, _lowest_income(b, _lendable(b, host)))
        return
    ex["out"] = True
    b.note(f"nobody takes {b.name(role)} in: his game is over", NON_HUMAN)


def _human_area(b: Board, host: str) -> str:
    named = b.s["orders"].get(host, {}).get("exile_area", "lowest-income")
    areas = _lendable(b, host)
    return named if named in areas else _lowest_income(b, areas)


def _lodge(b: Board, role: str, host: str, area: str) -> None:
    b.realm(role)["exile"].update(host=host, area=area, out=False)
    b.note(f"{b.name(host)} takes {b.name(role)} in and lends him "
           f"{b.area(area).name or area}", AREA)


def settle(b: Board) -> None:
    """After battles: a seat left with no area goes into exile; an exile whose host lost
    the lent area seeks another; an exile holding ground of his own is home again."""
    for role in b.round_order():
        ex = exile_of(b, role)
        if ex is not None and ex.get("out"):
            continue
        own = b.areas_of(role)
        if ex is None and not own:
            go_into_exile(b, role, "no area left")
        elif ex is not None and own:
            b.realm(role)["exile"] = None
            b.note(f"{b.name(role)} holds ground of his own again: his exile ends", AREA)
        elif ex is not None and (ex.get("area") is None
                                 or b.holder(ex["area"]) != ex.get("host")):
            b.note(f"{b.name(role)} has lost his lent area and seeks a new host", AREA)
            seek_host(b, role, skip=[ex["host"]] if ex.get("host") else [])


# ------------------------------------------------------------------ the season order


def _part(order: Mapping[str, Any]) -> dict[str, Any]:
    part = order.get("exile") or {}
    if not isinstance(part, Mapping):
        raise IllegalAction("the exile part is a mapping: {go, recall, give_back}", HIGHEST)
    unknown = sorted(set(part) - set(PART_KEYS))
    if unknown:
        raise IllegalAction(f"the exile part has no key {unknown[0]!r} "
                            f"(keys: {', '.join(PART_KEYS)})", HIGHEST)
    return dict(part)


def check_exile(b: Board, role: str, order: Mapping[str, Any]) -> None:
    """Refuse an ``exile`` part the position does not allow (nothing changes)."""
    part = _part(order)
    if part.get("go") and in_exile(b, role):
        raise IllegalAction(f"{b.name(role)} is in exile already", EXILED)
    recall = part.get("recall") or []
    if not isinstance(recall, list):
        raise IllegalAction("recall lists the exiles whose area you want back", RECALL)
    for guest in recall:
        if guest not in guests_of(b, role):
            raise IllegalAction(f"{b.name(role)} lends no area to {b.name(guest)}", RECALL)
    if part.get("give_back"):
        ex = exile_of(b, role)
        if ex is None or ex.get("out") or ex.get("area") is None:
            raise IllegalAction(f"{b.name(role)} holds no lent area to give back", RECALL)


def take_exile(b: Board, orders: Mapping[str, Mapping[str, Any]]) -> None:
    """The ``exile`` parts of the opened season orders, in the round seat order: first
    those who go, then recalls, then areas given back."""
    parts = {r: _part(orders[r]) for r in b.round_order() if r in orders}
    for role, part in parts.items():
        if part.get("go"):
            if in_exile(b, role):
                b.note(f"{b.name(role)} is in exile already", EXILED)
                continue
            before = set(b.territories_touched(role))
            for area in b.areas_of(role):
                b.s["areas"][area]["holder"] = None
            realm_parts.regroup(b, role, before)  # every part's pool back in one
            go_into_exile(b, role, "by his own choice")
    for host, part in parts.items():
        for guest in part.get("recall") or []:
            if guest in guests_of(b, host):
                recall(b, host, guest)
    for role, part in parts.items():
        ex = exile_of(b, role)
        if part.get("give_back") and ex and not ex.get("out") and ex.get("area"):
            b.note(f"{b.name(role)} gives back the area lent to him", RECALL)
            seek_host(b, role, skip=[ex["host"]])


def recall(b: Board, host: str, guest: str) -> None:
    """``host`` asks for the area lent to ``guest`` back; ``guest``'s ``give_back``
    answers (16.0, notes 58)."""
    answer = b.s["orders"].get(guest, {}).get("give_back", "yes")
    if answer == "no":
        b.note(f"{b.name(guest)} refuses to give back the area {b.name(host)} lent him",
               RECALL)
        b.shift_influence(guest, -1, "keeping a lent area", KEEPS)
        b.shift_relation(guest, host, -1, "a lent area kept", CONFLICT, both=True)
        return
    b.note(f"{b.name(guest)} gives back the area {b.name(host)} lent him", RECALL)
    seek_host(b, guest, skip=[host])
