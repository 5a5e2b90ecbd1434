"""What a combat leaves behind: 5.5(C) elimination, 5.6(C) both sides wiped out, 5.7
warlords and retainers relocated, captured, submitting or beheaded, 6(C) control of the
area after a joint win, 9(E) the Emperor to the winner, and 3.2(C) a new main kingdom.

A finished combat arrives as a ``combat-result`` step; events that strip kingdoms of their
armies push a ``sweep`` step (5.5(C)); an elimination hands the game to section 7 as a
``victory-check`` step.

One section in several modules, which may import one another (but no other section):
``result`` (the combat's result and control of the area), ``capture`` (5.7(B)-(D)),
``relocation`` (5.7(A)/(E)) and ``elimination`` (5.5(C), 3.2(C)). Importing the package
registers the step handlers.
"""

from pbem.games.dragons_tigers.rules.s05_aftermath import (  # noqa: F401
    capture,
    elimination,
    relocation,
    result,
)
