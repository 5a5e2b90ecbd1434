"""A small kit for Card Game scenario tests: a position, scripted dice, actions.

    game = Game(seat1={"lord": "cao-cao", "hand": ["assassin.1"]}, seat2={...})
    game.play("seat1", "assassin.1", target="liu-bei")       # a card, by its card id
    game.pass_all()                                          # every window passes
    game.refuse("seat1", {"do": "attack", ...}, rule="battle.one")

Cards are held in the open (OpenSecrets), as in scenario games: a hand card is named by
its card id and the kit finds its handle. Every die the rules draw must be scripted, and
every scripted die must be used. By default every seat's standing order ``window`` is
``ask``, so tests see every window.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from pbem import gameplay
from pbem.dice import ScriptedDice
from pbem.engine import Log, Prompt, copy_state
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_card_game.module import ThreeKingdomsCardGame
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.hidden import SECRETS_KEY, OpenSecrets, known_to

MODULE = ThreeKingdomsCardGame()


def scenario(players: int = 2, turn: Mapping[str, Any] | None = None,
             deck: list[str] | None = None, ask: bool = True,
             **seats: Mapping[str, Any]) -> dict[str, Any]:
    """A scenario: each seat given as a keyword (seat1=..., seat2=...)."""
    out: dict[str, Any] = {"seats": {}}
    for n in range(1, players + 1):
        role = f"seat{n}"
        info = dict(seats.get(role, {}))
        if ask:
            info.setdefault("orders", {"window": "ask"})
        out["seats"][role] = info
    out["turn"] = dict(turn or {"role": "seat1", "start": "main"})
    if deck:
        out["deck"] = list(deck)
    return out


class Game:
    """A position under test."""

    def __init__(self, players: int = 2, turn: Mapping[str, Any] | None = None,
                 deck: list[str] | None = None, dice: tuple[int, ...] = (), ask: bool = True,
                 data: str | None = None, **seats: Mapping[str, Any]) -> None:
        self.options = MODULE.options(players, {"data": data} if data else {})
        self.state = gameplay.opening(MODULE, self.options,
                                      scenario(players, turn, deck, ask, **seats))
        self.log = Log()
        self._run(lambda d, s: MODULE.start(self.state, d, self.log, s), dice)

    # ------------------------------------------------------------------ driving

    def _run(self, call: Any, dice: tuple[int, ...]) -> list[str]:
        mark = len(self.log.entries)
        scripted = ScriptedDice(*dice)
        call(scripted, OpenSecrets(self.state, scripted))
        assert not scripted.values, f"scripted dice not used: {scripted.values}"
        return [e.render() for e in self.log.entries[mark:]]

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

    # ------------------------------------------------------------------ cards

    def handle(self, role: str, card: str) -> str:
        """The hand entry of ``card`` in ``role``'s hand."""
        cards = self.state[SECRETS_KEY]["cards"]
        for entry in self.state["hands"][role]:
            if entry.startswith("lord:") and entry.removeprefix("lord:") == card:
                return str(entry)
            if self.state["open_hand"].get(entry) == card or \
                    (entry in cards and cards[entry]["card"] == card):
                return str(entry)
        raise AssertionError(f"{card} is not in {role}'s hand")

    def hand(self, role: str) -> list[str]:
        """The cards (ids) in ``role``'s hand."""
        cards = self.state[SECRETS_KEY]["cards"]
        out = []
        for entry in self.state["hands"][role]:
            if entry.startswith("lord:"):
                out.append(entry.removeprefix("lord:"))
            else:
                out.append(self.state["open_hand"].get(entry) or cards[entry]["card"])
        return out

    def play(self, role: str, card: str, *dice: int, verb: str | None = None,
             **args: Any) -> list[str]:
        """Play ``card`` from ``role``'s hand (in her Event Stage, or in a window)."""
        if verb is None:
            step = self.prompt().step
            rec = Table(self.state).record(card)
            kind = type(rec).__name__.lower()
            verb = "play" if step == "window" else f"play-{kind}"
        return self.act(role, {"do": verb, "card": self.handle(role, card), **args}, *dice)

    def pass_all(self, *dice: int) -> list[str]:
        """Every open window passes (dice: those the chain's taking effect draws)."""
        lines: list[str] = []
        scripted = list(dice)
        while (p := self.prompt()) is not None and p.step == "window":
            last = self._last_window()
            lines += self.act(p.role, "pass", *(scripted if last else ()))
            if last:
                scripted = []
        assert not scripted, f"dice not used: {scripted}"
        return lines

    def both(self, answers: Mapping[str, Mapping[str, Any]], *dice: int) -> list[str]:
        """The answers of a sealed question (war cards, bids), given in the order the
        prompt asks for them; ``dice``: those drawn once the last is in."""
        lines: list[str] = []
        pending = dict(answers)
        while pending:
            role = self.prompt().role  # type: ignore[union-attr]
            last = len(pending) == 1
            lines += self.act(role, pending.pop(role), *(dice if last else ()))
        return lines

    def end_main(self, role: str) -> list[str]:
        """``role`` ends her Main Phase, and every window that closes it passes."""
        lines = self.act(role, "end-main")
        while (p := self.prompt()) is not None and p.step == "window":
            lines += self.act(p.role, "pass")
        return lines

    def _last_window(self) -> bool:
        """Whether the window's next pass is its last one (the chain then takes effect)."""
        step = self.state["stack"][-1]
        t = Table(self.state)
        rest = [r for r in step["asked"][step["at"] + 1:]
                if t.hand(r) and (t.order(r, "window") == "ask")]
        return not rest

    # ------------------------------------------------------------------ looking

    def prompt(self) -> Prompt | None:
        return MODULE.prompt(self.state, known_to(self.state, None))

    def prompt_for(self, role: str) -> Prompt | None:
        return MODULE.prompt(self.state, known_to(self.state, role))

    def verbs(self) -> set[str]:
        p = self.prompt()
        return {a.verb for a in p.actions} if p else set()

    def char(self, card: str) -> dict[str, Any]:
        return self.state["characters"][card]  # type: ignore[no-any-return]

    def owner(self, land: str) -> str | None:
        return self.state["lands"][land]["owner"]  # type: ignore[no-any-return]

    def lines(self) -> list[str]:
        return [e.render() for e in self.log.entries]

    def table(self) -> Table:
        return Table(self.state)
