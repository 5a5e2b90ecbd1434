"""Section 4, Sequence of play: rounds, the activation pool, turns and their phases.

4.1 turn order by activation chits (faction, kingdom and Traitorous chits; 12.3 with 3-4
players), 4.1(E) the five phases of a turn, 4.2 the Mandate of Heaven roll, 4.7 end of
turn and the refill of an empty pool, 3.2(B) change of main kingdom at the end of a turn.

A turn is one ``turn`` step whose ``phase`` names the part in progress. Each phase is a
handler registered by name (:func:`flow.phase`) by the section that describes it: the
diplomacy, levy and movement phases in s04_diplomacy, s04_levy and s04_movement, combat
in s05_combat, the abilities at the start of the Mandate phase in s11_abilities; the
Mandate event is handed to section 10 as an ``event`` step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers.flow import PHASES, Handler, Step, ask, button, handler, phase
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.table import Table

LAST_ROUND = numbers().rounds
ORDER = ("begin", "abilities", "rebellion", "mandate", "wizard", "event", "after-event",
         "diplomacy", "levy", "movement", "combat", "end")
PHASE_OF_VERB = {"negotiate": "diplomacy", "end-diplomacy": "diplomacy", "levy": "levy",
                 "end-levy": "levy", "move": "movement", "end-movement": "movement",
                 "fight": "combat", "end-turn": "end"}


# ---------------------------------------------------------------------- chits (4.1)


def _pull(t: Table) -> str | None:
    """Pull chits until one gives a turn; return it (None if no chit can)."""
    for _ in range(200):
        if not t.s["pool"]:
            returned = [c for c in t.s["drawn"] if t.chit_is_live(c)]
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
        if not t.chit_is_live(chit):
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
            t.fill_pool()
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
            t.push({"step": "final-count"})
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
    """4.1(E): Mandate of Heaven, diplomacy, levy, movement, combat; then 4.7 end of turn.
    Each phase is the handler registered under its name."""

    name = "turn"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if _gone(t, step):
            return None
        return PHASES[step["phase"]].prompt(t, step)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        PHASES[step["phase"]].act(t, step, role, action)

    def run(self, t: Table, step: Step) -> None:
        if _gone(t, step):
            t.say(f"{t.kname(step['kingdom'])} is no longer in play: its turn ends", "4.7")
            step["phase"] = "end"
            return
        PHASES[step["phase"]].run(t, step)

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        reason = PHASES[step["phase"]].explain(t, step, role, action)
        if reason is not None:
            return reason
        verb = str(action.get("do"))
        current = step["phase"]
        home = PHASE_OF_VERB.get(verb)
        if step["famine"] and home in ("diplomacy", "levy", "movement"):
            return IllegalAction("Famine: no diplomacy, levy or movement this turn", "10.6(C)")
        if home is not None and home != current:
            order = ORDER.index(home) - ORDER.index(current) if current in ORDER else 0
            when = "is over" if order < 0 else "has not begun"
            return IllegalAction(f"'{verb}' belongs to the {home} phase, which {when}; the "
                                 f"turn is in its {current} phase", "4.1(E)")
        return None


def _gone(t: Table, step: Step) -> bool:
    """The kingdom taking the turn has been eliminated before the turn's end: nothing is
    left for it to do."""
    return step["phase"] not in ("begin", "end") and not t.in_play(step["kingdom"])


@phase
class Begin(Handler):
    """The turn opens: it is counted, and the Mandate phase begins with the abilities that
    act at its start (section 11)."""

    name = "begin"

    def run(self, t: Table, step: Step) -> None:
        t.s["turns"]["total"] += 1
        t.s["turns"]["round"] += 1
        t.s["last_player"] = step["player"]
        kind = "faction" if step["faction"] else t.cat.chits[step["chit"]].kind
        t.heading(f"Turn {t.s['turns']['total']} (round {t.s['round']}): "
                  f"{t.kname(step['kingdom'])}, played by {t.rname(step['player'])} "
                  f"({kind} chit)", "4.1")
        step["phase"] = "abilities"


@phase
class Mandate(Handler):
    """4.2: one die moves the Mandate marker (with a wizard at court, the player picks one
    of two dice: the ``wizard`` phase, 11.6(A))."""

    name = "mandate"

    def run(self, t: Table, step: Step) -> None:
        if step["mandate_dice"] is None and t.wizard_at_court(step["kingdom"]):
            step["phase"] = "wizard"
            return
        if step["mandate_dice"]:
            die = step["mandate_dice"][0]
        else:
            die = t.roll("Mandate of Heaven: which way the marker moves")
        move_mandate(t, step, die)


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


@phase
class Event(Handler):
    """4.2: the event of the space the marker reached is handed to section 10."""

    name = "event"

    def run(self, t: Table, step: Step) -> None:
        step["phase"] = "after-event"
        space = t.s["mandate"]
        event = t.cat.mandate.event_at(space[0], space[1])
        if event is not None:
            t.push({"step": "event", "event": event, "phase": "announce",
                    "turn_kingdom": step["kingdom"], "player": step["player"]})


@phase
class AfterEvent(Handler):
    """10.6(C): after a Famine nothing more happens in the turn."""

    name = "after-event"

    def run(self, t: Table, step: Step) -> None:
        if step["famine"]:
            t.say("Famine: no diplomacy, levy or movement this turn", "10.6(C)")
            step["phase"] = "end"
        else:
            step["phase"] = "diplomacy"


@phase
class End(Handler):
    """4.7 the turn ends; 3.2(B) its player may name another main kingdom."""

    name = "end"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["player"]
        if not t.kingdoms_of(role):
            return None  # a player left without kingdoms has nothing to decide
        offers = [button("end-turn", "End the turn", "4.7")]
        main = t.main_of(role)
        for kid in t.kingdoms_of(role):
            if kid != main:
                offers.append(button("end-turn", f"End the turn and make {t.kname(kid)} your "
                                     f"main kingdom", "3.2(B)", main=kid))
        return ask(role, "end-turn", "end your turn (you may change your main kingdom)", offers,
                   "4.7")

    def run(self, t: Table, step: Step) -> None:
        self.act(t, step, step["player"], {"do": "end-turn"})

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if "main" in action:
            t.make_main(role, action["main"], "3.2(B)")
        t.pop()
        # the others' standing order main_change answers silently here (it would add a
        # line to every turn); the end of the round says what it decided (4.8.4)
        asked = [r for r in _seats_after(t, role) if len(t.kingdoms_of(r)) > 1
                 and not t.answers(r, "main_change")]
        if asked:
            t.push({"step": "main-change", "players": asked})

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        if action.get("do") == "end-turn" and "main" in action:
            return IllegalAction("the new main kingdom must be another of your own kingdoms",
                                 "3.2(B)")
        return None


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
            t.make_main(role, action["kingdom"], "3.2(B)")
        step["players"].pop(0)

    def run(self, t: Table, step: Step) -> None:
        t.pop()
