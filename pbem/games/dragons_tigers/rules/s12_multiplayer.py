"""Section 12, three or four players: draft order, the snake draft, and roll-offs.

12.2.1/12.2.2 snake drafts (the two-player draft of 3.1 is the same snake), 12.2.3 the
roll-off that gives a restored kingdom its owner, 12.3 the Traitorous chit to the next seat
(see :meth:`Table.next_seat`).
"""

from __future__ import annotations

from pbem.games.dragons_tigers.table import Table


def roll_for_order(t: Table, roles: list[str], purpose: str = "draft order",
                   rule: str = "3.1(B)") -> list[str]:
    """Everyone rolls one die, highest first; tied players roll again among themselves
    (rules-notes 2)."""
    rolls = {role: t.roll(f"{purpose}: {t.rname(role)} rolls") for role in roles}
    t.say("Rolls: " + ", ".join(f"{t.rname(r)} {rolls[r]}" for r in roles), rule)
    order: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [role for role in roles if rolls[role] == value]
        if len(tied) > 1:
            t.say("Tie between " + " and ".join(t.rname(r) for r in tied) + ": they roll again")
            tied = roll_for_order(t, tied, purpose, rule)
        order.extend(tied)
    return order


def snake(order: list[str], picks_each: int) -> list[str]:
    """The pick sequence of a snake draft: forward, backward, forward... (3.1, 12.2)."""
    sequence: list[str] = []
    for round_number in range(picks_each):
        sequence.extend(order if round_number % 2 == 0 else list(reversed(order)))
    return sequence


def roll_off(t: Table, kid: str) -> str:
    """12.2.3: every player, even one already out, rolls; the high roller gets ``kid`` as
    an ally, or as his main kingdom if he holds no other (rules-notes 68)."""
    winner = roll_for_order(t, list(t.s["seats"]), f"who gains {t.kname(kid)}",
                            "12.2.3(A)")[0]
    returning = not [k for k in t.kingdoms_of(winner) if k != kid]
    t.kingdom(kid)["owner"] = winner
    t.kingdom(kid)["main"] = returning
    if returning:
        from pbem.games.dragons_tigers.rules import s04_turns

        s04_turns.add_chit(t, winner)  # his faction chit gives turns again (rules-notes 9)
        t.say(f"{t.rname(winner)} gains {t.kname(kid)} as his main kingdom and is back in "
              f"the game", "12.2.3(B)")
    else:
        t.say(f"{t.rname(winner)} gains {t.kname(kid)} as an ally", "12.2.3(A)")
    return winner
