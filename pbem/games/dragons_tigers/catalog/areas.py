"""``areas.yaml``: the 27 map areas with their manpower, and where the Emperor starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbem.games.dragons_tigers.catalog.checks import Check, name_index

AREA_COUNT = 27
TOTAL_MANPOWER = 77


@dataclass(frozen=True)
class Area:
    """One of the 27 map areas (2.1)."""

    id: str
    name: str
    zh: str
    aliases: tuple[str, ...]
    manpower: int
    grid: tuple[int, int]
    """(column, row) on the terminal drawing grid; not used by the rules."""


def parse_areas(data: Any) -> tuple[dict[str, Area], str]:
    check = Check("areas.yaml")
    top = check.mapping("(top level)", data, ("emperor_start", "areas"))
    areas: dict[str, Area] = {}
    cells: dict[tuple[int, int], str] = {}
    for i, item in enumerate(check.sequence("areas", top["areas"])):
        at = f"areas[{i}]"
        entry = check.mapping(at, item, ("id", "name", "zh", "aliases", "manpower", "grid"))
        area_id = check.ident(f"{at}.id", entry["id"])
        if area_id in areas:
            check.fail(f"{at}.id", f"duplicate area id {area_id!r}")
        at = f"areas[{area_id}]"
        grid_raw = check.sequence(f"{at}.grid", entry["grid"])
        if len(grid_raw) != 2:
            check.fail(f"{at}.grid", f"expected [column, row], got {grid_raw!r}")
        grid = (
            check.integer(f"{at}.grid[0]", grid_raw[0], minimum=0),
            check.integer(f"{at}.grid[1]", grid_raw[1], minimum=0),
        )
        if grid in cells:
            check.fail(f"{at}.grid", f"cell {list(grid)} is already taken by {cells[grid]!r}")
        cells[grid] = area_id
        areas[area_id] = Area(
            id=area_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            aliases=check.names(f"{at}.aliases", entry["aliases"]),
            manpower=check.integer(f"{at}.manpower", entry["manpower"], minimum=1),
            grid=grid,
        )
    if len(areas) != AREA_COUNT:
        check.fail("areas", f"expected {AREA_COUNT} areas, found {len(areas)}")
    total = sum(area.manpower for area in areas.values())
    if total != TOTAL_MANPOWER:
        check.fail("areas[*].manpower", f"total manpower must be {TOTAL_MANPOWER}, is {total}")
    name_index(
        check,
        "areas",
        ((a.id, (a.id, a.name, a.zh, *a.aliases)) for a in areas.values()),
    )
    emperor_start = check.ref("emperor_start", top["emperor_start"], areas, "area")
    return areas, emperor_start

