"""Log lines as they read best now (:meth:`GameModule.tell`).

Saves keep each line as it was written, and the chain re-checks them word for word, so a
clearer phrasing is applied when a line is shown (``pbem log``), never to the saves.
"""

from __future__ import annotations

import re

_MOVE = re.compile(r"(?P<head>.+?) (?P<verb>moves|move) with (?P<moved>(?:\d+ [^,:]+)"
                   r"(?:, \d+ [^,:]+)*): (?P<route>.+ -> .+)")
_ARMIES = re.compile(r"(\d+) ([^,]+)")
_UNUSED = re.compile(r"(\d+) manpower unused is lost")
_ATTRITION = re.compile(r"(?P<who>.+) loses (?P<n>\d+) to attrition")
_MANDATE = re.compile(r"Mandate of Heaven: (?P<die>\d+), (?P<way>[a-z-]+), to "
                      r"(?P<to>\(-?\d+, -?\d+\)): (?P<event>.+)")
_LEAVES = re.compile(r"Mandate of Heaven: (?P<die>\d+), (?P<way>[a-z-]+): the marker leaves "
                     r"the display\. The round ends at once")


def _armies(count: str, noun: str = "army") -> str:
    return f"{count} {noun if count == '1' else 'armies'}"


def _moved(head: str, moved: str) -> str:
    """``3 Ma Teng, 2 Han Sui`` -> ``3 Ma Teng armies, 2 Han Sui armies``; armies of one
    kingdom whose leader moves with them are just ``8 armies``."""
    parts = _ARMIES.findall(moved)
    if len(parts) == 1 and re.search(rf"(?<![\w']){re.escape(parts[0][1])}(?![\w'])", head):
        return _armies(parts[0][0])
    return ", ".join(f"{n} {kingdom} {'army' if n == '1' else 'armies'}"
                     for n, kingdom in parts)


def tell(line: str) -> str:
    """``line`` with the clearer phrasing of its sentence, if there is one."""
    body = line.lstrip(" »")
    lead = line[: len(line) - len(body)]
    if found := _MOVE.match(body):
        body = (f"{found['head']} {found['verb']} with {_moved(found['head'], found['moved'])}: "
                f"{found['route']}")
    elif found := _UNUSED.match(body):
        body = f"{found[1]} unused manpower is lost" + body[found.end():]
    elif found := _ATTRITION.match(body):
        body = (f"{found['who']} loses {_armies(found['n'])} to attrition"
                + body[found.end():])
    elif found := _MANDATE.match(body):
        body = (f"Mandate of Heaven: a {found['die']} moves the marker {found['way']} to "
                f"{found['to']}: {found['event']}")
    elif found := _LEAVES.match(body):
        body = (f"Mandate of Heaven: a {found['die']} moves the marker {found['way']}, off "
                f"the display: the round ends at once" + body[found.end():])
    return lead + body
