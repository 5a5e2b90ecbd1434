"""The static map for the picture (render_png.py): territories, areas, borders and where
each box goes (layout.yaml), with the facts the rulebook text does not give marked.

Everything comes from the data set (data/map.yaml, data/territory_cards.yaml) and from
layout.yaml, whose placement is a schematic reconstruction, not the printed map.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from pbem.games.chronicles import dataset

LAYOUT_FILE = Path(__file__).with_name("layout.yaml")
GAME = "Chronicles of the Three Kingdoms"


@cache
def _layout_file() -> dict[str, Any]:
    with LAYOUT_FILE.open(encoding="utf-8") as handle:
        return dict(yaml.safe_load(handle))


def _values(section: Any) -> Iterable[Any]:
    return section.values() if isinstance(section, Mapping) else section


def layout(territory_ids: Iterable[str] | None = None) -> dict[str, Any]:
    """The grid and, per territory id, its box ``[column, row, columns, rows]`` and the
    rows of its areas (layout.yaml)."""
    raw = _layout_file()
    boxes = {str(t["id"]): [float(v) for v in t["box"]] for t in raw["territories"]}
    areas = {str(t["id"]): [[str(a) for a in row] for row in t["areas"]]
             for t in raw["territories"]}
    if territory_ids is not None:
        missing = sorted(set(territory_ids) - set(boxes))
        if missing:
            raise ValueError(f"layout.yaml places no box for {', '.join(missing)}")
    return {"grid": dict(raw["grid"]), "boxes": boxes, "areas": areas,
            "reconstructed": True}


def _area(territory: Any, card: Any, area: Any) -> dict[str, Any]:
    path = f"areas.{area.id}"
    return {
        "id": area.id, "name": area.name, "zh": area.zh, "terrain": area.terrain,
        "side": area.side,
        "marks": {"name": territory.marked(f"{path}.name"),
                  "terrain": territory.marked(f"{path}.terrain"),
                  "defence": card is not None and card.marked(f"{path}.defensive_value")},
    }


def board(data: Any = None) -> dict[str, Any]:
    """What the picture draws that never changes in a game: the data set's hash, the
    territories (id, number, name, zh, half, marks, areas), the borders and the layout.
    ``data`` is a loaded data set or a data-set hash (``None``: the built-in set)."""
    if data is None or isinstance(data, str):
        data = dataset.get(data)
    cards = data.territory_cards
    territories = []
    for territory in sorted(_values(data.territories), key=lambda t: t.number):
        card = cards.get(territory.id)
        territories.append({
            "id": territory.id, "number": territory.number, "name": territory.name,
            "zh": territory.zh, "printed_as": territory.printed_as, "half": territory.half,
            "reconstructed": territory.is_reconstructed,
            "marks": {"name": territory.marked("name"), "half": territory.marked("half"),
                      "land_value": card is not None and card.marked("land_value")},
            "areas": [_area(territory, card, a) for a in territory.areas],
        })
    by_number = {t["number"]: t["id"] for t in territories}
    borders = []
    for border in _values(data.borders):
        low, high = sorted(border.between)
        borders.append({
            "id": border.id, "between": [by_number[low], by_number[high]],
            "numbers": [low, high], "reconstructed": border.marked("between"),
            "no_invasion": [list(pair) for pair in border.no_invasion],
        })
    return {"game": GAME, "data": getattr(data, "hash", None), "territories": territories,
            "borders": borders,
            "layout": layout(by_number.values())}
