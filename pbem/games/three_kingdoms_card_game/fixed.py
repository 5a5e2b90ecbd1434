"""The fixed parts of The Three Kingdoms Card Game: the rule numbers and the war cards.

``data/rules.yaml`` holds every number the rules use and ``data/war.yaml`` the three war
card types of the two sets with what beats what. Both are complete in the rulebook text
and are not replaced by an owner's transcription; a broken file raises
:class:`~.records.CardDataError` naming the file and the field.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pbem import strict_yaml
from pbem.games.three_kingdoms_card_game.records import Checker

DATA_DIR = Path(__file__).resolve().parent / "data"
COUNTED = ("characters", "lords", "events", "artifacts", "lands", "war_sets")
STAGE_PLAYS = ("characters", "artifacts", "events")

# rules.yaml: key -> (low, high) for a whole number, or the keys of a mapping of numbers.
_NUMBERS: dict[str, tuple[int, int]] = {
    "main_deck": (1, 200), "hand_size": (1, 20), "hand_limit": (1, 20),
    "win_land_value": (1, 50), "deck_runs_to_end": (1, 5), "opening_draw_min": (0, 5),
    "joint_control_max": (1, 5), "bribe_min_bid": (1, 5), "heart_bid": (1, 5),
    "die_sides": (2, 20), "battles_per_turn": (1, 5), "bribes_per_turn": (1, 5),
    "returns_per_turn": (1, 5),
}
_RANGES = ("players", "roll_target")
_MAPS = {"counts": COUNTED, "event_stage": STAGE_PLAYS}


@dataclass(frozen=True)
class Rules:
    """The numbers of rules.yaml (what each means: its comments and docs/cardgame-data.md)."""

    players: tuple[int, int]
    counts: Mapping[str, int]
    main_deck: int
    hand_size: int
    hand_limit: int
    win_land_value: int
    deck_runs_to_end: int
    opening_draw_min: int
    joint_control_max: int
    bribe_min_bid: int
    heart_bid: int
    die_sides: int
    roll_target: tuple[int, int]
    event_stage: Mapping[str, int]
    battles_per_turn: int
    bribes_per_turn: int
    returns_per_turn: int
    reconstructed: tuple[str, ...]
    sources: Mapping[str, str]


@dataclass(frozen=True)
class WarType:
    id: str
    name: str
    zh: str
    beats: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class War:
    sets: int
    types: Mapping[str, WarType]
    sources: Mapping[str, str]

    def result(self, attacker: str, defender: str) -> str:
        """``attacker``, ``defender`` or ``tie`` for the two revealed war cards."""
        if attacker == defender:
            return "tie"
        return "attacker" if self.types[attacker].beats == defender else "defender"


def _read(name: str) -> Any:
    return strict_yaml.load((DATA_DIR / name).read_text(encoding="utf-8"), name)


def _pair(ck: Checker, raw: Mapping[str, Any], key: str) -> tuple[int, int]:
    value = ck.mapping(raw.get(key), key)
    ck.extra(value, key, ("min", "max"))
    low = ck.int_(value, key, "min", (0, 99))
    high = ck.int_(value, key, "max", (low, 99))
    return low, high


def parse_rules(raw: Any, source: str = "rules.yaml") -> Rules:
    """Typed rule numbers; every number must name its source or be marked reconstructed."""
    ck = Checker(source)
    raw = ck.mapping(raw, "")
    keys = (*_NUMBERS, *_RANGES, *_MAPS)
    ck.extra(raw, "", (*keys, "reconstructed", "sources"))
    values: dict[str, Any] = {k: ck.int_(raw, "", k, b) for k, b in _NUMBERS.items()}
    values.update({k: _pair(ck, raw, k) for k in _RANGES})
    for key, names in _MAPS.items():
        table = ck.mapping(raw.get(key), key)
        ck.extra(table, key, names)
        values[key] = MappingProxyType({n: ck.int_(table, key, n, (0, 200)) for n in names})
    parts = (*keys, *(f"{k}.{n}" for k in _RANGES for n in ("min", "max")),
             *(f"{k}.{n}" for k, names in _MAPS.items() for n in names))
    recon, sources = ck.provenance(raw, "", parts)
    for key in keys:
        if key not in sources and key not in recon and not any(
                p.startswith(f"{key}.") for p in (*sources, *recon)):
            raise ck.fail(f"sources.{key}", "is missing: give the rulebook lines or mark the "
                                            "number reconstructed")
    counts = values["counts"]
    expected = counts["characters"] - counts["lords"] + counts["events"] + counts["artifacts"]
    if values["main_deck"] != expected:
        raise ck.fail("main_deck", f"must be {expected} (characters without lords, events "
                                   "and artifacts)")
    return Rules(**values, reconstructed=recon, sources=sources)


def parse_war(raw: Any, source: str = "war.yaml") -> War:
    """The war card types; what each beats must make one cycle of three."""
    ck = Checker(source)
    raw = ck.mapping(raw, "")
    ck.extra(raw, "", ("sets", "types", "sources"))
    items = raw.get("types")
    if not isinstance(items, list) or len(items) != 3:
        raise ck.fail("types", "must list the three war card types")
    types: dict[str, WarType] = {}
    for i, item in enumerate(items):
        where = f"types[{i}]"
        rec = ck.mapping(item, where)
        ck.extra(rec, where, ("id", "name", "zh", "beats", "aliases"))
        kind = WarType(ck.id_(rec.get("id"), f"{where}.id"), ck.str_(rec, where, "name"),
                       ck.str_(rec, where, "zh", optional=True),
                       ck.id_(rec.get("beats"), f"{where}.beats"), ck.aliases(rec, where))
        if kind.id in types:
            raise ck.fail(f"{where}.id", f"{kind.id!r} is given twice")
        types[kind.id] = kind
    beaten = sorted(t.beats for t in types.values())
    if beaten != sorted(types) or any(t.beats == t.id for t in types.values()):
        raise ck.fail("types", "each type must beat exactly one other type, and be beaten "
                               "by the third")
    _, sources = ck.provenance(raw, "", ("sets", "types", "beats"))
    return War(sets=ck.int_(raw, "", "sets", (1, 6)), types=MappingProxyType(types),
               sources=sources)


@functools.cache
def rules() -> Rules:
    return parse_rules(_read("rules.yaml"))


@functools.cache
def war() -> War:
    return parse_war(_read("war.yaml"))
