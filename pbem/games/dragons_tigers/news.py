"""Key results: the lines of the story a player wants first.

The rules write the lines that matter most (a kingdom eliminated or changing sides, a
retainer captured or killed, armies lost to an event, the Emperor moving, a warlord
restored, the end of the game) with :meth:`Table.news`, which marks them at the start
with :data:`NEWS`; the procedure (:mod:`..flow`) adds a marked line whenever an area
passes from one side to another (:func:`control_changes`). The log stays plain lines;
:func:`key_results` finds the marked ones again, for front ends and the mail.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping

from pbem.games.dragons_tigers.table import NEWS, Table

# the rule a log line cites at its end, as pbem.engine.LogEntry.render writes it
RULE_CITED = re.compile(r" \(\d+(?:\.\d+)*(?:\([A-Z0-9]\))?\)$")


def key_results(log: Iterable[str]) -> list[str]:
    """The key results among ``log`` (a save's log lines), in order, each as a short line:
    without its indentation, its mark or the rule it cites."""
    out = []
    for line in log:
        text = str(line).lstrip(" ")
        if text.startswith(NEWS):
            out.append(RULE_CITED.sub("", text[len(NEWS):]))
    return out


def holder(t: Table, kid: str) -> str:
    """A kingdom with the player it belongs to (or what it is if no player holds it)."""
    owner = t.owner(kid)
    if owner is not None:
        return f"{t.kname(kid)} ({t.rname(owner)})"
    return f"{t.kname(kid)} ({'Traitorous' if t.is_traitorous(kid) else 'neutral'})"


def control_changes(t: Table, before: Mapping[str, str],
                    quiet: Collection[str] = ()) -> None:
    """Say, as key results, which areas have passed from one side to another since
    ``before`` (the control of every area at an earlier moment): a change between two
    kingdoms of one player is not news, nor yet one in an area ``quiet``."""
    after = t.s["control"]
    for area in t.cat.areas:
        if area in quiet:
            continue
        old, new = before.get(area), after.get(area)
        if old == new or (old is not None and new is not None and t.friendly(old, new)):
            continue
        emperor = ", and Emperor Xian with it" if t.s["emperor"] == area else ""
        if new is None:
            keeper = t.emperor_holder() if t.s["emperor"] == area else None
            kept = ", but keeps Emperor Xian there" if keeper == old else ""
            t.news(f"{t.aname(area)} is left empty: {holder(t, str(old))} no longer holds "
                   f"it{kept}", "6")
        elif old is None:
            t.news(f"{t.aname(area)} passes to {holder(t, new)}{emperor}", "6")
        else:
            t.news(f"{t.aname(area)} passes from {holder(t, old)} to {holder(t, new)}"
                   f"{emperor}", "6")
