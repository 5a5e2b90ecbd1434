"""Section 5, Combat: the procedure from betrayal checks to retreat.

4.6 the active kingdom's armies must fight every hostile side in their areas, in the
order its player chooses; 5(A) friendly kingdoms in an area fight as one side; 5(B)
betrayal check, contest of strategy, contest of valor, battle, retreat; 5(C) battle
rounds repeat until a side retreats or has no armies. 5.1 betrayal and alliance checks,
5.2 contest of strategy, 5.3 contest of valor, 5.4 battle, 5.5 retreat, 5.6 end of
combat. A finished combat is handed to s05_aftermath as a ``combat-result`` step. The
Traitorous note to 5(C) and rules-notes entry 28 say who decides for a non-player side.

One section in several modules, which may import one another (but no other section):
``fights`` (4.6, the combat phase and the queue of fights), ``procedure`` (the combat
step, phase by phase), ``checks`` (5.1), ``damage`` (5.2 - 5.4 and the losses),
``retreat`` (5.5) and ``common`` (what they share). Importing the package registers the
phase and step handlers.
"""

from pbem.games.dragons_tigers.rules.s05_combat import (  # noqa: F401
    checks,
    common,
    damage,
    fights,
    procedure,
    retreat,
)
