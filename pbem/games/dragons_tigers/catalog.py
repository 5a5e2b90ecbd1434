"""Static game data of *Dragons & Tigers of the Three Kingdoms*: typed, validated, cached.

The data lives in YAML files in ``data/`` next to this module (areas, borders, kingdoms,
characters, tables, Mandate of Heaven display, army counter mix, factions and chits). The
parts the rulebook text does not carry (borders, the Mandate display, counter pairs) come from
the project's board reconstruction, ``shared/dragons-tigers/board.md``; an owner of the printed
board can change them by editing the YAML only.

Everything is checked on load: a broken file raises :class:`CatalogError` whose message names
the file and the field, e.g. ``borders.yaml: borders[7].terrain: 'hill' is not one of ...``.

Use :func:`load_catalog` to get the (cached) :class:`Catalog`.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn

from pbem import strict_yaml
from pbem.errors import FormatError

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
    "load_catalog",
]

DATA_DIR = Path(__file__).resolve().parent / "data"

AREA_COUNT = 27
BORDER_COUNT = 59
TOTAL_MANPOWER = 77
KINGDOM_COUNT = 12
PLAYER_KINGDOM_COUNT = 9
TRAITOROUS_CHIT_COUNT = 2  # 4.1(A)
TERRAINS = ("plain", "mountain", "river")
KINGDOM_KINDS = ("player", "traitorous")
ENTRY_TIMES = ("start", "end-of-round-1")
RANKS = ("warlord", "retainer")
CHIT_KINDS = ("faction", "kingdom", "traitorous")
FACTION_IDS = ("blue", "white", "vermilion", "black")
EVENT_IDS = (
    "retainer-dies",
    "recruit-retainer",
    "bountiful-harvest",
    "emperor-flees",
    "family-restoration",
    "famine",
    "yellow-turbans",
    "barbarian-raids",
    "assassinate-retainer",
)
EVENT_SPACES_EACH = 2  # every event stands on two spaces of the Mandate display
DIE_FACES = (1, 2, 3, 4, 5, 6)
HEX_DIRECTIONS = frozenset({(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)})

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
_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CHIT_ID_RE = re.compile(r"^chit:[a-z0-9]+(?:-[a-z0-9]+)*$")
_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_IGNORED_IN_NAMES = re.compile(r"[\s'’`\-_.]")


class CatalogError(ValueError):
    """The game data is malformed; the message names the file and the field."""


# --------------------------------------------------------------------------------------------
# Data classes
# --------------------------------------------------------------------------------------------


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


@dataclass(frozen=True)
class StartPlacement:
    """Armies and characters a kingdom puts in one area when it enters play (3.3, 4.8.1(B))."""

    area: str
    armies: int
    characters: tuple[str, ...]


@dataclass(frozen=True)
class Kingdom:
    """One of the 12 kingdoms: nine player-eligible ones and three Traitorous ones."""

    id: str
    name: str
    zh: str
    kind: str
    """Either player or traitorous."""
    home: str
    colour: str
    colour_name: str
    print_colour: str
    enters: str
    """Either start, or end-of-round-1 for Lü Bu's own kingdom (4.8.1(B))."""
    start: tuple[StartPlacement, ...]
    aliases: tuple[str, ...] = ()

    @property
    def is_player(self) -> bool:
        """True for the nine kingdoms a player may take as main or allied kingdom (3.1(A))."""
        return self.kind == "player"


@dataclass(frozen=True)
class Character:
    """One side of a character counter (2.2(A))."""

    id: str
    name: str
    zh: str
    kingdom: str | None
    """Kingdom id, or None for a free retainer."""
    rank: str
    """Either warlord or retainer."""
    command: int
    """Stars, white or red; red diamonds are not counted (5.2(B))."""
    strategist: bool
    valor: int
    admin: int
    diplomacy: int
    loyalty: int | None
    """None: never submits when captured (5.7(C))."""
    diamonds: int = 0
    boats: bool = False
    wizard: bool = False
    flip: str | None = None
    back_only: bool = False
    set_aside: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def strategy_multiplier(self) -> int:
        """Hits per Strategy Contest result: red stars plus red diamonds (5.2(A), 5.2(B))."""
        return self.command + self.diamonds if self.strategist else 0


@dataclass(frozen=True)
class AttritionRow:
    """A row of the Attrition Table; ``max`` is None for the open-ended last row."""

    min: int
    max: int | None
    mountain_or_river: int
    boats: int

    def covers(self, strength: int) -> bool:
        """Whether a moving force of ``strength`` armies falls in this row."""
        return self.min <= strength and (self.max is None or strength <= self.max)


