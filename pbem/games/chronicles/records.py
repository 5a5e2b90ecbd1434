"""The typed records of the Chronicles data set: frozen, one class per kind of record.

Every record has an ``id``, ``reconstructed`` (the fields, or parts of fields written as a
dotted path, that the rulebook text does not give), ``sources`` (field or path -> rulebook
lines) and an optional ``why``. :mod:`.fields` reads them from YAML, :mod:`.checks` checks
them against one another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from pbem.errors import FormatError

ICONS = ("flood", "invasion", "cavalry-1", "naval-1", "naval-2")
"""Territory card icons (L68-73): flood, foreign invasion or border tribes, and the three
recruitment icons."""
TERRAINS = ("flat", "mountain", "river")
SIDES = ("west", "middle", "east")
HALVES = ("north", "south")
SEASONS = ("spring", "summer", "autumn", "winter")
FREE = "free"
"""The employer of a general who serves nobody at the start (errata 15)."""


class ChroniclesDataError(FormatError):
    """The Chronicles data is malformed; the one-line message names the file, the record
    and the field."""


@dataclass(frozen=True)
class Record:
    id: str
    reconstructed: tuple[str, ...] = ()
    sources: Mapping[str, str] = field(default_factory=dict)
    why: str = ""

    @property
    def is_reconstructed(self) -> bool:
        """Is anything of this record not given by the rulebook text?"""
        return bool(self.reconstructed)

    LISTS: ClassVar[tuple[str, ...]] = ()
    """Fields holding a list of nested records: a mark on such a field itself says the list
    (how many records, which ones) is reconstructed, not everything in it."""

    def marked(self, path: str) -> bool:
        """Is ``path`` (``income``, ``areas.ye.income``) reconstructed, itself or through a
        mark on one of its parents (a list field of :attr:`LISTS` marks only itself)?"""
        return any(path == m or (path.startswith(m + ".") and m not in self.LISTS)
                   for m in self.reconstructed)


# ---------------------------------------------------------------------- map


@dataclass(frozen=True)
class Area(Record):
    name: str = ""
    zh: str = ""
    terrain: str = "flat"
    side: str = "middle"
    entry_from: tuple[str, ...] = ()
    """Areas of the same territory this one may be invaded from, and only from (L572)."""


@dataclass(frozen=True)
class Territory(Record):
    number: int = 0
    name: str = ""
    zh: str = ""
    printed_as: str = ""
    half: str = "north"
    areas: tuple[Area, ...] = ()
    LISTS: ClassVar[tuple[str, ...]] = ("areas",)

    def area_ids(self) -> tuple[str, ...]:
        return tuple(a.id for a in self.areas)


@dataclass(frozen=True)
class Border(Record):
    between: tuple[int, int] = (0, 0)
    no_invasion: tuple[tuple[str, str], ...] = ()
    """Area pairs (from, to) that may not invade across this border (L573)."""


@dataclass(frozen=True)
class CardArea(Record):
    defensive_value: int = 0
    income: tuple[int, int] = (0, 0)
    icons: Mapping[str, bool] = field(default_factory=dict)
    """Only the icons that differ from the card's for this area (errata 8)."""


@dataclass(frozen=True)
class TerritoryCard(Record):
    land_value: int = 0
    income: tuple[int, int] = (0, 0)
    supply: int = 1
    flood_prevention: int = 0
    icons: Mapping[str, bool] = field(default_factory=dict)
    invasion_void_with: tuple[str, ...] = ()
    areas: tuple[CardArea, ...] = ()
    LISTS: ClassVar[tuple[str, ...]] = ("areas",)

    def area_icons(self, area: str) -> dict[str, bool]:
        """The icons one area shows: the card's, with that area's differences."""
        own = next(a for a in self.areas if a.id == area)
        return {**self.icons, **own.icons}

    def shows(self, icon: str) -> bool:
        """Does the territory show ``icon`` (on the card or on any of its areas)?"""
        return self.icons.get(icon, False) or any(a.icons.get(icon, False) for a in self.areas)


# ---------------------------------------------------------------------- cards


@dataclass(frozen=True)
class Card(Record):
    name: str = ""
    zh: str = ""
    copies: int = 1
    text: str = ""


@dataclass(frozen=True)
class Event(Card):
    number: int = 0
    from_year: int | None = None
    drawer: str = "any"
    """``any``, a leader's id, or ``holder-of-territory-<n>``."""
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Disaster(Card):
    icon: str = "none"
    seasons: tuple[str, ...] = ()
    effect: str = "gold"
    dice: int = 0
    add: int = 0
    strength_dice: int | None = None


