"""--lang zh for The Three Kingdoms Card Game: every engine text of whole random games
(fixed seeds, three to six players) has its phrase in the Chinese phrase book, names come
from the game's data (the seats from the book), and the table's panes read in Chinese:
what every card of the data does (its text, or the plain words of its effects) and the
rules summaries of the Rules pane too."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import random
from collections.abc import Mapping
from typing import Any

import pytest

from pbem import gameplay, games
from pbem.dice import ChainDice
from pbem.engine import Log
from pbem.games.three_kingdoms_card_game import dataset, summaries, vocabulary
from pbem.games.three_kingdoms_card_game.records import Artifact, Character, Event
from pbem.games.three_kingdoms_card_game.view import card_text
from pbem.story import dice_lines
from tests.games.random_play import first_legal
from tests.tui.kit import prompt_texts
from tui.engine_text import EngineText, name_pairs, view_names
from tui.layouts import Context, layout_for
from tui.painting import rule_summaries

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
        state = first_legal(module, state, prompt, rng, dice, log, refusals=texts)
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


def test_the_panes_read_in_chinese_the_cards_own_texts_too() -> None:
    module = games.get(KIND)
    _, views = whole_game(3, 4)
    say = chinese({"players": 4})
    assert views
    texts = 0
    for view in views:
        texts += sum(1 for c in view["hand"] if c.get("text"))
        for title, pane in module.panes(view):
            for line in pane.split("\n"):
                assert not say.untranslated(say(line)), (title, line, say(line))
    assert texts, "the hands held cards that say what they do"


def _without_text(rec: Any) -> Any:
    """The card as a data set without texts would give it: its effects in plain words."""
    if isinstance(rec, Event):
        return dataclasses.replace(rec, text="")
    return dataclasses.replace(rec, ability=dataclasses.replace(rec.ability, text=""))


def test_what_every_card_does_reads_in_chinese() -> None:
    """Every event, every character's ability and every artifact of the built-in data: its
    text, and the plain words of its effects (what a card without a text shows), alone as
    in the Hand pane and in the text picture's hand line."""
    say = chinese({"players": 3})
    cards = [r for r in dataset.get(None).records()
             if isinstance(r, Event) or getattr(r, "ability", None) is not None]
    assert {type(r) for r in cards} == {Event, Character, Artifact}
    left: dict[str, str] = {}
    for rec in cards:
        for text in (card_text(rec), card_text(_without_text(rec))):
            assert text, rec.id
            for line in (f"   {text}", f"  {rec.name}* (event, instant) - {text}"):
                if say.untranslated(say(line)) or say(line) == line:
                    left[line] = say(line)
    assert not left, f"{len(left)} card texts stay English, e.g. {list(left.items())[:3]}"


def _domain() -> dict[str, list[Any]]:
    """Every value each parameter of the effect vocabulary may take."""
    subsets = [list(c) for n in range(len(vocabulary.ENDINGS) + 1)
               for c in itertools.combinations(vocabulary.ENDINGS, n)]
    against = [list(c) for n in range(1, len(vocabulary.COUNTERABLE) + 1)
               for c in itertools.combinations(vocabulary.COUNTERABLE, n)]
    return {"whose": list(vocabulary.WHOSE), "where": list(vocabulary.WHERE),
            "lords": [True, False], "fighter": ["self", "chosen"], "count": [1, 2, 3],
            "amount": [1, 2, 3], "player": list(vocabulary.PLAYERS),
            "stat": list(vocabulary.STATS), "when": list(vocabulary.WHEN),
            "to": ["self", "others"], "ends_when": subsets, "against": against}


def test_every_effect_the_vocabulary_can_say_reads_in_chinese() -> None:
    """Data of one's own may leave a card's text out: every well-formed effect, in every
    place it may stand, and two joined as a card joins them, reads in Chinese."""
    say = chinese({"players": 3})
    domain = _domain()
    texts: set[str] = set()
    for kind in vocabulary.KINDS:
        params = vocabulary.parameters(kind)
        for values in itertools.product(*(domain[p] for p in params)):
            effect = {"kind": kind, **dict(zip(params, values, strict=True))}
            texts |= {vocabulary.describe(effect) for place in vocabulary.PLACES
                      if vocabulary.check(effect, place) is None}
    assert len(texts) > 100
    texts |= {f"{a}; {b}" for a, b in zip(sorted(texts), sorted(texts)[1:], strict=False)}
    left = {t: say(t) for t in texts if say.untranslated(say(t))}
    assert not left, f"{len(left)} effects stay English, e.g. {list(left.items())[:3]}"
    assert say("kill another player's character on a land (not a lord); draw 2 cards") \
        == "殺死其他玩家的一個人物（位於土地上，非主公）；抽2張牌"


def test_every_rules_summary_reads_in_chinese_whole() -> None:
    say = chinese({"players": 3})
    left = {rule: say.whole(text) for rule, text in summaries.SUMMARIES.items()
            if say.untranslated(say.whole(text)) or say.whole(text) == text}
    assert not left, f"{len(left)} summaries stay English, e.g. {list(left.items())[:3]}"
    odd = "A paragraph the book does not know: Cao Cao and Guan Yu fight a duel."
    assert say.whole(odd) == odd  # never cut up by the sentences made for short lines


def test_the_hand_pane_text_picture_and_rules_pane_show_card_texts_in_chinese() -> None:
    """As the table draws them in Chinese: the Hand tab and the text picture of each seat
    of a new six-player game, and the Rules pane of a war (the step and the rule)."""
    module = games.get(KIND)
    state = gameplay.opening(module, module.options(6, {}), None)
    gameplay.start(module, state, ChainDice(b"\0" * 32), Log())
    say = chinese({"players": 6})
    english = EngineText(KIND, "en", {})
    shown = 0
    for role in [seat["role"] for seat in gameplay.view(module, state, None)["seats"]]:
        view = gameplay.view(module, state, role)
        layout = layout_for({}, view, module.panes(view))
        context = Context(view, "zh", 60, {}, describe=lambda role=role: gameplay.describe(
            module, state, role), panes=lambda view=view: module.panes(view), say=say)
        hand = layout.tabs[0].render(context).plain
        picture = layout.main(context).plain if layout.main else ""
        for card in view["hand"]:
            if card.get("text"):
                shown += 1
                assert card["text"] not in hand and say(card["text"]) in hand, card["id"]
                assert card["text"] not in picture and say(card["text"]) in picture
        for line in [*hand.split("\n"), *picture.split("\n")]:
            assert not say.untranslated(line), line
    assert shown > 20
    rules = rule_summaries(module, "war-card", ["battle.war.pick"], say.whole)
    assert len(rules) == 2 and rules[0].startswith("戰爭：") and "騎兵、步兵或弓兵" in rules[0]
    assert not any(say.untranslated(text) for text in rules)
    assert rule_summaries(module, "war-card", ["battle.war.pick"], english.whole) == [
        summaries.SUMMARIES["war-card"], summaries.SUMMARIES["battle.war.pick"]]
