"""A random-legal player: plays any game module by choosing among the offered actions.

Used by ``pbem selfplay``, the many-games test and the benchmark. It knows no rules: it
picks an offered action at random, fills its parameters from their domains and lets the
engine refuse what is illegal, falling back to each offer's default arguments.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pbem import chain, gameplay, identity, session, witness_answers
from pbem.engine import Action, ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey

RANDOM_TRIES = 12


def fill(spec: ActionSpec, rng: random.Random) -> Action:
    """An action from ``spec`` with random parameter values within their domains."""
    action: Action = {"do": spec.verb, **spec.fixed}
    for param in spec.params:
        if param.kind == "int":
            action[param.name] = rng.randint(param.minimum, param.maximum)
        elif param.kind == "choice":
            action[param.name] = rng.choice(param.options).value
        elif param.kind == "choices":
            most = len(param.options)
            count = rng.randint(min(max(1, param.minimum), most), min(max(1, param.maximum), most))
            action[param.name] = [o.value for o in rng.sample(param.options, count)]
    return action


def candidates(prompt: Prompt, rng: random.Random,
               suggested: list[Action] | None = None) -> list[Action]:
    """Actions to try in order: the game's suggestions, random fills, then every offer's
    defaults."""
    tries = list(suggested or [])
    tries += [fill(rng.choice(prompt.actions), rng) for _ in range(RANDOM_TRIES)]
    defaults = [spec.complete() for spec in prompt.actions]
    rng.shuffle(defaults)
    return tries + defaults


@dataclass
class Result:
    """One finished game: its saves (the whole chain) and the number of actions."""

    saves: list[SaveFile]
    actions: int
    outcome: dict[str, Any] | None
    rolls: int = 0
    hand_overs: int = 0
    notes: list[str] = field(default_factory=list)


def play(kind: str, players: int, seed: int, options: dict[str, Any] | None = None,
         check: Callable[[dict[str, Any]], None] | None = None,
         max_actions: int = 20000, keys: list[PrivateKey] | None = None,
         game_id: str | None = None, dice: str = "open",
         salts: list[str] | None = None, deadline: dict[str, str] | None = None,
         interject: Callable[[SaveFile, dict[str, identity.LocalIdentity]],
                             SaveFile | None] | None = None,
         until: Callable[[SaveFile], bool] | None = None) -> Result:
    """Play one game between random players, every save signed and chained.

    ``check`` is called with the state after every action (for invariants);
    ``interject`` may write the next save instead of the player due (a claim), given the
    latest save and every player's identity by key; ``until`` stops the game early, after
    the first save it holds true for (a long game's first rounds).
    """
    rng = random.Random(seed)
    keys = keys or [PrivateKey.generate() for _ in range(players)]
    locals_ = [identity.LocalIdentity(f"player-{i + 1}", key) for i, key in enumerate(keys)]
    by_key = {loc.key.public.line: loc for loc in locals_}
    game_id = game_id or hashlib.sha256(f"selfplay {kind} {seed}".encode()).hexdigest()[:32]
    salts = salts or [None] * players  # type: ignore[list-item]
    saves = [session.new_game(kind, locals_[0], [loc.identity for loc in locals_[1:]],
                              options, None, dice=dice, game_id=game_id, salt=salts[0],
                              deadline=deadline)]
    for local, salt in zip(locals_[1:], salts[1:], strict=True):
        saves.append(session.join(saves[-1], local, salt))
    actions = 0
    rolls = 0
    while saves[-1].due is not None and not (until is not None and until(saves[-1])):
        prev = saves[-1]
        assert prev.due is not None
        if interject is not None and (made := interject(prev, by_key)) is not None:
            saves.append(made)
            continue
        writer = by_key[prev.player(prev.due["role"])["key"]]
        if prev.due["step"] == chain.WITNESS:
            saves.append(session.witness(prev, writer))
            rolls += sum(len(a.get("dice", [])) for a in saves[-1].actions)
            continue
        if prev.due["step"] in (chain.SHUFFLE, chain.AUDIT, chain.SHARE):
            saves.append(session.machine(prev, writer))
            continue
        if prev.due["step"] == chain.UNSEAL:
            saves.append(session.unseal(prev, writer))
            continue
        answers = None
        if prev.due["step"] == chain.ANSWERS:
            answers = {}
            for role in witness_answers.witnesses_of(prev):
                answers[role] = witness_answers.make(
                    prev, by_key[prev.player(role)["key"]], role)
        composer = session.Composer(prev, writer, answers)
        if check is not None:
            check(composer.state)
        while composer.my_move():
            prompt = composer.prompt()
            assert prompt is not None
            suggested = random_suggestions(composer, prompt, rng)
            for action in candidates(prompt, rng, suggested):
                try:
                    composer.act(action)
                    break
                except IllegalAction:
                    continue
            else:
                raise RuntimeError(f"no offered action was accepted at {prompt.step}: "
                                   f"{prompt.text}")
            actions += 1
            if check is not None:
                check(composer.state)
            if actions > max_actions:
                raise RuntimeError("the game did not end")
        rolls += len(composer.dice.rolls)
        saves.append(composer.finish())
    module_outcome = saves[-1].state.get("result")
    hand_overs = sum(1 for s in saves[players:] if s.actions and s.pending is None
                     and s.actions[0]["do"] not in chain.MACHINE_STEPS)
    return Result(saves, actions, module_outcome, rolls, hand_overs)


FIXED_STAMP = "2026-01-01T12:00:00Z"  # every save's time in a fixed game


def fixed_keys(kind: str, players: int, seed: int) -> list[PrivateKey]:
    """The players' keys of :func:`play_fixed`'s game."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return [PrivateKey(Ed25519PrivateKey.from_private_bytes(
        hashlib.sha256(f"fixed {kind} {seed} key {i}".encode()).digest()))
        for i in range(players)]


