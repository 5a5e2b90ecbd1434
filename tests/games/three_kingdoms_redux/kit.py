"""A small kit for Three Kingdoms Redux scenario tests: a position, scripted dice, actions.

    game = Game(position(wei={"generals": ["jia-xu"]}))   # starts at bidding, round 1
    game.bid("wei", "develop-farm", "jia-xu")
    game.refuse("wu", {"do": "bid", ...}, rule="bid.turns")
    assert game.st("wei")["gold"] == 3

Cards are held in the open (OpenSecrets), as in scenario games. Every die the rules draw
must be scripted, and every scripted die must be used.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from pbem import gameplay
from pbem.dice import ScriptedDice
from pbem.engine import Log, Prompt, copy_state
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_redux.module import ThreeKingdomsRedux
from pbem.games.three_kingdoms_redux.table import Table
from pbem.hidden import OpenSecrets, known_to

MODULE = ThreeKingdomsRedux()
ROLES = ("wei", "wu", "shu")
# an owner's transcription of a whole box, with changes a player sees (its header says which)
OWNERS_FILE = Path(__file__).parent / "data" / "owner-transcription.yaml"


def position(start: str = "bidding", **extra: Any) -> dict[str, Any]:
    """A scenario starting at ``start`` of round 1 (or ``round``); each state given as a
    keyword (wei=..., wu=..., shu=...) holds only what it says (no hand unless given)."""
    states = {}
    for role in ROLES:
        info = dict(extra.pop(role, {}))
        info.setdefault("generals", [])
        info.setdefault("hand", [])
        states[role] = info
    scenario: dict[str, Any] = {"start": start, "states": states,
                                "criterion": {"control-han-emperor": "combat"}}
    scenario.update(extra)
    return scenario


class Game:
    """A position under test."""

    def __init__(self, scenario: Mapping[str, Any] | None = None,
                 options: Mapping[str, Any] | None = None, *dice: int) -> None:
        self.options = MODULE.options(3, dict(options or {}))
        self.state = gameplay.opening(MODULE, self.options,
                                      dict(scenario) if scenario is not None else None)
        self.log = Log()
        self.start(*dice)

    # ------------------------------------------------------------------ driving

    def _run(self, call: Any, dice: tuple[int, ...]) -> list[str]:
        mark = len(self.log.entries)
        scripted = ScriptedDice(*dice)
        call(scripted, OpenSecrets(self.state, scripted))
        assert not scripted.values, f"scripted dice not used: {scripted.values}"
        return self.lines(mark)

    def start(self, *dice: int) -> list[str]:
        return self._run(lambda d, s: MODULE.start(self.state, d, self.log, s), dice)

    def act(self, role: str, action: Mapping[str, Any] | str, *dice: int) -> list[str]:
        if isinstance(action, str):
            action = {"do": action}
        return self._run(lambda d, s: MODULE.apply(self.state, role, dict(action), d,
                                                   self.log, s), dice)

    def refuse(self, role: str, action: Mapping[str, Any] | str, rule: str | None = None,
               match: str | None = None) -> IllegalAction:
        """Assert the action is refused (citing ``rule``) and changes nothing."""
        if isinstance(action, str):
            action = {"do": action}
        before = copy_state(self.state)
        trial = copy_state(self.state)
        dice = ScriptedDice(*([1] * 50))
        with pytest.raises(IllegalAction) as info:
            MODULE.apply(trial, role, dict(action), dice, Log(), OpenSecrets(trial, dice))
        assert self.state == before
        if rule is not None:
            assert info.value.rule == rule, f"refused under {info.value.rule}, not {rule}: " \
                                            f"{info.value.message}"
        if match is not None:
            assert match in info.value.message, info.value.message
        return info.value

    # shortcuts

    def bid(self, role: str, space: str, general: str, **extra: Any) -> list[str]:
        return self.act(role, {"do": "bid", "space": space, "general": self.ref(role, general),
                               **extra})

    def pass_(self, role: str) -> list[str]:
        return self.act(role, "pass")

    def finish_bidding(self) -> None:
        """Every state still bidding passes, in turn."""
        while self.over() is False and (p := self.prompt()).step == "bidding":
            self.act(p.role, "pass")

    def take(self, role: str, space: str) -> list[str]:
        return self.act(role, {"do": "take", "space": space})

    def decline_rest(self, role: str) -> list[str]:
        return self.act(role, "decline-rest")

    def play_out_actions(self) -> None:
        """Decline every action still to be taken."""
        while self.over() is False and (p := self.prompt()).step == "actions":
            self.act(p.role, "decline-rest")

    def over(self) -> bool:
        return MODULE.prompt(self.state, {}) is None

    # ------------------------------------------------------------------ reading

    def lines(self, mark: int = 0) -> list[str]:
        return [entry.render() for entry in self.log.entries[mark:]]

    def text(self) -> str:
        return "\n".join(self.lines())

    def prompt(self, viewer: str | None = None) -> Prompt:
        bare = MODULE.prompt(self.state, {})
        assert bare is not None, "the game is over"
        prompt = MODULE.prompt(self.state, known_to(self.state, viewer or bare.role))
        assert prompt is not None
        assert (prompt.role, prompt.step, prompt.text) == (bare.role, bare.step, bare.text)
        return prompt

    def offered(self, verb: str | None = None) -> list[dict[str, Any]]:
        return [{"do": spec.verb, **spec.fixed} for spec in self.prompt().actions
                if verb is None or spec.verb == verb]

    def spec(self, verb: str, **fixed: Any) -> Any:
        for spec in self.prompt().actions:
            if spec.verb == verb and all(spec.fixed.get(k) == v for k, v in fixed.items()):
                return spec
        raise AssertionError(f"no offer {verb} {fixed}")

    @property
    def t(self) -> Table:
        return Table(self.state)

    def st(self, role: str) -> dict[str, Any]:
        return self.state["states"][role]

    def ref(self, role: str, card: str) -> str:
        """The reference of a state's general by card id (hidden ones by their handle)."""
        generals = self.st(role)["generals"]
        if card in generals:
            return card
        for ref, entry in generals.items():
            if entry["card"] == card:
                return ref
        for handle, cid in known_to(self.state, role).items():
            if cid == card and handle in generals:
                return handle
        raise AssertionError(f"{role} has no general {card}")

    def general(self, role: str, card: str) -> dict[str, Any]:
        return self.st(role)["generals"][self.ref(role, card)]

    def hand(self, role: str) -> list[str]:
        known = known_to(self.state, role)
        return [known[h] for h in self.st(role)["hand"]]

    def handle(self, role: str, card: str) -> str:
        known = known_to(self.state, role)
        return next(h for h in self.st(role)["hand"] if known[h] == card)

    def view(self, role: str | None) -> dict[str, Any]:
        return MODULE.view(self.state, role, known_to(self.state, role))


def standard_game(criterion_die: int = 1) -> Game:
    """The standard setup with unshuffled decks: the first six generals of each pool are
    drawn (every draw die shows 1)."""
    return Game(None, None, criterion_die, *([1] * 18))


def keep_first(game: Game) -> None:
    """Each state keeps the first cards it drew (setup.L)."""
    for _ in range(3):
        prompt = game.prompt()
        param = prompt.actions[0].params[0]
        game.act(prompt.role, {"do": "keep",
                               "keep": [o.value for o in param.options][:param.minimum]})
