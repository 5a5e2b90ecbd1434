"""Section 3, Setup: the opening position, the kingdom draft and main kingdoms.

3.1 kingdom assignment by die roll and snake draft (12.2.1 and 12.2.2 for 3-4 players),
3.2 main and allied kingdoms, 3.3 placement of characters and armies, 3.4 pools, the
Mandate marker, the Round marker and Emperor Xian.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers.catalog import Catalog, load_catalog
from pbem.games.dragons_tigers.flow import (
    Handler,
    Step,
    ask,
    button,
    choice,
    handler,
    require,
)
from pbem.games.dragons_tigers.orders import default_orders
from pbem.games.dragons_tigers.table import Table


def opening_state(seats: list[str]) -> dict[str, Any]:
    """The position of 3.3 and 3.4 before kingdoms are assigned: every kingdom neutral."""
    cat = load_catalog()
    kingdoms: dict[str, Any] = {}
    chars: dict[str, Any] = {}
    armies: dict[str, dict[str, int]] = {}
    control: dict[str, str] = {}
    for kingdom in cat.kingdoms.values():
        warlord = _starting_warlord(cat, kingdom.id)
        starts = kingdom.enters == "start"
        kingdoms[kingdom.id] = {"owner": None, "main": False,
                                "status": "in-play" if starts else "absent",
                                "warlord": warlord, "eliminated_turn": None}
        if not starts:
            continue
        for placement in kingdom.start:  # 3.3(A), 3.3(B)
            armies.setdefault(placement.area, {})[kingdom.id] = placement.armies
            control[placement.area] = kingdom.id
            for cid in placement.characters:
                chars[cid] = {"kingdom": kingdom.id, "at": placement.area, "recruited": False}
    for character in cat.characters.values():
        if character.id in chars or character.back_only:
            continue
        if character.kingdom is None:  # 3.4(B): free retainers into their pool
            chars[character.id] = {"kingdom": None, "at": "pool", "recruited": False}
        else:  # set aside: Zhuge Liang, Sun Ce, Lü Bu's own kingdom (3.3)
            chars[character.id] = {"kingdom": character.kingdom, "at": "aside",
                                   "recruited": False}
    order = list(cat.areas)
    return {
        "round": 1,  # 3.4(D)
        "seats": list(seats),
        "mandate": [0, 0],  # 3.4(C)
        "pool": [],
        "drawn": [],
        "last_player": None,
        "interrupted": None,
        "round_over": False,
        "turns": {"total": 0, "round": 0},
        "kingdoms": kingdoms,
        "chars": chars,
        "armies": {a: armies[a] for a in order if a in armies},
        "control": {a: control[a] for a in order if a in control},
        "emperor": cat.emperor_start,  # 3.4(E)
        "flags": {"zhuge_liang": False},
        "stack": [{"step": "game", "phase": "setup"}],
        "orders": {role: default_orders() for role in seats},
        "result": None,
    }


def _starting_warlord(cat: Catalog, kid: str) -> str | None:
    for character in cat.characters.values():
        if (character.kingdom == kid and character.rank == "warlord"
                and not character.back_only and not (character.set_aside and kid == "sun-wu")):
            return character.id
    return None


def assign(state: dict[str, Any], agreed: Mapping[str, list[str]]) -> None:
    """Give each player the kingdoms agreed at creation: the first listed is main (3.2)."""
    for role, kids in agreed.items():
        for index, kid in enumerate(kids):
            state["kingdoms"][kid]["owner"] = role
            state["kingdoms"][kid]["main"] = index == 0


def roll_for_order(t: Table, roles: list[str], rule: str) -> list[str]:
    """Everyone rolls one die, highest first; tied players roll again among themselves
    (rules-notes 2)."""
    rolls = {role: t.roll(f"draft order: {t.rname(role)} rolls") for role in roles}
    t.say("Rolls: " + ", ".join(f"{t.rname(r)} {rolls[r]}" for r in roles), rule)
    order: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [role for role in roles if rolls[role] == value]
        if len(tied) > 1:
            t.say("Tie between " + " and ".join(t.rname(r) for r in tied) + ": they roll again")
            tied = roll_for_order(t, tied, rule)
        order.extend(tied)
    return order


def snake(order: list[str], picks_each: int) -> list[str]:
    """The pick sequence of a snake draft: forward, backward, forward... (3.1, 12.2)."""
    sequence: list[str] = []
    for round_number in range(picks_each):
        sequence.extend(order if round_number % 2 == 0 else list(reversed(order)))
    return sequence


def picks_per_player(players: int) -> int:
    """3 kingdoms each with 2 or 3 players (3.1(A), 12.2.1), 2 with 4 players (12.2.2)."""
    return 2 if players == 4 else 3


def order_rule(players: int) -> str:
    """The clause that sets the draft order for this number of players."""
    return {2: "3.1(B)", 3: "12.2.1(A)"}.get(players, "12.2.2")


def pick_rule(order: list[str], role: str) -> str:
    """The clause that gives ``role`` his picks: 3.1(B)/(C) with two players, 12.2.1(A)-(C)
    with three, 12.2.2 with four."""
    place = order.index(role)
    if len(order) == 2:
        return "3.1(B)" if place == 0 else "3.1(C)"
    if len(order) == 3:
        return f"12.2.1({'ABC'[place]})"
    return "12.2.2"


SLOTS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
         "ninth")


def ranking_slots(players: int) -> int:
    """How many places a ranking offers: as many as the draft has picks, so that one of a
    player's ranked kingdoms is always still free at each of his picks."""
    return min(len(SLOTS), picks_per_player(players) * players)


