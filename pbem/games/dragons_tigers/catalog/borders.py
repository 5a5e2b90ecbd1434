"""``borders.yaml``: the borders between areas and their terrain (2.1)."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pbem.games.dragons_tigers.catalog.areas import Area
from pbem.games.dragons_tigers.catalog.checks import Check

BORDER_COUNT = 59
TERRAINS = ("plain", "mountain", "river")


@dataclass(frozen=True)
class Border:
    """A two-way border between two areas, with its terrain (plain, mountain or river)."""

    a: str
    b: str
    terrain: str

    def other(self, area_id: str) -> str:
        """The area on the other side of the border from ``area_id``."""
        if area_id == self.a:
            return self.b
        if area_id == self.b:
            return self.a
        raise ValueError(f"{area_id!r} is not on the border {self.a}-{self.b}")


def parse_borders(data: Any, areas: Mapping[str, Area]) -> tuple[Border, ...]:
    check = Check("borders.yaml")
    top = check.mapping("(top level)", data, ("borders",))
    borders: list[Border] = []
    seen: dict[frozenset[str], int] = {}
    for i, item in enumerate(check.sequence("borders", top["borders"])):
        at = f"borders[{i}]"
        entry = check.mapping(at, item, ("a", "b", "terrain"))
        a = check.ref(f"{at}.a", entry["a"], areas, "area")
        b = check.ref(f"{at}.b", entry["b"], areas, "area")
        if a == b:
            check.fail(at, f"an area cannot border itself ({a!r})")
        pair = frozenset((a, b))
        if pair in seen:
            check.fail(at, f"duplicate border {a}-{b} (also borders[{seen[pair]}])")
        seen[pair] = i
        terrain = check.choice(f"{at}.terrain", entry["terrain"], TERRAINS)
        borders.append(Border(a=a, b=b, terrain=terrain))
    if len(borders) != BORDER_COUNT:
        check.fail("borders", f"expected {BORDER_COUNT} borders, found {len(borders)}")
    adjacency: dict[str, set[str]] = {area_id: set() for area_id in areas}
    for border in borders:
        adjacency[border.a].add(border.b)
        adjacency[border.b].add(border.a)
    start = next(iter(areas))
    reached = {start}
    queue = deque([start])
    while queue:
        for nxt in adjacency[queue.popleft()] - reached:
            reached.add(nxt)
            queue.append(nxt)
    unreached = [area_id for area_id in areas if area_id not in reached]
    if unreached:
        check.fail("borders", f"areas not reachable from {start!r}: {', '.join(unreached)}")
    return tuple(borders)

