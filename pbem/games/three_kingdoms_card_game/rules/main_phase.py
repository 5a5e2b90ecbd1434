"""IV.2, the Main Phase: the Event, Battle and Bribery Stages in the order the player
likes (each once: turn.main.once), instants at any moment, a new lord appointed, and the
move to the Ending Phase. Every play goes on the chain and opens a reaction window.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_card_game.flow import Handler, handler
from pbem.games.three_kingdoms_card_game.rules import cards, plays, trades
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.stepmachine import Step, ask, button, choice, require


def _ability_ready(t: Table, role: str, cid: str) -> bool:
    rec = t.crec(cid)
    entry = t.char(cid)
    return bool(rec.ability and rec.ability.use == "activated" and not entry["rotated"]
                and entry["controller"] == role)


@handler
class Main(Handler):
    name = "main"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if step.get("closing"):
            return None
        role = step["role"]
        turn = t.s["turn"]
        offers: list[ActionSpec] = list(plays.play_specs(t, role, in_window=False))
        ready = [cid for cid in t.chars_of(role) if _ability_ready(t, role, cid)]
        if ready and "event" not in turn["left"]:
            params = (choice("character", "Character whose ability you use",
                             [(cid, t.cname(cid)) for cid in ready], ready[0]),
                      *plays.target_params(t, role)[:2])
            offers.append(ActionSpec("use-ability", "Use a character's ability",
                                     "event.abilities", params=params))
        mine = t.chars_of(role)
        targets = [lid for lid, land in t.s["lands"].items() if land["owner"] != role]
        if mine and targets and "battle" not in turn["left"] \
                and turn["battles"] < t.data.rules.battles_per_turn:
            offers.append(ActionSpec("attack", "Send a character to conquer a land",
                                     "battle.one", params=(
                choice("character", "Your attacking character",
                       [(cid, t.cname(cid)) for cid in mine], mine[0]),
                choice("land", "Land attacked",
                       [(lid, _land_label(t, lid)) for lid in targets], targets[0]),
                choice("mode", "War or duel", [("war", "war"), ("duel", "duel")], "war"))))
        bribable = [cid for cid, c in t.chars().items()
                    if c["controller"] != role and not t.is_lord(cid)]
        if bribable and t.hand(role) and "bribery" not in turn["left"] \
                and turn["bribes"] < t.data.rules.bribes_per_turn:
            offers.append(ActionSpec("bribe", "Try to bribe another player's character",
                                     "bribery.target", params=(
                choice("target", "Character to bribe",
                       [(cid, f"{t.cname(cid)} ({t.rname(t.char(cid)['controller'])})")
                        for cid in bribable], bribable[0]),)))
        appointable = _appointable(t, role)
        if appointable:
            offers.append(ActionSpec("appoint-lord", "Appoint a new lord",
                                     "character.lord.appoint", params=(
                choice("character", "Your new lord",
                       [(cid, t.cname(cid)) for cid in appointable], appointable[0]),)))
        trade = trades.offer_spec(t, role)
        if trade is not None:
            offers.append(trade)
        offers.append(button("end-main", "End the Main Phase", "turn.phases"))
        prompt = ask(role, "main", "play your Main Phase: any stage in any order, or end it",
                     offers, "turn.main.stages")
        return plays.with_hand(prompt) if t.hand(role) else prompt

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        """Why an action is not offered: a turned card's ability is spent; otherwise the
        refusal a trial of the action meets on a scratch copy (the rule it breaks)."""
        if action.get("do") == "use-ability":
            cid = str(action.get("character"))
            if cid in t.chars() and t.char(cid)["rotated"]:
                return IllegalAction(f"{t.cname(cid)} is turned: its ability is spent until "
                                     "the card comes into play again", "ability.rotated")
        reason = plays.explain_by_trial(self, t, role, action, (
            *cards.KINDS, "use-ability", "attack", "bribe", "appoint-lord", trades.OFFER))
        if reason is None and action.get("do") == "use-ability":
            if "event" in t.s["turn"]["left"]:
                return IllegalAction("abilities are used in the Event Stage, which is over",
                                     "turn.main.once")
            return IllegalAction("name one of your characters whose ability is ready",
                                 "event.abilities")
        return reason

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        verb = action["do"]
        if verb in cards.KINDS:
            cards.play_from_hand(t, role, action, in_window=False)
        elif verb == "use-ability":
            _not_at_will(t, role, action)
            _use_ability(t, role, action)
        elif verb == "attack":
            _attack(t, role, action)
        elif verb == "bribe":
            _bribe(t, role, action)
        elif verb == trades.OFFER:
            trades.offer(t, role, action)
        elif verb == "appoint-lord":
            cid = str(action.get("character"))
            require(cid in _appointable(t, role), "appoint one of your own characters on the "
                    "table, once your lord is dead", "character.lord.appoint")
            t.s["lords"][role] = cid
            t.s["lord_lost"][role] = False
            t.say(f"{t.rname(role)} appoints {t.cname(cid)} lord; the choice is final",
                  "character.lord.appoint.final")
        else:
            step["closing"] = True
            t.say(f"{t.rname(role)} ends the Main Phase", "turn.phases")
            plays.open_closing_window(t, role)

    def run(self, t: Table, step: Step) -> None:
        """The Main Phase is ending: it ends once a closing window passes untouched; after
        an instant played in one has taken effect, another opens (rules notes 2)."""
        if step.get("ended"):
            t.s["stack"].pop()
            return
        plays.open_closing_window(t, step["role"])


def _land_label(t: Table, lid: str) -> str:
    land = t.data.lands[lid]
    owner = t.s["lands"][lid]["owner"]
    return (f"{land.name} (value {land.value}, defence {land.defensive_power}, "
            f"{'public' if owner is None else t.rname(owner)})")


def _appointable(t: Table, role: str) -> list[str]:
    if not t.s["lord_lost"][role] or t.s["lords"][role] is not None:
        return []
    return [cid for cid in t.chars_of(role)
            if t.char(cid)["owner"] == role and t.char(cid)["held"] is None]


def _use_ability(t: Table, role: str, action: Mapping[str, Any]) -> None:
    cid = str(action.get("character"))
    require(cid in t.chars_of(role), "use the ability of one of your own characters on "
            "the table", "event.abilities")
    require(_ability_ready(t, role, cid), f"{t.cname(cid)} has no ability ready to use (its "
            "card is turned, or its ability is not one to activate)", "ability.rotated")
    cards.enter_stage(t, "event")
    rec = t.crec(cid)
    assert rec.ability is not None
    effect = plays.effect_of(rec)
    args: dict[str, Any] = {}
    if effect is not None:
        args = plays.check_aims(t, role, cid, effect, action, "event.abilities")
    t.char(cid)["rotated"] = True  # using it turns the card, whatever follows (notes 4)
    t.say(f"{t.rname(role)} uses {rec.name}'s ability; the card is turned", "ability.rotate")
    plays.push(t, {"kind": "ability", "role": role, "card": cid, "handle": None,
                   "args": args})


def _not_at_will(t: Table, role: str, action: Mapping[str, Any]) -> None:
    """Refuse to use an ability that is permanent or set off by a condition (ability.kinds)."""
    cid = str(action.get("character"))
    if cid in t.chars_of(role):
        ability = t.crec(cid).ability
        require(ability is not None and ability.use == "activated",
                f"{t.cname(cid)} has no ability used at will: "
                + ("none at all" if ability is None else f"its ability is {ability.use}"),
                "ability.kinds")


def _attack(t: Table, role: str, action: Mapping[str, Any]) -> None:
    cid, land, mode = (str(action.get(k)) for k in ("character", "land", "mode"))
    require(cid in t.chars_of(role), "send one of your own characters", "battle.one")
    require(land in t.s["lands"] and t.s["lands"][land]["owner"] != role,
            "attack a land you do not control", "battle.target")
    owner = t.s["lands"][land]["owner"]
    require(mode in ("war", "duel"), "choose war or duel", "battle.target")
    require(mode == "war" or owner is not None, "a public land is taken only by war",
            "battle.target")
    require(mode == "war" or bool(t.holders(land)), "nobody controls that land to answer a "
            "duel (rules notes 7)", "battle.duel.challenge")
    cards.enter_stage(t, "battle")
    require(t.s["turn"]["battles"] < t.data.rules.battles_per_turn,
            "one battle per Battle Stage", "battle.one")
    t.s["turn"]["battles"] += 1
    defender = owner if owner is not None else t.left_of(role)
    t.say(f"{t.rname(role)} sends {t.cname(cid)} against {t.lname(land)}: "
          f"{'a duel' if mode == 'duel' else 'war'} with {t.rname(defender)}",
          "battle.target")
    plays.push(t, {"kind": "battle", "role": role, "card": cid, "handle": None,
                   "args": {"land": land, "mode": mode, "defender": defender}})


def _bribe(t: Table, role: str, action: Mapping[str, Any]) -> None:
    target = str(action.get("target"))
    require(target in t.chars() and t.char(target)["controller"] != role,
            "name another player's character on the table", "bribery.target")
    require(not t.is_lord(target), f"{t.cname(target)} is a lord: lords cannot be bribed",
            "bribery.lord")
    require(bool(t.hand(role)), "a bribe needs at least one card in your hand", "bribery.bid")
    cards.enter_stage(t, "bribery")
    require(t.s["turn"]["bribes"] < t.data.rules.bribes_per_turn,
            "one bribe per Bribery Stage", "bribery.target")
    t.s["turn"]["bribes"] += 1
    t.say(f"{t.rname(role)} tries to bribe {t.cname(target)} of "
          f"{t.rname(t.char(target)['controller'])}", "bribery.target")
    plays.push(t, {"kind": "bribe", "role": role, "card": target, "handle": None,
                   "args": {"target": target}})

