"""The built-in card data: the text's counts, its named cards, the constraints its examples
imply (data-inventory §10), and the provenance of every field."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from types import MappingProxyType
from typing import Any

import pytest

from pbem.games.three_kingdoms_card_game import constraints
from pbem.games.three_kingdoms_card_game.catalog import SECTIONS, CardData, builtin
from pbem.games.three_kingdoms_card_game.records import (
    ARTIFACT_FIELDS,
    CHARACTER_FIELDS,
    EVENT_FIELDS,
    LAND_FIELDS,
    Character,
    Event,
)

FIELDS = {"characters": CHARACTER_FIELDS, "events": EVENT_FIELDS,
          "artifacts": ARTIFACT_FIELDS, "lands": LAND_FIELDS}
LINES = re.compile(r"^L(\d+)(?:-L(\d+))?((?:, L\d+(?:-L\d+)?)*)(, implied)?$")
RULEBOOK_LINES = 310


def effects_of(rec: Any) -> list[Any]:
    if isinstance(rec, Event):
        return list(rec.effects)
    return list(rec.ability.effects) if getattr(rec, "ability", None) else []


@pytest.mark.rule("cardgame:cards.counts")
def test_the_counts_of_the_text() -> None:
    """40 characters, 52 event cards counting copies, 6 artifacts, 13 lands, 2 war sets of
    3 types; the Main Deck at setup holds the 30 characters that are not lords, the events
    and the artifacts: 88 cards, each with its own id."""
    data = builtin()
    assert len(data.characters) == 40
    assert sum(e.copies for e in data.events.values()) == 52
    assert len(data.artifacts) == 6 and len(data.lands) == 13
    assert data.war.sets == 2 and sorted(data.war.types) == ["bowmen", "cavalry", "infantry"]
    deck = data.main_deck()
    assert len(deck) == len(set(deck)) == 88 == data.rules.main_deck
    assert not set(data.lords()) & {data.record(c).id for c in deck}
    assert deck.count("opened-a-bag-of-trick") == 0
    assert [c for c in deck if c.startswith("opened-a-bag-of-trick.")] == [
        f"opened-a-bag-of-trick.{n}" for n in range(1, data.events["opened-a-bag-of-trick"]
                                                    .copies + 1)]


@pytest.mark.rule("cardgame:character.lord.count")
def test_ten_lords_warlords_of_the_period_liou_biao_among_them() -> None:
    """Exactly 10 characters carry the lord title: ten warlords of the period, Liou Biao
    (alias liu-biao) among them; each can take and hold a land alone."""
    data = builtin()
    assert sorted(data.lords()) == sorted([
        "cao-cao", "liu-bei", "sun-jian", "yuan-shao", "yuan-shu", "liou-biao", "liu-zhang",
        "dong-zhuo", "ma-teng", "gongsun-zan"])
    liou = data.record("liu-biao")
    assert liou.id == "liou-biao" and liou.name == "Liou Biao" and liou.zh == "劉表"
    cheapest = min(land.value for land in data.lands.values())
    for lord in data.lords():
        assert data.characters[lord].political_power >= cheapest
        assert data.characters[lord].fighting_spirit >= 1


@pytest.mark.rule("cardgame:cards.land")
def test_lands_are_the_thirteen_provinces_with_values_one_to_three() -> None:
    """The 13 provinces of Eastern Han; values 1, 2 and 3 all occur, at least three of
    value 1 (the Political Power example), 24 to 28 in all; Defensive Power 0 to 3."""
    lands = builtin().lands
    assert {land.zh for land in lands.values()} == {
        "司隸", "豫州", "冀州", "兗州", "徐州", "青州", "荊州", "揚州", "益州", "涼州", "并州",
        "幽州", "交州"}
    values = Counter(land.value for land in lands.values())
    assert set(values) == {1, 2, 3} and values[1] >= 3
    assert 24 <= sum(land.value for land in lands.values()) <= 28
    assert all(0 <= land.defensive_power <= 3 for land in lands.values())


@pytest.mark.rule("cardgame:character.political-power.sum")
def test_political_power_zero_three_and_two_of_one() -> None:
    """Political Power 0 and 3 occur, and at least two characters have 1 (two of them can
    hold a land of value 2 together)."""
    pp = Counter(c.political_power for c in builtin().characters.values())
    assert pp[0] >= 1 and pp[3] >= 1 and pp[1] >= 2
    assert all(0 <= v <= 4 for v in pp)


@pytest.mark.rule("cardgame:cards.character")
def test_fighting_spirit_hearts_and_strategists_on_their_scales() -> None:
    """Fighting Spirit 1 to 5 (a die still matters in a duel); among the characters that
    are not lords, some have hearts and some none; strategists are few."""
    chars = builtin().characters.values()
    assert all(1 <= c.fighting_spirit <= 5 for c in chars)
    hearts = [c.hearts for c in chars if not c.lord]
    assert 0 in hearts and max(hearts) >= 1
    assert 1 <= sum(c.strategist for c in chars) <= 8


@pytest.mark.rule("cardgame:ability.die-roll")
def test_die_roll_abilities_have_targets_one_to_five() -> None:
    """At least one card works on a roll of at most n, and every such n is 1 to 5."""
    data = builtin()
    targets = [c.ability.roll_at_most for c in data.characters.values()
               if c.ability and c.ability.roll_at_most is not None]
    targets += [e.roll_at_most for e in data.events.values() if e.roll_at_most is not None]
    assert targets and all(1 <= n <= 5 for n in targets)
    assert data.characters["diao-chan"].ability.roll_at_most is not None


@pytest.mark.rule("cardgame:cards.instant")
def test_instants_among_events_and_other_cards() -> None:
    """The Seal and the Bag of Trick are instants; at least one character or artifact is
    an instant too (it stays in play once played)."""
    data = builtin()
    assert data.events["immobilized-by-the-golden-seal"].instant
    assert data.events["opened-a-bag-of-trick"].instant
    others = [r.id for r in (*data.characters.values(), *data.artifacts.values())
              if r.instant]
    assert others


@pytest.mark.rule("cardgame:card.immobilized-golden-seal")
def test_the_seal_stops_the_assassin_and_the_bag_counters_the_seal() -> None:
    """The Assassin is an event the Seal cancels; the Seal is an instant the Bag of Trick
    cancels; the Bag cancels another Bag as well, and comes in several copies."""
    ev = builtin().events
    seal = ev["immobilized-by-the-golden-seal"].effects[0]
    bag = ev["opened-a-bag-of-trick"].effects[0]
    assert not ev["assassin"].instant and "event" in seal["against"]
    assert "instant" in bag["against"] and ev["opened-a-bag-of-trick"].copies >= 2


@pytest.mark.rule("cardgame:card.assassin")
def test_the_assassin_kills_any_chosen_character() -> None:
    """The Assassin kills a character of another player, a lord or one on no land
    included."""
    assert effects_of(builtin().events["assassin"]) == [
        {"kind": "kill", "whose": "other", "where": "anywhere", "lords": True}]


@pytest.mark.rule("cardgame:card.burned-supply-trains")
def test_burned_supply_trains_two_random_discards() -> None:
    """Burned Supply Trains makes one player discard 2 cards at random."""
    assert effects_of(builtin().events["burned-supply-trains"]) == [
        {"kind": "discard-random", "count": 2, "player": "one-other"}]


@pytest.mark.rule("cardgame:card.diao-chan.control")
def test_diao_chan_controls_with_her_three_endings() -> None:
    """Diao Chan's activated ability takes control of another player's character, on a
    land or not, never a lord; it ends when she goes back to hand, when she dies, or when
    the character dies (she then stays turned)."""
    diao = builtin().characters["diao-chan"]
    assert diao.ability is not None and diao.ability.use == "activated"
    assert effects_of(diao) == [{"kind": "control", "whose": "other", "where": "anywhere",
                                 "lords": False, "ends_when": [
                                     "holder-returns-to-hand", "holder-dies", "victim-dies"]}]


@pytest.mark.rule("cardgame:card.zhu-rong.duel")
def test_zhu_rong_duels_characters_on_no_land_too() -> None:
    """Mistress Zhu Rong herself challenges a character to a duel, wherever it is."""
    zhu = builtin().record("zhu-rong")
    assert isinstance(zhu, Character) and zhu.name == "Mistress Zhu Rong"
    [duel] = effects_of(zhu)
    assert duel["kind"] == "duel" and duel["fighter"] == "self" and duel["where"] == "anywhere"


@pytest.mark.rule("cardgame:card.sniped")
def test_sniped_and_liou_biao_exist() -> None:
    """The names the text gives without effects are cards of the data."""
    data = builtin()
    assert data.record("sniped").name == "Sniped" and data.record("liou-biao").lord


def test_built_in_data_departs_from_no_implied_fact() -> None:
    """Every check of the text's implied facts passes on the built-in data."""
    assert constraints.departures(builtin()) == []


