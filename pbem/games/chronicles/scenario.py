"""Chronicles scenarios (docs/scenarios.md, "Chronicles"): a game started from a described
position instead of Spring 196's, for tutorials, rules questions and tests. Every key is
optional; what is not named keeps the standard setup. A wrong key, name or value is refused
in one line naming it. Generals and objects are read by :mod:`.scenario_counters`; a
realm's red cards in hand are dealt from the red deck before it is shuffled, held as in a
game with open cards (:class:`pbem.hidden.OpenSecrets`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.games.chronicles import dataset, hand, scenario_counters
from pbem.games.chronicles.catalog import ChroniclesData
from pbem.games.chronicles.records import FREE, SEASONS
from pbem.games.chronicles.scenario_counters import count as _count
from pbem.games.chronicles.scenario_counters import fail as _fail
from pbem.games.chronicles.scenario_counters import known
from pbem.games.chronicles.scenario_counters import mapping as _mapping
from pbem.hidden import SECRETS_KEY, OpenSecrets

KEYS = ("year", "season", "realms", "areas", "relations", "generals", "objects")
REALM_KEYS = ("gold", "influence", "units", "cards")


def apply(state: dict[str, Any], scene: Mapping[str, Any],
          decks: Mapping[str, Sequence[str]]) -> None:
    """Set the opening position ``state`` (Spring 196's) as ``scene`` describes it;
    ``decks`` are the game's shared decks, unshuffled (a realm's cards come from them)."""
    unknown = sorted(set(scene) - set(KEYS))
    if unknown:
        raise _fail(unknown[0], f"is not a key of a Chronicles scenario ({', '.join(KEYS)})")
    data = dataset.get(state.get("data"))
    _calendar(state, scene, int(data.rule("start-year")), int(data.rule("end-year")))
    _arrivals(state, data)
    for leader, given in _mapping(scene.get("realms", {}), "realms").items():
        _realm(state, str(leader), _mapping(given, f"realms.{leader}"), tuple(data.armies))
        if "cards" in given:
            _cards(state, str(leader), given["cards"], decks)
    for area, holder in _mapping(scene.get("areas", {}), "areas").items():
        field = f"areas.{area}"
        if area not in state["areas"]:
            raise _fail(field, "is not an area of the map")
        if holder is not None and not known(holder, state["realms"]) \
                and not known(holder, state["non_human"]):
            raise _fail(field, f"{holder!r} is not a seated leader or a non-human leader "
                               "in play (or null: nobody)")
        state["areas"][area]["holder"] = holder
    for leader, levels in _mapping(scene.get("relations", {}), "relations").items():
        row = state["relations"].get(leader)
        if row is None:
            raise _fail(f"relations.{leader}", "is not a seated leader with a table")
        for other, level in _mapping(levels, f"relations.{leader}").items():
            if other not in row:
                raise _fail(f"relations.{leader}.{other}", "is not a leader in play")
            row[other] = _count(level, f"relations.{leader}.{other}", 0, 9)
    if "generals" in scene:
        scenario_counters.generals(state, scene["generals"], data)
    if "objects" in scene:
        scenario_counters.objects(state, scene["objects"], data)
        if scene["objects"]:
            state["scenario"] = {"objects": True}  # (no starting draw: rules/setup.py)


def _calendar(state: dict[str, Any], scene: Mapping[str, Any], first: int, last: int) -> None:
    year = _count(scene.get("year", first), "year", first, last)
    season = scene.get("season", SEASONS[0])
    if season not in SEASONS:
        raise _fail("season", f"is one of {', '.join(SEASONS)}, not {season!r}")
    state["calendar"] = {"year": year, "season": season,
                         "round": (year - first) * len(SEASONS) + SEASONS.index(season) + 1}


def _arrivals(state: dict[str, Any], data: ChroniclesData) -> None:
    """A general of his leader's colour whose year has come by the scenario's year is in
    play, as he would be had the years been played (3.0 point 9); the search pile and the
    generals only an event brings stay out."""
    year = int(state["calendar"]["year"])
    for gid, facts in state["generals"].items():
        record = data.generals[gid]
        if facts["status"] == "undiscovered" and facts["employer"] != FREE \
                and not record.undiscovered and record.appears is not None \
                and record.appears <= year:
            facts["status"] = "ready"


def _realm(state: dict[str, Any], leader: str, given: Mapping[str, Any],
           kinds: tuple[str, ...]) -> None:
    realm = state["realms"].get(leader)
    if realm is None:
        raise _fail(f"realms.{leader}", "is not a seated leader")
    unknown = sorted(set(given) - set(REALM_KEYS))
    if unknown:
        raise _fail(f"realms.{leader}.{unknown[0]}", f"is not one of {', '.join(REALM_KEYS)}")
    if "gold" in given:
        realm["gold"] = _count(given["gold"], f"realms.{leader}.gold")
    if "influence" in given:
        realm["influence"] = _count(given["influence"], f"realms.{leader}.influence")
    for kind, number in _mapping(given.get("units", {}), f"realms.{leader}.units").items():
        if kind not in kinds:
            raise _fail(f"realms.{leader}.units.{kind}", f"is one of {', '.join(kinds)}")
        realm["units"][kind] = _count(number, f"realms.{leader}.units.{kind}")


def _cards(state: dict[str, Any], leader: str, given: Any,
           decks: Mapping[str, Sequence[str]]) -> None:
    """``leader``'s red cards in hand, oldest first: each a stratagem id, whose next copy
    leaves the red deck for his hand, face up (the scenario, in the first save, names it
    for all)."""
    field = f"realms.{leader}.cards"
    if not isinstance(given, list):
        raise _fail(field, "is a list of stratagem ids")
    if SECRETS_KEY not in state:
        OpenSecrets.create(state, decks, {})
    secrets = OpenSecrets(state, None)
    pool = state[SECRETS_KEY]["decks"][hand.DECK]
    for index, card in enumerate(given):
        where = f"{field}[{index}]"
        if not isinstance(card, str) or not any(hand.kind(c) == card for c in decks[hand.DECK]):
            raise _fail(where, f"{card!r} is not a stratagem of the red deck")
        copy = next((c for c in pool if hand.kind(c) == card), None)
        if copy is None:
            raise _fail(where, f"every {card} card is already in a hand")
        entry = secrets.hand_out(hand.DECK, pool, copy, leader)
        state["realms"][leader]["cards"].append(entry)
        state.setdefault(hand.OPEN, {})[entry] = copy
