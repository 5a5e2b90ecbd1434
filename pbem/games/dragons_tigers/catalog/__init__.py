"""Static game data of *Dragons & Tigers of the Three Kingdoms*: typed, validated, cached.

The data lives in YAML files in ``data/`` beside this package (areas, borders, kingdoms,
characters, tables, Mandate of Heaven display, army counter mix, factions and chits), and
each file has a module here that reads and checks it (``areas.py`` for ``areas.yaml`` ...;
``checks.py`` holds what they share). The parts the rulebook text does not carry (borders,
the Mandate display, counter pairs) come from the project's board reconstruction,
``shared/dragons-tigers/board.md``; an owner of the printed board can change them by editing
the YAML only.

Everything is checked on load: a broken file raises :class:`CatalogError` whose message names
the file and the field, e.g. ``borders.yaml: borders[7].terrain: 'hill' is not one of ...``.

Use :func:`load_catalog` to get the (cached) :class:`Catalog`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pbem import strict_yaml
from pbem.errors import FormatError
from pbem.games.dragons_tigers.catalog.areas import AREA_COUNT, TOTAL_MANPOWER, Area, parse_areas
from pbem.games.dragons_tigers.catalog.borders import BORDER_COUNT, TERRAINS, Border, parse_borders
from pbem.games.dragons_tigers.catalog.characters import Character, check_setup, parse_characters
from pbem.games.dragons_tigers.catalog.checks import CatalogError, norm
from pbem.games.dragons_tigers.catalog.counters import CounterType, parse_counters
from pbem.games.dragons_tigers.catalog.factions import (
    FACTION_IDS,
    ActivationChit,
    Faction,
    parse_factions,
)
from pbem.games.dragons_tigers.catalog.kingdoms import Kingdom, StartPlacement, parse_kingdoms
from pbem.games.dragons_tigers.catalog.mandate import (
    EVENT_IDS,
    Mandate,
    MandateDirection,
    MandateEvent,
    MandateSpace,
    parse_mandate,
)
from pbem.games.dragons_tigers.catalog.tables import AttritionRow, Tables, parse_tables

__all__ = [
    "AREA_COUNT",
    "BORDER_COUNT",
    "DATA_DIR",
    "EVENT_IDS",
    "FACTION_IDS",
    "TERRAINS",
    "TOTAL_MANPOWER",
    "ActivationChit",
    "Area",
    "AttritionRow",
    "Border",
    "Catalog",
    "CatalogError",
    "Character",
    "CounterType",
    "Faction",
    "Kingdom",
    "Mandate",
    "MandateDirection",
    "MandateEvent",
    "MandateSpace",
    "StartPlacement",
    "Tables",
    "data_files",
    "load_catalog",
]

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

_FILES = (
    "areas.yaml",
    "borders.yaml",
    "kingdoms.yaml",
    "characters.yaml",
    "tables.yaml",
    "mandate.yaml",
    "counters.yaml",
    "factions.yaml",
)



def data_files() -> tuple[Path, ...]:
    """The data files play reads: the catalog's and the rules' numbers (``rules.yaml``);
    not the rules' summaries, which only help players."""
    return tuple(DATA_DIR / name for name in (*_FILES, "rules.yaml"))


