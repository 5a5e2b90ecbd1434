"""--lang zh for Chronicles of the Three Kingdoms: every engine text of whole random games
(fixed seeds, forces placed face down as new games place them), the orders' forms
included, has its phrase in the Chinese phrase book; names come from the game's data; the
text picture of the position (the table's main pane: Chronicles draws no side panes)
reads in Chinese for every seat, and so do the standing orders and the rules summaries."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from pbem import gameplay, games
from pbem.dice import ChainDice
from pbem.engine import Log, Prompt, copy_state
from pbem.offers import ActionSpec
from pbem.story import dice_lines
from tests.games.random_play import first_legal
from tests.tui.kit import prompt_texts
from tui.engine_text import EngineText, name_pairs, view_names
from tui.layouts import Context, layout_for

KIND = "chronicles-of-the-three-kingdoms"


def new_options(players: int) -> dict[str, Any]:
    module = games.get(KIND)
    return module.options(players, module.new_game_options({}))


def chinese(players: int) -> EngineText:
    """The table's translator for a new game: the names of the data and of the view."""
    module = games.get(KIND)
    options = new_options(players)
    state = gameplay.opening(module, options, None)
    names = {**name_pairs(module.named(options)),
             **view_names(module.board(), gameplay.view(module, state, None))}
    return EngineText(KIND, "zh", names)


def form_texts(prompt: Prompt) -> set[str]:
    """What the orders' form shows beyond the prompt's own texts: each kind of entry of a
    part, its fields and their options, nested parts too."""
    texts: set[str] = set()

    def kind(spec: ActionSpec) -> None:
        texts.add(spec.label)
        for param in spec.params:
            texts.add(param.label)
            texts.update(o.label for o in param.options if isinstance(o.label, str))
            for item in param.items or ():
                kind(item)

    for spec in prompt.actions:
        kind(spec)
    return texts


def whole_game(seed: int, players: int) -> tuple[set[str], list[tuple[dict[str, Any], str]]]:
    """Everything the engine writes in a random legal game played to its end (each prompt
    as its player sees it, the game's own random orders tried first): offers, questions,
    steps, the orders' forms (every third prompt's), log lines, dice purposes, dice lines,
    refusals and why the game ended; and the state now and then, with the seat then
    asked."""
    module = games.get(KIND)
    rng = random.Random(seed)
    state = gameplay.opening(module, new_options(players), None)
    dice = ChainDice(hashlib.sha256(f"zh chronicles {seed}".encode()).digest())
    log = Log()
    gameplay.start(module, state, dice, log)
    texts: set[str] = set()
    positions: list[tuple[dict[str, Any], str]] = []
    asked = 0
    while (prompt := gameplay.prompt(module, state)) is not None:
        texts |= prompt_texts(prompt)
        asked += 1
        if asked % 3 == 0:
            texts |= form_texts(prompt)
        if len(positions) < 30 and rng.random() < 0.05:
            positions.append((copy_state(state), prompt.role))
        state = first_legal(module, state, prompt, rng, dice, log,
                            module.random_actions(state, prompt, rng), refusals=texts)
    assert state.get("result"), "the game ran to its end"
    rolls = [r.record() for r in dice.rolls]
    texts |= {e.text for e in log.entries} | {r.purpose for r in dice.rolls} \
        | set(dice_lines(rolls)) | {state["result"]["why"]}
    return texts, positions


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (5, 5)])
def test_the_phrase_book_covers_whole_chronicles_games(seed: int, players: int) -> None:
    texts, _ = whole_game(seed, players)
    say = chinese(players)
    left = {text: say(text) for text in texts if say.untranslated(say(text))}
    assert len(texts) > 300
    # the game went through battles with forces placed face down, then turned over
    assert any(text.startswith("battle b1: ") for text in texts)
    assert any(text.endswith("face down are turned over") for text in texts)
    assert any(") are shown: " in text for text in texts)
    assert not left, f"{len(left)} engine texts stay English, e.g. {list(left.items())[:5]}"


def test_sentences_read_in_chinese_with_names_and_the_clause_kept() -> None:
    say = chinese(3)
    assert say("Cao Cao places 1 general in Bo Hai (invade), face down (s9.1.face-down)") \
        == "曹操蓋著部署1名武將於勃海（進攻） (s9.1.face-down)"
    assert say("Autumn 196: the last muster is asked of Cao Cao, Sun Ce (s9.0.incremental)") \
        == "196年秋：向曹操、孫策要求最後集結 (s9.0.incremental)"
    assert say("Cao Cao places an espionage action: Guo Jia on Ji Zhou") \
        == "曹操部署諜報行動：郭嘉前往冀州"
    assert say("1 object used last round goes back to the supply") \
        == "上回合用過的1件寶物歸還供應區"
    assert say("Spring 196: the forces placed face down are turned over") \
        == "196年春：蓋著部署的部隊翻開"
    assert say("Cao Cao's forces in Peng Cheng (invade, round 1) are shown: Dian Wei; "
               "4 infantry, 1 cavalry-2 (s10.3.inspect)") \
        == "曹操在彭城的部隊（進攻，第1輪）翻開：典韋；4 步兵、1 二級騎兵 (s10.3.inspect)"
    assert say("Liu Biao's placement in Xiang Yang is dropped: what it sends is not what it "
               "showed (s9.1.face-down)") \
        == "劉表在襄陽的部署作廢：派出的與展示的不符 (s9.1.face-down)"
    assert say("Sun Ce's placement in Wan was never opened: it sends nothing") \
        == "孫策在宛的部署從未開啟：不派出任何部隊"
    assert say("no force of Cao Cao's came to invade Xin Ye: no battle (s9.1.face-down)") \
        == "曹操沒有部隊前來進攻新野：沒有戰役 (s9.1.face-down)"
    assert say("die 3 (d6): Taishi Ci courts the lord of territory 14 (die 1)") \
        == "骰子 3（d6）：太史慈拉攏第14州領主（第1顆骰）"
    assert say("Liu Biao's relations with Sun Ce: 4 -> 3 (battle)") \
        == "劉表與孫策的關係：4 -> 3（戰役）"
    assert say("Cao Cao Influence -1 (failed espionage): 9") == "曹操影響力-1（諜報失敗）：9"
    assert say(" 7 Qing Zhou* [land 3, flood 0]: Bei Hai (Kong Rong, def 3); Ping Yuan "
               "(empty, def 3, 10 units)") \
        == " 7 青州*［開發值3，治水值0］：北海（孔融，城防3）；平原（無人，城防3，10個部隊）"


