"""Section 4, Sequence of play: rounds, the activation pool, turns and their phases.

4.1 turn order by activation chits (faction, kingdom and Traitorous chits; 12.3 with 3-4
players), 4.1(E) the five phases of a turn, 4.2 the Mandate of Heaven roll, 4.7 end of
turn and the refill of an empty pool, 3.2(B) change of main kingdom at the end of a turn.
The phases themselves live in s04_diplomacy, s04_levy, s04_movement and s05_combat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, require
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.rules import (
    s03_setup,
    s04_diplomacy,
    s04_levy,
    s04_movement,
    s05_combat,
    s07_victory,
    s10_events,
    s11_abilities,
)
from pbem.games.dragons_tigers.table import Table

LAST_ROUND = numbers().rounds
PHASES = ("begin", "rebellion", "mandate", "wizard", "event", "after-event", "diplomacy",
          "levy", "movement", "combat", "end")
PHASE_OF_VERB = {"negotiate": "diplomacy", "end-diplomacy": "diplomacy", "levy": "levy",
                 "end-levy": "levy", "move": "movement", "end-movement": "movement",
                 "fight": "combat", "end-turn": "end"}


# ---------------------------------------------------------------------- chits (4.1)


def chit_is_live(t: Table, chit: str) -> bool:
    """Does pulling ``chit`` give a turn (rules-notes entry 9)?"""
    info = t.cat.chits[chit]
    if info.kind == "faction":
        return info.ref in t.s["seats"] and bool(t.kingdoms_of(str(info.ref)))
    if info.kind == "kingdom":
        kid = str(info.ref)
        return t.in_play(kid) and t.owner(kid) is not None
    return any(t.in_play(kid) for kid in t.cat.traitorous_kingdoms)


def fill_pool(t: Table) -> None:
    """3.4(A), 4.1(A), 4.8.5(B): every live chit into the pool, none drawn."""
    t.s["pool"] = [chit for chit in t.cat.chits if chit_is_live(t, chit)]
    t.s["drawn"] = []


def add_chit(t: Table, kid: str) -> None:
    """A kingdom newly held by a player has its chit put into the pool (4.3(A)); so has
    the faction chit of a player back in the game (``kid`` is then his role, 12.2.3(B))."""
    chit = f"chit:{kid}"
    if chit in t.cat.chits and chit not in t.s["pool"] and chit not in t.s["drawn"]:
        t.s["pool"].append(chit)
        t.s["pool"].sort(key=list(t.cat.chits).index)


def remove_chit(t: Table, kid: str) -> None:
    """5.5(C): an eliminated kingdom's chit leaves play."""
    chit = f"chit:{kid}"
    for pile in ("pool", "drawn"):
        if chit in t.s[pile]:
            t.s[pile].remove(chit)


def _pull(t: Table) -> str | None:
    """Pull chits until one gives a turn; return it (None if no chit can)."""
    for _ in range(200):
        if not t.s["pool"]:
            returned = [c for c in t.s["drawn"] if chit_is_live(t, c)]
            if not returned:
                return None
            t.s["pool"] = sorted(returned, key=list(t.cat.chits).index)
            t.s["drawn"] = [c for c in t.s["drawn"] if c not in returned]
            t.say("The pool is empty: the pulled chits go back into it", "4.7")
        index = t.dice.draw(len(t.s["pool"]), "activation chit pull") - 1
        chit = t.s["pool"].pop(index)
        info = t.cat.chits[chit]
        if info.kind == "traitorous" and t.s["turns"]["round"] == 0:
            t.s["pool"].insert(index, chit)
            t.say("A Traitorous chit is pulled before anyone has acted this round: it goes "
                  "back and another is pulled", "4.1(C)")
            continue
        t.s["drawn"].append(chit)
        if not chit_is_live(t, chit):
            _dead_chit(t, chit)
            continue
        return chit
    return None  # pragma: no cover - every pull removes a chit from the pool


