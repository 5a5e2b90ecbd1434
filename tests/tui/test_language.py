"""--lang zh and the l key: the whole table in Chinese, the engine's words included."""

from __future__ import annotations

import asyncio
import hashlib
import random
import re
from pathlib import Path
from typing import Any

import pytest

from pbem import games
from pbem.dice import ChainDice
from pbem.engine import Log, copy_state
from pbem.errors import IllegalAction
from pbem.selfplay import candidates
from tests import fixed_games
from tests.tui.kit import (
    choose,
    log_text,
    offer,
    prompt_texts,
    region_text,
    screen_text,
    settle,
    start_table_turn,
    steady_screen,
    table_game,
)
from tui.dialogs import ConfirmScreen
from tui.engine_text import EngineText, name_pairs
from tui.launch import make_app
from tui.paramdialog import ParamScreen

LATIN = re.compile(r"[A-Za-z]{3,}")
# what may stay in Latin letters: the players' names, commands, keys (rule numbers and file
# names are taken out before)
ALLOWED = {"cao", "liu", "pbem", "play", "review", "Enter", "Space", "Home", "End", "PgUp",
           "PgDn", "Tab", "Ctrl", "Escape"}


def english_words(text: str) -> set[str]:
    """Latin words left in ``text`` that are not names of keys, files or commands."""
    cleaned = re.sub(r"\(\d+(?:\.\d+)*(?:\([A-Z0-9]+\))?\)", "", text)  # rule numbers
    cleaned = re.sub(r"[\w.-]+\.pbem\.yaml|\bd\d+\b", "", cleaned)
    return {w for w in LATIN.findall(cleaned) if w not in ALLOWED}


def test_lang_zh_translates_the_whole_table(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players), lang="zh")
    seen: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 36)) as pilot:
            await start_table_turn(pilot)
            await choose(pilot, "negotiate", 6, character="cao-cao", target="gongsun-zan")
            await choose(pilot, "end-diplomacy")
            seen["table"] = screen_text(app)
            seen["footer"] = region_text(app, app.query_one("Footer"))
            seen["actions"] = region_text(app, app.query_one("#compose"))
            seen["log"] = log_text(app)
            await pilot.press(*offer(app, "levy", area="yanzhou"))
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            await pilot.press("end", "backspace", "backspace", "enter")
            await settle(pilot)
            seen["dialog"] = region_text(app, app.screen.query_one(".box"))
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("f")                       # mid-turn: not yet, and why
            await settle(pilot)
            seen["not yet"] = log_text(app).splitlines()[-1]
            await choose(pilot, "end-levy")
            await choose(pilot, "end-movement")
            await choose(pilot, "end-turn", 3, 2)        # White Tiger is next: finish
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            seen["finish"] = region_text(app, app.screen.query_one(".box"))
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            seen["help"] = region_text(app, app.screen.query_one(".box"))

    asyncio.run(run())
    assert "結束手番" not in seen["footer"] and "說明" in seen["footer"]
    assert "徵兵" in seen["actions"] and "在兗州徵兵" in seen["actions"]
    assert "曹操（外交2）擲出6" in seen["log"]
    assert "請輸入 1 到" in seen["dialog"] and "執行" in seen["dialog"]
    assert "簽署並寫入" in seen["finish"]
    assert seen["not yet"].startswith("尚未："), seen["not yet"]
    for part, text in seen.items():
        if part == "table":
            continue
        assert not english_words(text), (part, english_words(text), text)


def test_the_l_key_switches_and_back(tmp_path: Path, players: Any) -> None:
    app = make_app(table_game(tmp_path, players))
    seen: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await start_table_turn(pilot)
            seen.append(await steady_screen(pilot))
            await pilot.press("l")
            seen.append(await steady_screen(pilot))
            await pilot.press("l")
            seen.append(await steady_screen(pilot))

    asyncio.run(run())
    english, chinese, again = seen
    assert "negotiate, or end diplomacy" in english and "Help" in english
    assert "交涉，或結束外交" in chinese and "說明" in chinese and "diplomacy" not in chinese
    assert again == english


def engine_texts(players: int, seed: int) -> tuple[set[str], dict[str, str]]:
    """Everything the engine writes in a random legal game: offers, questions, steps, log
    lines, dice, refusals; and the names its views give."""
    module = games.get("dragons-tigers")
    rng = random.Random(seed)
    state = module.setup(module.options(players, {}), None)
    dice = ChainDice(hashlib.sha256(f"zh {players} {seed}".encode()).digest())
    log = Log()
    module.start(state, dice, log)
    texts: set[str] = set()
    view = module.view(state, None)
    names = name_pairs([*module.board()["areas"], *view["kingdoms"], *view["characters"],
                        *view["players"], *view["mandate"]["spaces"]])
    while (prompt := module.prompt(state)) is not None:
        texts |= prompt_texts(prompt)
        for action in candidates(prompt, rng):
            backup, mark = copy_state(state), dice.snapshot()
            try:
                module.apply(state, prompt.role, action, dice, log)
                break
            except IllegalAction as exc:
                texts.add(exc.message)
                state = backup
                dice.restore(mark)
    texts |= {e.text for e in log.entries} | {r.purpose for r in dice.rolls}
    return texts, names


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_phrase_book_covers_whole_games(players: int, seed: int) -> None:
    texts, names = engine_texts(players, seed)
    say = EngineText("dragons-tigers", "zh", names)
    left = {text: say(text) for text in texts if say.untranslated(say(text))}
    assert len(texts) > 300
    assert not left, f"{len(left)} engine texts stay English, e.g. {list(left.items())[:5]}"