def play_fixed(kind: str, players: int, seed: int, **options: Any) -> Result:
    """:func:`play` with keys, salts and save times made from ``seed``: the same game on
    every run (for figures that must not change unless the code does)."""
    from unittest import mock

    from pbem import saving

    keys = fixed_keys(kind, players, seed)
    salts = [hashlib.sha256(f"fixed {kind} {seed} salt {i}".encode()).hexdigest()[:32]
             for i in range(players)]
    with mock.patch.object(saving, "now_utc", lambda: FIXED_STAMP):  # stamps enter the dice
        return play(kind, players, seed, keys=keys, salts=salts, **options)


def random_suggestions(composer: Any, prompt: Prompt, rng: random.Random) -> list[Action]:
    """The game's random actions for the seat composing; a game that reads the seat's own
    hidden cards for them at some steps (``random_reads_hand``: those steps) gets what her
    key reads."""
    module = composer.module
    if prompt.step in getattr(module, "random_reads_hand", ()):
        return list(module.random_actions(composer.state, prompt, rng,
                                          known=composer.known()))
    return list(module.random_actions(composer.state, prompt, rng))


def verify(result: Result) -> chain.Verdict:
    """Re-check the whole chain of a self-played game from its first save."""
    return chain.verify(result.saves[-1], result.saves[:-1])


def adjudicate(kind: str, players: int, seed: int,
               options: dict[str, Any] | None = None) -> tuple[dict[str, Any], int]:
    """Adjudicate one random game in memory, without saves: the rules engine alone.

    Dice come from a chain-dice key derived from ``seed``; a refused action is undone
    from a copy. Returns the final state and the number of actions.
    """
    from pbem import games
    from pbem.dice import ChainDice
    from pbem.engine import Log, copy_state

    rng = random.Random(seed)
    module = games.get(kind)
    state = gameplay.opening(
        module, module.options(players, module.new_game_options(options or {})), None)
    dice = ChainDice(hashlib.sha256(f"adjudicate {seed}".encode()).digest())
    log = Log()
    gameplay.start(module, state, dice, log)
    actions = 0
    while (prompt := gameplay.prompt(module, state)) is not None:
        for action in candidates(prompt, rng, module.random_actions(state, prompt, rng)):
            backup = copy_state(state)
            mark = dice.snapshot()
            try:
                gameplay.apply(module, state, prompt.role, action, dice, log)
                break
            except IllegalAction:
                state = backup
                dice.restore(mark)
        else:
            raise RuntimeError(f"no offered action was accepted at {prompt.step}")
        actions += 1
    return state, actions


def median_game_ms(kind: str, players: int, count: int = 10, first_seed: int = 1000) -> float:
    """Median milliseconds the rules engine takes to adjudicate one random game in memory
    (a warm-up game first: data loaded, caches filled)."""
    import statistics
    import time

    adjudicate(kind, players, first_seed - 1)
    times = []
    for seed in range(first_seed, first_seed + count):
        start = time.perf_counter()
        adjudicate(kind, players, seed)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
