"""--lang zh for The Three Kingdoms Card Game: every engine text of whole random games
(fixed seeds, three to six players) has its phrase in the Chinese phrase book, names come
from the game's data (the seats from the book), and the table's panes read in Chinese."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import Any

import pytest

from pbem import gameplay, games
from pbem.dice import ChainDice
from pbem.engine import Log, copy_state
from pbem.errors import IllegalAction
from pbem.selfplay import candidates
from pbem.story import dice_lines
from tests.tui.kit import prompt_texts
from tui.engine_text import EngineText, name_pairs, view_names

KIND = "three-kingdoms-card-game"


def chinese(options: Mapping[str, Any]) -> EngineText:
    """The table's translator for a new game: the names of the data and of the view."""
    module = games.get(KIND)
    state = gameplay.opening(module, module.options(int(options["players"]), {}), None)
    names = {**name_pairs(module.named(options)),
             **view_names(None, gameplay.view(module, state, None))}
    return EngineText(KIND, "zh", names)


def whole_game(seed: int, players: int) -> tuple[set[str], list[dict[str, Any]]]:
    """Everything the engine writes in a random legal game (hidden cards wired in, each
    prompt as its player sees it): offers, questions, steps, log lines, dice purposes and
    refusals; and the views of every seat at the end."""
    module = games.get(KIND)
    rng = random.Random(seed)
    state = gameplay.opening(module, module.options(players, {}), None)
    dice = ChainDice(hashlib.sha256(f"zh card game {seed}".encode()).digest())
    log = Log()
    gameplay.start(module, state, dice, log)
    texts: set[str] = set()
    views: list[dict[str, Any]] = []
    while (prompt := gameplay.prompt(module, state)) is not None:
        texts |= prompt_texts(prompt)
        if len(views) < 40 and rng.random() < 0.05:
            views.append(gameplay.view(module, state, prompt.role))
        for action in candidates(prompt, rng):
            backup, mark = copy_state(state), dice.snapshot()
            try:
                gameplay.apply(module, state, prompt.role, action, dice, log)
                break
            except IllegalAction as exc:
                texts.add(exc.message)
                state = backup
                dice.restore(mark)
        else:
            raise AssertionError(f"no offer was taken at {prompt.step}")
    assert state.get("result"), "the game ran to its end"
    rolls = [r.record() for r in dice.rolls]
    texts |= {e.text for e in log.entries} | {r.purpose for r in dice.rolls} \
        | set(dice_lines(rolls))
    return texts, views


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 6)])
def test_the_phrase_book_covers_whole_card_games(seed: int, players: int) -> None:
    texts, _ = whole_game(seed, players)
    say = chinese({"players": players})
    left = {text: say(text) for text in texts if say.untranslated(say(text))}
    assert len(texts) > 300
    assert not left, f"{len(left)} engine texts stay English, e.g. {list(left.items())[:5]}"


def test_seats_cards_and_lands_read_in_chinese_with_the_clause_kept() -> None:
    say = chinese({"players": 3})
    assert say("Seat 1 sends Guan Yu against Jingzhou: war with Seat 2 (battle.war.pick)") \
        == "座一派關羽進攻荊州：與座二開戰 (battle.war.pick)"
    assert say("Seat 3 plays Fire Attack at Seat 1") == "座三對座一打出火攻"
    assert say("main") == "主要階段"


def test_the_panes_read_in_chinese_but_for_the_cards_own_texts() -> None:
    module = games.get(KIND)
    _, views = whole_game(3, 4)
    say = chinese({"players": 4})
    assert views
    for view in views:
        texts = {c.get("text") for c in [*view["hand"], *view["characters"]]}
        for title, pane in module.panes(view):
            for line in pane.split("\n"):
                if line.strip() in texts:
                    continue  # what a card does, in the data's own words
                assert not say.untranslated(say(line)), (title, line, say(line))
