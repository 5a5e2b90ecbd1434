"""Every verb pbem can offer in an actions file is documented: docs/actions.md (the engine's
own and Dragons & Tigers') or docs/redux-actions.md (Three Kingdoms Redux).

The verbs are collected two ways: every verb written out where a game builds an offer
(``ActionSpec("verb", ...)``, ``button("verb", ...)``), and every verb offered while random
legal players play the games (which also finds verbs a game builds from its data)."""

from __future__ import annotations

import ast
import random
import re

from pbem import engine, gameplay, games, selfplay, steps
from pbem.dice import ChainDice
from pbem.errors import IllegalAction
from tests.conftest import ROOT

GAMES = ("dragons-tigers", "three-kingdoms-redux")
DOCS = ("docs/actions.md", "docs/redux-actions.md", "docs/cardgame-actions.md")
BUILDERS = {"ActionSpec", "button"}


def _written_out() -> set[str]:
    """Verbs given as a literal first argument where the games build their offers."""
    found: set[str] = set()
    for path in (ROOT / "pbem" / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            first = node.args[0]
            if name in BUILDERS and isinstance(first, ast.Constant) \
                    and isinstance(first.value, str):
                found.add(first.value)
    return found


def _offered(kind: str, players: int, seed: int, moves: int) -> set[str]:
    """Verbs offered while a random legal player plays (cards open, dice from a seed)."""
    module = games.get(kind)
    state = gameplay.opening(module, module.options(players), None, sealed=False)
    dice = ChainDice(f"verbs {kind} {seed}".encode())
    gameplay.start(module, state, dice, engine.Log())
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(moves):
        prompt = gameplay.prompt(module, state)
        if prompt is None:
            break
        seen.update(spec.verb for spec in prompt.actions)
        for action in selfplay.candidates(prompt, rng):
            scratch, mark = engine.copy_state(state), dice.snapshot()
            try:
                gameplay.apply(module, scratch, prompt.role, action, dice, engine.Log())
            except IllegalAction:
                dice.restore(mark)
                continue
            state = scratch
            break
        else:
            raise AssertionError(f"{kind}: no offered action was legal at {prompt.text}")
    return seen


def _documented() -> set[str]:
    """Every word written as code (`verb`) in the actions docs."""
    text = "".join((ROOT / doc).read_text(encoding="utf-8") for doc in DOCS)
    return set(re.findall(r"`([a-z][a-z0-9-]*)`", text))


def test_the_collection_finds_verbs_from_both_sources() -> None:
    """The collection itself works: literal verbs and played verbs are both found (a game
    that builds a verb from data, such as Redux's develop actions, is caught in play)."""
    literal = _written_out()
    assert {"bid", "end-turn", "keep", "move"} <= literal
    played = _offered("three-kingdoms-redux", 3, 1, 400)
    assert "bid" in played and played - literal  # some verbs are found only in play
    assert "start" in _documented() and "captor" in _documented()


def test_every_verb_pbem_offers_is_documented() -> None:
    verbs = _written_out() | {steps.START}
    for seed in range(3):
        verbs |= _offered("dragons-tigers", 2 + seed, seed, 1500)
        verbs |= _offered("three-kingdoms-redux", 3, seed, 1500)
        verbs |= _offered("three-kingdoms-card-game", 2 + seed, seed, 1500)
    missing = sorted(verbs - _documented())
    assert not missing, f"verbs offered but not in {' or '.join(DOCS)}: {missing}"
