"""The rules' view of a position: the state dict plus the catalog, dice and log.

The state is plain data (what a save holds). :class:`Table` wraps it for one action with
queries (who is where, who controls what, who is friendly with whom) and the few
mutations every rule needs (armies, characters, control, the activation pool, main
kingdoms), so rule modules read like the rulebook rather than like dictionary plumbing,
and hand each other state through it rather than through one another.

State layout (all keys always present):

* ``round``, ``seats`` (roles in seat order), ``mandate`` ([q, r])
* ``pool`` and ``drawn``: activation chits (4.1); ``last_player``; ``turns`` counters
* ``kingdoms``: id -> {owner (role or null), main, status (in-play/eliminated/absent),
  warlord (character id showing), eliminated_turn}
* ``chars``: id -> {kingdom, at (area id, or pool/dead/aside/out/court), recruited}
* ``armies``: area -> {kingdom: n}; ``control``: area -> kingdom
* ``emperor``: area; ``flags``: one-off facts (``zhuge_liang`` has appeared, the Emperor
  has fled: ``emperor_fled``, absent until he does; ``emperor_keeper``: the kingdom that won
  a combat in his area and left nobody there, 9(E), absent unless that is so)
* ``stack``: the procedure in progress, innermost last; ``orders``: standing orders
* ``result``: the outcome once the game is over
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pbem.dice import Dice
from pbem.engine import Log
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.catalog import Catalog, Character, load_catalog
from pbem.games.dragons_tigers.table_areas import Areas

OFF_MAP = ("pool", "dead", "aside", "out", "court")
# the mark of a key result in the log (eliminations, defections, captures, areas changing
# hands, losses to events...): see :meth:`Table.news` and pbem/games/dragons_tigers/news.py
NEWS = "» "


class Table(Areas):
    """One position under the rules, for the length of one action."""

    def __init__(self, state: dict[str, Any], dice: Dice | None = None,
                 log: Log | None = None) -> None:
        self.s = state
        self.cat: Catalog = load_catalog()
        self._dice = dice
        self.log = log if log is not None else Log()
        # who controlled each area when the step in progress began (see flow._watch)
        self.control_before: dict[str, str] | None = None

    # ------------------------------------------------------------------ dice and log

    @property
    def dice(self) -> Dice:
        if self._dice is None:
            raise RuntimeError("no dice outside an action")
        return self._dice

    def roll(self, purpose: str) -> int:
        return self.dice.roll(purpose)

    def say(self, text: str, rule: str | None = None) -> None:
        self.log.add(text, rule)

    def heading(self, text: str, rule: str | None = None) -> None:
        self.log.heading(text, rule)

    def news(self, text: str, rule: str | None = None) -> None:
        """A line of the story that is also a key result: marked so that front ends and
        the mail can put it first (news.key_results)."""
        self.log.add(NEWS + text, rule)

    # ------------------------------------------------------------------ names

    def cname(self, cid: str) -> str:
        c = self.cat.characters[cid]
        return f"{c.name} {c.zh}"

    def kname(self, kid: str) -> str:
        k = self.cat.kingdoms[kid]
        warlord = self.s["kingdoms"][kid].get("warlord")
        if warlord and warlord in self.cat.characters and kid in ("dong-zhuo", "liu-zhang"):
            c = self.cat.characters[warlord]
            if c.name != k.name:
                return f"{k.name} {k.zh} ({c.name})"
        return f"{k.name} {k.zh}"

    def by_area(self, counts: dict[str, Any]) -> dict[str, Any]:
        """``counts`` keyed by area in the board's order (unknown names last, as given),
        so that the order an action lists its arguments in never changes the story."""
        order = {a: i for i, a in enumerate(self.cat.areas)}
        return dict(sorted(counts.items(), key=lambda item: order.get(item[0], len(order))))

    def by_kingdom(self, counts: dict[str, Any]) -> dict[str, Any]:
        """``counts`` keyed by kingdom in the catalog's order (see :meth:`by_area`)."""
        order = {k: i for i, k in enumerate(self.cat.kingdoms)}
        return dict(sorted(counts.items(), key=lambda item: order.get(item[0], len(order))))

    def aname(self, area: str) -> str:
        a = self.cat.areas[area]
        return f"{a.name} {a.zh}"

    def rname(self, role: str) -> str:
        faction = self.cat.factions.get(role)
        return faction.name if faction else role

    # ------------------------------------------------------------------ kingdoms and sides

    def kingdom(self, kid: str) -> dict[str, Any]:
        return self.s["kingdoms"][kid]

    def in_play(self, kid: str) -> bool:
        return self.s["kingdoms"][kid]["status"] == "in-play"

    def owner(self, kid: str) -> str | None:
        return self.s["kingdoms"][kid]["owner"]

    def is_traitorous(self, kid: str) -> bool:
        return not self.cat.kingdoms[kid].is_player

    def is_neutral(self, kid: str) -> bool:
        return self.cat.kingdoms[kid].is_player and self.owner(kid) is None

    def side(self, kid: str) -> str:
        """A player's role for a kingdom a player holds; ``k:<id>`` for a non-player one."""
        owner = self.owner(kid)
        return owner if owner is not None else f"k:{kid}"

    def friendly(self, a: str, b: str) -> bool:
        return self.side(a) == self.side(b)

    def kingdoms_of(self, role: str) -> list[str]:
        """The kingdoms ``role`` holds and which are in play, main first."""
        out = [kid for kid, k in self.s["kingdoms"].items()
               if k["owner"] == role and k["status"] == "in-play"]
        out.sort(key=lambda kid: not self.s["kingdoms"][kid]["main"])
        return out

    def main_of(self, role: str) -> str | None:
        for kid in self.kingdoms_of(role):
            if self.s["kingdoms"][kid]["main"]:
                return kid
        return None

    def warlord(self, kid: str) -> str | None:
        return self.s["kingdoms"][kid]["warlord"]

    def join(self, kid: str, role: str) -> None:
        """``kid`` becomes an allied kingdom of ``role``; its chit joins the pool (4.3(A))."""
        self.kingdom(kid)["owner"] = role
        self.kingdom(kid)["main"] = False
        self.add_chit(kid)

    def make_main(self, role: str, kid: str, rule: str) -> None:
        """``role`` names ``kid`` his main kingdom; the others become allies (3.2)."""
        if kid not in self.kingdoms_of(role):
            raise IllegalAction("the main kingdom must be one of your kingdoms", rule)
        for other in self.kingdoms_of(role):
            self.kingdom(other)["main"] = other == kid
        self.say(f"{self.rname(role)} makes {self.kname(kid)} the main kingdom", rule)

    def players_in_game(self) -> list[str]:
        return [role for role in self.s["seats"] if self.kingdoms_of(role)]

    def next_seat(self, role: str) -> str:
        """The opponent of ``role``: the other player, or with 3-4 the next seat in play."""
        seats = self.s["seats"]
        live = self.players_in_game() or seats
        index = seats.index(role)
        for step in range(1, len(seats) + 1):
            candidate = seats[(index + step) % len(seats)]
            if candidate in live and candidate != role:
                return candidate
        return seats[(index + 1) % len(seats)]

    def runner(self, side: str, against: str | None = None) -> str:
        """The player who decides for ``side``: its owner, or for a non-player side the
        runner of the active Traitorous turn, or the opponent of the side it fights."""
        if not side.startswith("k:"):
            return side
        turn = self.turn()
        if turn is not None and self.side(turn["kingdom"]) == side:
            return str(turn["player"])
        if against is not None and not against.startswith("k:"):
            return self.next_seat(against)
        if against is not None:
            return self.next_seat(self.runner(against))
        if turn is not None:
            return self.next_seat(str(turn["player"]))
        return str(self.s["seats"][0])

    # ------------------------------------------------------------------ characters

    def c(self, cid: str) -> Character:
        return self.cat.characters[cid]

    def char(self, cid: str) -> dict[str, Any]:
        return self.s["chars"][cid]

    def where(self, cid: str) -> str | None:
        entry = self.s["chars"].get(cid)
        return entry["at"] if entry else None

    def on_map(self, cid: str) -> bool:
        entry = self.s["chars"].get(cid)
        return bool(entry) and entry["at"] not in OFF_MAP

    def chars_in(self, area: str, kid: str | None = None) -> list[str]:
        return [cid for cid, e in self.s["chars"].items()
                if e["at"] == area and (kid is None or e["kingdom"] == kid)]

    def chars_of(self, kid: str, on_map_only: bool = True) -> list[str]:
        return [cid for cid, e in self.s["chars"].items()
                if e["kingdom"] == kid and (not on_map_only or e["at"] not in OFF_MAP)]

    def retainers_of(self, kid: str) -> list[str]:
        return [cid for cid in self.chars_of(kid) if self.c(cid).rank == "retainer"]

    def wizard_at_court(self, kid: str) -> bool:
        """Does a wizard serve ``kid``, off the map (11.6(A), 11.6(C))?"""
        return any(self.c(cid).wizard and e["kingdom"] == kid and e["at"] == "court"
                   for cid, e in self.s["chars"].items())

    def kill(self, cid: str) -> None:
        """A retainer dies: to the dead pile (a wizard returns to the pool, 11.6(E))."""
        if self.c(cid).wizard:
            self.place_char(cid, "pool", kingdom=None)
            self.char(cid)["kingdom"] = None
            return
        self.place_char(cid, "dead")
        self.char(cid)["kingdom"] = None
        self.char(cid)["recruited"] = False

    def place_char(self, cid: str, at: str, kingdom: str | None = None) -> None:
        entry = self.s["chars"].setdefault(cid, {"kingdom": None, "at": "aside",
                                                 "recruited": False})
        old = entry["at"]
        entry["at"] = at
        if kingdom is not None:
            entry["kingdom"] = kingdom
        if old not in OFF_MAP:
            self.update_control(old)
        if at not in OFF_MAP:
            self.update_control(at)

    def flip(self, cid: str) -> str:
        """Turn a counter over: the other side takes its place and kingdom."""
        back = self.c(cid).flip
        if back is None:
            return cid
        entry = self.s["chars"].pop(cid)
        self.s["chars"][back] = entry
        for k in self.s["kingdoms"].values():
            if k["warlord"] == cid:
                k["warlord"] = back
        return back

    # ------------------------------------------------------------------ activation chits

    def chit_is_live(self, chit: str) -> bool:
        """Does pulling ``chit`` give a turn (rules-notes 9)?"""
        info = self.cat.chits[chit]
        if info.kind == "faction":
            return info.ref in self.s["seats"] and bool(self.kingdoms_of(str(info.ref)))
        if info.kind == "kingdom":
            kid = str(info.ref)
            return self.in_play(kid) and self.owner(kid) is not None
        return any(self.in_play(kid) for kid in self.cat.traitorous_kingdoms)

    def fill_pool(self) -> None:
        """3.4(A), 4.1(A), 4.8.5(B): every live chit into the pool, none drawn."""
        self.s["pool"] = [chit for chit in self.cat.chits if self.chit_is_live(chit)]
        self.s["drawn"] = []

    def add_chit(self, ref: str) -> None:
        """The chit of a kingdom newly held by a player goes into the pool (4.3(A)); so
        does the faction chit of a player back in the game (``ref`` is his role,
        12.2.3(B))."""
        chit = f"chit:{ref}"
        if chit in self.cat.chits and chit not in self.s["pool"] and chit not in self.s["drawn"]:
            self.s["pool"].append(chit)
            self.s["pool"].sort(key=list(self.cat.chits).index)

    def remove_chit(self, kid: str) -> None:
        """5.5(C): an eliminated kingdom's chit leaves play."""
        chit = f"chit:{kid}"
        for pile in ("pool", "drawn"):
            if chit in self.s[pile]:
                self.s[pile].remove(chit)

    # ------------------------------------------------------------------ flow

    @property
    def stack(self) -> list[dict[str, Any]]:
        return self.s["stack"]

    def top(self) -> dict[str, Any]:
        return self.s["stack"][-1]

    def push(self, step: dict[str, Any]) -> dict[str, Any]:
        self.s["stack"].append(step)
        return step

    def pop(self) -> dict[str, Any]:
        return self.s["stack"].pop()

    def turn(self) -> dict[str, Any] | None:
        for step in reversed(self.s["stack"]):
            if step["step"] == "turn":
                return step
        return None

    def active_kingdom(self) -> str | None:
        turn = self.turn()
        return turn["kingdom"] if turn else None

    def orders(self, role: str) -> dict[str, Any]:
        return self.s["orders"].get(role, {})

    def order(self, role: str, name: str) -> str:
        """The value of ``role``'s standing order ``name`` (its default if never set)."""
        return standing.value(self.orders(role), name)

    def mover(self) -> str | None:
        """The player moving now: the player of the turn in progress; nobody in the draft
        or at the end of a round."""
        turn = self.turn()
        return str(turn["player"]) if turn is not None else None

    def answers(self, role: str, name: str, mover_asked: bool = True) -> bool:
        """Does ``role``'s standing order ``name`` answer the question now? Not when it is
        ``ask``, nor (``mover_asked``) while ``role`` is the player moving: a player
        decides his own turn himself."""
        if mover_asked and role == self.mover():
            return False
        return self.order(role, name) != "ask"

    def by_order(self, role: str, name: str, outcome: str, rule: str | None = None) -> None:
        """Say that ``role``'s standing order ``name`` decided a real choice, and how."""
        self.say(f"{self.rname(role)}'s standing order {name}: {self.order(role, name)} — "
                 f"{outcome}", rule)


def count(items: Iterable[Any]) -> int:
    return sum(1 for _ in items)