def _change(data: CardData, section: str, rid: str, **fields: Any) -> CardData:
    table = dict(getattr(data, section))
    table[rid] = dataclasses.replace(table[rid], **fields)
    return dataclasses.replace(data, **{section: MappingProxyType(table)})


def _no_pp_zero(data: CardData) -> CardData:
    for c in data.characters.values():
        if c.political_power == 0:
            data = _change(data, "characters", c.id, political_power=2)
    return data


@pytest.mark.parametrize(("check", "alter"), [
    ("land-values", lambda d: _change(_change(d, "lands", "youzhou", value=2),
                                      "lands", "jiaozhou", value=2)),
    ("political-power", _no_pp_zero),
    ("golden-seal", lambda d: _change(d, "events", "immobilized-by-the-golden-seal",
                                      instant=False)),
    ("bag-of-trick", lambda d: _change(d, "events", "opened-a-bag-of-trick", copies=1)),
    ("non-event-instant", lambda d: _change(_change(d, "characters", "zhao-yun",
                                                    instant=False),
                                            "artifacts", "rattan-armour", instant=False)),
    ("assassin", lambda d: _change(d, "events", "assassin", effects=(
        {"kind": "kill", "whose": "other", "where": "on-land", "lords": True},))),
    ("lords", lambda d: _change(d, "characters", "liu-zhang", political_power=0)),
])
def test_each_implied_fact_is_checked(check: str, alter: Any) -> None:
    """A data set that drops one implied fact is reported under that check's name."""
    found = constraints.departures(alter(builtin()))
    assert [line.split(":")[0] for line in found] == [check]


