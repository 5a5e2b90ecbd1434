"""The rolls of the resolution phase (11.0): the tested action, and the guards' capture.

A tested action succeeds on 2D6 at most its target, the target already holding every
modifier (gold 1 each, objects their value, guards against a spy -2 each); an unmodified
11 or 12 always fails (11.0, the natural-fail rule).
"""

from __future__ import annotations

from typing import Any

from pbem.games.chronicles import objects
from pbem.games.chronicles.board import Board

NATURAL_FAIL = "s11.0.natural-fail"
CAPTURE = "s11.4.guards"


def natural_fails(b: Board) -> set[int]:
    return {int(n) for n in b.data.rule("natural-fail")}


def tested(b: Board, target: int, purpose: str, rule: str) -> bool:
    """Roll 2D6 against ``target``; logged with the rule of the action."""
    rolled = b.roll2(purpose)
    if rolled in natural_fails(b):
        b.note(f"{purpose}: rolled {rolled}, needing {target} or less: an unmodified "
               f"{rolled} always fails", NATURAL_FAIL)
        return False
    ok = rolled <= target
    b.note(f"{purpose}: rolled {rolled}, needing {target} or less: "
           f"{'success' if ok else 'failure'}", rule)
    return ok


def capture(b: Board, guard_general: str, envoy: str, rule: str) -> bool:
    """11.0 point 4: the guard's intelligence test, then the envoy's escape test (2D6 at
    most his intelligence escapes). True when the envoy is captured."""
    own = b.general(guard_general).intelligence
    if not tested(b, own, f"{b.name(guard_general)}'s guards against {b.name(envoy)}",
                  CAPTURE):
        b.note(f"{b.name(envoy)} is not caught", rule)
        return False
    wits = b.general(envoy).intelligence
    rolled = b.roll2(f"{b.name(envoy)} tries to escape")
    if rolled <= wits:
        b.note(f"{b.name(envoy)} rolls {rolled} against intelligence {wits} and escapes",
               CAPTURE)
        return False
    b.note(f"{b.name(envoy)} rolls {rolled} against intelligence {wits} and is captured",
           rule)
    return True


def take_prisoner(b: Board, gid: str, captor: str, rule: str) -> None:
    """A general caught by guards (notes 29): the captor's prisoner, off the map; loyalty X
    kills a general who is not a leader; a leader is imprisoned like any other."""
    facts = b.general_state(gid)
    record = b.general(gid)
    facts.update(task=None, at=None)
    if record.loyalty is None and not record.leader:
        facts.update(status="dead", captor=None)
        b.note(f"{b.name(gid)} (loyalty X) dies rather than serve {b.name(captor)}", rule)
        return
    facts.update(status="captive", captor=captor)
    b.note(f"{b.name(gid)} is held prisoner by {b.name(captor)}", rule)


def void(b: Board, act: dict[str, Any], why: str, rule: str) -> None:
    """A void action (notes 9): not rolled; its extra gold goes back now, its objects at
    the completion phase (12.2), the answers' gold and objects to their owners now; the
    land action's basic cost stays paid."""
    act.update(status="void", why=why)
    extra = int(act.get("gold") or 0)
    if extra:
        b.earn(act["role"], extra)
    b.note(f"{b.name(act['role'])}'s {act['kind']} action of {b.name(act['general'])} is "
           f"void: {why}" + (f"; {extra} gold goes back" if extra else ""), rule)
    for answer in act.get("backs", []) + act.get("hinders", []):
        give_back(b, answer)


def give_back(b: Board, answer: dict[str, Any]) -> None:
    """An answer's gold and objects go back to its owner."""
    if answer.get("gold"):
        b.earn(answer["role"], int(answer["gold"]))
    b.realm(answer["role"])["objects"].extend(objects.placed(answer))
    answer.update(gold=0, objects=[])
    answer.pop("object_entries", None)


def spend(b: Board, answer: dict[str, Any]) -> None:
    """A rolled action's answers are spent: their objects go to the used pile."""
    objects.to_used(b, objects.placed(answer))