def _dead_chit(t: Table, chit: str) -> None:
    """Say why a pulled chit gives no turn (rules-notes 9)."""
    info = t.cat.chits[chit]
    if info.kind == "kingdom":
        kid = str(info.ref)
        if t.in_play(kid):
            t.say(f"The chit of {t.kname(kid)} is pulled but gives no turn: the kingdom is "
                  f"neutral", "4.3(B)")
        else:
            t.say(f"The chit of {t.kname(kid)} is pulled but gives no turn: the kingdom is "
                  f"eliminated", "5.5(C)")
    elif info.kind == "faction":
        t.say(f"The {t.rname(str(info.ref))} chit is pulled but gives no turn: that player "
              f"holds no kingdom", "4.1(B)")
    else:
        t.say("A Traitorous chit is pulled but gives no turn: no Traitorous kingdom is left",
              "4.1(C)")


# ---------------------------------------------------------------------- the game


@handler
class Game(Handler):
    """The whole game: setup, rounds of turns, the end of each round, the final count."""

    name = "game"

    def run(self, t: Table, step: Step) -> None:
        phase = step["phase"]
        if phase == "setup":
            if all(t.owner(k) is None for k in t.cat.player_kingdoms):
                t.push({"step": "draft", "phase": "roll", "order": [], "picks": [],
                        "pending_main": []})
            step["phase"] = "round-start"
        elif phase == "round-start":
            fill_pool(t)
            t.s["mandate"] = [0, 0]
            t.s["turns"]["round"] = 0
            t.s["round_over"] = False
            t.heading(f"Round {t.s['round']} begins", "4.1")
            step["phase"] = "pull"
        elif phase == "pull":
            chit = _pull(t)
            if chit is None:
                t.say("No chit can give a turn any more")
                step["phase"] = "final"
                return
            _activate(t, chit)
            step["phase"] = "after-turn"
        elif phase == "after-turn":
            if t.s["result"]:
                step["phase"] = "over"
            elif t.s["round_over"]:
                t.push({"step": "round-end", "phase": "new-warlords"})
                step["phase"] = "after-round"
            else:
                step["phase"] = "pull"
        elif phase == "after-round":
            if t.s["result"]:
                step["phase"] = "over"
            elif t.s["round"] >= LAST_ROUND:
                step["phase"] = "final"
            else:
                t.s["round"] += 1
                t.say(f"The Round marker moves to Round {t.s['round']}", "4.8.5(C)")
                step["phase"] = "round-start"
        elif phase == "final":
            s07_victory.final_count(t)
            step["phase"] = "over"
        else:
            t.pop()


def _activate(t: Table, chit: str) -> None:
    info = t.cat.chits[chit]
    if info.kind == "kingdom":
        kid = str(info.ref)
        start_turn(t, kid, str(t.owner(kid)), chit, faction=False)
        return
    if info.kind == "faction":
        role = str(info.ref)
        t.heading(f"The {t.rname(role)} chit is pulled: {t.rname(role)} activates one of "
                  f"their kingdoms", "4.1(B)")
        t.push({"step": "activate", "player": role, "chit": chit, "kind": "faction"})
        return
    last = t.s["last_player"] or t.s["seats"][0]
    role = t.next_seat(last)
    rule = "12.3" if len(t.s["seats"]) > 2 else "4.1(C)"
    t.heading(f"A Traitorous chit is pulled: {t.rname(role)}, opponent of the last player, "
              f"runs a Traitorous kingdom", rule)
    t.push({"step": "activate", "player": role, "chit": chit, "kind": "traitorous"})


@handler
class Activate(Handler):
    """4.1(B)/(C): the holder of a faction or Traitorous chit picks the kingdom."""

    name = "activate"

    def options(self, t: Table, step: Step) -> list[str]:
        if step["kind"] == "faction":
            return t.kingdoms_of(step["player"])
        return [k for k in t.cat.traitorous_kingdoms if t.in_play(k)]

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        options = self.options(t, step)
        if len(options) <= 1:
            return None
        rule = "4.1(B)" if step["kind"] == "faction" else "8(A)"
        who = rule if step["kind"] == "faction" else (
            "12.3" if len(t.s["seats"]) > 2 else "4.1(C)")
        return ask(step["player"], "activate", "choose the kingdom that takes this turn",
                   [button("activate", f"Activate {t.kname(k)}", rule, kingdom=k)
                    for k in options], who)

    def run(self, t: Table, step: Step) -> None:
        options = self.options(t, step)
        t.pop()
        if options:
            start_turn(t, options[0], step["player"], step["chit"],
                       faction=step["kind"] == "faction")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        t.pop()
        start_turn(t, action["kingdom"], role, step["chit"], faction=step["kind"] == "faction")