def test_every_field_is_sourced_or_reconstructed() -> None:
    """Each field of each record is either given by rulebook lines (``L<n>``, ``L<a>-L<b>``,
    lists of them, ``implied``) within the 310-line text, or listed as reconstructed."""
    data = builtin()
    for section in SECTIONS:
        for rec in getattr(data, section).values():
            marks = (*rec.reconstructed, *rec.sources)
            for field in FIELDS[section]:
                assert any(m == field or m.startswith(f"{field}.") for m in marks), \
                    (rec.id, field)
            for where, value in rec.sources.items():
                match = LINES.match(value)
                assert match, (rec.id, where, value)
                numbers = [int(n) for n in re.findall(r"L(\d+)", value)]
                assert all(1 <= n <= RULEBOOK_LINES for n in numbers), (rec.id, where)


def test_only_the_named_cards_keep_their_names_and_nothing_is_complete() -> None:
    """The eight cards the text names carry their names from it; every other name is
    reconstructed; every record of the built-in data has something reconstructed."""
    data = builtin()
    named = {"liou-biao", "diao-chan", "mistress-zhu-rong", "assassin", "sniped",
             "burned-supply-trains", "immobilized-by-the-golden-seal", "opened-a-bag-of-trick"}
    for rec in data.records():
        assert ("name" in rec.sources) == (rec.id in named), rec.id
        assert ("name" in rec.reconstructed) == (rec.id not in named), rec.id
    assert data.reconstructed_counts() == {"characters": 40, "events": 17, "artifacts": 6,
                                           "lands": 13}


def test_ids_names_and_chinese_names() -> None:
    """Ids are the names in kebab-case (Lü Bu: lu-bu); every character, artifact and land
    has its name in Chinese characters; every card with effects words them in a text."""
    data = builtin()
    for rec in data.records():
        expected = re.sub(r"[^a-z0-9]+", "-", rec.name.lower().replace("ü", "u")
                          .replace("'", "")).strip("-")
        assert rec.id == expected, rec.id
    for rec in (*data.characters.values(), *data.artifacts.values(), *data.lands.values()):
        assert re.fullmatch(r"[\u4e00-\u9fff]+", rec.zh), rec.id
    for rec in data.records():
        if effects_of(rec):
            text = rec.text if isinstance(rec, Event) else rec.ability.text
            assert len(text.split()) >= 3, rec.id
