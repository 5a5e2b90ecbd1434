"""Playing a card from the hand: in the Event Stage (one character, one artifact, one
event that works) or, for an instant, at any moment of a Main Phase (interventions).

The card is turned face up as it is played, checked against its kind, the stage and what
it aims at, and put on the chain; a reaction window then opens after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_card_game.records import Artifact, Character, Event
from pbem.games.three_kingdoms_card_game.rules import plays
from pbem.games.three_kingdoms_card_game.table import LORD, Table
from pbem.stepmachine import require

KINDS = {"play-character": Character, "play-artifact": Artifact, "play-event": Event}
STAGE_KEY = {Character: "characters", Artifact: "artifacts", Event: "events"}


def enter_stage(t: Table, stage: str) -> None:
    """The active player plays in ``stage``: a stage she left cannot be taken up again
    (turn.main.once); entering one leaves the one she was in."""
    turn = t.s["turn"]
    require(stage not in turn["left"], f"the {stage} stage of this turn is over: a stage "
            "that has been left cannot be taken up again", "turn.main.once")
    if turn["stage"] not in (None, stage):
        turn["left"].append(turn["stage"])
        t.say(f"{t.rname(t.active)} leaves the {turn['stage']} stage", "turn.main.stages")
    if turn["stage"] != stage:
        t.say(f"{t.rname(t.active)} enters the {stage} stage", "turn.main.stages")
    turn["stage"] = stage


def play_from_hand(t: Table, role: str, action: Mapping[str, Any], in_window: bool) -> None:
    """``role`` plays a card of her hand; refused (nothing changed) if the rules forbid."""
    verb = str(action["do"])
    entry = action.get("card")
    require(isinstance(entry, str) and entry in t.hand(role),
            "name a card of your hand ('card')", "event.order")
    card = t.card_in_hand(role, entry)
    rec = t.record(card)
    instant = bool(getattr(rec, "instant", False))
    want = KINDS.get(verb)
    if want is not None and not isinstance(rec, want):
        raise IllegalAction(f"{rec.name} is not a {want.__name__.lower()} card", "cards.counts")
    own_turn = t.active == role and not in_window
    if not instant:
        require(own_turn, f"{rec.name} has no lightning mark: it is played only in its "
                "player's own Event Stage", "event-card.timing")
        enter_stage(t, "event")
        key = STAGE_KEY[type(rec)]
        require(t.s["turn"]["plays"][key] < t.data.rules.event_stage[key],
                f"one {key[:-1]} per Event Stage (this one is played already)", f"event.{key[:-1]}")
    require(t.s["stack"][-1]["step"] in ("main", "window"), "instants belong to the Main "
            "Phase", "intervention.instant.main-only")
    args: dict[str, Any]
    if isinstance(rec, Character):
        args = _placement(t, role, action)
        kind = "instant" if instant else "character"
    elif isinstance(rec, Artifact):
        bearer = plays.arg(action, "bearer")
        require(bearer in t.chars_of(role), "attach the artifact to one of your characters "
                "on the table ('bearer')", "artifact.attach")
        args = {"bearer": bearer}
        kind = "instant" if instant else "artifact"
    else:
        args = _event_args(t, role, rec, action)
        kind = "instant" if instant else "event"
    if not instant:
        key = STAGE_KEY[type(rec)]
        if key != "events":  # an event counts only once it works (event-card.retry)
            t.s["turn"]["plays"][key] += 1
    t.take_from_hand(role, entry, played=True)
    t.say(f"{t.rname(role)} plays {rec.name}" + _aims(t, args),
          "intervention.instant.any-time" if instant else f"event.{type(rec).__name__.lower()}")
    handle = None if entry.startswith(LORD) else entry  # a lord is no hidden card
    plays.push(t, {"kind": kind, "role": role, "card": card, "handle": handle, "args": args})


def _placement(t: Table, role: str, action: Mapping[str, Any]) -> dict[str, Any]:
    land = plays.arg(action, "land")
    if land is not None:
        require(land in t.lands_of(role), f"{land} is not a land you control",
                "event.character.placement")
        require(len(t.holders(land)) < t.data.rules.joint_control_max,
                f"{t.lname(land)} already has {t.data.rules.joint_control_max} characters",
                "character.political-power.share")
    return {"land": land}


def _event_args(t: Table, role: str, rec: Event, action: Mapping[str, Any]) -> dict[str, Any]:
    effect = rec.effects[0] if rec.effects else None
    if rec.requires == "own-strategist":
        require(any(t.strategist(c) for c in t.chars_of(role)), f"{rec.name} needs a "
                "strategist of yours on the table", "battle.war.guess.attacker")
    if rec.requires == "own-land":
        require(bool(t.lands_of(role)), f"{rec.name} needs a land of yours", "event.event")
    if effect is None:
        return {}
    if effect["kind"] == "counter":
        problem = plays.counters_top(t, effect)
        require(problem is None, f"{rec.name} cannot be played now: {problem}",
                "intervention.instant.answer")
        return {"answers": len(t.s["chain"]) - 1}
    args = plays.check_aims(t, role, None, effect, action, "event.event")
    if effect["kind"] == "discard-random" and effect["player"] == "each-other":
        args["each_other"] = True
    return args


def _aims(t: Table, args: Mapping[str, Any]) -> str:
    parts = []
    if args.get("target"):
        parts.append(f"at {t.cname(args['target'])}")
    if args.get("player"):
        parts.append(f"at {t.rname(args['player'])}")
    if args.get("land"):
        parts.append(f"onto {t.lname(args['land'])}")
    if args.get("bearer"):
        parts.append(f"on {t.cname(args['bearer'])}")
    if "answers" in args:
        top = t.s["chain"][args["answers"]]
        parts.append(f"against {t.rname(top['role'])}'s {t.cname(top['card'])}")
    return (" " + ", ".join(parts)) if parts else ""
