"""Who stands with whom in an area: the sides of a combat (5(A)) and of an event.

A *side* is every kingdom of one player, or one non-player kingdom (``k:<id>``, see
:meth:`Table.side`). These helpers are shared by the rule sections; they know no
section. A combat that must be fought at once is handed to section 5 as a
``combat-queue`` step (:func:`queue_combat`).
"""

from __future__ import annotations

from pbem.games.dragons_tigers.table import Table


def members(t: Table, area: str, side: str) -> list[str]:
    """Kingdoms of ``side`` with pieces in ``area``."""
    return [k for k in t.kingdoms_in(area) if t.side(k) == side]


def side_armies(t: Table, area: str, side: str) -> int:
    return sum(t.armies(area, k) for k in members(t, area, side))


def side_chars(t: Table, area: str, side: str) -> list[str]:
    return [c for k in members(t, area, side) for c in t.chars_in(area, k)]


def side_label(t: Table, area: str, side: str) -> str:
    kings = members(t, area, side) or ([side[2:]] if side.startswith("k:") else [])
    names = " + ".join(t.cat.kingdoms[k].name for k in kings)
    if side.startswith("k:"):
        kid = side[2:]
        what = "Traitorous" if t.is_traitorous(kid) else "neutral"
        return f"{names} ({what})"
    return f"{t.rname(side)} ({names})" if names else t.rname(side)


def hostile_sides(t: Table, area: str, side: str) -> list[str]:
    """The other sides with pieces in ``area``, in kingdom order."""
    out: list[str] = []
    for k in t.kingdoms_in(area):
        other = t.side(k)
        if other != side and other not in out:
            out.append(other)
    return out


def queue_combat(t: Table, area: str, att: str, defender: str, kind: str,
                 after_current: bool = False) -> None:
    """A combat that must be fought at once (rules-notes 27): now, or, with
    ``after_current``, as soon as the step on top of the stack is finished. Combats
    queued together are fought in the order the active player picks (4.3(C))."""
    position = len(t.stack) - 1 if after_current else len(t.stack)
    below = t.stack[position - 1] if position > 0 else None
    item = [area, att, defender, kind]
    if below is not None and below["step"] == "combat-queue":
        if item not in below["items"]:
            below["items"].append(item)
        return
    chooser = t.mover()  # nobody at the end of a round: the kingdoms' order decides
    t.stack.insert(position, {"step": "combat-queue", "items": [item], "chooser": chooser})


def loss_plan(t: Table, area: str, kings: list[str], hits: int, role: str) -> dict[str, int]:
    """Losses shared by the owner's standing order: the largest contingent first, or the
    allies before the main kingdom (5.4(C)); ``ask`` (where nobody is asked: events and
    the Imperial Decree) shares them largest first."""
    spare = t.orders(role).get("losses") == "spare-main"
    order = sorted(kings, key=lambda k: (spare and t.kingdom(k)["main"], -t.armies(area, k)))
    plan: dict[str, int] = {}
    left = hits
    for k in order:
        take = min(left, t.armies(area, k))
        if take:
            plan[k] = take
        left -= take
    return plan


def say_shared_losses(t: Table, role: str, plan: dict[str, int], rule: str) -> None:
    """Say that ``role``'s standing order ``losses`` shared hits among several of his
    kingdoms, and how."""
    t.by_order(role, "losses", "the losses fall on " + ", ".join(
        f"{t.kname(k)} {n}" for k, n in plan.items()), rule)


def turn_enemy(t: Table, kid: str, active: str, runner: str) -> bool:
    """Is ``kid`` an enemy for an event of the turn of ``active`` run by ``runner`` (10.7,
    10.8, 11.5)? Neither the active kingdom's side nor the runner's own kingdoms are: in a
    Traitorous turn its runner's armies are spared (rules-notes 57)."""
    return not t.friendly(kid, active) and t.owner(kid) != runner


def enemy_player_areas(t: Table, active: str, runner: str) -> list[str]:
    """Areas controlled by an enemy player's kingdom (10.7, 11.5): neither the runner's
    nor neutral ones."""
    return [a for a, k in t.s["control"].items()
            if t.owner(k) is not None and turn_enemy(t, k, active, runner)]
