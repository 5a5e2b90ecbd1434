"""What the rulebook text states or implies about the cards, checked on a data set.

The loader refuses only what breaks the text outright (the counts, the ranges, the
vocabulary). The facts below are softer: the text's examples and named cards imply them
(data-inventory §10), and the built-in data keeps every one, but an owner's transcription
of the printed cards is the better authority, so :func:`departures` only reports them,
one line each, for a front end to show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pbem.games.three_kingdoms_card_game.catalog import CardData
from pbem.games.three_kingdoms_card_game.records import Character, Event, Record


def _find(data: CardData, *names: str) -> Record | None:
    for name in names:
        try:
            return data.record(name)
        except KeyError:
            continue
    return None


def _effects(rec: Record | None) -> Iterator[Mapping[str, Any]]:
    if isinstance(rec, Event):
        yield from rec.effects
    ability = getattr(rec, "ability", None)
    if ability is not None:
        yield from ability.effects


def _has(rec: Record | None, kind: str, **params: Any) -> bool:
    return any(e["kind"] == kind and all(e.get(k) == v for k, v in params.items())
               for e in _effects(rec))


def _land_values(data: CardData) -> str | None:
    values = [land.value for land in data.lands.values()]
    if not {1, 2, 3} <= set(values) or values.count(1) < 3:
        return "lands of value 1, 2 and 3 should exist, at least three of value 1 (L238)"
    return None


def _political_power(data: CardData) -> str | None:
    pp = [c.political_power for c in data.characters.values()]
    if 0 not in pp or 3 not in pp:
        return "characters of Political Power 0 and 3 should occur (L238-L239)"
    if pp.count(1) < 2:
        return "at least two characters of Political Power 1 are needed (L239)"
    return None


def _die_roll(data: CardData) -> str | None:
    gated = [r for r in data.records() if getattr(r, "roll_at_most", None) is not None
             or getattr(getattr(r, "ability", None), "roll_at_most", None) is not None]
    return None if gated else "no card has a die-roll ability (D <= n, L259)"


def _hearts(data: CardData) -> str | None:
    hearts = [c.hearts for c in data.characters.values() if not c.lord]
    if not hearts or min(hearts) > 0 or max(hearts) < 1:
        return "some characters should have hearts and some none (L193, L253)"
    return None


def _instants(data: CardData) -> str | None:
    others = [r for r in (*data.characters.values(), *data.artifacts.values()) if r.instant]
    return None if others else "no instant card other than an event (L228)"


def _seal(data: CardData) -> str | None:
    seal = _find(data, "immobilized-by-the-golden-seal")
    if not isinstance(seal, Event) or not seal.instant or not any(
            e["kind"] == "counter" and "event" in e["against"] for e in seal.effects):
        return "Immobilized by the Golden Seal should be an instant that stops an event " \
               "such as the Assassin (L23)"
    return None


def _bag(data: CardData) -> str | None:
    bag = _find(data, "opened-a-bag-of-trick")
    if not isinstance(bag, Event) or not bag.instant or bag.copies < 2 or not any(
            e["kind"] == "counter" and "instant" in e["against"] for e in bag.effects):
        return "Opened a Bag of Trick should be an instant in two or more copies that " \
               "counters an instant such as the Seal (L26-L30)"
    return None


def _diao_chan(data: CardData) -> str | None:
    rec = _find(data, "diao-chan")
    endings = ["holder-returns-to-hand", "holder-dies", "victim-dies"]
    if not isinstance(rec, Character) or rec.ability is None or \
            rec.ability.use != "activated" or not any(
                e["kind"] == "control" and e["where"] == "anywhere" and
                sorted(e["ends_when"]) == sorted(endings) for e in rec.ability.effects):
        return "Diao Chan should take control of a character on a land or not, with her " \
               "three endings (L147, L220)"
    return None


def _zhu_rong(data: CardData) -> str | None:
    rec = _find(data, "mistress-zhu-rong", "zhu-rong")
    if not isinstance(rec, Character) or not _has(rec, "duel", fighter="self") or \
            _has(rec, "duel", where="on-land"):
        return "Mistress Zhu Rong should challenge to a duel a character on no land too (L147)"
    return None


def _assassin(data: CardData) -> str | None:
    rec = _find(data, "assassin")
    if not _has(rec, "kill", where="anywhere", lords=True):
        return "the Assassin should kill a chosen character, a lord or one on no land " \
               "included (L18-L20, L147)"
    return None


def _burned_supply_trains(data: CardData) -> str | None:
    if not _has(_find(data, "burned-supply-trains"), "discard-random", count=2):
        return "Burned Supply Trains should make a player discard 2 cards at random (L16)"
    return None


def _named(data: CardData) -> str | None:
    missing = [n for n in ("liou-biao", "sniped") if _find(data, n) is None]
    return f"no card {missing[0]} (named at L20, L30)" if missing else None


def _lords(data: CardData) -> str | None:
    cheapest = min(land.value for land in data.lands.values())
    weak = [c.id for c in data.characters.values()
            if c.lord and (c.political_power < cheapest or c.fighting_spirit < 1)]
    if weak:
        return f"lord {weak[0]} cannot take and hold a land alone (L109)"
    return None


CHECKS: dict[str, Callable[[CardData], str | None]] = {
    "land-values": _land_values, "political-power": _political_power,
    "die-roll": _die_roll, "hearts": _hearts, "non-event-instant": _instants,
    "golden-seal": _seal, "bag-of-trick": _bag, "diao-chan": _diao_chan,
    "zhu-rong": _zhu_rong, "assassin": _assassin,
    "burned-supply-trains": _burned_supply_trains, "named-cards": _named,
    "lords": _lords,
}


def departures(data: CardData) -> list[str]:
    """``<check>: <what the text implies>`` for each fact ``data`` does not keep."""
    out = []
    for name, check in CHECKS.items():
        problem = check(data)
        if problem:
            out.append(f"{name}: {problem}")
    return out