@dataclass(frozen=True)
class Tables:
    """The tables printed on the board (4.5.1, 5.2, 10.1, 10.8)."""

    attrition: tuple[AttritionRow, ...]
    strategy_contest: Mapping[int, int]
    """Die roll -> hits per red star or diamond."""
    retainer_death: Mapping[int, tuple[str, ...]]
    """Die roll -> kingdom ids."""
    barbarian_raids: Mapping[int, tuple[str, ...]]
    """Die roll -> area ids."""


@dataclass(frozen=True)
class MandateDirection:
    """Where a Mandate of Heaven die result moves the marker."""

    die: int
    name: str
    dq: int
    dr: int


@dataclass(frozen=True)
class MandateSpace:
    """A space of the Mandate display in axial coordinates; ``event`` None on the centre."""

    q: int
    r: int
    event: str | None


@dataclass(frozen=True)
class MandateEvent:
    """A Mandate of Heaven event (10)."""

    id: str
    name: str
    zh: str
    zh_simplified: str | None
    rule: str
    """Rulebook section, e.g. "10.4"."""


@dataclass(frozen=True)
class Mandate:
    """The hexagonal Mandate of Heaven display (4.2): spaces, die directions and events."""

    radius: int
    directions: Mapping[int, MandateDirection]
    spaces: Mapping[tuple[int, int], MandateSpace]
    events: Mapping[str, MandateEvent]

    def contains(self, q: int, r: int) -> bool:
        """Whether (q, r) is a space of the display."""
        return (q, r) in self.spaces

    def step(self, q: int, r: int, die: int) -> tuple[int, int] | None:
        """The space reached from (q, r) on ``die``, or None when the marker leaves (4.8)."""
        self._require_space(q, r)
        try:
            direction = self.directions[die]
        except KeyError:
            raise ValueError(f"a Mandate die shows 1 to 6, not {die!r}") from None
        target = (q + direction.dq, r + direction.dr)
        return target if target in self.spaces else None

    def event_at(self, q: int, r: int) -> str | None:
        """The event id on space (q, r); None on the centre."""
        self._require_space(q, r)
        return self.spaces[(q, r)].event

    def _require_space(self, q: int, r: int) -> None:
        if (q, r) not in self.spaces:
            raise ValueError(f"({q}, {r}) is not a space of the Mandate display")


@dataclass(frozen=True)
class CounterType:
    """A kind of two-sided army counter: ``count`` counters each showing one of ``sides``."""

    id: str
    sides: tuple[int, int]
    count: int


@dataclass(frozen=True)
class Faction:
    """A player's faction: Blue Dragon, White Tiger, Vermilion Bird or Black Tortoise."""

    id: str
    name: str
    zh: str
    colour: str
    colour_name: str
    min_players: int
    """Smallest number of players for which the faction is in use (12.1)."""


