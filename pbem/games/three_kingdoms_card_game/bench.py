"""The benchmark figures of The Three Kingdoms Card Game for scripts/bench.

``cardgame_random_games_per_min``: complete random 4-player games the rules engine
adjudicates per minute on one core (in memory, with its dice and hidden cards; no saves),
from the median time of ``count`` games. Target: at least 60.

``cardgame_person_hops_per_turn``: signed saves that need a person, per player-turn,
median over seeded random 4-player games with the default standing orders and responses
(a defender's war card is drawn by her pbem: responses.py). A question the defaults
answer is answered unattended; one they leave to the player is hers. A save holds
every action its player takes before another player must act, so a save needing a person
begins each time the prompt passes to another player. A pass given ahead of its player's
turn (pbem/passes_ahead.py) is no save, and the passes of one window, given side by side,
count once together; the next save begins with whoever acts after them. A mover's save,
once the game is back with her in her own turn, that holds only her own pick of the war or
bribe she declared and then her Main Phase's end (her characters left as they stand),
she had planned (``pbem apply --then``,
pbem/plans.py): her pbem writes it unattended.
Target: at most 1.5.
"""

from __future__ import annotations

import hashlib
import random
import statistics
from typing import Any

from pbem import gameplay, games, passes_ahead, selfplay
from pbem.dice import ChainDice
from pbem.engine import Action, GameModule, Log, Prompt, copy_state
from pbem.errors import IllegalAction
from pbem.responses import ASK
from pbem.secrets.private_pick import PrivatePick

KIND = "three-kingdoms-card-game"
END_MAIN: Action = {"do": "end-main"}
OWN_PICKS = ("war-card", "bid")
KEEP = "done"


def random_game_ms(count: int = 10, first_seed: int = 1000) -> float:
    """Median milliseconds to adjudicate one random 4-player game."""
    return selfplay.median_game_ms(KIND, 4, count, first_seed)


def cardgame_random_games_per_min(count: int = 10) -> float:
    return 60000.0 / random_game_ms(count)


def person_hops_per_turn(seed: int) -> float:
    """Saves needing a person per player-turn in one random 4-player game."""
    module = games.get(KIND)
    rng = random.Random(seed)
    state = gameplay.opening(module, module.options(4, {}), None)
    dice = ChainDice(hashlib.sha256(f"person hops {seed}".encode()).digest())
    gameplay.start(module, state, dice, Log())
    defaults = module.default_responses({})
    hops, last, queued, passing, asked = 0, None, set(), False, 0
    save: list[Action] = []  # the actions of the save being written
    resumed = False  # it is the mover's, in her own turn, after another player's part
    actor: str | None = None  # who acted last (a pass given ahead included)
    while (prompt := gameplay.prompt(module, state)) is not None:
        if prompt.ahead:
            queued = {prompt.role, *prompt.ahead}
        elif prompt.role not in queued:
            queued = set()
        asked += 1
        pick = PrivatePick(hashlib.sha256(f"person hops {seed} {asked}".encode()).digest())
        unattended = _by_default(module, state, prompt, defaults, pick)
        for action in [unattended] if unattended else selfplay.candidates(prompt, rng):
            backup, mark = copy_state(state), dice.snapshot()
            try:
                gameplay.apply(module, state, prompt.role, action, dice, Log())
            except IllegalAction:
                state, _ = backup, dice.restore(mark)
                continue
            if unattended and prompt.role != last:
                passing, last = False, None  # her pbem's save: nobody is asked
            elif prompt.role in queued and action == passes_ahead.PASS:
                hops += not passing  # the passes of one window are given side by side
                passing, last = True, None  # no save: whoever acts next writes one
            else:
                passing = False
                if prompt.role != last:
                    hops += 1 - (resumed and planned(save))
                    save = []
                    resumed = actor not in (None, prompt.role) \
                        and prompt.role == state["turn"]["role"]
                    last = prompt.role
                save.append(action)
            actor = prompt.role
            break
    hops -= resumed and planned(save)
    return hops / max(1, int(state["turn"]["number"]))


def _by_default(module: GameModule, state: dict[str, Any], prompt: Prompt,
                defaults: dict[str, Any], pick: PrivatePick) -> Action | None:
    """The answer a default standing response gives to ``prompt``, if any."""
    rule = defaults.get(prompt.step)
    if rule is None or rule == ASK:
        return None
    return module.respond(state, prompt, {}, rule, pick)


def planned(save: list[Action]) -> bool:
    """Whether a mover's save, once the game is back with her in her own turn, is what she
    could plan when she handed it over (pbem/plans.py): her own sealed pick of the war or
    the bribe she declared (nothing is learned before it), then the end of her Main
    Phase, with her characters left as they stand."""
    verbs = [action["do"] for action in save]
    if verbs[-1:] == [KEEP]:
        verbs.pop()  # (her characters stay where they are)
    return bool(verbs) and verbs[-1] == END_MAIN["do"] \
        and all(verb in OWN_PICKS for verb in verbs[:-1])


def cardgame_person_hops_per_turn(games_count: int = 20) -> float:
    return statistics.median(person_hops_per_turn(seed) for seed in range(games_count))


if __name__ == "__main__":  # pragma: no cover - a quick look by hand
    print(f"cardgame_random_games_per_min: {cardgame_random_games_per_min():.1f}")
    print(f"cardgame_person_hops_per_turn: {cardgame_person_hops_per_turn():.2f}")
