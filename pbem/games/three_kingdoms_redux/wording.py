"""Log lines as they read best now (:meth:`GameModule.tell`).

Saves keep each line as it was written, and the chain re-checks them word for word, so a
clearer phrasing is applied when a line is shown (``pbem log``), never to the saves.
"""

from __future__ import annotations

import re

_JOINT_WIN = re.compile(r"(?P<space>.+?): (?P<names>[^:]+? and [^:]+?) wins with (?P<total>\d+)")
_ACTIONS = re.compile(r"(?P<state>.+?) takes its actions \((?P<won>\d+) won\)")
_CRITERIA = re.compile(r"Criterion markers turn over: (?P<a>.+) (?P<x>administration|combat); "
                       r"(?P<b>.+) (?P<y>administration|combat)")


def tell(line: str) -> str:
    """``line`` with the clearer phrasing of its sentence, if there is one."""
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    if found := _JOINT_WIN.match(body):
        body = (f"{found['space']}: {found['names']} win with {found['total']}"
                + body[found.end():])
    elif found := _ACTIONS.match(body):
        body = (f"{found['state']} takes its actions (it won {found['won']} spaces)"
                + body[found.end():])
    elif found := _CRITERIA.match(body):
        body = (f"Criterion markers turn over: {found['a']} now bids on {found['x']}, "
                f"{found['b']} on {found['y']}" + body[found.end():])
    return lead + body
