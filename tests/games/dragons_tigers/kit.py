"""A small kit for Dragons & Tigers scenario tests: a position, scripted dice, actions.

    game = Game({"kingdoms": {...}, "pieces": {...}, "turn": {...}})
    game.advance(3)                      # run automatic steps with the dice 3
    game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 2})
    game.refuse("blue", {"do": "move", ...}, rule="4.5(B)")
    assert game.armies("luoyang", "cao-cao") == 7

Every die the rules draw must be scripted, and every scripted die must be used: a test
states exactly which rolls happen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from pbem.dice import ScriptedDice
from pbem.engine import Log, Prompt, copy_state
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers import flow
from pbem.games.dragons_tigers.module import DragonsTigers
from pbem.games.dragons_tigers.orders import update as update_orders
from pbem.games.dragons_tigers.table import Table

MODULE = DragonsTigers()
BLUE = ["cao-cao", "liu-bei", "sun-wu"]
WHITE = ["yuan-shao", "yuan-shu", "liu-biao"]
# Far from most fights: each player keeps a kingdom in play whatever happens.
HOMES: dict[str, Any] = {
    "changsha": {"armies": {"sun-wu": 5}, "characters": ["sun-jian"]},
    "xiangyang": {"armies": {"liu-biao": 5}, "characters": ["liu-biao"]},
    "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
}


def pick_by_pick(players: int = 2) -> dict[str, dict[str, str]]:
    """Standing orders that make every player draft one kingdom at a time (``draft: ask``)."""
    return {role: {"draft": "ask"} for role in MODULE.roles({"players": players})}


def two_players(blue: list[str], white: list[str]) -> dict[str, Any]:
    """A ``kingdoms`` scenario section: each list is main kingdom first, then allies."""
    out: dict[str, Any] = {}
    for role, kids in (("blue", blue), ("white", white)):
        for index, kid in enumerate(kids):
            out[kid] = {"owner": role, "main": index == 0}
    return out


def position(pieces: dict[str, Any], kingdom: str = "cao-cao", phase: str = "combat",
             player: str | None = None, emperor: str | None = None, **extra: Any) -> Game:
    """Blue (BLUE) against White (WHITE), HOMES plus ``pieces`` on the map, in ``phase``
    of ``kingdom``'s turn."""
    turn: dict[str, Any] = {"kingdom": kingdom, "phase": phase}
    if player is not None:
        turn["player"] = player
    scenario: dict[str, Any] = {"kingdoms": two_players(BLUE, WHITE),
                                "pieces": {**HOMES, **pieces}, "turn": turn}
    if emperor is not None:
        scenario["emperor"] = emperor
    scenario.update(extra)
    return Game(scenario)


class Game:
    """A position under test."""

    def __init__(self, scenario: Mapping[str, Any] | None = None, players: int = 2,
                 options: Mapping[str, Any] | None = None,
                 orders: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.options = MODULE.options(players, dict(options or {}))
        self.state = MODULE.setup(self.options, dict(scenario) if scenario else None)
        for role, given in (orders or {}).items():
            self.state["orders"][role] = update_orders(self.state["orders"][role], dict(given))
        self.log = Log()

    # ------------------------------------------------------------------ driving

    @property
    def t(self) -> Table:
        return Table(self.state)

    def _dice(self, values: tuple[int, ...]) -> ScriptedDice:
        return ScriptedDice(*values)

    def _check_used(self, dice: ScriptedDice) -> None:
        assert not dice.values, f"scripted dice not used: {dice.values}"

    def start(self, *dice: int) -> list[str]:
        """The game's opening (draft rolls...), as when the seed becomes known."""
        mark = len(self.log.entries)
        d = self._dice(dice)
        MODULE.start(self.state, d, self.log)
        self._check_used(d)
        return self.lines(mark)

    def advance(self, *dice: int) -> list[str]:
        """Run automatic steps (e.g. the Mandate roll of a turn set up by the scenario)."""
        mark = len(self.log.entries)
        d = self._dice(dice)
        flow.advance(Table(self.state, d, self.log))
        self._check_used(d)
        return self.lines(mark)

    def act(self, role: str, action: Mapping[str, Any] | str, *dice: int) -> list[str]:
        """Apply one action with exactly these dice; return the new log lines."""
        if isinstance(action, str):
            action = {"do": action}
        mark = len(self.log.entries)
        d = self._dice(dice)
        MODULE.apply(self.state, role, dict(action), d, self.log)
        self._check_used(d)
        return self.lines(mark)

    def refuse(self, role: str, action: Mapping[str, Any] | str, rule: str | None = None,
               match: str | None = None, *dice: int) -> IllegalAction:
        """Assert the action is refused (citing ``rule``) and changes nothing."""
        if isinstance(action, str):
            action = {"do": action}
        before = copy_state(self.state)
        with pytest.raises(IllegalAction) as info:
            MODULE.apply(copy_state(self.state), role, dict(action), self._dice(dice), Log())
        assert self.state == before
        if rule is not None:
            assert info.value.rule == rule, f"refused under {info.value.rule}, not {rule}: " \
                                            f"{info.value.message}"
        if match is not None:
            assert match in info.value.message, info.value.message
        return info.value

    # ------------------------------------------------------------------ reading

    def lines(self, mark: int = 0) -> list[str]:
        return [entry.render() for entry in self.log.entries[mark:]]

    def text(self) -> str:
        return "\n".join(self.lines())

    def prompt(self) -> Prompt:
        prompt = MODULE.prompt(self.state)
        assert prompt is not None, "the game is over"
        return prompt

    def offered(self, verb: str | None = None) -> list[dict[str, Any]]:
        """The offered actions (fixed arguments), optionally of one verb."""
        return [{"do": spec.verb, **spec.fixed} for spec in self.prompt().actions
                if verb is None or spec.verb == verb]

    def step(self) -> dict[str, Any]:
        return self.state["stack"][-1]

    def turn(self) -> dict[str, Any]:
        turn = self.t.turn()
        assert turn is not None
        return turn

    def armies(self, area: str, kid: str) -> int:
        return self.t.armies(area, kid)

    def where(self, cid: str) -> str | None:
        return self.t.where(cid)

    def kingdom_of(self, cid: str) -> str | None:
        return self.state["chars"][cid]["kingdom"]

    def controller(self, area: str) -> str | None:
        return self.t.controller(area)

    def owner(self, kid: str) -> str | None:
        return self.t.owner(kid)

    def status(self, kid: str) -> str:
        return self.state["kingdoms"][kid]["status"]


def home_ground(**changes: Any) -> dict[str, Any]:
    """Every kingdom on its home ground; ``changes`` replace areas (None: empty)."""
    out: dict[str, Any] = {
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao", "xiahou-dun"]},
        "pingyuan": {"armies": {"liu-bei": 10}, "characters": ["liu-bei"]},
        "changsha": {"armies": {"sun-wu": 10}, "characters": ["sun-jian"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao", "wen-chou"]},
        "shouchun": {"armies": {"yuan-shu": 5}, "characters": ["yuan-shu"]},
        "youzhou": {"armies": {"gongsun-zan": 10}, "characters": ["gongsun-zan"]},
        "xiangyang": {"armies": {"liu-biao": 10}, "characters": ["liu-biao"]},
        "liangzhou": {"armies": {"ma-teng": 10}, "characters": ["ma-teng"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]},
    }
    out.update(changes)
    return {k: v for k, v in out.items() if v is not None}
