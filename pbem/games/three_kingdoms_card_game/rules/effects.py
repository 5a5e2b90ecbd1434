"""What a play does once its window has closed: the card enters play, the event or ability
works (its die roll first, if it has one), a battle or a bribe begins; a cancelled play
does nothing, and an event card goes to the Discard Pile either way (event-card.discard).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.three_kingdoms_card_game.records import Artifact, Character, Event
from pbem.games.three_kingdoms_card_game.rules import plays
from pbem.games.three_kingdoms_card_game.table import LORD, Table


def carry_out(t: Table, entry: dict[str, Any], chain: list[dict[str, Any]]) -> None:
    kind, role, card = entry["kind"], entry["role"], entry["card"]
    rec = t.record(card)
    if entry["cancelled"]:
        what = f"use of {t.cname(card)}'s ability" if kind == "ability" else (
            "attack" if kind == "battle" else "bribe" if kind == "bribe" else rec.name)
        t.say(f"{t.rname(role)}'s {what} is cancelled", "event-card.immediate")
        if kind in ("event", "instant", "character", "artifact"):
            t.to_pile(card, entry["handle"])
        return
    if kind == "battle":
        t.s["stack"].append({"step": "battle", "role": role, "attacker": card,
                             **entry["args"], "phase": "start"})
        return
    if kind == "bribe":
        t.s["stack"].append({"step": "bids", "role": role, "target": card,
                             "defender": t.char(card)["controller"], "bids": {}})
        return
    if kind == "ability":
        effect = plays.effect_of(rec)
        assert isinstance(rec, Character) and rec.ability is not None
        if effect is not None and _roll_works(t, rec.name, rec.ability.roll_at_most):
            _work(t, role, card, effect, entry["args"], chain)
        return
    if isinstance(rec, Character):
        land = entry["args"].get("land")
        if land is not None and (t.s["lands"][land]["owner"] != role
                                 or len(t.holders(land)) >= t.data.rules.joint_control_max):
            land = None  # the land was lost meanwhile: the character enters on no land
        t.place_character(role, card, entry["handle"], land)
        t.say(f"{rec.name} enters play" + (f" on {t.lname(land)}" if land else " on no land"),
              "event.character.placement")
        if rec.ability and rec.ability.use == "on-entry":
            effect = plays.effect_of(rec)
            if effect is not None and _roll_works(t, rec.name, rec.ability.roll_at_most):
                _work(t, role, card, effect, {}, chain)
        return
    if isinstance(rec, Artifact):
        bearer = entry["args"]["bearer"]
        if bearer not in t.chars() or t.char(bearer)["controller"] != role:
            t.say(f"{rec.name} has no bearer any more: it goes to the Discard Pile",
                  "artifact.attach")
            t.to_pile(card, entry["handle"])
            return
        t.s["artifacts"][card] = {"bearer": bearer, "handle": entry["handle"]}
        t.char(bearer)["artifacts"].append(card)
        t.say(f"{rec.name} is attached to {t.cname(bearer)}", "artifact.attach")
        return
    assert isinstance(rec, Event)
    if kind == "event":
        t.s["turn"]["plays"]["events"] += 1
    effect = rec.effects[0] if rec.effects else None
    if effect is not None and _roll_works(t, rec.name, rec.roll_at_most):
        _work(t, role, None, effect, entry["args"], chain)
    t.to_pile(card, entry["handle"])
    t.say(f"{rec.name} goes to the Discard Pile",
          "intervention.instant.event-discard" if rec.instant else "event-card.discard")


def _roll_works(t: Table, name: str, at_most: int | None) -> bool:
    if at_most is None:
        return True
    roll = t.roll(f"{name}: works on {at_most} or less")
    works = roll <= at_most
    t.say(f"{name}: rolls {roll}, needs {at_most} or less: "
          f"{'it works' if works else 'nothing happens'}", "ability.die-roll")
    return works


def _work(t: Table, role: str, source: str | None, effect: Mapping[str, Any],
          args: Mapping[str, Any], chain: list[dict[str, Any]]) -> None:
    kind = effect["kind"]
    if kind == "counter":
        answered = chain[args["answers"]] if args["answers"] < len(chain) else None
        if answered is not None:
            answered["cancelled"] = True
        return
    if kind in plays.TARGETED:
        target = args.get("target")
        problem = plays.target_problem(t, role, source, effect, target)
        if problem is not None:
            t.say(f"It misses: {problem}", "event-card.immediate")
            return
        assert target is not None
        TARGET_WORK[kind](t, role, source, effect, args, target)
        return
    if kind == "draw":
        t.deal(role, int(effect["count"]), "event.event")
    elif kind == "discard-random":
        victims = t.others_from(role) if effect["player"] == "each-other" else [args["player"]]
        for victim in victims:
            discard_random(t, victim, int(effect["count"]))
    elif kind == "look-at-hand":
        look_at_hand(t, role, args["player"])
    elif kind == "take-random":
        victim = args["player"]
        for _ in range(int(effect["count"])):
            hand = t.hand(victim)
            if not hand:
                break
            entry = hand[t.draw(len(hand), f"a random card for {role}") - 1 if len(hand) > 1
                         else 0]
            card = t.public_card(entry)
            t.take_from_hand(victim, entry)
            if card is None:
                t.secrets.move([entry], role)
            t.hand(role).append(entry)
            if card is not None and not entry.startswith(LORD):
                t.s["open_hand"][entry] = card
            t.say(f"{t.rname(role)} takes a card at random from {t.rname(victim)}'s hand",
                  "event.event")


def look_at_hand(t: Table, role: str, victim: str) -> None:
    """``role`` sees ``victim``'s hand, she alone: its face-down cards are shown to her
    (the engine has their holders give her their part; nobody else learns them) and stay
    in the hand. The log says only how many cards she saw."""
    hand = list(t.hand(victim))
    hidden = [entry for entry in hand if t.public_card(entry) is None]
    if hidden:
        t.secrets.show_to(hidden, role)
    t.say(f"{t.rname(role)} looks at {t.rname(victim)}'s hand: {len(hand)} "
          f"card{'s' if len(hand) != 1 else ''}", "event.event")


def discard_random(t: Table, victim: str, count: int) -> None:
    """``victim`` discards cards picked by the dice, face down (nobody chooses them)."""
    for _ in range(count):
        hand = t.hand(victim)
        if not hand:
            return
        entry = hand[t.draw(len(hand), f"a random discard from {victim}'s hand") - 1
                     if len(hand) > 1 else 0]
        card = t.public_card(entry)
        t.take_from_hand(victim, entry)
        t.to_pile(card, entry)
        t.say(f"{t.rname(victim)} discards a card at random"
              + (f": {t.cname(card)}" if card else ", face down"), "card.burned-supply-trains")


def _kill(t: Table, role: str, source: str | None, effect: Mapping[str, Any],
          args: Mapping[str, Any], target: str) -> None:
    t.say(f"{t.cname(target)} is killed", "card.assassin")
    t.leave_table(target, "pile", "battle.dead")


def _duel(t: Table, role: str, source: str | None, effect: Mapping[str, Any],
          args: Mapping[str, Any], target: str) -> None:
    fighter = source if effect["fighter"] == "self" else args.get("fighter")
    if fighter not in t.chars() or t.char(fighter)["controller"] != role:
        t.say("The challenger is no longer there: no duel", "card.zhu-rong.duel")
        return
    mine = t.roll(f"{t.cname(fighter)}'s duel roll") + t.fighting_spirit(fighter, ("duel",
                                                                                   "attacking"))
    theirs = t.roll(f"{t.cname(target)}'s duel roll") + t.fighting_spirit(target, ("duel",
                                                                                   "defending"))
    t.say(f"Duel: {t.cname(fighter)} {mine} against {t.cname(target)} {theirs}",
          "card.zhu-rong.duel")
    if mine == theirs:
        t.say("A tie: nobody dies", "battle.duel.tie")
        return
    loser = target if mine > theirs else fighter
    t.say(f"{t.cname(loser)} dies; no land changes hands",
          "character.fighting-spirit.ability-attack")
    t.leave_table(loser, "pile", "battle.dead")


def _control(t: Table, role: str, source: str | None, effect: Mapping[str, Any],
             args: Mapping[str, Any], target: str) -> None:
    ends = list(effect["ends_when"])
    held = {"by": source, "ends": ends} if ends and source else None
    t.change_controller(target, role, held)
    t.say(f"{t.rname(role)} takes control of {t.cname(target)}"
          + (" while it lasts" if held else ""), "card.diao-chan.control")


def _return(t: Table, role: str, source: str | None, effect: Mapping[str, Any],
            args: Mapping[str, Any], target: str) -> None:
    entry = t.char(target)
    owner = entry["owner"] if entry["held"] else entry["controller"]
    t.say(f"{t.cname(target)} goes back to {t.rname(owner)}'s hand", "event.event")
    t.leave_table(target, "hand", "event.event")


def _rotate(t: Table, role: str, source: str | None, effect: Mapping[str, Any],
            args: Mapping[str, Any], target: str) -> None:
    t.char(target)["rotated"] = True
    t.say(f"{t.cname(target)} is turned: its ability is spent", "ability.rotated")


TARGET_WORK = {"kill": _kill, "duel": _duel, "control": _control,
               "return-to-hand": _return, "rotate": _rotate}