@dataclass(frozen=True)
class Stratagem(Card):
    number: int = 0
    targets: tuple[str, ...] = ()
    test: str = "both-intelligence"
    multiplier: Fraction | None = None
    city_multiplier: Fraction | None = None
    doubles: tuple[str, ...] = ()
    influence: int = 0
    named_generals: tuple[str, ...] = ()
    named_roll: int = 0


# ---------------------------------------------------------------------- counters


@dataclass(frozen=True)
class General(Record):
    name: str = ""
    zh: str = ""
    leader: bool = False
    employer: str = FREE
    intelligence: int = 6
    leadership: int = 6
    loyalty: int | None = None
    """A number, or ``None`` for X: never recruited, dies when captured (L767, errata 7)."""
    combat: int = 6
    eloquence: int = 6
    number: int | None = None
    death_year: int | None = None
    appears: int | None = None
    undiscovered: bool = False
    exclusive_to: str | None = None


@dataclass(frozen=True)
class ArmyKind(Record):
    name: str = ""
    zh: str = ""
    type: str = "infantry"
    level: int | None = None
    recruit_cost: int = 1
    maintenance: int = 1
    supply: Fraction = Fraction(1)
    icon: str = "none"
    counters: tuple[tuple[int, int], ...] = ()
    """(units on the counter, how many such counters)."""


@dataclass(frozen=True)
class ActionKind(Record):
    name: str = ""
    zh: str = ""
    count: int = 0
    test: str = "intelligence"
    text: str = ""


@dataclass(frozen=True)
class ObjectKind(Record):
    name: str = ""
    zh: str = ""
    count: int = 0
    value: int | None = None
    recruit: bool = False
    diplomacy: bool = False
    tradable: bool = True
    relation_gain: int = 1
    stays_on_non_human: bool = False
    starts_with: str | None = None
    text: str = ""


@dataclass(frozen=True)
class Randomizer(Record):
    name: str = ""
    numbers: tuple[int, int] = (0, 0)
    extra: Mapping[str, int] = field(default_factory=dict)
    count: int = 0
    text: str = ""


@dataclass(frozen=True)
class Marker(Record):
    name: str = ""
    count: int = 0
    per_leader: bool = False
    text: str = ""


# ---------------------------------------------------------------------- leaders


@dataclass(frozen=True)
class Start:
    territories: tuple[int, ...] = ()
    areas: tuple[str, ...] = ()
    gold: int = 0
    armies: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Leader(Record):
    name: str = ""
    zh: str = ""
    colour: str = ""
    table: bool = True
    start: Start = field(default_factory=Start)
    influence: int = 0
    relations: Mapping[str, int] = field(default_factory=dict)
    special_events: tuple[str, ...] = ()
    free_maintenance: bool = False


@dataclass(frozen=True)
class NonHuman(Record):
    leader: str | None = None
    stands_for: str | None = None
    territories: tuple[int, ...] = ()
    areas: tuple[str, ...] = ()
    armies: tuple[int, ...] = ()
    """Units for the rolls 2 to 12."""
    mix: str | None = None
    objects: tuple[str, ...] = ()

    def roll(self, dice: int, bonus: int = 0) -> int:
        """Armies for a 2D6 total ``dice`` (2-12) with the year's ``bonus``."""
        return self.armies[dice - 2] + bonus


# ---------------------------------------------------------------------- tables


@dataclass(frozen=True)
class TerrainRow(Record):
    river: int = 1
    flat: int = 1
    mountain: int = 1
    city_attack: int = 1
    city_defence: int = 2
    advantage: str = "flat"


@dataclass(frozen=True)
class Outcome:
    """One Battle Outcome Table cell: units each side loses, and its morale stars."""

    invader: int
    defender: int
    invader_stars: int = 0
    defender_stars: int = 0


@dataclass(frozen=True)
class BattleRow(Record):
    roll: int = 2
    cells: tuple[Outcome, ...] = ()
    vanguard_test: str | None = None
    city_loss: int = 0


@dataclass(frozen=True)
class MoraleRow(Record):
    roll: int = 2
    losses: tuple[int, ...] = ()


@dataclass(frozen=True)
class Change(Record):
    amount: int = 0
    other: int | None = None
    undo: int | None = None
    both: bool = False
    category: str = ""
    text: str = ""


@dataclass(frozen=True)
class Rule(Record):
    value: Any = None
    text: str = ""
