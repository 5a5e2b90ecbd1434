"""The numbers the rules use, from data/rules.yaml, checked on load."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import strict_yaml
from pbem.games.dragons_tigers.catalog import CatalogError, load_catalog

_FILE = Path(__file__).resolve().parent / "data" / "rules.yaml"


@dataclass(frozen=True)
class Numbers:
    """Rule parameters (see the comments in data/rules.yaml for their sections)."""

    rounds: int
    battle_dice_most: int
    alliance_check_diplomacy: int
    betrayal_check_diplomacy: int
    betrayal_penalty: int
    capture_on: int
    harvest_manpower: int
    restored_armies: int
    extra_die_on: int
    assassination_on: int
    decree_cost: int
    decree_areas: tuple[str, ...]
    edict_free_retainers_below: int
    edict_pull_on: int
    three_visits_from_round: int
    three_visits_area: str
    sun_wu_returns_in: str


def _whole(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise CatalogError(f"rules.yaml: {key}: must be a whole number from {low} to {high}")
    return value


def _area(value: Any, key: str) -> str:
    if value not in load_catalog().areas:
        raise CatalogError(f"rules.yaml: {key}: {value!r} is not an area id")
    return str(value)


@functools.cache
def numbers() -> Numbers:
    data = strict_yaml.load(_FILE.read_bytes(), _FILE.name)
    if not isinstance(data, dict):
        raise CatalogError("rules.yaml: must be a mapping")
    decree, edict, visits = data.get("decree"), data.get("edict"), data.get("three_visits")
    if not all(isinstance(x, dict) for x in (decree, edict, visits)):
        raise CatalogError("rules.yaml: decree, edict and three_visits are mappings")
    assert isinstance(decree, dict) and isinstance(edict, dict) and isinstance(visits, dict)
    return Numbers(
        rounds=_whole(data, "rounds", 1, 99),
        battle_dice_most=_whole(data, "battle_dice_most", 1, 99),
        alliance_check_diplomacy=_whole(data, "alliance_check_diplomacy", 0, 6),
        betrayal_check_diplomacy=_whole(data, "betrayal_check_diplomacy", 0, 6),
        betrayal_penalty=_whole(data, "betrayal_penalty", 0, 6),
        capture_on=_whole(data, "capture_on", 0, 6),
        harvest_manpower=_whole(data, "harvest_manpower", 0, 99),
        restored_armies=_whole(data, "restored_armies", 0, 99),
        extra_die_on=_whole(data, "extra_die_on", 1, 7),
        assassination_on=_whole(data, "assassination_on", 0, 6),
        decree_cost=_whole(decree, "cost", 0, 99),
        decree_areas=tuple(_area(a, "decree.areas") for a in decree.get("areas") or []),
        edict_free_retainers_below=_whole(edict, "free_retainers_below", 0, 99),
        edict_pull_on=_whole(edict, "pull_on", 0, 6),
        three_visits_from_round=_whole(visits, "from_round", 1, 99),
        three_visits_area=_area(visits.get("area"), "three_visits.area"),
        sun_wu_returns_in=_area(data.get("sun_wu_returns_in"), "sun_wu_returns_in"),
    )
