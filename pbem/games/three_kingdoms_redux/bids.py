"""Bid totals and winners of the action spaces (bid.highest, bid.ties, bid.alliance-*).

On an ordinary space each state's bids add up; on the alliance space the allies' bids
add up as one. The highest total wins; equal totals go to whoever reached that total
first (the earlier last placement), unless a tied side has Cao Cao's skill. The tribal
spaces are guaranteed to their one bidder.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.games.three_kingdoms_redux import effects
from pbem.games.three_kingdoms_redux.table import Table


@dataclass(frozen=True)
class Side:
    """The bids of one state, or of the alliance, on one space."""

    roles: tuple[str, ...]
    total: int
    reached: int
    """Sequence number of the bid that brought the side to its total."""
    wins_ties: bool


def sides(t: Table, space: str) -> list[Side]:
    bids = t.s["bids"].get(space, [])
    alliance = space == t.s["alliance"]["space"]
    allies = set(t.allies()) if alliance else set()
    groups: dict[str, list[dict]] = {}
    for bid in bids:
        key = "alliance" if bid["role"] in allies else bid["role"]
        groups.setdefault(key, []).append(bid)
    out = []
    for group in groups.values():
        roles = tuple(dict.fromkeys(b["role"] for b in group))
        out.append(Side(roles, sum(b["value"] for b in group), max(b["seq"] for b in group),
                        any(effects.wins_ties(t, r, space) for r in roles)))
    return out


def winner(t: Table, space: str) -> Side | None:
    """The winning side of a space, or ``None`` when nobody bid there."""
    contenders = sides(t, space)
    if not contenders:
        return None
    best = max(s.total for s in contenders)
    tied = [s for s in contenders if s.total == best]
    if len(tied) > 1 and any(s.wins_ties for s in tied):
        tied = [s for s in tied if s.wins_ties]
    return min(tied, key=lambda s: s.reached)


def release(t: Table, bid: dict, rule: str) -> None:
    """Take a bid off its space: the general (unless left face down), his army units and
    bid tokens go back to the owner; popular support tokens go to the general supply, less
    any a skill returns to the owner (resolution.remove-tokens, resolution.take-actions.cleanup)."""
    role = bid["role"]
    st = t.st(role)
    if not bid.get("face_down") and t.generals(role)[bid["general"]]["at"] == "space":
        t.return_general(role, bid["general"])
    if bid["units"]:
        st["trained"] += bid["units"]
        st[t.cat.weapon_of(bid["unit"])] += bid["units"]
        bid["units"] = 0
    if bid["gold"]:
        st["gold"] += bid["gold"]
        bid["gold"] = 0
    st["bid_tokens"] += bid["tokens"]
    bid["tokens"] = 0
    if bid["support"]:
        back = effects.support_refund(t, role, bid)
        st["support"] += back
        if back:
            t.say(f"{back} of the popular support tokens {t.gname(role, bid['general'])} bid "
                  f"with comes back to {t.rname(role)}", "skill.liu-bei")
        bid["support"] = 0