@dataclass(frozen=True)
class Catalog:
    """All static data of the game, validated. Mappings are read-only and keep file order."""

    areas: Mapping[str, Area]
    borders: tuple[Border, ...]
    kingdoms: Mapping[str, Kingdom]
    characters: Mapping[str, Character]
    tables: Tables
    mandate: Mandate
    counter_default: tuple[CounterType, ...]
    counter_overrides: Mapping[str, tuple[CounterType, ...]]
    factions: Mapping[str, Faction]
    chits: Mapping[str, ActivationChit]
    emperor_start: str
    _area_index: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _kingdom_index: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _adjacency: Mapping[str, Mapping[str, str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        area_index = {
            norm(name): area.id
            for area in self.areas.values()
            for name in (area.id, area.name, area.zh, *area.aliases)
        }
        kingdom_index = {
            norm(name): kingdom.id
            for kingdom in self.kingdoms.values()
            for name in (kingdom.id, kingdom.name, kingdom.zh, *kingdom.aliases)
        }
        adjacency: dict[str, dict[str, str]] = {area_id: {} for area_id in self.areas}
        for border in self.borders:
            adjacency[border.a][border.b] = border.terrain
            adjacency[border.b][border.a] = border.terrain
        object.__setattr__(self, "_area_index", MappingProxyType(area_index))
        object.__setattr__(self, "_kingdom_index", MappingProxyType(kingdom_index))
        object.__setattr__(
            self,
            "_adjacency",
            MappingProxyType({k: MappingProxyType(v) for k, v in adjacency.items()}),
        )

    # --- look-ups ---------------------------------------------------------------------------

    def area(self, id_or_alias: str) -> Area:
        """The area named by its id, name, Chinese name or an alias.

        Matching ignores case, spaces, apostrophes, hyphens and diacritics, so "Kezhou",
        "克州", "chang'an" and "An Ding" all resolve. Raises KeyError when nothing matches.
        """
        key = norm(id_or_alias) if isinstance(id_or_alias, str) else ""
        try:
            return self.areas[self._area_index[key]]
        except KeyError:
            raise KeyError(
                f"unknown area {id_or_alias!r}: give an area id such as 'luoyang', its name, "
                "its Chinese name or a rulebook spelling"
            ) from None

    def kingdom(self, id_or_alias: str) -> Kingdom:
        """The kingdom named by its id, name, Chinese name or an alias (as :meth:`area`)."""
        key = norm(id_or_alias) if isinstance(id_or_alias, str) else ""
        try:
            return self.kingdoms[self._kingdom_index[key]]
        except KeyError:
            raise KeyError(
                f"unknown kingdom {id_or_alias!r}: give a kingdom id such as 'cao-cao', its "
                "name or its Chinese name"
            ) from None

    @property
    def player_kingdoms(self) -> tuple[str, ...]:
        """Ids of the nine kingdoms a player may choose (3.1(A)), in file order."""
        return tuple(k.id for k in self.kingdoms.values() if k.is_player)

    @property
    def traitorous_kingdoms(self) -> tuple[str, ...]:
        """Ids of the Traitorous kingdoms (8), in file order."""
        return tuple(k.id for k in self.kingdoms.values() if not k.is_player)

    # --- map --------------------------------------------------------------------------------

    def neighbours(self, area: str) -> dict[str, str]:
        """Adjacent area id -> terrain of the border, for an area id or alias."""
        if area in self._adjacency:
            return dict(self._adjacency[area])
        return dict(self._adjacency[self.area(area).id])

    def border_terrain(self, a: str, b: str) -> str | None:
        """Terrain of the border between two areas, or None if they are not adjacent."""
        if a in self._adjacency and b in self._adjacency:
            return self._adjacency[a].get(b)
        return self._adjacency[self.area(a).id].get(self.area(b).id)

    # --- tables -----------------------------------------------------------------------------

    def attrition(self, strength: int, boats: bool = False) -> int:
        """Armies lost by ``strength`` moving armies crossing a mountain or great river.

        ``boats`` selects the Boats column: pass True only for a great river crossed with a
        character who has the Boats ability (4.5.2). A force of 0 armies loses nothing.
        """
        if isinstance(strength, bool) or not isinstance(strength, int) or strength < 0:
            raise ValueError(f"strength must be a non-negative integer, not {strength!r}")
        if strength == 0:
            return 0
        for row in self.tables.attrition:
            if row.covers(strength):
                return row.boats if boats else row.mountain_or_river
        raise AssertionError("validated attrition rows cover every positive strength")

    def counter_mix(self, kingdom: str) -> tuple[CounterType, ...]:
        """The army counters available to a kingdom (the default unless overridden)."""
        kingdom_id = self.kingdom(kingdom).id
        return self.counter_overrides.get(kingdom_id, self.counter_default)

    # --- Mandate of Heaven ------------------------------------------------------------------

    def mandate_step(self, q: int, r: int, die: int) -> tuple[int, int] | None:
        """Space reached from (q, r) on a Mandate roll of ``die``; None if it leaves (4.2)."""
        return self.mandate.step(q, r, die)

    def event_at(self, q: int, r: int) -> str | None:
        """Event id on Mandate space (q, r), None on the centre."""
        return self.mandate.event_at(q, r)


@functools.cache
def load_catalog() -> Catalog:
    """Load and validate the game data shipped with the package (cached)."""
    return _load_from(DATA_DIR)


def _read(name: str, directory: Path = DATA_DIR) -> Any:
    """Parse one YAML data file. The only place that touches YAML."""
    path = Path(directory) / name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogError(f"{name}: file not found in {directory}") from None
    try:
        return strict_yaml.load(text, name)
    except FormatError as exc:
        raise CatalogError(f"{name}: not valid YAML: {exc.line()}") from None


def _load_from(directory: Path) -> Catalog:
    """Read and validate every data file in ``directory`` (uncached; for tests and tools)."""
    raw = {name: _read(name, directory) for name in _FILES}
    areas, emperor_start = parse_areas(raw["areas.yaml"])
    borders = parse_borders(raw["borders.yaml"], areas)
    kingdoms = parse_kingdoms(raw["kingdoms.yaml"], areas)
    characters = parse_characters(raw["characters.yaml"], kingdoms)
    check_setup(kingdoms, characters)
    tables = parse_tables(raw["tables.yaml"], areas, kingdoms)
    mandate = parse_mandate(raw["mandate.yaml"])
    counter_default, counter_overrides = parse_counters(raw["counters.yaml"], kingdoms)
    factions, chits = parse_factions(raw["factions.yaml"], kingdoms)
    return Catalog(
        areas=MappingProxyType(areas),
        borders=borders,
        kingdoms=MappingProxyType(kingdoms),
        characters=MappingProxyType(characters),
        tables=tables,
        mandate=mandate,
        counter_default=counter_default,
        counter_overrides=MappingProxyType(counter_overrides),
        factions=MappingProxyType(factions),
        chits=MappingProxyType(chits),
        emperor_start=emperor_start,
    )