def test_the_phrase_book_covers_a_sealed_draft() -> None:
    """Between homes the draft's rankings are sealed until all are given: every line the
    engine writes for that exchange (sealing, the last answer, the openings, the rankings
    carried out, a refused ranking giving way to the default) and every question it puts
    is said in Chinese."""
    result = fixed_games.play("dragons-tigers", 3, 3, dice="open")  # the same on every run
    module = games.get("dragons-tigers")
    view = module.view(result.saves[-1].state, None)
    names = name_pairs([*module.board()["areas"], *view["kingdoms"], *view["characters"],
                        *view["players"], *view["mandate"]["spaces"]])
    say = EngineText("dragons-tigers", "zh", names)
    played = result.saves[3:]  # after the joins and the start (players named by name)
    texts = {line for save in played for line in save.doc["log"]}
    texts |= {save.due["text"] for save in played if save.due}
    texts |= {f"{module.role_label('blue')}'s answer cannot be carried out (a Traitorous "
              f"kingdom can never be a player's kingdom): the default stands in for it",
              f"By default for {module.role_label('blue')}"}
    assert any("seals an answer" in text for text in texts)
    assert any("sealed: nobody sees it" in text for text in texts)
    left = {text: say(text) for text in texts if say.untranslated(say(text))}
    assert not left, f"{len(left)} engine texts stay English, e.g. {list(left.items())[:5]}"


def test_a_capture_whose_captor_was_chosen_is_said_in_chinese() -> None:
    """When a player chooses which of their kingdoms takes a captured retainer, the line
    names the captor first; each of its three endings reads in Chinese."""
    say = EngineText("dragons-tigers", "zh", {"Chen Gong": "陳宮", "Liu Bei": "劉備"})
    head = "  » Chen Gong 陳宮, taken by Liu Bei 劉備; "
    assert say(head + "submission roll 6 > loyalty 5: joins Liu Bei 劉備 (5.7(C))") == \
        "  » 陳宮為劉備所俘；降服擲骰6＞忠誠5：投效劉備 (5.7(C))"
    for ending in ("submission roll 2 <= loyalty 5: beheaded",
                   "he never submits and is beheaded"):
        assert not say.untranslated(say(head + ending + " (5.7(C))")), say(head + ending)


def test_english_passes_through() -> None:
    say = EngineText("dragons-tigers", "en", {"Cao Cao": "曹操"})
    assert say("Cao Cao 曹操 levies 3 armies in Yanzhou 兗州 (4.4(D))") == \
        "Cao Cao 曹操 levies 3 armies in Yanzhou 兗州 (4.4(D))"


def test_a_sentence_keeps_its_rule_and_indent() -> None:
    say = EngineText("dragons-tigers", "zh", {"Cao Cao": "曹操", "Yanzhou": "兗州"})
    assert say("  Cao Cao 曹操 levies 3 armies in Yanzhou 兗州 (4.4(D))") == \
        "  曹操在兗州徵兵3支 (4.4(D))"


def test_a_key_result_and_a_standing_order_are_read_whole() -> None:
    """The mark of a key result and the frame of a standing order come before any other
    sentence, so that what they wrap is read as a sentence of its own."""
    say = EngineText("dragons-tigers", "zh", {"Liu Zhang": "劉璋", "Liu Yan": "劉焉",
                                              "White Tiger": "白虎", "Qingzhou": "青州",
                                              "Lü Bu": "呂布"})
    assert say("White Tiger's standing order draft: rank — makes Liu Zhang 劉璋 (Liu Yan), "
               "the highest ranked, the main kingdom; the others are allied kingdoms (3.2)") \
        == "白虎的常備命令「選擇勢力：排序」——以排名最高的劉璋（劉焉）為主勢力，" \
           "其餘為同盟勢力 (3.2)"
    assert say("  » Qingzhou 青州 passes to Lü Bu 呂布 (Traitorous) (6)") == \
        "  » 青州歸於呂布（逆賊） (6)"
    assert say("Qingzhou 青州 passes to Lü Bu 呂布 (Traitorous)") == "青州歸於呂布（逆賊）"
