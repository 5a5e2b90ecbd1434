"""What the parts of a combat share: the rulebook's numbers, the two sides, who decides for
a side, and a combat decided."""

from __future__ import annotations

from pbem.games.dragons_tigers.flow import Step
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.table import Table

N = numbers()
OTHER = {"att": "def", "def": "att"}


def runner(t: Table, step: Step, who: str) -> str:
    """The player who decides for the side ``who`` (for a non-player side: 5(C) note)."""
    return t.runner(step[who], step[OTHER[who]])


def finish(t: Table, step: Step, loser: str, wiped: bool, mutual: bool = False) -> None:
    """The combat is decided: ``loser`` lost (``wiped``: no armies left; ``mutual``: both
    sides wiped out)."""
    step["loser"] = {"who": loser, "wiped": wiped, "mutual": mutual}
    step["phase"] = "done"
