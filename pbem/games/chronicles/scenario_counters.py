"""The generals and objects of a Chronicles scenario (docs/scenarios.md, "Chronicles"), and
the one-line refusals every scenario field shares.

A general named by the scenario is set as a whole: whom he serves (``employer``), his
``status``, the area he stands free on (``at``), who holds him (``captor``) and the round an
injured general is back (``healed``); what the scenario leaves out takes the value that
status calls for, so no general keeps a place he has left. An object named by the scenario
is placed counter by counter: each holder listed holds one, the rest lie in the supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import UsageError
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.catalog import ChroniclesData
from pbem.games.chronicles.records import FREE, General
from pbem.games.chronicles.rules.leaders import successor
from pbem.games.chronicles.wording import counted, with_article

GENERAL_KEYS = ("employer", "status", "at", "captor", "healed")
STATUSES = ("ready", "injured", "captive", "dead", "free", "undiscovered")
"""The statuses a scenario may give: a general on an action or in a battle under way, or one
removed from the game by an event, is not part of the format."""
SERVING = ("ready", "injured", "captive", "dead")
"""Statuses of a general who serves a side (a leader's own counter has no other)."""
UNEMPLOYED = ("free", "undiscovered")
"""Statuses of a general who serves nobody (``employer: free``)."""


def fail(field: str, why: str) -> UsageError:
    """The one-line refusal naming the scenario field at fault."""
    return UsageError(f"scenario field {field}: {why}")


def count(value: Any, field: str, low: int = 0, high: int | None = None) -> int:
    """``value`` checked as a whole number from ``low`` (to ``high``)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low \
            or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise fail(field, f"is a whole number, {span}, not {value!r}")
    return value


def mapping(value: Any, field: str) -> Mapping[str, Any]:
    """``value`` checked as a mapping."""
    if not isinstance(value, Mapping):
        raise fail(field, "is a mapping")
    return value


def known(value: Any, pool: Any) -> bool:
    """Is ``value`` a name (a string) found in ``pool``?"""
    return isinstance(value, str) and value in pool


def _sides(state: dict[str, Any]) -> list[str]:
    """The seated leaders and the non-human leaders in play."""
    return list(state["realms"]) + [n for n, facts in state["non_human"].items()
                                    if facts.get("active")]


# ------------------------------------------------------------------ generals


def generals(state: dict[str, Any], given: Any, data: ChroniclesData) -> None:
    """Set each general ``given`` names; then who leads each seated realm."""
    named = mapping(given, "generals")
    for gid, fields in named.items():
        field = f"generals.{gid}"
        if gid not in state["generals"]:
            raise fail(field, "is not a general of the data (generals.yaml)")
        fields = mapping(fields, field)
        unknown = sorted(set(fields) - set(GENERAL_KEYS))
        if unknown:
            raise fail(f"{field}.{unknown[0]}", f"is not one of {', '.join(GENERAL_KEYS)}")
        state["generals"][gid] = _general(state, data.generals[gid], fields, field)
    _leaders(state, named)


def _general(state: dict[str, Any], record: General, fields: Mapping[str, Any],
             field: str) -> dict[str, Any]:
    """The facts of one general as ``fields`` describe him, every field checked."""
    old = state["generals"][record.id]
    sides = _sides(state)
    employer = fields.get("employer", old["employer"])
    status = fields.get("status")
    if status is not None and status not in STATUSES:
        raise fail(f"{field}.status", f"is one of {', '.join(STATUSES)}, not {status!r}")
    if "employer" in fields:
        if employer != FREE and not known(employer, sides):
            raise fail(f"{field}.employer", f"{employer!r} is not a seated leader, a "
                                            "non-human leader in play or free")
        if record.leader and employer != record.id:
            raise fail(f"{field}.employer", "a leader's own counter serves only his side")
        if record.exclusive_to and known(employer, state["realms"]) \
                and employer != record.exclusive_to:
            raise fail(f"{field}.employer", f"of the players, only {record.exclusive_to} "
                                            "may employ him")
    elif status in UNEMPLOYED:
        employer = FREE
    if status is None:
        status = "free" if employer == FREE else "ready"
    if record.leader and status not in SERVING:
        raise fail(f"{field}.status", f"a leader's own counter is {', '.join(SERVING)}")
    if employer == FREE and status not in (*UNEMPLOYED, "dead"):
        raise fail(f"{field}.status", f"a general serving nobody is free, undiscovered or "
                                      f"dead, not {status}")
    if employer != FREE and status in UNEMPLOYED:
        raise fail(f"{field}.status", f"{with_article(status)} general serves nobody "
                                      f"(employer free), not {employer}")
    year = int(state["calendar"]["year"])
    if record.appears is not None and record.appears > year and status != "undiscovered":
        raise fail(f"{field}.status", f"he comes into play in {record.appears}, after the "
                                      f"scenario's year {year}: only undiscovered")
    return {"employer": employer, "status": status, "at": _at(state, record, fields, field,
                                                              status),
            "captor": _captor(record, fields, field, status, employer, sides),
            "healed": _healed(state, fields, field, status), "task": None}


def _at(state: dict[str, Any], record: General, fields: Mapping[str, Any], field: str,
        status: str) -> str | None:
    """The area a free general stands on (null: in the pile a search draws from)."""
    area = fields.get("at")
    if area is None:
        return None
    if not known(area, state["areas"]):
        raise fail(f"{field}.at", f"{area!r} is not an area of the map")
    if status != "free":
        raise fail(f"{field}.at", "only a free general stands on the map, not "
                                  f"{with_article(status)} one (a general in service waits "
                                  "in his side's pool)")
    if record.loyalty is None:
        raise fail(f"{field}.at", "a general of loyalty X never stands free on the map")
    return str(area)


def _captor(record: General, fields: Mapping[str, Any], field: str, status: str,
            employer: str, sides: list[str]) -> str | None:
    captor = fields.get("captor")
    if status != "captive":
        if captor is not None:
            raise fail(f"{field}.captor", "only a captive general has a captor, not "
                                          f"{with_article(status)} one")
        return None
    if record.loyalty is None and not record.leader:
        raise fail(f"{field}.status", "a general of loyalty X dies rather than be held "
                                      "captive")
    if captor is None:
        raise fail(f"{field}.captor", "a captive general needs the side holding him")
    if not known(captor, sides):
        raise fail(f"{field}.captor", f"{captor!r} is not a seated leader or a non-human "
                                      "leader in play")
    if captor == employer:
        raise fail(f"{field}.captor", "nobody holds his own general captive")
    return str(captor)


def _healed(state: dict[str, Any], fields: Mapping[str, Any], field: str,
            status: str) -> int | None:
    """The round an injured general is back: after the scenario's round (default the
    next one)."""
    now = int(state["calendar"]["round"])
    if status != "injured":
        if fields.get("healed") is not None:
            raise fail(f"{field}.healed", f"only an injured general has a round he is "
                                          f"back, not {with_article(status)} one")
        return None
    return count(fields.get("healed", now + 1), f"{field}.healed", now + 1)


def _leaders(state: dict[str, Any], named: Mapping[str, Any]) -> None:
    """A seated leader the scenario names dead or captive hands his realm to a successor
    (notes 52); a captive one is remembered until he comes back."""
    b = Board(state)
    for role, realm in state["realms"].items():
        if role not in named:
            continue
        status = state["generals"][role]["status"]
        realm["held_leader"] = role if status == "captive" else None
        realm["leader"] = role if status in ("ready", "injured") \
            else successor(b, role, role)


# ------------------------------------------------------------------ objects


def objects(state: dict[str, Any], given: Any, data: ChroniclesData) -> None:
    """Place every counter of each object ``given`` names: one with each holder listed,
    the others in the supply."""
    for kind, holders in mapping(given, "objects").items():
        field = f"objects.{kind}"
        record = data.objects.get(kind)
        if record is None:
            raise fail(field, f"is not one of {', '.join(data.objects)}")
        keepers = [o.name for o in data.objects.values() if o.stays_on_non_human]
        listed = _holders(state, holders, field, record.count,
                          None if record.stays_on_non_human else keepers)
        for realm in state["realms"].values():
            realm["objects"] = [o for o in realm["objects"] if o != kind]
        for facts in state["non_human"].values():
            facts["objects"] = [o for o in facts.get("objects", []) if o != kind]
        supply = state["supply"]
        for pool in ("objects", "used"):
            supply[pool] = [o for o in supply[pool] if o != kind]
        for who in listed:
            place = state["realms"].get(who) or state["non_human"][who]
            place["objects"].append(kind)
        supply["objects"].extend([kind] * (record.count - len(listed)))


def _holders(state: dict[str, Any], holders: Any, field: str, number: int,
             keepers: list[str] | None) -> list[str]:
    """The holders named for one object, one per counter, checked; ``keepers`` names the
    objects a non-human may keep when this one is not among them (else None)."""
    if holders is None:
        return []
    one = isinstance(holders, str)
    listed = [holders] if one else holders
    if not isinstance(listed, list):
        raise fail(field, "is a holder, a list of holders (one per counter) or null")
    if len(listed) > number:
        raise fail(field, f"names {len(listed)} holders for {counted(number, 'counter')}")
    for i, who in enumerate(listed):
        at = field if one else f"{field}[{i}]"
        if known(who, state["realms"]):
            continue
        if not known(who, _sides(state)):
            raise fail(at, f"{who!r} is not a seated leader or a non-human leader in play")
        if keepers is not None:
            raise fail(at, f"a non-human ({who}) keeps only the objects that stay with "
                           f"him ({', '.join(keepers)})")
    return [str(who) for who in listed]