@dataclass(frozen=True)
class ActivationChit:
    """An activation chit (4.1): kind faction/kingdom with ``ref`` its id, or traitorous."""

    id: str
    kind: str
    ref: str | None


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
            _norm(name): area.id
            for area in self.areas.values()
            for name in (area.id, area.name, area.zh, *area.aliases)
        }
        kingdom_index = {
            _norm(name): kingdom.id
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
        key = _norm(id_or_alias) if isinstance(id_or_alias, str) else ""
        try:
            return self.areas[self._area_index[key]]
        except KeyError:
            raise KeyError(
                f"unknown area {id_or_alias!r}: give an area id such as 'luoyang', its name, "
                "its Chinese name or a rulebook spelling"
            ) from None

    def kingdom(self, id_or_alias: str) -> Kingdom:
        """The kingdom named by its id, name, Chinese name or an alias (as :meth:`area`)."""
        key = _norm(id_or_alias) if isinstance(id_or_alias, str) else ""
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


# --------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------


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
    areas, emperor_start = _parse_areas(raw["areas.yaml"])
    borders = _parse_borders(raw["borders.yaml"], areas)
    kingdoms = _parse_kingdoms(raw["kingdoms.yaml"], areas)
    characters = _parse_characters(raw["characters.yaml"], kingdoms)
    _check_setup(kingdoms, characters)
    tables = _parse_tables(raw["tables.yaml"], areas, kingdoms)
    mandate = _parse_mandate(raw["mandate.yaml"])
    counter_default, counter_overrides = _parse_counters(raw["counters.yaml"], kingdoms)
    factions, chits = _parse_factions(raw["factions.yaml"], kingdoms)
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


def _norm(name: str) -> str:
    """Key for name look-ups: no case, diacritics, spaces, apostrophes or hyphens."""
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _IGNORED_IN_NAMES.sub("", stripped.casefold())


# --------------------------------------------------------------------------------------------
# Validation helpers
# --------------------------------------------------------------------------------------------


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {value}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


class _Check:
    """Shape and type checks for one file; every failure names the file and the field."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, message: str) -> NoReturn:
        raise CatalogError(f"{self.file}: {where}: {message}")

    def mapping(
        self,
        where: str,
        value: Any,
        required: Sequence[str],
        optional: Sequence[str] = (),
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(where, f"expected a mapping, got {_describe(value)}")
        missing = [key for key in required if key not in value]
        if missing:
            self.fail(where, f"missing field(s): {', '.join(missing)}")
        allowed = set(required) | set(optional)
        unknown = sorted(str(key) for key in value if key not in allowed)
        if unknown:
            self.fail(where, f"unknown field(s): {', '.join(unknown)}")
        return value

    def sequence(self, where: str, value: Any, *, nonempty: bool = False) -> list[Any]:
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {_describe(value)}")
        if nonempty and not value:
            self.fail(where, "must not be empty")
        return value

    def text(self, where: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(where, f"expected a non-empty string, got {_describe(value)}")
        return value

    def optional_text(self, where: str, value: Any) -> str | None:
        return None if value is None else self.text(where, value)

    def integer(self, where: str, value: Any, minimum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(where, f"expected an integer, got {_describe(value)}")
        if minimum is not None and value < minimum:
            self.fail(where, f"must be at least {minimum}, got {value}")
        return value

    def optional_integer(self, where: str, value: Any, minimum: int | None = None) -> int | None:
        return None if value is None else self.integer(where, value, minimum)

    def flag(self, where: str, value: Any) -> bool:
        if not isinstance(value, bool):
            self.fail(where, f"expected true or false, got {_describe(value)}")
        return value

    def choice(self, where: str, value: Any, choices: Sequence[str]) -> str:
        if not isinstance(value, str) or value not in choices:
            self.fail(where, f"{_describe(value)} is not one of {', '.join(choices)}")
        return value

    def ident(self, where: str, value: Any) -> str:
        if not isinstance(value, str) or not _ID_RE.match(value):
            self.fail(where, f"{_describe(value)} is not a lower-case kebab-case id")
        return value

    def ref(self, where: str, value: Any, known: Iterable[str], what: str) -> str:
        if not isinstance(value, str) or value not in set(known):
            self.fail(where, f"unknown {what} id {_describe(value)}")
        return value

    def colour(self, where: str, value: Any) -> str:
        if not isinstance(value, str) or not _COLOUR_RE.match(value):
            self.fail(where, f'{_describe(value)} is not a colour like "#2f6fb0"')
        return value

    def die_table(self, where: str, value: Any) -> dict[int, Any]:
        if not isinstance(value, dict):
            self.fail(where, f"expected a mapping of die results, got {_describe(value)}")
        keys = sorted(value, key=str)
        if set(value) != set(DIE_FACES) or any(isinstance(k, bool) for k in value):
            self.fail(where, f"keys must be the die results 1 to 6, got {keys}")
        return {face: value[face] for face in DIE_FACES}

    def names(self, where: str, value: Any) -> tuple[str, ...]:
        items = self.sequence(where, value)
        return tuple(self.text(f"{where}[{i}]", item) for i, item in enumerate(items))


def _name_index(
    check: _Check, where: str, entries: Iterable[tuple[str, Iterable[str]]]
) -> dict[str, str]:
    """Normalised name -> id, failing when one name would point at two different ids."""
    index: dict[str, str] = {}
    for owner, names in entries:
        for name in names:
            key = _norm(name)
            if not key:
                check.fail(f"{where}[{owner}]", f"name {name!r} is empty once normalised")
            other = index.setdefault(key, owner)
            if other != owner:
                check.fail(
                    f"{where}[{owner}]", f"name or alias {name!r} is already used by {other!r}"
                )
    return index


# --------------------------------------------------------------------------------------------
# File parsers
# --------------------------------------------------------------------------------------------


def _parse_areas(data: Any) -> tuple[dict[str, Area], str]:
    check = _Check("areas.yaml")
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
    _name_index(
        check,
        "areas",
        ((a.id, (a.id, a.name, a.zh, *a.aliases)) for a in areas.values()),
    )
    emperor_start = check.ref("emperor_start", top["emperor_start"], areas, "area")
    return areas, emperor_start


def _parse_borders(data: Any, areas: Mapping[str, Area]) -> tuple[Border, ...]:
    check = _Check("borders.yaml")
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


def _parse_kingdoms(data: Any, areas: Mapping[str, Area]) -> dict[str, Kingdom]:
    check = _Check("kingdoms.yaml")
    top = check.mapping("(top level)", data, ("kingdoms",))
    kingdoms: dict[str, Kingdom] = {}
    colours: dict[str, str] = {}
    occupied: dict[str, str] = {}
    fields = ("id", "name", "zh", "kind", "home", "colour", "colour_name", "print_colour")
    for i, item in enumerate(check.sequence("kingdoms", top["kingdoms"])):
        at = f"kingdoms[{i}]"
        entry = check.mapping(at, item, (*fields, "enters", "start"), ("aliases",))
        kingdom_id = check.ident(f"{at}.id", entry["id"])
        if kingdom_id in kingdoms:
            check.fail(f"{at}.id", f"duplicate kingdom id {kingdom_id!r}")
        at = f"kingdoms[{kingdom_id}]"
        kind = check.choice(f"{at}.kind", entry["kind"], KINGDOM_KINDS)
        enters = check.choice(f"{at}.enters", entry["enters"], ENTRY_TIMES)
        if kind == "player" and enters != "start":
            check.fail(f"{at}.enters", "player kingdoms are on the map from the start (3.3)")
        colour = check.colour(f"{at}.colour", entry["colour"])
        if colour.lower() in colours:
            check.fail(f"{at}.colour", f"{colour} is already used by {colours[colour.lower()]!r}")
        colours[colour.lower()] = kingdom_id
        home = check.ref(f"{at}.home", entry["home"], areas, "area")
        placements: list[StartPlacement] = []
        for j, raw in enumerate(check.sequence(f"{at}.start", entry["start"], nonempty=True)):
            pat = f"{at}.start[{j}]"
            placement = check.mapping(pat, raw, ("area", "armies", "characters"))
            area = check.ref(f"{pat}.area", placement["area"], areas, "area")
            if any(p.area == area for p in placements):
                check.fail(f"{pat}.area", f"{area!r} appears twice in this kingdom's start")
            if enters == "start":
                if area in occupied:
                    other = occupied[area]
                    check.fail(f"{pat}.area", f"{area!r} is also a start area of {other!r}")
                occupied[area] = kingdom_id
            characters = check.sequence(f"{pat}.characters", placement["characters"])
            placements.append(
                StartPlacement(
                    area=area,
                    armies=check.integer(f"{pat}.armies", placement["armies"], minimum=1),
                    characters=tuple(
                        check.ident(f"{pat}.characters[{k}]", c) for k, c in enumerate(characters)
                    ),
                )
            )
        if home not in {p.area for p in placements}:
            check.fail(f"{at}.home", f"home area {home!r} is not among the start areas")
        kingdoms[kingdom_id] = Kingdom(
            id=kingdom_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            kind=kind,
            home=home,
            colour=colour,
            colour_name=check.text(f"{at}.colour_name", entry["colour_name"]),
            print_colour=check.colour(f"{at}.print_colour", entry["print_colour"]),
            enters=enters,
            start=tuple(placements),
            aliases=check.names(f"{at}.aliases", entry.get("aliases", [])),
        )
    if len(kingdoms) != KINGDOM_COUNT:
        check.fail("kingdoms", f"expected {KINGDOM_COUNT} kingdoms, found {len(kingdoms)}")
    players = sum(1 for k in kingdoms.values() if k.is_player)
    if players != PLAYER_KINGDOM_COUNT:
        check.fail(
            "kingdoms[*].kind",
            f"expected {PLAYER_KINGDOM_COUNT} player kingdoms (3.1(A)), found {players}",
        )
    _name_index(
        check,
        "kingdoms",
        ((k.id, (k.id, k.name, k.zh, *k.aliases)) for k in kingdoms.values()),
    )
    return kingdoms


_CHARACTER_REQUIRED = (
    "id",
    "name",
    "zh",
    "kingdom",
    "rank",
    "command",
    "strategist",
    "valor",
    "admin",
    "diplomacy",
    "loyalty",
)
_CHARACTER_OPTIONAL = ("diamonds", "boats", "wizard", "flip", "back_only", "set_aside", "aliases")


def _parse_characters(data: Any, kingdoms: Mapping[str, Kingdom]) -> dict[str, Character]:
    check = _Check("characters.yaml")
    top = check.mapping("(top level)", data, ("characters",))
    characters: dict[str, Character] = {}
    for i, item in enumerate(check.sequence("characters", top["characters"])):
        at = f"characters[{i}]"
        entry = check.mapping(at, item, _CHARACTER_REQUIRED, _CHARACTER_OPTIONAL)
        char_id = check.ident(f"{at}.id", entry["id"])
        if char_id in characters:
            check.fail(f"{at}.id", f"duplicate character id {char_id!r}")
        at = f"characters[{char_id}]"
        kingdom = entry["kingdom"]
        if kingdom is not None:
            check.ref(f"{at}.kingdom", kingdom, kingdoms, "kingdom")
        flip = entry.get("flip")
        character = Character(
            id=char_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            kingdom=kingdom,
            rank=check.choice(f"{at}.rank", entry["rank"], RANKS),
            command=check.integer(f"{at}.command", entry["command"], minimum=0),
            strategist=check.flag(f"{at}.strategist", entry["strategist"]),
            valor=check.integer(f"{at}.valor", entry["valor"], minimum=0),
            admin=check.integer(f"{at}.admin", entry["admin"], minimum=0),
            diplomacy=check.integer(f"{at}.diplomacy", entry["diplomacy"], minimum=0),
            loyalty=check.optional_integer(f"{at}.loyalty", entry["loyalty"], minimum=0),
            diamonds=check.integer(f"{at}.diamonds", entry.get("diamonds", 0), minimum=0),
            boats=check.flag(f"{at}.boats", entry.get("boats", False)),
            wizard=check.flag(f"{at}.wizard", entry.get("wizard", False)),
            flip=None if flip is None else check.ident(f"{at}.flip", flip),
            back_only=check.flag(f"{at}.back_only", entry.get("back_only", False)),
            set_aside=check.flag(f"{at}.set_aside", entry.get("set_aside", False)),
            aliases=check.names(f"{at}.aliases", entry.get("aliases", [])),
        )
        if character.kingdom is None and character.rank != "retainer":
            check.fail(f"{at}.rank", "a character without a kingdom must be a free retainer")
        if character.diamonds and not character.strategist:
            check.fail(f"{at}.diamonds", "only strategists have red diamonds (5.2(B))")
        if character.strategist and character.strategy_multiplier < 1:
            check.fail(f"{at}.command", "a strategist needs at least one red star or diamond")
        if character.wizard and (
            character.command
            or character.valor
            or character.admin
            or character.diplomacy
            or character.diamonds
            or character.strategist
            or character.loyalty is not None
        ):
            check.fail(at, "the Wizard has no ratings: use 0, strategist false, loyalty null")
        if character.back_only and character.flip is None:
            check.fail(f"{at}.back_only", "a back-only side needs a flip (its front side)")
        if character.back_only and character.set_aside:
            check.fail(f"{at}.set_aside", "mark the front side as set aside, not the back")
        characters[char_id] = character
    for char_id, character in characters.items():
        if character.flip is None:
            continue
        at = f"characters[{char_id}].flip"
        other = characters.get(character.flip)
        if other is None:
            check.fail(at, f"unknown character id {character.flip!r}")
        if other.flip != char_id:
            check.fail(at, f"{other.id!r} must flip back to {char_id!r}, not {other.flip!r}")
        if other.kingdom != character.kingdom:
            check.fail(at, f"both sides must belong to the same kingdom ({other.id!r} does not)")
        if other.back_only == character.back_only:
            check.fail(at, f"exactly one of {char_id!r} and {other.id!r} must be back_only")
    return characters


def _check_setup(kingdoms: Mapping[str, Kingdom], characters: Mapping[str, Character]) -> None:
    """Cross-check the start placements of kingdoms.yaml against characters.yaml."""
    check = _Check("kingdoms.yaml")
    placed: dict[str, str] = {}
    for kingdom in kingdoms.values():
        warlords = []
        for j, placement in enumerate(kingdom.start):
            for k, char_id in enumerate(placement.characters):
                at = f"kingdoms[{kingdom.id}].start[{j}].characters[{k}]"
                character = characters.get(char_id)
                if character is None:
                    check.fail(at, f"unknown character id {char_id!r}")
                if char_id in placed:
                    check.fail(at, f"{char_id!r} is already placed by {placed[char_id]!r}")
                placed[char_id] = kingdom.id
                if character.kingdom != kingdom.id:
                    check.fail(at, f"{char_id!r} belongs to {character.kingdom!r}")
                if character.back_only:
                    front = character.flip
                    check.fail(at, f"{char_id!r} is the back of a counter; place {front!r}")
                if kingdom.enters == "start" and character.set_aside:
                    check.fail(at, f"{char_id!r} is set aside at the start (characters.yaml)")
                if kingdom.enters != "start" and not character.set_aside:
                    check.fail(at, f"{char_id!r} enters later, so mark it set_aside")
                if character.rank == "warlord":
                    warlords.append(char_id)
        if len(warlords) != 1:
            check.fail(
                f"kingdoms[{kingdom.id}].start",
                f"expected exactly one warlord, found {warlords or 'none'}",
            )
    for character in characters.values():
        if character.kingdom is None or character.back_only:
            continue
        kingdom = kingdoms[character.kingdom]
        expected = (not character.set_aside) if kingdom.enters == "start" else character.set_aside
        if expected and character.id not in placed:
            check.fail(
                f"kingdoms[{kingdom.id}].start",
                f"character {character.id!r} is neither placed nor set aside",
            )


def _parse_tables(data: Any, areas: Mapping[str, Area], kingdoms: Mapping[str, Kingdom]) -> Tables:
    check = _Check("tables.yaml")
    top = check.mapping(
        "(top level)",
        data,
        ("attrition", "strategy_contest", "retainer_death", "barbarian_raids"),
    )
    rows: list[AttritionRow] = []
    raw_rows = check.sequence("attrition", top["attrition"], nonempty=True)
    for i, item in enumerate(raw_rows):
        at = f"attrition[{i}]"
        entry = check.mapping(at, item, ("min", "max", "mountain_or_river", "boats"))
        row = AttritionRow(
            min=check.integer(f"{at}.min", entry["min"], minimum=1),
            max=check.optional_integer(f"{at}.max", entry["max"], minimum=1),
            mountain_or_river=check.integer(
                f"{at}.mountain_or_river", entry["mountain_or_river"], minimum=0
            ),
            boats=check.integer(f"{at}.boats", entry["boats"], minimum=0),
        )
        expected_min = 1 if not rows else (rows[-1].max or 0) + 1
        if row.min != expected_min:
            check.fail(f"{at}.min", f"rows must be contiguous: expected {expected_min}")
        last = i == len(raw_rows) - 1
        if (row.max is None) != last:
            check.fail(f"{at}.max", "only the last row is open-ended (max: null)")
        if row.max is not None and row.max < row.min:
            check.fail(f"{at}.max", f"max {row.max} is below min {row.min}")
        if row.boats > row.mountain_or_river:
            check.fail(f"{at}.boats", "the Boats column cannot exceed the ordinary one")
        if rows and (
            row.mountain_or_river < rows[-1].mountain_or_river or row.boats < rows[-1].boats
        ):
            check.fail(at, "losses must not decrease as the strength grows")
        rows.append(row)

    strategy = {
        die: check.integer(f"strategy_contest[{die}]", hits, minimum=0)
        for die, hits in check.die_table("strategy_contest", top["strategy_contest"]).items()
    }

    death: dict[int, tuple[str, ...]] = {}
    listed: dict[str, int] = {}
    for die, raw in check.die_table("retainer_death", top["retainer_death"]).items():
        ids = []
        for j, kid in enumerate(check.sequence(f"retainer_death[{die}]", raw, nonempty=True)):
            at = f"retainer_death[{die}][{j}]"
            check.ref(at, kid, kingdoms, "kingdom")
            if kid in listed:
                check.fail(at, f"{kid!r} is already on row {listed[kid]}")
            listed[kid] = die
            ids.append(kid)
        death[die] = tuple(ids)
    missing = [kid for kid in kingdoms if kid not in listed]
    if missing:
        check.fail("retainer_death", f"kingdoms on no row: {', '.join(missing)}")

    raids: dict[int, tuple[str, ...]] = {}
    raided: dict[str, int] = {}
    for die, raw in check.die_table("barbarian_raids", top["barbarian_raids"]).items():
        ids = []
        for j, aid in enumerate(check.sequence(f"barbarian_raids[{die}]", raw, nonempty=True)):
            at = f"barbarian_raids[{die}][{j}]"
            check.ref(at, aid, areas, "area")
            if aid in raided:
                check.fail(at, f"{aid!r} is already on row {raided[aid]}")
            raided[aid] = die
            ids.append(aid)
        raids[die] = tuple(ids)

    return Tables(
        attrition=tuple(rows),
        strategy_contest=MappingProxyType(strategy),
        retainer_death=MappingProxyType(death),
        barbarian_raids=MappingProxyType(raids),
    )


def _hex_distance(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


def _parse_mandate(data: Any) -> Mandate:
    check = _Check("mandate.yaml")
    top = check.mapping("(top level)", data, ("radius", "directions", "spaces", "events"))
    radius = check.integer("radius", top["radius"], minimum=1)

    directions: dict[int, MandateDirection] = {}
    vectors: dict[tuple[int, int], int] = {}
    names: dict[str, int] = {}
    for die, raw in check.die_table("directions", top["directions"]).items():
        at = f"directions[{die}]"
        entry = check.mapping(at, raw, ("name", "dq", "dr"))
        direction = MandateDirection(
            die=die,
            name=check.text(f"{at}.name", entry["name"]),
            dq=check.integer(f"{at}.dq", entry["dq"]),
            dr=check.integer(f"{at}.dr", entry["dr"]),
        )
        vector = (direction.dq, direction.dr)
        if vector not in HEX_DIRECTIONS:
            check.fail(at, f"(dq, dr) = {vector} is not a step to a neighbouring hex")
        if vector in vectors:
            check.fail(at, f"same direction as directions[{vectors[vector]}]")
        if direction.name in names:
            check.fail(f"{at}.name", f"same name as directions[{names[direction.name]}]")
        vectors[vector] = die
        names[direction.name] = die
        directions[die] = direction

    if not isinstance(top["events"], dict):
        check.fail("events", f"expected a mapping, got {_describe(top['events'])}")
    events: dict[str, MandateEvent] = {}
    for event_id, raw in top["events"].items():
        at = f"events[{event_id}]"
        check.choice(at, event_id, EVENT_IDS)
        entry = check.mapping(at, raw, ("name", "zh", "rule"), ("zh_simplified",))
        events[event_id] = MandateEvent(
            id=event_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            zh_simplified=check.optional_text(f"{at}.zh_simplified", entry.get("zh_simplified")),
            rule=check.text(f"{at}.rule", entry["rule"]),
        )
    missing = [event_id for event_id in EVENT_IDS if event_id not in events]
    if missing:
        check.fail("events", f"missing event(s): {', '.join(missing)}")

    spaces: dict[tuple[int, int], MandateSpace] = {}
    for i, raw in enumerate(check.sequence("spaces", top["spaces"])):
        at = f"spaces[{i}]"
        entry = check.mapping(at, raw, ("q", "r", "event"))
        q = check.integer(f"{at}.q", entry["q"])
        r = check.integer(f"{at}.r", entry["r"])
        if _hex_distance(q, r) > radius:
            check.fail(at, f"({q}, {r}) lies outside a display of radius {radius}")
        if (q, r) in spaces:
            check.fail(at, f"duplicate space ({q}, {r})")
        event = entry["event"]
        if (q, r) == (0, 0):
            if event is not None:
                check.fail(f"{at}.event", "the centre is the start space and has no event")
        else:
            event = check.ref(f"{at}.event", event, events, "event")
        spaces[(q, r)] = MandateSpace(q=q, r=r, event=event)
    expected = 3 * radius * (radius + 1) + 1
    if len(spaces) != expected:
        check.fail(
            "spaces", f"a display of radius {radius} has {expected} spaces, found {len(spaces)}"
        )
    if (0, 0) not in spaces:
        check.fail("spaces", "the centre (0, 0) is missing")
    uses = Counter(space.event for space in spaces.values() if space.event is not None)
    for event_id in events:
        if uses[event_id] != EVENT_SPACES_EACH:
            check.fail(
                "spaces",
                f"event {event_id!r} is on {uses[event_id]} spaces, expected {EVENT_SPACES_EACH}",
            )
    return Mandate(
        radius=radius,
        directions=MappingProxyType(directions),
        spaces=MappingProxyType(spaces),
        events=MappingProxyType(events),
    )


def _parse_counter_mix(check: _Check, where: str, value: Any) -> tuple[CounterType, ...]:
    types: list[CounterType] = []
    for i, raw in enumerate(check.sequence(where, value, nonempty=True)):
        at = f"{where}[{i}]"
        entry = check.mapping(at, raw, ("id", "sides", "count"))
        type_id = check.ident(f"{at}.id", entry["id"])
        if any(t.id == type_id for t in types):
            check.fail(f"{at}.id", f"duplicate counter type {type_id!r}")
        sides = check.sequence(f"{at}.sides", entry["sides"])
        if len(sides) != 2:
            check.fail(f"{at}.sides", f"a counter has two sides, got {sides!r}")
        front = check.integer(f"{at}.sides[0]", sides[0], minimum=1)
        back = check.integer(f"{at}.sides[1]", sides[1], minimum=1)
        types.append(
            CounterType(
                id=type_id,
                sides=(front, back),
                count=check.integer(f"{at}.count", entry["count"], minimum=0),
            )
        )
    return tuple(types)


def _parse_counters(
    data: Any, kingdoms: Mapping[str, Kingdom]
) -> tuple[tuple[CounterType, ...], dict[str, tuple[CounterType, ...]]]:
    check = _Check("counters.yaml")
    top = check.mapping("(top level)", data, ("default", "overrides"))
    default = _parse_counter_mix(check, "default", top["default"])
    raw_overrides = top["overrides"]
    if raw_overrides is None:
        raw_overrides = {}
    if not isinstance(raw_overrides, dict):
        check.fail("overrides", f"expected a mapping, got {_describe(raw_overrides)}")
    overrides = {}
    for kingdom_id, mix in raw_overrides.items():
        check.ref(f"overrides[{kingdom_id}]", kingdom_id, kingdoms, "kingdom")
        overrides[kingdom_id] = _parse_counter_mix(check, f"overrides[{kingdom_id}]", mix)
    return default, overrides


def _parse_factions(
    data: Any, kingdoms: Mapping[str, Kingdom]
) -> tuple[dict[str, Faction], dict[str, ActivationChit]]:
    check = _Check("factions.yaml")
    top = check.mapping("(top level)", data, ("factions", "chits"))
    factions: dict[str, Faction] = {}
    for i, raw in enumerate(check.sequence("factions", top["factions"])):
        at = f"factions[{i}]"
        entry = check.mapping(at, raw, ("id", "name", "zh", "colour", "colour_name", "min_players"))
        faction_id = check.choice(f"{at}.id", entry["id"], FACTION_IDS)
        if faction_id in factions:
            check.fail(f"{at}.id", f"duplicate faction id {faction_id!r}")
        at = f"factions[{faction_id}]"
        min_players = check.integer(f"{at}.min_players", entry["min_players"], minimum=2)
        if min_players > len(FACTION_IDS):
            most = len(FACTION_IDS)
            check.fail(f"{at}.min_players", f"at most {most} players, got {min_players}")
        factions[faction_id] = Faction(
            id=faction_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            colour=check.colour(f"{at}.colour", entry["colour"]),
            colour_name=check.text(f"{at}.colour_name", entry["colour_name"]),
            min_players=min_players,
        )
    missing = [f for f in FACTION_IDS if f not in factions]
    if missing:
        check.fail("factions", f"missing faction(s): {', '.join(missing)}")

    players = [k.id for k in kingdoms.values() if k.is_player]
    chits: dict[str, ActivationChit] = {}
    refs: dict[tuple[str, str | None], str] = {}
    for i, raw in enumerate(check.sequence("chits", top["chits"])):
        at = f"chits[{i}]"
        entry = check.mapping(at, raw, ("id", "kind", "ref"))
        chit_id = entry["id"]
        if not isinstance(chit_id, str) or not _CHIT_ID_RE.match(chit_id):
            check.fail(f"{at}.id", f'{_describe(chit_id)} is not an id like "chit:cao-cao"')
        if chit_id in chits:
            check.fail(f"{at}.id", f"duplicate chit id {chit_id!r}")
        at = f"chits[{chit_id}]"
        kind = check.choice(f"{at}.kind", entry["kind"], CHIT_KINDS)
        ref = entry["ref"]
        if kind == "faction":
            check.ref(f"{at}.ref", ref, factions, "faction")
        elif kind == "kingdom":
            check.ref(f"{at}.ref", ref, players, "player kingdom")
        elif ref is not None:
            check.fail(f"{at}.ref", "a Traitorous chit names no kingdom: use null")
        if kind != "traitorous" and (kind, ref) in refs:
            check.fail(f"{at}.ref", f"{ref!r} already has the chit {refs[(kind, ref)]!r}")
        refs[(kind, ref)] = chit_id
        chits[chit_id] = ActivationChit(id=chit_id, kind=kind, ref=ref)
    for faction_id in factions:
        if ("faction", faction_id) not in refs:
            check.fail("chits", f"no activation chit for faction {faction_id!r}")
    for kingdom_id in players:
        if ("kingdom", kingdom_id) not in refs:
            check.fail("chits", f"no activation chit for kingdom {kingdom_id!r}")
    traitorous = sum(1 for chit in chits.values() if chit.kind == "traitorous")
    if traitorous != TRAITOROUS_CHIT_COUNT:
        check.fail(
            "chits",
            f"expected {TRAITOROUS_CHIT_COUNT} Traitorous chits (4.1(A)), found {traitorous}",
        )
    return factions, chits