def start_turn(t: Table, kid: str, role: str, chit: str, faction: bool) -> None:
    t.push({"step": "turn", "kingdom": kid, "player": role, "chit": chit, "faction": faction,
            "phase": "begin", "harvest": False, "famine": False, "used_dipl": [],
            "decree_used": False, "levy": None, "moved_chars": [], "moved": {},
            "entered": {}, "mandate_dice": None})


# ---------------------------------------------------------------------- a turn


@handler
class Turn(Handler):
    """4.1(E): Mandate of Heaven, diplomacy, levy, movement, combat; then 4.7 end of turn."""

    name = "turn"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        handlers = _phase_handlers().get(step["phase"])
        return handlers[0](t, step) if handlers else None

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        handlers = _phase_handlers().get(step["phase"])
        if handlers:
            handlers[1](t, step, action)

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        verb = str(action.get("do"))
        phase = step["phase"]
        if phase == "levy" and verb == "levy":
            return s04_levy.explain(t, step, action)
        if phase == "diplomacy" and verb in ("negotiate", "decree"):
            return s04_diplomacy.explain(t, step, action)
        if phase == "end" and verb == "end-turn" and "main" in action:
            return IllegalAction("the new main kingdom must be another of your own kingdoms",
                                 "3.2(B)")
        home = PHASE_OF_VERB.get(verb)
        if step["famine"] and home in ("diplomacy", "levy", "movement"):
            return IllegalAction("Famine: no diplomacy, levy or movement this turn", "10.6(C)")
        if home is not None and home != phase:
            order = PHASES.index(home) - PHASES.index(phase) if phase in PHASES else 0
            when = "is over" if order < 0 else "has not begun"
            return IllegalAction(f"'{verb}' belongs to the {home} phase, which {when}; the "
                                 f"turn is in its {phase} phase", "4.1(E)")
        return None

    def run(self, t: Table, step: Step) -> None:
        phase = step["phase"]
        if phase == "begin":
            t.s["turns"]["total"] += 1
            t.s["turns"]["round"] += 1
            t.s["last_player"] = step["player"]
            kind = "faction" if step["faction"] else t.cat.chits[step["chit"]].kind
            t.heading(f"Turn {t.s['turns']['total']} (round {t.s['round']}): "
                      f"{t.kname(step['kingdom'])}, played by {t.rname(step['player'])} "
                      f"({kind} chit)", "4.1")
            s11_abilities.start_of_mandate(t, step)
            step["phase"] = "rebellion" if s11_abilities.rebellion_possible(t, step) else "mandate"
        elif phase == "rebellion":  # pragma: no cover - prompts until answered
            step["phase"] = "mandate"
        elif phase == "mandate":
            if s11_abilities.has_wizard(t, step["kingdom"]):
                step["mandate_dice"] = [t.roll("Mandate of Heaven (Zuo Ci, die 1 of 2)"),
                                        t.roll("Mandate of Heaven (Zuo Ci, die 2 of 2)")]
                t.say(f"Zuo Ci 左慈 lets {t.kname(step['kingdom'])} roll two dice: "
                      f"{step['mandate_dice'][0]} and {step['mandate_dice'][1]}", "11.6(A)")
                step["phase"] = "wizard"
                return
            die = t.roll("Mandate of Heaven: which way the marker moves")
            move_mandate(t, step, die)
        elif phase == "event":
            step["phase"] = "after-event"
            space = t.s["mandate"]
            event = t.cat.mandate.event_at(space[0], space[1])
            if event is not None:
                s10_events.begin(t, step, event)
        elif phase == "after-event":
            if step["famine"]:
                t.say("Famine: no diplomacy, levy or movement this turn", "10.6(C)")
                step["phase"] = "end"
            else:
                step["phase"] = "diplomacy"
        elif phase == "combat":
            s05_combat.next_combat(t, step)
        else:  # pragma: no cover - every other phase prompts
            raise RuntimeError(phase)


