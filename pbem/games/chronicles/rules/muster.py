"""9.0: battle preparation. Placements (``muster``), battle plans (``plans``) and consent to
cross one's territories (``let_through``) in the season orders and the two musters
(notes 5, 10, 22, 23, 30, 48); supplies charged when the last muster closes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles import hand
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import exile, parts
from pbem.games.chronicles.rules.plan_checks import check_plan
from pbem.games.chronicles.wording import counted

SIDES = ("invade", "defend", "help")
LIVE = ("pending", "carried")


# ------------------------------------------------------------------ checks


def _route(b: Board, role: str, entry: Mapping[str, Any], target: str) -> str | None:
    """The territory a helper crosses (notes 30), or None when he borders the target;
    refused when there is no legal route."""
    launch = entry.get("from")
    if launch == target or target in b.neighbours(launch):
        return None
    helped = entry.get("helps")
    via = entry.get("via")
    options = [via] if via else [t for t in b.neighbours(launch) if target in b.neighbours(t)]
    for t in options:
        if (t in b.data.territories and t in b.neighbours(launch) and target in b.neighbours(t)
                and b.is_human(helped) and any(b.holder(a) == helped
                                               for a in b.territory(t).area_ids())):
            return str(t)
    raise IllegalAction(f"{b.territory(launch).name} does not border "
                        f"{b.territory(target).name}, and no single territory of "
                        f"{b.name(helped)} leads there", "s9.0.pass-through")


def _check_units(b: Board, units: Any) -> dict[str, int]:
    if units is None:
        return {}
    if not isinstance(units, Mapping):
        raise IllegalAction("units: kind -> number", "s9.0.invade")
    out = {}
    for kind, n in units.items():
        if kind not in b.data.armies:
            raise IllegalAction(f"there is no army kind {kind!r}", "s9.0.invade")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise IllegalAction(f"units of {kind}: a whole number, not {n!r}", "s9.0.invade")
        if n:
            out[kind] = n
    return out


def bought_kind(b: Board, area: str, buy: str) -> str:
    """The kind 3 gold buys for a non-human defender of ``area``, by the icons it shows
    (notes 22, errata 8)."""
    icons = b.data.card_of(b.territory_of(area).id).area_icons(area)
    if buy == "infantry":
        return "infantry"
    if buy == "cavalry":
        return "cavalry-1" if icons.get("cavalry-1") else "cavalry-2"
    if buy == "naval":
        if icons.get("naval-1"):
            return "naval-1"
        if icons.get("naval-2"):
            return "naval-2"
    raise IllegalAction(f"gold cannot buy {buy} units in {b.area(area).name}", "s9.3.rate")


def check_entry(b: Board, role: str, entry: Mapping[str, Any]) -> None:
    """One placement, alone, against the position (notes 22, 30)."""
    if not isinstance(entry, Mapping):
        raise IllegalAction("a placement is a mapping", "s9.0.invade")
    area, side = entry.get("area"), entry.get("side")
    if area not in b.s["areas"]:
        raise IllegalAction(f"there is no area {area!r}", "s9.0.invade")
    if side not in SIDES:
        raise IllegalAction(f"side: one of {', '.join(SIDES)}", "s9.0.invade")
    units = _check_units(b, entry.get("units"))
    gens = list(entry.get("generals") or [])
    gold = entry.get("gold", 0) or 0
    if not isinstance(gold, int) or gold < 0:
        raise IllegalAction("gold: a whole number", "s9.3.rate")
    if not units and not gens and not gold:
        raise IllegalAction("a placement sends generals, units or gold", "s9.0.invade")
    for gid in gens:
        facts = b.s["generals"].get(gid)
        if facts is None or facts["employer"] != role or facts["status"] != "ready" \
                or str(facts.get("task") or "").startswith("battle:"):
            raise IllegalAction(f"{b.name(gid)} is not a ready general of "
                                f"{b.name(role)}", "s10.3.roles")
    target = b.territory_of(area).id
    if gold:
        helped = entry.get("helps")
        if side != "help" or not b.is_non_human(helped) or b.holder(area) != helped:
            raise IllegalAction("gold may only reinforce a non-human defender",
                                "s9.3.gold-only-nh")
        if gold % 3:
            raise IllegalAction("gold buys units by 3", "s9.3.rate")
        bought_kind(b, area, str(entry.get("buy", "infantry")))
    if not units and not gens:
        return
    launch = entry.get("from")
    if side == "invade" and rebellion(b, role, area, launch):
        return
    if side != "defend" and (launch not in b.data.territories
                             or not any(b.holder(a) == role
                                        for a in b.territory(launch).area_ids())):
        raise IllegalAction(f"from: a territory where {b.name(role)} holds an area",
                            "s9.0.invade")
    if side == "invade":
        _check_invasion(b, role, area, launch, target)
    elif side == "defend":
        if b.holder(area) != role:
            raise IllegalAction(f"{b.name(role)} does not hold {b.area(area).name}",
                                "s9.6.home-defence")
    else:
        helped = entry.get("helps")
        if not helped or helped == role:
            raise IllegalAction("helps: the leader helped", "s9.2.army-reinforce")
        _route(b, role, entry, target)


def rebellion(b: Board, role: str, area: str, launch: Any) -> bool:
    """Is this invasion an exile's rebellion in the area lent to him, launched from its
    own territory (16.0, notes 58)?"""
    return exile.guest_of(b, area) == role and launch == b.territory_of(area).id


def _check_invasion(b: Board, role: str, area: str, launch: str, target: str) -> None:
    if b.holder(area) == role:
        raise IllegalAction(f"{b.name(role)} already holds {b.area(area).name}", "s9.0.invade")
    if launch != target and target not in b.neighbours(launch):
        raise IllegalAction(f"{b.territory(launch).name} does not border "
                            f"{b.territory(target).name}", "s9.0.invade")
    entry_from = b.area(area).entry_from
    if entry_from and not any(b.holder(a) == role for a in entry_from):
        names = " or ".join(b.area(a).name for a in entry_from)
        raise IllegalAction(f"{b.area(area).name} may be invaded only by the holder of "
                            f"{names}", "s9.r1.lo-yang")
    for border in b.data.borders.values():
        numbers = {b.territory(launch).number, b.territory(target).number}
        if set(border.between) != numbers:
            continue
        for src, dst in border.no_invasion:
            if dst == area and b.territory_of(src).id == launch:
                raise IllegalAction(f"{b.area(area).name} may not be invaded from "
                                    f"{b.territory(launch).name} (a major river)",
                                    "s9.r2.xia-pi")


def check_muster(b: Board, role: str, order: Mapping[str, Any],
                 earlier: list[Mapping[str, Any]] | None = None) -> None:
    """The ``muster``, ``plans`` and ``let_through`` parts of an order, checked alone
    (nothing changes); ``earlier``: placements of this round not placed yet (sealed), whose
    generals, units and gold are spoken for."""
    b.realm(role)
    entries = order.get("muster") or []
    if not isinstance(entries, list):
        raise IllegalAction("muster: a list of placements", "s9.0.invade")
    need: dict[str, int] = {}
    gold = 0
    seen: set[str] = set()
    for entry in earlier or []:
        for kind, n in _check_units(b, entry.get("units")).items():
            need[kind] = need.get(kind, 0) + n
        seen.update(entry.get("generals") or [])
        gold += int(entry.get("gold", 0) or 0)
    for entry in entries:
        check_entry(b, role, entry)
        for kind, n in _check_units(b, entry.get("units")).items():
            need[kind] = need.get(kind, 0) + n
        for gid in entry.get("generals") or []:
            if gid in seen:
                raise IllegalAction(f"{b.name(gid)} is placed twice this round",
                                    "s10.3.roles")
            seen.add(gid)
        gold += int(entry.get("gold", 0) or 0)
    pool = b.realm(role)["units"]
    if parts.is_split(b, role):
        parts.check_draws(b, role, entries)
        need, gold = {}, 0
    for kind, n in need.items():
        if n > int(pool.get(kind, 0)):
            raise IllegalAction(f"{b.name(role)} has {pool.get(kind, 0)} {kind}, not {n}",
                                "s9.0.invade")
    if gold > b.gold(role):
        raise IllegalAction(f"{b.name(role)} has {b.gold(role)} gold, not {gold}",
                            "s9.3.gold-only-nh")
    for plan in order.get("plans") or []:
        check_plan(b, role, plan)
    for who in order.get("let_through") or []:
        if who not in b.data.leaders:
            raise IllegalAction(f"let_through: {who!r} is not a leader", "s9.0.pass-through")


# ------------------------------------------------------------------ placing


def live(b: Board) -> list[dict[str, Any]]:
    return [x for x in b.s["round"]["battles"] if x["status"] in LIVE]


def pending(b: Board) -> bool:
    """Is any battle waiting to be fought (an invasion, an event's, a carried one)?"""
    return bool(live(b))


def _new_battle(b: Board, role: str, area: str) -> dict[str, Any]:
    used = {x["id"] for x in b.s["round"]["battles"]}
    n = 1
    while f"b{n}" in used:
        n += 1
    battle = {"id": f"b{n}", "area": area, "territory": b.territory_of(area).id,
              "defender": b.holder(area), "invader": role, "cause": "invasion",
              "force": None, "forces": [], "plans": {}, "status": "pending"}
    b.s["round"]["battles"].append(battle)
    b.note(f"{b.name(role)} invades {b.area(area).name} ({b.name(b.holder(area))})",
           "s9.0.invade")
    return battle


def battle_for(b: Board, role: str, entry: Mapping[str, Any]) -> dict[str, Any] | None:
    area, side = entry["area"], entry["side"]
    for x in live(b):
        if x["area"] != area:
            continue
        if side == "invade" and x["invader"] == role:
            return x
        if side == "defend" and b.holder(area) == role:
            return x
        if side == "help" and entry.get("helps") in (x["invader"], b.holder(area)):
            return x
    return _new_battle(b, role, area) if side == "invade" else None


def _consents(b: Board, helped: str, role: str) -> bool:
    given = b.s["round"].get("let_through", {}).get(helped, [])
    standing = b.s["orders"].get(helped, {}).get("let_through", "refuse")
    return role in given or standing == "accept"


def _place(b: Board, role: str, entry: Mapping[str, Any], round_no: int,
           revealed: bool = False) -> None:
    check_entry(b, role, entry)
    if parts.is_split(b, role):
        parts.check_draws(b, role, [entry])
    with parts.acting(b, role, parts.draw_territory(b, entry)):
        _draw(b, role, entry, round_no, revealed)


def _draw(b: Board, role: str, entry: Mapping[str, Any], round_no: int,
          revealed: bool) -> None:
    """One placement, its units and gold taken from the pool it draws on."""
    units = _check_units(b, entry.get("units"))
    pool = b.realm(role)["units"]
    for kind, n in units.items():
        if n > int(pool.get(kind, 0)):
            raise IllegalAction(f"{b.name(role)} no longer has {n} {kind}", "s9.0.invade")
    via = None
    if entry["side"] == "help" and (units or entry.get("generals")):
        via = _route(b, role, entry, b.territory_of(entry["area"]).id)
        if via and not _consents(b, entry["helps"], role):
            raise IllegalAction(f"{b.name(entry['helps'])} does not let "
                                f"{b.name(role)} cross {b.territory(via).name}",
                                "s9.0.pass-through")
    battle = battle_for(b, role, entry)
    if battle is None:
        raise IllegalAction(f"no battle is fought in {b.area(entry['area']).name}",
                            "s9.0.invade")
    gold = int(entry.get("gold", 0) or 0)
    bought: dict[str, int] = {}
    if gold:
        kind = bought_kind(b, battle["area"], str(entry.get("buy", "infantry")))
        b.pay(role, gold, "the gold reinforcement", "s9.3.gold-only-nh")
        bought = {kind: gold // 3}
        b.note(f"{b.name(role)} sends {gold} gold to {b.name(entry['helps'])}: "
               f"{gold // 3} {kind}", "s9.3.rate")
    for kind, n in units.items():
        pool[kind] -= n
    gens = list(entry.get("generals") or [])
    for gid in gens:
        b.general_state(gid).update(task=f"battle:{battle['id']}", at=entry["area"])
    battle["forces"].append({"who": role, "side": entry["side"], "from": entry.get("from"),
                             "via": via, "generals": gens, "units": units, "gold": gold,
                             "bought": bought, "helps": entry.get("helps"),
                             "round": round_no})
    if revealed:
        b.note(f"{b.name(role)}'s forces in {b.area(entry['area']).name} ({entry['side']}, "
               f"round {round_no}) are shown: {forces_text(b, gens, units, gold)}",
               "s10.3.inspect")
        return
    b.note(f"{b.name(role)} places {counted(len(gens), 'general')} in "
           f"{b.area(entry['area']).name} ({entry['side']})", "s9.1.face-down")


def forces_text(b: Board, gens: list[str], units: Mapping[str, int], gold: int) -> str:
    """A placement's content in words."""
    words = [", ".join(b.name(g) for g in gens) or "no general"]
    words.append(", ".join(f"{n} {k}" for k, n in units.items()) or "no units")
    if gold:
        words.append(f"{gold} gold")
    return "; ".join(words)


def place_all(b: Board, answers: Mapping[str, Mapping[str, Any]], round_no: int) -> None:
    """Record one round of placements (invasions first, then defence and help, each in the
    round seat order), then the plans. A placement no longer possible is dropped."""
    place_round(b, answers, round_no)
    for role in [r for r in b.round_order() if r in answers]:
        take_plans(b, role, answers[role].get("plans") or [])


def consent(b: Board, answers: Mapping[str, Mapping[str, Any]]) -> None:
    """The players each answer lets cross its writer's territories this round."""
    given = b.s["round"].setdefault("let_through", {})
    for role in [r for r in b.round_order() if r in answers]:
        given.setdefault(role, [])
        given[role] = sorted(set(given[role]) | set(answers[role].get("let_through") or []))


def place_round(b: Board, answers: Mapping[str, Mapping[str, Any]], round_no: int) -> None:
    """One round's placements in clear: invasions first, then defence and help, each in
    the round seat order; one no longer possible is dropped."""
    seats = [r for r in b.round_order() if r in answers]
    consent(b, answers)
    for invading in (True, False):
        for role in seats:
            for entry in answers[role].get("muster") or []:
                if (entry.get("side") == "invade") == invading:
                    place_or_drop(b, role, entry, round_no)


def place_or_drop(b: Board, role: str, entry: Mapping[str, Any], round_no: int,
                  revealed: bool = False) -> None:
    """Place ``entry``; the log says why when it is no longer possible."""
    try:
        _place(b, role, entry, round_no, revealed)
    except IllegalAction as exc:
        b.note(f"{b.name(role)}'s placement in {entry.get('area')} is dropped: "
               f"{exc}", getattr(exc, "rule", None) or "s9.0.invade")


def take_plans(b: Board, role: str, plans: Any) -> None:
    """``role``'s battle plans, each replacing his last one for its battle."""
    for plan in plans if isinstance(plans, list) else []:
        plan = hand.shown_plan(b, role, plan)
        for x in live(b):
            if x["area"] == plan.get("area") and (
                    role in (x["invader"], b.holder(x["area"]))
                    or any(f["who"] == role for f in x["forces"])):
                x["plans"][role] = {k: v for k, v in plan.items() if k != "area"}


def asked(b: Board, round_no: int) -> list[str]:
    """The seats asked in muster ``round_no`` (2 or 3), in the round seat order (notes 5)."""
    battles = live(b)
    if not battles:
        return []
    want: set[str] = set()
    for x in battles:
        want.update(w for w in (x["invader"], b.holder(x["area"])) if b.is_human(w))
        want.update(f["who"] for f in x["forces"] if f.get("round", 0) < round_no)
    if round_no == 2:
        attacked = {x["territory"] for x in battles}
        for role in b.seats:
            standing = b.s["orders"].get(role, {}).get("reinforce", "border")
            if standing == "any" or (standing == "border" and any(
                    t in attacked or any(n in attacked for n in b.neighbours(t))
                    for t in b.territories_touched(role))):
                want.add(role)
    return [r for r in b.round_order() if r in want]
