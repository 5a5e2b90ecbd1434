"""The leader of a realm (notes 52): who he is, and what happens when he dies or is
captured.

A realm's leader is ``realms.<role>.leader`` (a general id: the role's own counter at the
start). When he dies the player loses 2 Influence and plays on under a successor: the
successor an event names for him (Sun Ce -> Sun Quan, ``death-of-sun-ce``'s ``successor``),
else the player's general with the highest eloquence (ties: data order). A captured leader
whose loyalty is X dies (L767); any other is imprisoned, and the successor stands in for him
(``realms.<role>.held_leader`` remembers him) until he comes back.
"""

from __future__ import annotations

from pbem.games.chronicles.board import Board

DIES = "s14.other.leader-dies"
NOTES = "notes 52"
CAN_LEAD = ("ready", "injured")


def leader_general(b: Board, role: str) -> str | None:
    """The general leading ``role``'s realm now (None when he has nobody left)."""
    return b.realm(role).get("leader")


def charisma(b: Board, role: str) -> int:
    """The leader's charisma: his eloquence (notes 26, 52); 0 with no leader."""
    gid = leader_general(b, role)
    return int(b.general(gid).eloquence) if gid else 0


def named_successor(b: Board, gid: str) -> str | None:
    """The general an event names to follow ``gid`` (Sun Quan for Sun Ce), if any."""
    for event in b.data.events.values():
        successor = event.params.get("successor")
        if successor and event.drawer == gid:
            return str(successor)
    return None


def successor(b: Board, role: str, gone: str | None) -> str | None:
    """Who follows ``gone`` at the head of ``role``'s realm (notes 52)."""
    named = named_successor(b, gone) if gone else None
    if named and named in b.s["generals"]:
        facts = b.general_state(named)
        if facts["employer"] == role and facts["status"] in CAN_LEAD:
            return named
    order = list(b.data.generals)
    candidates = [g for g in b.generals_of(role, CAN_LEAD) if g != gone]
    if not candidates:
        return None
    return max(candidates, key=lambda g: (b.general(g).eloquence, -order.index(g)))


def _follow(b: Board, role: str, gone: str, rule: str) -> None:
    realm = b.realm(role)
    new = successor(b, role, gone)
    realm["leader"] = new
    if new is None:
        b.note(f"{b.name(role)}'s realm has no general left to lead it", rule)
    else:
        b.note(f"{b.name(new)} now leads {b.name(role)}'s realm", rule)


def leader_dies(b: Board, role: str, why: str, rule: str = DIES) -> None:
    """``role``'s leader dies: his counter is dead, the player loses 2 Influence and a
    successor leads the realm. A general who is not the leader only dies."""
    gid = leader_general(b, role)
    if gid is None:
        return
    facts = b.general_state(gid)
    facts.update(status="dead", at=None, task=None, captor=None, healed=None)
    b.note(f"{b.name(gid)} dies ({why})", rule)
    b.shift_influence(role, -2, f"{b.name(gid)}, the leader, dies", DIES)
    _follow(b, role, gid, NOTES)


def leader_captured(b: Board, role: str, captor: str, why: str, rule: str = NOTES) -> None:
    """``role``'s leader is taken by ``captor``: a leader of loyalty X dies; any other is
    imprisoned while a successor stands in for him."""
    gid = leader_general(b, role)
    if gid is None:
        return
    if b.general(gid).loyalty is None:
        leader_dies(b, role, f"captured by {b.name(captor)}, loyalty X", "s10.3.12.loyalty-x")
        return
    facts = b.general_state(gid)
    facts.update(status="captive", captor=captor, at=None, task=None)
    b.note(f"{b.name(gid)} is imprisoned by {b.name(captor)} ({why})", rule)
    b.realm(role)["held_leader"] = gid
    _follow(b, role, gid, NOTES)


def leader_freed(b: Board, role: str) -> bool:
    """An imprisoned leader back in his realm (ready, serving ``role``) leads it again;
    True if he did."""
    realm = b.realm(role)
    gid = realm.get("held_leader")
    if not gid:
        return False
    facts = b.general_state(gid)
    if facts["status"] not in CAN_LEAD or facts["employer"] != role:
        return False
    realm["leader"] = gid
    realm["held_leader"] = None
    b.note(f"{b.name(gid)} is back at the head of his realm", NOTES)
    return True


def may_employ(b: Board, role: str, gid: str) -> bool:
    """May ``role`` have ``gid`` in his service? Zhao Yun and Zhuge Liang serve only Liu
    Bei (19.0); every other general anyone."""
    only = b.general(gid).exclusive_to
    return only is None or only == role
