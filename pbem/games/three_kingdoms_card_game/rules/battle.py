"""IV.2.b, the Battle Stage: a duel (witnessed dice) or a war (war cards chosen face down
by both sides at once, the strategists' questions, the table of nine results).

A war's two choices are one sealed question (:attr:`pbem.engine.Prompt.sealed`): neither
side sees the other's card before both are bound. A strategist's question is part of her
sealed answer: it is asked before the cards are turned up, and only its yes or no is
learned (rules notes 26).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.games.three_kingdoms_card_game.flow import Handler, handler
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.stepmachine import Step, ask, choice, require

NO_GUESS = "none"


def _defenders(t: Table, step: Step) -> list[str]:
    return [c for c in t.holders(step["land"]) if t.char(c)["controller"] == step["defender"]]


def _auto_defender(t: Table, step: Step, candidates: list[str]) -> str:
    if step["mode"] == "war":
        return max(candidates, key=lambda c: (t.strategist(c),
                                              t.fighting_spirit(c, ("war", "defending"))))
    return max(candidates, key=lambda c: t.fighting_spirit(c, ("duel", "defending")))


@handler
class Battle(Handler):
    name = "battle"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if step["phase"] == "choose":
            candidates = _defenders(t, step)
            rule = "battle.duel.challenge" if step["mode"] == "duel" else \
                "battle.war.defender.private"
            return ask(step["defender"], "battle-defender",
                       f"choose who answers {t.cname(step['attacker'])}'s "
                       f"{step['mode']} for {t.lname(step['land'])}",
                       [ActionSpec("defend", "Choose your defending character", rule,
                                   params=(choice("character", "Defending character",
                                                  [(c, t.cname(c)) for c in candidates],
                                                  candidates[0]),))], rule)
        if step["phase"] == "picks":
            # the defender first: she is the one just asked, so her card often shares her
            # save; the attacker answers last, in clear, and plays on
            waiting = [r for r in (step["defender"], step["role"]) if r not in step["picks"]]
            if not waiting:
                return None
            return replace(self.pick_prompt(t, step, waiting[0]), sealed=tuple(waiting))
        return None

    def pick_prompt(self, t: Table, step: Step, role: str) -> Prompt:
        types = [(wid, w.name) for wid, w in t.data.war.types.items()]
        params = [choice("card", "Your war card, face down", types, types[0][0])]
        fighter = step["attacker"] if role == step["role"] else step.get("fighter")
        if fighter and t.strategist(fighter):
            params.append(choice("guess", "Your strategist asks: is the other's card ...?",
                                 [(NO_GUESS, "no question"), *types], NO_GUESS))
        return ask(role, "war-card", f"choose a war card for the war over "
                   f"{t.lname(step['land'])}", [ActionSpec("war-card", "Choose a war card",
                                                           "battle.war.pick",
                                                           params=tuple(params))],
                   "battle.war.pick")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "defend":
            cid = str(action.get("character"))
            require(cid in _defenders(t, step), "choose one of your characters controlling "
                    "the land", "battle.duel.challenge" if step["mode"] == "duel"
                    else "battle.war.defender.private")
            self._defended(t, step, cid)
            return
        card, guess = action.get("card"), action.get("guess", NO_GUESS)
        require(card in t.data.war.types, "choose cavalry, infantry or bowmen",
                "battle.war.pick")
        fighter = step["attacker"] if role == step["role"] else step.get("fighter")
        require(guess == NO_GUESS or (guess in t.data.war.types and bool(fighter)
                                       and t.strategist(fighter)),
                "only a strategist asks about the other's war card",
                "battle.war.guess.attacker" if role == step["role"]
                else "battle.war.guess.defender")
        step["picks"][role] = {"card": card, "guess": guess}
        t.say(f"{t.rname(role)} lays a war card face down", "battle.war.pick")

    def run(self, t: Table, step: Step) -> None:
        if step["phase"] == "start":
            self._start(t, step)
        elif step["phase"] == "picks":
            t.s["stack"].pop()
            _war_result(t, step)

    def _start(self, t: Table, step: Step) -> None:
        role, attacker, land = step["role"], step["attacker"], step["land"]
        if attacker not in t.chars() or t.char(attacker)["controller"] != role or \
                t.s["lands"][land]["owner"] == role:
            t.s["stack"].pop()
            t.say("The attack falls through: its character or its land has changed",
                  "battle.one")
            return
        owner = t.s["lands"][land]["owner"]
        step["defender"] = owner if owner is not None else t.left_of(role)
        candidates = _defenders(t, step) if owner is not None else []
        if step["mode"] == "duel" and not candidates:
            t.s["stack"].pop()
            t.say("Nobody controls the land to answer the duel: it falls through",
                  "battle.duel.challenge")
            return
        step["picks"] = {}
        if len(candidates) > 1 and t.order(step["defender"], f"{step['mode']}_defender") == "ask":
            step["phase"] = "choose"
            return
        self._defended(t, step, _auto_defender(t, step, candidates) if candidates else None)

    def _defended(self, t: Table, step: Step, cid: str | None) -> None:
        step["fighter"] = cid
        if cid:
            t.say(f"{t.rname(step['defender'])} sends {t.cname(cid)} to answer",
                  "battle.duel.challenge" if step["mode"] == "duel"
                  else "battle.war.defender.private")
        elif step["mode"] == "war":
            t.say(f"{t.rname(step['defender'])} defends the public land "
                  f"{t.lname(step['land'])}", "battle.war.defender.public")
        if step["mode"] == "duel":
            t.s["stack"].pop()
            _duel(t, step)
        else:
            step["phase"] = "picks"


def _duel(t: Table, step: Step) -> None:
    attacker, fighter, land = step["attacker"], step["fighter"], step["land"]
    mine = t.roll(f"{t.cname(attacker)}'s duel roll")
    theirs = t.roll(f"{t.cname(fighter)}'s duel roll")
    a_total = mine + t.fighting_spirit(attacker, ("duel", "attacking"))
    d_total = theirs + t.fighting_spirit(fighter, ("duel", "defending"))
    t.say(f"Duel for {t.lname(land)}: {t.cname(attacker)} rolls {mine}, total {a_total}; "
          f"{t.cname(fighter)} rolls {theirs}, total {d_total}", "battle.duel.roll")
    if a_total == d_total:
        t.say("A tie: nobody dies and the land stays where it is", "battle.duel.tie")
    elif a_total > d_total:
        _attacker_wins(t, step, "battle.duel.attacker-wins")
    else:
        t.say(f"{t.cname(attacker)} loses and dies", "battle.duel.defender-wins")
        t.leave_table(attacker, "pile", "battle.dead")


def _war_result(t: Table, step: Step) -> None:
    attacker, fighter, land = step["attacker"], step.get("fighter"), step["land"]
    a, d = step["picks"][step["role"]], step["picks"][step["defender"]]
    winner = None
    if a["guess"] != NO_GUESS:
        right = a["guess"] == d["card"]
        t.say(f"{t.cname(attacker)} asks whether the defender's card is "
              f"{t.data.war.types[a['guess']].name}: {'yes' if right else 'no'}",
              "battle.war.guess.attacker")
        winner = "attacker" if right else None
    if winner is None and d["guess"] != NO_GUESS:
        right = d["guess"] == a["card"]
        t.say(f"The defender asks whether the attacker's card is "
              f"{t.data.war.types[d['guess']].name}: {'yes' if right else 'no'}",
              "battle.war.guess.defender")
        winner = "defender" if right else None
    if winner is None:
        names = t.data.war.types
        winner = t.data.war.result(a["card"], d["card"])
        t.say(f"War cards: {names[a['card']].name} (attacker) against "
              f"{names[d['card']].name} (defender): "
              + ("a tie" if winner == "tie" else f"the {winner} wins"), "battle.war.table")
        if winner == "tie":
            mine = t.fighting_spirit(attacker, ("war", "attacking"))
            theirs = t.data.lands[land].defensive_power + (
                t.fighting_spirit(fighter, ("war", "defending")) if fighter else 0)
            t.say(f"Fighting Spirit {mine} against the land's defence and its defender, "
                  f"{theirs}", "battle.war.tie")
            winner = "attacker" if mine > theirs else "defender" if theirs > mine else "tie"
    if winner == "attacker":
        _attacker_wins(t, step, "battle.war.result")
    elif winner == "defender":
        t.say(f"{t.cname(attacker)} loses the war and dies", "battle.war.result")
        t.leave_table(attacker, "pile", "battle.dead")
    else:
        t.say("Still equal: the land stays where it is and nobody dies", "battle.war.tie.equal")


def _attacker_wins(t: Table, step: Step, rule: str) -> None:
    role, attacker, land = step["role"], step["attacker"], step["land"]
    for cid in t.holders(land):
        t.say(f"{t.cname(cid)}, who controlled {t.lname(land)}, dies", rule)
        t.leave_table(cid, "pile", "battle.dead")
    if t.s["lands"][land]["owner"] is not None:
        t.lose_land(land)
    t.gain_land(role, land)
    t.char(attacker)["lands"].append(land)
    t.say(f"{t.rname(role)} takes {t.lname(land)} with {t.cname(attacker)}", rule)