def test_the_text_picture_reads_in_chinese_for_every_seat() -> None:
    """Chronicles draws no side panes: the table's main pane is the game's own text
    picture of the position, each line through the phrase book, as each seat sees it."""
    module = games.get(KIND)
    _, positions = whole_game(7, 4)
    say = chinese(4)
    assert len(positions) > 5
    lines = 0
    for state, asked in positions:
        view = gameplay.view(module, state, asked)
        assert module.panes(view) == []
        layout = layout_for(module.board() or {}, view, module.panes(view))
        assert layout.kind == "text" and layout.main is not None
        for role in (asked, None):
            context = Context(view, "zh", 60, {}, describe=lambda role=role, state=state:
                              gameplay.describe(module, state, role), say=say)
            picture = layout.main(context).plain
            assert "年" in picture and "影響力" in picture
            for line in picture.split("\n"):
                lines += 1
                assert not say.untranslated(line), (role, line)
    assert lines > 300


def test_standing_orders_and_rules_summaries_read_in_chinese() -> None:
    """What each standing order decides (the Standing orders dialog, its rule kept), the
    rules summaries of the Rules pane, word for word, and the log line of orders changed."""
    module = games.get(KIND)
    say = chinese(3)
    orders = module.standing_orders()
    assert orders
    for _, _, help_text in orders.values():
        shown = say(help_text)
        assert not say.untranslated(shown) and shown != help_text, help_text
    assert say(orders["collapse"][2]) == "經濟崩潰時先解散哪些部隊 (s5.4.collapse)"
    summaries = [module.rules_help(rule) for rule in ("season", "muster", "s4.0.simultaneous",
                                                      "s9.0.incremental")]
    assert all(summaries)
    for text in summaries:
        assert not say.untranslated(say.whole(text)) and say.whole(text) != text, text
    assert say.whole(summaries[1]).startswith("集結（9.0）：")
    state = gameplay.opening(module, new_options(3), None)
    dice, log = ChainDice(b"\0" * 32), Log()
    gameplay.start(module, state, dice, log)
    prompt = gameplay.prompt(module, state)
    assert prompt is not None
    gameplay.apply(module, state, prompt.role, {"do": "orders", "set": {
        "envoys": "accept", "collapse": "infantry-first"}}, dice, log)
    assert say(log.entries[-1].text) == "曹操更改常備命令：使者：接受、經濟崩潰：步兵先"


def test_the_battles_of_the_round_read_in_chinese() -> None:
    """The table's list of the round's battles: each placement by its shape while face
    down, by what it sent once turned over."""
    say = chinese(3)
    assert say("Battles this round:") == "本輪戰役："
    assert say("  Lang Ya (Liu Bei): Sun Ce invades") == "  琅邪（劉備）：孫策進攻"
    assert say("    Sun Ce (invade): 1 general, face down") == "    孫策（進攻）：1名武將，蓋著"
    assert say("    Cao Cao (help for Liu Bei): 2 generals, face down") \
        == "    曹操（援助劉備）：2名武將，蓋著"
    assert say("    Liu Bei (defend): no general; no units") == "    劉備（防守）：無武將；無部隊"
    assert say("    Sun Ce (invade): 1 general, face down; you sent Zhou Yu; 2 infantry, "
               "1 naval-1") == "    孫策（進攻）：1名武將，蓋著；你派出周瑜；2 步兵、1 一級水軍"


def test_a_lapsed_order_reads_in_chinese() -> None:
    """The claim that lets a missing order lapse, and the opening its seat still owes."""
    say = chinese(3)
    assert say("Sun Ce did not answer by the deadline: the answer lapses, and the game's "
               "default stands for it (the seat stays at the table)") \
        == "孫策未在期限前作答：該答覆失效，由遊戲的預設代之（席位仍在）"
    assert say("By default for the lapsed answer of Sun Ce: season orders (nothing placed) "
               "(s4.0.simultaneous)") \
        == "孫策的答覆已失效，採用預設：季節命令（未作任何部署） (s4.0.simultaneous)"
    assert say("Sun Ce's choices sealed inside earlier answers are opened") \
        == "孫策先前答覆中封存的選擇已開啟"
    assert say("By default for the absent Sun Ce: nothing opened") \
        == "缺席的孫策採用預設：未開啟任何內容"
