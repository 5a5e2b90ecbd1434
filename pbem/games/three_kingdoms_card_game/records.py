"""One card record (character, event, artifact, land), typed and checked.

Each parser takes a raw YAML mapping and where it stands (``characters[3]``) and returns
the typed record, or raises :class:`CardDataError` naming the file, the record and the
field. Provenance: ``reconstructed`` lists the fields (or parts: ``ability.roll_at_most``,
an effect parameter ``effects.against``) the rulebook text does not give; ``sources``
maps fields to the rulebook lines that give them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pbem.errors import FormatError
from pbem.games.three_kingdoms_card_game import vocabulary

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

CHARACTER_FIELDS = ("name", "lord", "political_power", "fighting_spirit", "strategist",
                    "hearts", "instant", "ability")
EVENT_FIELDS = ("name", "copies", "instant", "requires", "roll_at_most", "effects")
ARTIFACT_FIELDS = ("name", "instant", "ability")
LAND_FIELDS = ("name", "value", "defensive_power")
ABILITY_PARTS = ("ability.use", "ability.roll_at_most", "ability.text", "ability.effects")
FREE_FIELDS = ("type", "zh", "aliases")
"""Also markable: ``type`` (that the card is of its file's kind) and the names. The card
text (``text``, ``ability.text``) is always our own wording of the effects: it needs no
mark of its own, but may carry one."""

# Bounds a transcription must keep (wide: the printed values are unknown).
RATING = (0, 9)
LAND_VALUE = (1, 9)
COPIES = (1, 52)


class CardDataError(FormatError):
    """The card data is malformed; the message names the file, the record and the field."""


Effects = tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Ability:
    use: str
    """activated, on-entry or permanent (vocabulary.USES)."""
    effects: Effects
    roll_at_most: int | None = None
    """A die-roll gate: the effects work only on a roll of at most this number."""
    text: str = ""


@dataclass(frozen=True)
class Record:
    id: str
    name: str
    zh: str
    aliases: tuple[str, ...]
    reconstructed: tuple[str, ...]
    sources: Mapping[str, str]

    @property
    def is_reconstructed(self) -> bool:
        """Is anything of this record not given by its source?"""
        return bool(self.reconstructed)


@dataclass(frozen=True)
class Character(Record):
    lord: bool = False
    political_power: int = 0
    fighting_spirit: int = 0
    strategist: bool = False
    hearts: int = 0
    instant: bool = False
    ability: Ability | None = None


@dataclass(frozen=True)
class Event(Record):
    copies: int = 1
    instant: bool = False
    requires: str | None = None
    roll_at_most: int | None = None
    text: str = ""
    effects: Effects = ()


@dataclass(frozen=True)
class Artifact(Record):
    instant: bool = False
    ability: Ability | None = None


@dataclass(frozen=True)
class Land(Record):
    value: int = 1
    defensive_power: int = 0


def _at(where: str, key: str) -> str:
    """The field ``key`` of the record at ``where`` (``where`` empty: the file's top)."""
    return f"{where}.{key}" if where else key


class Checker:
    """Typed reads from one file, failing with ``<file>: <field>: <problem>``."""

    def __init__(self, source: str, roll: tuple[int, int] = (1, 5)) -> None:
        self.source = source
        self.roll = roll

    def fail(self, where: str, message: str) -> CardDataError:
        return CardDataError(f"{self.source}: {where}: {message}" if where
                             else f"{self.source}: {message}")

    def int_(self, rec: Mapping[str, Any], where: str, key: str, bounds: tuple[int, int],
             default: int | None = None) -> int:
        value = rec.get(key, default)
        low, high = bounds
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(_at(where, key), f"must be a whole number from {low} to {high}, "
                                              f"not {value!r}")
        return value

    def bool_(self, rec: Mapping[str, Any], where: str, key: str) -> bool:
        value = rec.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(_at(where, key), f"must be true or false, not {value!r}")
        return value

    def str_(self, rec: Mapping[str, Any], where: str, key: str, optional: bool = False) -> str:
        value = rec.get(key, "" if optional else None)
        if not isinstance(value, str) or (not value.strip() and not optional):
            raise self.fail(_at(where, key), "must be a text")
        return value

    def id_(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not _ID.match(value):
            raise self.fail(where, f"must be lower-case words joined by '-', not {value!r}")
        return value

    def aliases(self, rec: Mapping[str, Any], where: str) -> tuple[str, ...]:
        value = rec.get("aliases", [])
        if not isinstance(value, list):
            raise self.fail(_at(where, "aliases"), "must be a list of ids")
        return tuple(self.id_(a, f"{where}.aliases[{i}]") for i, a in enumerate(value))

    def extra(self, rec: Mapping[str, Any], where: str, allowed: tuple[str, ...]) -> None:
        unknown = sorted(map(str, set(rec) - set(allowed)))
        if unknown:
            raise self.fail(_at(where, str(unknown[0])), "is not a field of this record "
                                                     f"(fields: {', '.join(allowed)})")

    def effects(self, value: Any, where: str, place: str) -> Effects:
        if not isinstance(value, list) or not value:
            raise self.fail(where, "must be a list of one or more effects")
        for i, effect in enumerate(value):
            problem = vocabulary.check(effect, place)
            if problem:
                sub = f".{problem[0]}" if problem[0] else ""
                raise self.fail(f"{where}[{i}]{sub}", problem[1])
        return tuple(MappingProxyType(dict(e)) for e in value)

    def provenance(self, rec: Mapping[str, Any], where: str,
                   names: tuple[str, ...]) -> tuple[tuple[str, ...], Mapping[str, str]]:
        """``reconstructed`` and ``sources``, each naming only fields in ``names``."""
        recon = rec.get("reconstructed", [])
        allowed = (*names, *FREE_FIELDS)
        if not isinstance(recon, list):
            raise self.fail(_at(where, "reconstructed"), "must be a list of field names")
        for i, name in enumerate(recon):
            if name not in allowed:
                raise self.fail(_at(where, f"reconstructed[{i}]"), f"{name!r} is not a field of "
                                f"this record (fields: {', '.join(allowed)})")
        if len(set(recon)) != len(recon):
            raise self.fail(_at(where, "reconstructed"), "names a field twice")
        sources = rec.get("sources", {})
        if not isinstance(sources, dict):
            raise self.fail(_at(where, "sources"), "must map field names to rulebook lines")
        for name, value in sources.items():
            if name not in allowed:
                raise self.fail(_at(where, f"sources.{name}"), "is not a field of this record "
                                f"(fields: {', '.join(allowed)})")
            if not isinstance(value, str) or not value.strip():
                raise self.fail(_at(where, f"sources.{name}"), "must be a text (rulebook lines)")
        return tuple(recon), MappingProxyType({str(k): v for k, v in sources.items()})

    def mapping(self, rec: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(rec, dict):
            raise self.fail(where, "must be a mapping of fields")
        return rec


def _params(effects: Any, prefix: str) -> tuple[str, ...]:
    """``<prefix>.<param>`` for each parameter the given effects use (provenance parts)."""
    if not isinstance(effects, list):
        return ()
    return tuple(f"{prefix}.{name}" for e in effects if isinstance(e, dict)
                 for name in e if name != "kind")


def _ability(ck: Checker, value: Any, where: str, uses: tuple[str, ...]) -> Ability | None:
    if value is None:
        return None
    raw = ck.mapping(value, where)
    ck.extra(raw, where, ("use", "roll_at_most", "text", "effects"))
    use = raw.get("use")
    if use not in uses:
        raise ck.fail(f"{where}.use", f"must be one of {', '.join(uses)}, not {use!r}")
    roll = None
    if "roll_at_most" in raw:
        if use != "activated":
            raise ck.fail(f"{where}.roll_at_most", "a die roll gates only an activated ability")
        roll = ck.int_(raw, where, "roll_at_most", ck.roll)
    return Ability(use=use, effects=ck.effects(raw.get("effects"), f"{where}.effects", use),
                   roll_at_most=roll, text=ck.str_(raw, where, "text", optional=True))


def _ability_names(rec: Mapping[str, Any]) -> tuple[str, ...]:
    ability = rec.get("ability")
    effects = ability.get("effects") if isinstance(ability, dict) else None
    return (*ABILITY_PARTS, *_params(effects, "ability.effects"))


def _common(ck: Checker, rec: Mapping[str, Any], where: str,
            names: tuple[str, ...]) -> dict[str, Any]:
    recon, sources = ck.provenance(rec, where, names)
    return {"id": ck.id_(rec.get("id"), f"{where}.id"), "name": ck.str_(rec, where, "name"),
            "zh": ck.str_(rec, where, "zh", optional=True), "aliases": ck.aliases(rec, where),
            "reconstructed": recon, "sources": sources}


_RECORD_KEYS = ("id", "zh", "aliases", "reconstructed", "sources")


def parse_character(ck: Checker, raw: Any, where: str) -> Character:
    rec = ck.mapping(raw, where)
    ck.extra(rec, where, (*_RECORD_KEYS, *CHARACTER_FIELDS))
    common = _common(ck, rec, where, (*CHARACTER_FIELDS, *_ability_names(rec)))
    return Character(
        **common, lord=ck.bool_(rec, where, "lord"),
        political_power=ck.int_(rec, where, "political_power", RATING),
        fighting_spirit=ck.int_(rec, where, "fighting_spirit", RATING),
        strategist=ck.bool_(rec, where, "strategist"),
        hearts=ck.int_(rec, where, "hearts", RATING),
        instant=ck.bool_(rec, where, "instant"),
        ability=_ability(ck, rec.get("ability"), f"{where}.ability", vocabulary.USES))


def parse_event(ck: Checker, raw: Any, where: str) -> Event:
    rec = ck.mapping(raw, where)
    ck.extra(rec, where, (*_RECORD_KEYS, *EVENT_FIELDS, "text"))
    common = _common(ck, rec, where, (*EVENT_FIELDS, "text",
                                      *_params(rec.get("effects"), "effects")))
    instant = ck.bool_(rec, where, "instant")
    requires = rec.get("requires")
    if requires is not None and requires not in vocabulary.CONDITIONS:
        raise ck.fail(f"{where}.requires", f"must be one of {', '.join(vocabulary.CONDITIONS)}"
                                           f", not {requires!r}")
    roll = ck.int_(rec, where, "roll_at_most", ck.roll) if "roll_at_most" in rec else None
    place = "instant-event" if instant else "event"
    return Event(**common, copies=ck.int_(rec, where, "copies", COPIES, default=1),
                 instant=instant, requires=requires, roll_at_most=roll,
                 text=ck.str_(rec, where, "text", optional=True),
                 effects=ck.effects(rec.get("effects"), f"{where}.effects", place))


def parse_artifact(ck: Checker, raw: Any, where: str) -> Artifact:
    rec = ck.mapping(raw, where)
    ck.extra(rec, where, (*_RECORD_KEYS, *ARTIFACT_FIELDS))
    common = _common(ck, rec, where, (*ARTIFACT_FIELDS, *_ability_names(rec)))
    ability = _ability(ck, rec.get("ability"), f"{where}.ability", vocabulary.USES)
    if ability is None:
        raise ck.fail(f"{where}.ability", "an artifact needs an ability")
    return Artifact(**common, instant=ck.bool_(rec, where, "instant"), ability=ability)


def parse_land(ck: Checker, raw: Any, where: str) -> Land:
    rec = ck.mapping(raw, where)
    ck.extra(rec, where, (*_RECORD_KEYS, *LAND_FIELDS))
    return Land(**_common(ck, rec, where, LAND_FIELDS),
                value=ck.int_(rec, where, "value", LAND_VALUE),
                defensive_power=ck.int_(rec, where, "defensive_power", RATING))


PARSERS = {"characters": parse_character, "events": parse_event,
           "artifacts": parse_artifact, "lands": parse_land}
FIELDS = {"characters": CHARACTER_FIELDS, "events": EVENT_FIELDS,
          "artifacts": ARTIFACT_FIELDS, "lands": LAND_FIELDS}
