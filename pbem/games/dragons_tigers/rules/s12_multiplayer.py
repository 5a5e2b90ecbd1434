"""Section 12, three or four players.

12.1 a faction chit for each player (data/factions.yaml), 12.2.1 and 12.2.2 the snake
drafts (the draft of s03_setup, with the pick order of this section), 12.2.3 the roll-off
that gives a restored kingdom its owner (the ``roll-off`` step Family Restoration
pushes), 12.3 the Traitorous chit to the next seat (see :meth:`Table.next_seat`).
"""

from __future__ import annotations

from pbem.games.dragons_tigers.flow import Handler, Step, handler
from pbem.games.dragons_tigers.table import Table


def high_roller(t: Table, roles: list[str], purpose: str, rule: str) -> str:
    """Everyone rolls one die; players tied for the highest roll again among themselves
    until one is highest."""
    rolls = {role: t.roll(f"{purpose}: {t.rname(role)} rolls") for role in roles}
    t.say("Rolls: " + ", ".join(f"{t.rname(r)} {rolls[r]}" for r in roles), rule)
    best = max(rolls.values())
    tied = [role for role in roles if rolls[role] == best]
    if len(tied) == 1:
        return tied[0]
    t.say("Tie between " + " and ".join(t.rname(r) for r in tied) + ": they roll again")
    return high_roller(t, tied, purpose, rule)


@handler
class RollOff(Handler):
    """12.2.3: every player, even one already out, rolls; the high roller gets the
    restored kingdom as an ally, or as his main kingdom if he holds no other (rules-notes
    68)."""

    name = "roll-off"

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        kid = step["kingdom"]
        winner = high_roller(t, list(t.s["seats"]), f"who gains {t.kname(kid)}", "12.2.3(A)")
        returning = not [k for k in t.kingdoms_of(winner) if k != kid]
        t.kingdom(kid)["owner"] = winner
        t.kingdom(kid)["main"] = returning
        if returning:
            t.add_chit(winner)  # his faction chit gives turns again (rules-notes 9)
            t.news(f"{t.rname(winner)} gains {t.kname(kid)} as his main kingdom and is back "
                   f"in the game", "12.2.3(B)")
        else:
            t.news(f"{t.rname(winner)} gains {t.kname(kid)} as an ally", "12.2.3(A)")
