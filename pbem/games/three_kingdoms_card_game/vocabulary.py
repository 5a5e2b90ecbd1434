"""The effect vocabulary of The Three Kingdoms Card Game's cards.

A card's effects are data: a list of ``{kind: <kind>, <param>: <value>, ...}``. The kinds
and their parameters are fixed here (docs/cardgame-data.md lists them); the rules engine
gives them their working. An effect list lives in one *place*, which decides the kinds
it may hold:

* ``event`` / ``instant-event``: an event card's effects, played in its owner's Event
  Stage, or (instant) at any moment of any player's Main Phase;
* ``activated`` / ``on-entry`` / ``permanent``: a character's or an artifact's ability,
  used in its owner's Event Stage (the card turns), set off when the card enters play, or
  always in force.

:func:`check` validates one effect for its place; :func:`describe` says in plain words
what it does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

PLACES = ("event", "instant-event", "activated", "on-entry", "permanent")
EVENTS = ("event", "instant-event")
USED = ("event", "instant-event", "activated", "on-entry")
"""Places of one-off effects (everything but a permanent ability)."""

WHOSE = ("own", "other", "any")
WHERE = ("anywhere", "on-land", "off-land")
PLAYERS = ("one-other", "each-other")
COUNTERABLE = ("event", "instant", "ability", "battle", "bribe")
ENDINGS = ("holder-returns-to-hand", "holder-dies", "victim-dies")
STATS = ("fighting-spirit", "political-power", "hearts")
WHEN = ("always", "duel", "war", "attacking", "defending")
USES = ("activated", "on-entry", "permanent")
"""How an ability is set off (the place of its effects)."""
CONDITIONS = ("own-strategist", "own-land")
"""An event's condition of use: its player has a strategist on the table / controls a land."""

Check = Callable[[Any], str | None]


def _int(low: int, high: int) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return None
        return f"must be a whole number from {low} to {high}, not {value!r}"
    return check


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, not {value!r}"


def _one(*allowed: str) -> Check:
    def check(value: Any) -> str | None:
        return None if value in allowed else f"must be one of {', '.join(allowed)}, " \
                                             f"not {value!r}"
    return check


def _list(*allowed: str, empty: bool = False) -> Check:
    def check(value: Any) -> str | None:
        if (isinstance(value, list) and (value or empty) and len(set(map(str, value))) ==
                len(value) and all(v in allowed for v in value)):
            return None
        return f"must be a list of {', '.join(allowed)} (each at most once" + \
               ("" if empty else ", at least one") + ")"
    return check


_TARGET: dict[str, tuple[Check, bool]] = {
    "whose": (_one(*WHOSE), True),
    "where": (_one(*WHERE), True),
    "lords": (_bool, True),
}

# kind -> (places it may stand in, {param: (check, required)})
KINDS: dict[str, tuple[tuple[str, ...], dict[str, tuple[Check, bool]]]] = {
    "kill": (USED, {**_TARGET, "whose": (_one("other", "any"), True)}),
    "duel": (USED, {"fighter": (_one("self", "chosen"), True), **_TARGET,
                    "whose": (_one("other", "any"), True)}),
    "control": (USED, {**_TARGET, "whose": (_one("other"), True),
                       "ends_when": (_list(*ENDINGS, empty=True), True)}),
    "return-to-hand": (USED, dict(_TARGET)),
    "rotate": (USED, {**_TARGET, "whose": (_one("other", "any"), True)}),
    "counter": (("instant-event",), {"against": (_list(*COUNTERABLE), True)}),
    "discard-random": (USED, {"count": (_int(1, 3), True), "player": (_one(*PLAYERS), True)}),
    "take-random": (USED, {"count": (_int(1, 3), True), "player": (_one("one-other"), True)}),
    "look-at-hand": (USED, {"player": (_one("one-other"), True)}),
    "draw": (USED, {"count": (_int(1, 3), True)}),
    "bonus": (("permanent",), {"stat": (_one(*STATS), True), "amount": (_int(1, 3), True),
                               "when": (_one(*WHEN), True), "to": (_one("self", "others"),
                                                                   True)}),
    "strategist": (("permanent",), {}),
}


def parameters(kind: str) -> tuple[str, ...]:
    """The parameter names of ``kind`` (empty for an unknown kind)."""
    return tuple(KINDS[kind][1]) if kind in KINDS else ()


