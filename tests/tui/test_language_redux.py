"""--lang zh for Three Kingdoms Redux: every engine text of whole 3-player games has its
phrase in the Chinese phrase book, and names come from the game's own data."""

from __future__ import annotations

import hashlib
import random

import pytest

from pbem import gameplay, games
from pbem.dice import ChainDice
from pbem.engine import Log
from pbem.story import dice_lines
from tests.games.random_play import first_legal
from tests.tui.kit import prompt_texts
from tui.engine_text import EngineText, view_names

KIND = "three-kingdoms-redux"


def opening_names() -> dict[str, str]:
    """The names the table has when it opens a new game: what the board and view give."""
    module = games.get(KIND)
    state = gameplay.opening(module, module.options(3, {}), None)
    return view_names(module.board(), module.view(state, None))


def engine_texts(seed: int) -> set[str]:
    """Everything the engine writes in a random legal 3-player game (hidden cards wired
    in): offers, questions, steps, log lines, dice purposes and refusals."""
    module = games.get(KIND)
    rng = random.Random(seed)
    state = gameplay.opening(module, module.options(3, {}), None)
    dice = ChainDice(hashlib.sha256(f"zh redux {seed}".encode()).digest())
    log = Log()
    gameplay.start(module, state, dice, log)
    texts: set[str] = set()
    while (prompt := gameplay.prompt(module, state)) is not None:
        texts |= prompt_texts(prompt)
        state = first_legal(module, state, prompt, rng, dice, log, refusals=texts)
    assert state.get("result"), "the game ran to its end"
    rolls = [r.record() for r in dice.rolls]
    return (texts | {e.text for e in log.entries} | {r.purpose for r in dice.rolls}
            | set(dice_lines(rolls)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_phrase_book_covers_whole_redux_games(seed: int) -> None:
    texts = engine_texts(seed)
    say = EngineText(KIND, "zh", opening_names())
    left = {text: say(text) for text in texts if say.untranslated(say(text))}
    assert len(texts) > 300
    assert not left, f"{len(left)} engine texts stay English, e.g. {list(left.items())[:5]}"


def test_a_bid_reads_in_chinese_with_its_clause_kept() -> None:
    say = EngineText(KIND, "zh", opening_names())
    assert say("Wu places Jiang Qin on Trade rice and/or weapons: administration 2 +1 "
               "popular support = 3 (bid.criterion)") == \
        "吳派蔣欽競標買賣糧食及兵器：政治2 +1民心 = 3 (bid.criterion)"
    assert say("  Battle (Shu – Wu border): Wu wins with 4 (bid.highest)") == \
        "  蜀吳邊境之戰：吳以4得標 (bid.highest)"


def test_generals_still_hidden_are_named_from_the_data_set() -> None:
    """A general nobody has shown yet is in no state's board, but the log will name him."""
    module = games.get(KIND)
    state = gameplay.opening(module, module.options(3, {}), None)
    public = module.view(state, None)
    shown = {g.get("name") for s in public["states"].values() for g in s["generals"]}
    assert "Cheng Yu" not in shown
    say = EngineText(KIND, "zh", opening_names())
    assert say("Wei shows Cheng Yu (bid.turns)") == "魏翻開程昱 (bid.turns)"