def _phase_handlers() -> dict[str, tuple[Any, Any]]:
    """The phases of a turn that ask the player: phase -> (prompt, act)."""
    return {
        "rebellion": (s11_abilities.rebellion_prompt, s11_abilities.rebellion_act),
        "wizard": (s11_abilities.wizard_prompt, s11_abilities.wizard_act),
        "diplomacy": (s04_diplomacy.prompt, s04_diplomacy.act),
        "levy": (s04_levy.prompt, s04_levy.act),
        "movement": (s04_movement.prompt, s04_movement.act),
        "combat": (s05_combat.order_prompt, s05_combat.order_act),
        "end": (end_prompt, end_act),
    }


def move_mandate(t: Table, step: Step, die: int) -> None:
    """4.2: move the marker; leaving the display ends the round at once (4.8)."""
    q, r = t.s["mandate"]
    direction = t.cat.mandate.directions[die]
    target = t.cat.mandate.step(q, r, die)
    if target is None:
        t.say(f"Mandate of Heaven: {die}, {direction.name}: the marker leaves the display. "
              f"The round ends at once", "4.8")
        t.s["round_over"] = True
        t.s["interrupted"] = step["player"]
        t.pop()
        return
    t.s["mandate"] = [target[0], target[1]]
    event = t.cat.mandate.event_at(*target)
    what = t.cat.mandate.events[event].name if event else "no event"
    t.say(f"Mandate of Heaven: {die}, {direction.name}, to ({target[0]}, {target[1]}): "
          f"{what}", "4.2")
    step["phase"] = "event"


def end_prompt(t: Table, step: Step) -> Prompt:
    role = step["player"]
    offers = [button("end-turn", "End the turn", "4.7")]
    main = t.main_of(role)
    for kid in t.kingdoms_of(role):
        if kid != main:
            offers.append(button("end-turn", f"End the turn and make {t.kname(kid)} your main "
                                 f"kingdom", "3.2(B)", main=kid))
    return ask(role, "end-turn", "end your turn (you may change your main kingdom)", offers,
               "4.7")


def end_act(t: Table, step: Step, action: Mapping[str, Any]) -> None:
    role = step["player"]
    if "main" in action:
        change_main(t, role, action["main"], "3.2(B)")
    t.pop()
    others = [r for r in _seats_after(t, role) if len(t.kingdoms_of(r)) > 1
              and standing.wants_question(t.orders(r), "main_change")]
    if others:
        t.push({"step": "main-change", "players": others})


def _seats_after(t: Table, role: str) -> list[str]:
    """The other players in seat order, starting with the next seat."""
    seats = list(t.s["seats"])
    index = seats.index(role)
    return seats[index + 1:] + seats[:index]


@handler
class MainChange(Handler):
    """3.2(B), rules-notes 48: when a turn ends, the other players may change their main
    kingdom too (asked only if their standing order ``main_change`` says so)."""

    name = "main-change"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if not step["players"]:
            return None
        role = step["players"][0]
        main = t.main_of(role)
        offers = [button("keep-main", "Keep the main kingdom", "3.2(B)")]
        offers += [button("main", f"Make {t.kname(k)} the main kingdom", "3.2(B)", kingdom=k)
                   for k in t.kingdoms_of(role) if k != main]
        return ask(role, "main-kingdom", "a turn has ended: change your main kingdom?",
                   offers, "3.2(B)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "main":
            change_main(t, role, action["kingdom"], "3.2(B)")
        step["players"].pop(0)

    def run(self, t: Table, step: Step) -> None:
        t.pop()


def change_main(t: Table, role: str, kid: str, rule: str) -> None:
    require(kid in t.kingdoms_of(role), "the main kingdom must be one of your kingdoms", rule)
    for other in t.kingdoms_of(role):
        t.kingdom(other)["main"] = other == kid
    t.say(f"{t.rname(role)} makes {t.kname(kid)} the main kingdom", rule)


__all__ = ["Game", "MainChange", "Turn", "s03_setup"]