def check(effect: Any, place: str) -> tuple[str, str] | None:
    """``None`` when ``effect`` is well formed in ``place``, else (parameter, problem);
    the parameter is ``""`` when the effect as a whole is wrong."""
    if not isinstance(effect, dict):
        return "", "must be a mapping with a kind"
    kind = effect.get("kind")
    if kind not in KINDS:
        return "kind", f"{kind!r} is not an effect kind (kinds: {', '.join(KINDS)})"
    places, params = KINDS[kind]
    if place not in places:
        return "kind", f"{kind} cannot stand in {_PLACE_WORDS[place]} (only in " \
                       f"{' or '.join(_PLACE_WORDS[p] for p in places)})"
    for name, value in effect.items():
        if name == "kind":
            continue
        if name not in params:
            return str(name), f"is not a parameter of {kind} (parameters: " \
                              f"{', '.join(params) or 'none'})"
        problem = params[name][0](value)
        if problem:
            return str(name), problem
    for name, (_, required) in params.items():
        if required and name not in effect:
            return name, f"is required by {kind}"
    return _cross_check(effect, place)


def _cross_check(effect: Mapping[str, Any], place: str) -> tuple[str, str] | None:
    kind = effect["kind"]
    if kind == "duel" and (effect["fighter"] == "chosen") != (place in EVENTS):
        return "fighter", "an event's duel is fought by a chosen character of its player " \
                          "(chosen); an ability's by the card's own character (self)"
    if kind == "control" and effect["lords"]:
        return "lords", "a lord can never be controlled by another player"
    if kind == "control" and place in EVENTS and any(
            e.startswith("holder-") for e in effect["ends_when"]):
        return "ends_when", "an event has no holder: only victim-dies can end its control"
    if kind == "bonus" and effect["stat"] != "fighting-spirit" and effect["when"] != "always":
        return "when", f"a {effect['stat']} bonus works always"
    return None


_PLACE_WORDS = {"event": "an event", "instant-event": "an instant event",
                "activated": "an activated ability", "on-entry": "an on-entry ability",
                "permanent": "a permanent ability"}


# ---------------------------------------------------------------------- plain words


def _target(e: Mapping[str, Any]) -> str:
    whose = {"own": "one of your other characters", "other": "another player's character",
             "any": "any other character"}[e["whose"]]
    where = {"anywhere": "", "on-land": " on a land", "off-land": " on no land"}[e["where"]]
    lords = "" if e["lords"] else " (not a lord)"
    return f"{whose}{where}{lords}"


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _player(e: Mapping[str, Any]) -> str:
    return "each other player" if e["player"] == "each-other" else "another player"


def _ending(e: Mapping[str, Any]) -> str:
    words = {"holder-returns-to-hand": "the holder goes back to hand",
             "holder-dies": "the holder dies", "victim-dies": "the character dies"}
    if not e["ends_when"]:
        return " for good"
    return " until " + " or ".join(words[x] for x in e["ends_when"])


def describe(effect: Mapping[str, Any]) -> str:
    """What a well-formed ``effect`` does, in the project's own words."""
    e = effect
    kind = e["kind"]
    if kind == "kill":
        return f"kill {_target(e)}"
    if kind == "duel":
        who = "this character" if e["fighter"] == "self" else "one of your characters"
        return f"{who} challenges {_target(e)} to a duel; no land changes hands"
    if kind == "control":
        return f"take control of {_target(e)}{_ending(e)}"
    if kind == "return-to-hand":
        return f"send {_target(e)} back to its player's hand"
    if kind == "rotate":
        return f"turn {_target(e)}: its ability is spent"
    if kind == "counter":
        words = {"event": "an event", "instant": "an instant card",
                 "ability": "an ability", "battle": "a battle", "bribe": "a bribe"}
        return "cancel " + " or ".join(words[a] for a in e["against"]) + " just played " \
               "or declared"
    if kind == "discard-random":
        return f"{_player(e)} discards {_cards(e['count'])} at random from hand"
    if kind == "take-random":
        return f"take {_cards(e['count'])} at random from {_player(e)}'s hand"
    if kind == "look-at-hand":
        return f"look at {_player(e)}'s hand"
    if kind == "draw":
        return f"draw {_cards(e['count'])}"
    if kind == "bonus":
        who = "this character" if e["to"] == "self" else "each of your other characters"
        when = {"always": "", "duel": " in duels", "war": " in wars",
                "attacking": " when attacking", "defending": " when defending"}[e["when"]]
        stat = e["stat"].replace("-", " ")
        if stat == "hearts" and e["amount"] == 1:
            stat = "heart"
        return f"{who}: +{e['amount']} {stat}{when}"
    if kind == "strategist":
        return "this character is a strategist"
    return str(kind)  # pragma: no cover - every kind is described above
