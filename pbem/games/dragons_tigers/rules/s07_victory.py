"""Section 7, victory, with 8(C) the Traitorous victory.

7(1) a player whose opponents have no kingdom left wins at once; 7(2) after Round 8 the
player whose kingdoms control more areas wins; 7(3) equal areas go to the greater
manpower, then a draw. 8(C) first: if the Traitorous kingdoms together control more
areas than every player, all players lose. The end of Round 8 pushes a ``final-count``
step, every elimination a ``victory-check`` step.
"""

from __future__ import annotations

from pbem.games.dragons_tigers.flow import Handler, Step, handler
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import amount


def tally(t: Table) -> dict[str, dict[str, int]]:
    """Areas and manpower controlled by each player's kingdoms."""
    out = {}
    for role in t.s["seats"]:
        areas = t.controlled_by_role(role)
        out[role] = {"areas": len(areas),
                     "manpower": sum(t.cat.areas[a].manpower for a in areas)}
    return out


def traitorous_areas(t: Table) -> int:
    return sum(len(t.controlled_by(k)) for k in t.cat.traitorous_kingdoms)


def final_count(t: Table) -> None:
    """7(2), 7(3) and 8(C) after Round 8."""
    scores = tally(t)
    rebels = traitorous_areas(t)
    t.heading("The game ends: the count of areas", "7")
    for role, score in scores.items():
        t.say(f"{t.rname(role)}: {amount(score['areas'], 'area', 'areas')}, "
              f"{score['manpower']} manpower", "7(2)")
    t.say(f"Traitorous kingdoms: {amount(rebels, 'area', 'areas')}", "8(C)")
    best = max((s["areas"] for s in scores.values()), default=0)
    if rebels > best:
        t.news("The Traitorous kingdoms hold more areas than any player: China falls to them "
               "and every player loses", "8(C)")
        _finish(t, None, "traitorous", scores)
        return
    top = max((s["areas"], s["manpower"]) for s in scores.values())
    leaders = [r for r, s in scores.items() if (s["areas"], s["manpower"]) == top]
    if len(leaders) == 1:
        rule = "7(2)" if sum(1 for s in scores.values() if s["areas"] == top[0]) == 1 else "7(3)"
        t.news(f"{t.rname(leaders[0])} wins", rule)
        _finish(t, leaders[0], "areas" if rule == "7(2)" else "manpower", scores)
    else:
        t.news("Equal areas and equal manpower: the game is a draw between "
               + " and ".join(t.rname(r) for r in leaders), "7(3)")
        _finish(t, None, "draw", scores, leaders)


@handler
class FinalCount(Handler):
    """7(2), 7(3) and 8(C) once Round 8 is over."""

    name = "final-count"

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        final_count(t)


@handler
class VictoryCheck(Handler):
    """7(1) after a kingdom is eliminated."""

    name = "victory-check"

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        check_elimination_win(t)


def check_elimination_win(t: Table) -> None:
    """7(1): when only one player still holds a kingdom, that player wins at once."""
    if t.s["result"]:
        return
    alive = t.players_in_game()
    if len(alive) == 1 and len(t.s["seats"]) > 1:
        t.news(f"Every opposing kingdom is eliminated: {t.rname(alive[0])} wins", "7(1)")
        _finish(t, alive[0], "elimination", tally(t))
    elif not alive:
        t.news("No player holds a kingdom any more: nobody wins", "7(1)")
        _finish(t, None, "draw", tally(t), [])


def _finish(t: Table, winner: str | None, reason: str, scores: dict[str, dict[str, int]],
            tied: list[str] | None = None) -> None:
    t.s["result"] = {"winner": winner, "reason": reason, "round": t.s["round"],
                     "scores": scores, "tied": tied or []}