def effective_ranking(t: Table, given: list[Any]) -> list[str]:
    """The kingdoms in the order a player ranked them: those named (a kingdom named twice
    counts at its first place), then every other original kingdom in the rulebook's order."""
    out: list[str] = []
    for kid in [*given, *t.cat.player_kingdoms]:
        if kid in t.cat.player_kingdoms and kid not in out:
            out.append(str(kid))
    return out


@handler
class Draft(Handler):
    """3.1: the die roll for draft order, then picks in snake order (12.2 for 3-4).

    A player whose standing order ``draft`` is ``rank`` (the default) is asked once, in
    seat order before the first pick, to rank the kingdoms; each of his picks then takes
    the first kingdom of his ranking still free, and the first he gets becomes his main
    kingdom (3.2). With ``ask`` he picks one kingdom at a time and names his main kingdom
    when the draft is over (rules-notes 2 and 71)."""

    name = "draft"

    def _rankings(self, step: Step) -> dict[str, list[str]]:
        return step.setdefault("rankings", {})

    def _to_rank(self, t: Table, step: Step) -> list[str]:
        """Players still to give a ranking before the picks begin, in seat order."""
        done = self._rankings(step)
        return [role for role in t.s["seats"]
                if role not in done and t.order(role, "draft") == "rank"]

    def run(self, t: Table, step: Step) -> None:
        if step["phase"] == "roll":
            rule = order_rule(len(t.s["seats"]))
            order = roll_for_order(t, list(t.s["seats"]), rule)
            step["order"] = order
            step["picks"] = snake(order, picks_per_player(len(order)))
            step["phase"] = "rank"
            t.heading("Draft order: " + ", ".join(t.rname(r) for r in order), rule)
        elif step["phase"] == "rank":
            step["phase"] = "pick"
        elif step["phase"] == "pick" and step["picks"]:
            role = step["picks"][0]
            ranking = self._rankings(step)[role]
            taken = {k for k, v in t.s["kingdoms"].items() if v["owner"]}
            kid = next(k for k in ranking if k not in taken)
            place = ranking.index(kid) + 1
            self._take(t, step, role, kid, f"{t.rname(role)}'s standing order draft: rank — "
                       f"takes {t.kname(kid)}, choice {place} of the ranking")
        elif step["phase"] == "pick":
            step["phase"] = "main"
        elif step["phase"] == "main" and step["pending_main"]:
            role = step["pending_main"][0]
            ranking = self._rankings(step)[role]
            kid = min(t.kingdoms_of(role), key=ranking.index)
            self._main(t, step, role, kid, f"{t.rname(role)}'s standing order draft: rank — "
                       f"makes {t.kname(kid)}, the highest ranked, the main kingdom")
        elif step["phase"] == "main":
            t.pop()

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if step["phase"] == "rank":  # every ranking sealed until all are given (notes 71)
            waiting = self._to_rank(t, step)
            return replace(self._rank_prompt(t, waiting[0]), sealed=tuple(waiting)) \
                if waiting else None
        rankings = self._rankings(step)
        if step["phase"] == "pick" and step["picks"]:
            role = step["picks"][0]
            if role in rankings:
                return None
            if t.order(role, "draft") == "rank":  # he has asked to rank from now on
                return self._rank_prompt(t, role)
            taken = {k for k, v in t.s["kingdoms"].items() if v["owner"]}
            rule = pick_rule(step["order"], role)
            offers = [button("pick", f"Take {t.kname(kid)}", rule, kingdom=kid)
                      for kid in t.cat.player_kingdoms if kid not in taken]
            number = len(t.kingdoms_of(role)) + 1
            return ask(role, "draft", f"choose your kingdom number {number}", offers, rule)
        if step["phase"] == "main" and step["pending_main"]:
            role = step["pending_main"][0]
            if role in rankings:
                return None
            offers = [button("main", f"Make {t.kname(kid)} your main kingdom", "3.2",
                             kingdom=kid) for kid in t.kingdoms_of(role)]
            return ask(role, "main-kingdom", "choose your main kingdom", offers, "3.2")
        return None

    def _rank_prompt(self, t: Table, role: str) -> Prompt:
        options = [(kid, f"{t.kname(kid)} ({t.aname(t.cat.kingdoms[kid].start[0].area)})")
                   for kid in t.cat.player_kingdoms]
        params = tuple(choice(slot, f"Choice {index + 1}", options)
                       for index, slot in enumerate(SLOTS[:ranking_slots(len(t.s["seats"]))]))
        spec = ActionSpec("rank", "Rank the kingdoms you want", "3.1", params=params)
        return ask(role, "draft-ranking", "rank the kingdoms you want: each of your picks "
                   "takes the first still free, and the first you get is your main kingdom",
                   [spec], "3.1")

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        """Why a pick is not offered: a Traitorous kingdom, or one already taken."""
        ranking_asked = step["phase"] == "rank" or (
            step["phase"] == "pick" and bool(step["picks"])
            and step["picks"][0] not in self._rankings(step)
            and t.order(step["picks"][0], "draft") == "rank")
        if action.get("do") == "pick" and ranking_asked:
            return IllegalAction("first rank the kingdoms you want (or set your standing "
                                 "order draft to ask, and pick one at a time)", "3.1")
        if step["phase"] != "pick" or action.get("do") != "pick":
            return None
        kid = action.get("kingdom")
        if not isinstance(kid, str):
            return IllegalAction("name the kingdom by its id", "3.1(A)")
        if kid in t.cat.kingdoms and not t.cat.kingdoms[str(kid)].is_player:
            return IllegalAction("a Traitorous kingdom can never be a player's kingdom",
                                 "3.1(A)")
        if kid in t.cat.kingdoms and t.owner(str(kid)) is not None:
            return IllegalAction(f"{t.kname(str(kid))} is already taken", "3.1(A)")
        return IllegalAction("choose one of the nine original kingdoms", "3.1(A)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "rank":
            self._rank(t, step, role, action)
            return
        kid = action["kingdom"]
        if step["phase"] == "pick":
            require(t.owner(kid) is None, "that kingdom is taken", "3.1(A)")
            self._take(t, step, role, kid, f"{t.rname(role)} takes {t.kname(kid)}")
        else:
            self._main(t, step, role, kid, f"{t.rname(role)} makes {t.kname(kid)} the main "
                       f"kingdom")

    def _rank(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        slots = SLOTS[:ranking_slots(len(t.s["seats"]))]
        extra = sorted(k for k in action if k not in ("do", *slots))
        require(not extra, f"'rank' takes no argument {extra[0]!r} (it takes: "
                f"{', '.join(slots)})" if extra else "", "3.1")
        given = [action[slot] for slot in slots if slot in action]
        for kid in given:
            known = isinstance(kid, str) and kid in t.cat.kingdoms
            if known and not t.cat.kingdoms[kid].is_player:
                require(False, "a Traitorous kingdom can never be a player's kingdom", "3.1(A)")
            require(known and kid in t.cat.player_kingdoms, f"{kid!r} is not one of the nine "
                    f"original kingdoms", "3.1(A)")
        ranking = effective_ranking(t, given)
        self._rankings(step)[role] = ranking
        shown = ", ".join(t.kname(k) for k in ranking[:len(slots)])
        t.say(f"{t.rname(role)} ranks the kingdoms: {shown}; then the others in the "
              f"rulebook's order", "3.1")

    def _take(self, t: Table, step: Step, role: str, kid: str, text: str) -> None:
        t.kingdom(kid)["owner"] = role
        step["picks"].pop(0)
        t.heading(text, pick_rule(step["order"], role))
        if not step["picks"]:
            step["phase"] = "main"
            step["pending_main"] = list(step["order"])
            for other in t.cat.player_kingdoms:
                if t.owner(other) is None:
                    t.say(f"{t.kname(other)} stays neutral", "3.1(D)")

    def _main(self, t: Table, step: Step, role: str, kid: str, text: str) -> None:
        for other in t.kingdoms_of(role):
            t.kingdom(other)["main"] = other == kid
        step["pending_main"].pop(0)
        t.heading(f"{text}; the others are allied kingdoms", "3.2")
