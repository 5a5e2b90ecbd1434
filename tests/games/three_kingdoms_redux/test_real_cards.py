"""The skills and cards known from the publisher's Compendium and from reviews, each played
in a game: the vocabulary that expresses them, and the owner ordering the effects that
follow one action."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pbem import strict_yaml
from pbem.errors import FormatError
from pbem.games.three_kingdoms_redux import dataset
from pbem.games.three_kingdoms_redux.dataset import builtin
from pbem.games.three_kingdoms_redux.rules.absent_seats import DEFAULTS
from tests.games.three_kingdoms_redux.kit import Game, position


def taking(role: str, space: str, general: str, **states: Any) -> Game:
    """A round-1 game in which ``role`` alone bids, with ``general`` on ``space``, and
    now takes that action."""
    scenario = position(**states)
    game = Game(scenario)
    for seat in ("wei", "wu", "shu"):
        if seat == role:
            game.bid(role, space, general)
        else:
            game.pass_(seat)
    game.finish_bidding()
    game.take(role, space)
    return game


def said(lines: list[str]) -> list[str]:
    """Log lines without their indent and rule."""
    return [re.sub(r" \([a-z0-9.-]+\)$", "", line.strip()) for line in lines]


def offered_triggers(game: Game) -> list[str]:
    return [a["trigger"] for a in game.offered("trigger")]


def shu_with_wei_yan(stationed: int, **extra: Any) -> dict[str, Any]:
    places = [("qi-shan", "archery"), ("hua-rong-dao", "infantry"), ("yi-du", "naval")]
    posts = [{"id": gid, "at": "stationed", "location": loc, "units": 1}
             for gid, (loc, _) in zip(("jiang-wei", "zhang-fei", "ma-dai"), places,
                                      strict=False)][:stationed]
    return {"generals": ["wei-yan", *posts], **extra}


def test_wei_yan_and_the_imperial_palace_add_up_on_demand_tribute() -> None:
    """The Compendium's first example: Shu takes 1 gold and 1 rice as tribute; Wei Yan
    adds 1 untrained army and a weapon of Shu's choice for each of its two border
    locations, the Imperial Palace 1 gold and 1 rice. Shu orders them and picks the
    weapons."""
    game = taking("shu", "demand-tribute", "wei-yan",
                  shu=shu_with_wei_yan(2, built=["imperial-palace"], gold=0, rice=0))
    game.act("shu", {"do": "tribute", "choice": 2})
    assert game.prompt().step == "triggers"
    ref = game.ref("shu", "wei-yan")
    assert offered_triggers(game) == [f"{ref}:0", f"{ref}:1", "imperial-palace:0"]
    before = dict(game.st("shu"))
    lines = said(game.act("shu", {"do": "trigger", "trigger": f"{ref}:1", "weapon_1": "horse",
                             "weapon_2": "crossbow"}))
    assert "Shu gains 1 horse, 1 crossbow (Wei Yan)" in lines
    assert (game.st("shu")["horse"], game.st("shu")["crossbow"]) == \
        (before["horse"] + 1, before["crossbow"] + 1)
    lines = said(game.act("shu", {"do": "trigger", "trigger": "imperial-palace:0"}))
    assert lines == ["Shu gains 1 gold, 1 rice (Imperial Palace)"]
    assert (game.st("shu")["gold"], game.st("shu")["rice"]) == (2, 2)
    lines = said(game.act("shu", "end-triggers"))
    assert lines[0] == "Shu gains 1 untrained army (Wei Yan)"
    assert "Shu gains" not in " ".join(lines[1:3])


def test_wei_yan_with_more_border_locations_than_the_cap_gains_two_weapons() -> None:
    """Three occupied border locations still give at most 2 weapons."""
    game = taking("shu", "demand-tribute", "wei-yan", shu=shu_with_wei_yan(3))
    game.act("shu", {"do": "tribute", "choice": 0})
    ref = game.ref("shu", "wei-yan")
    spec = game.spec("trigger", trigger=f"{ref}:1")
    assert [p.name for p in spec.params] == ["weapon_1", "weapon_2"]
    spears = game.st("shu")["spear"]
    lines = said(game.act("shu", {"do": "trigger", "trigger": f"{ref}:1"}))
    assert "Shu gains 2 spears (Wei Yan)" in lines and game.st("shu")["spear"] == spears + 2


def test_wei_yan_without_border_locations_asks_nothing() -> None:
    """With no border location there is no weapon to choose: the effects apply at once,
    and the log says the scaled one gave nothing."""
    game = taking("shu", "demand-tribute", "wei-yan", shu=shu_with_wei_yan(0))
    lines = said(game.act("shu", {"do": "tribute", "choice": 0}))
    assert "Shu gains 1 untrained army (Wei Yan)" in lines
    assert "Wei Yan: nothing for Shu (border-locations 0)" in lines
    assert game.prompt().step != "triggers"


def lu_meng_and_garrison() -> Game:
    game = taking("wu", "win-popular-support", "lu-meng",
                  wu={"generals": ["lu-meng"], "built": ["garrison"], "untrained": 0,
                      "trained": 0, "support": 0})
    game.act("wu", "win-support")
    return game


def test_lu_meng_then_garrison_trains_the_army_lu_meng_brought() -> None:
    """The Compendium's second example: Wu takes the support token, chooses the untrained
    army of Lu Meng's skill, then Garrison trains that same army."""
    game = lu_meng_and_garrison()
    ref = game.ref("wu", "lu-meng")
    assert game.st("wu")["support"] == 1
    assert offered_triggers(game) == [f"{ref}:0", "garrison:0"]
    lines = said(game.act("wu", {"do": "trigger", "trigger": f"{ref}:0", "option": 0}))
    assert "Wu gains 1 untrained army (Lu Meng)" in lines
    assert game.spec("trigger", trigger="garrison:0").params[0].maximum == 1
    lines = said(game.act("wu", {"do": "trigger", "trigger": "garrison:0", "train": 1}))
    assert "Wu trains 1 untrained army (Garrison)" in lines
    assert (game.st("wu")["untrained"], game.st("wu")["trained"]) == (0, 1)
    assert game.prompt().step != "triggers"


def test_the_other_order_leaves_garrison_nothing_to_train() -> None:
    """Taken the other way round Garrison finds no untrained army; Lu Meng's weapon
    option gives a weapon of Wu's choice instead."""
    game = lu_meng_and_garrison()
    ref = game.ref("wu", "lu-meng")
    lines = said(game.act("wu", {"do": "trigger", "trigger": "garrison:0", "train": 0}))
    assert "Wu trains no army (Garrison)" in lines
    lines = said(game.act("wu", {"do": "trigger", "trigger": f"{ref}:0", "option": 1,
                            "weapon_1": "vessel"}))
    assert "Wu gains 1 vessel (Lu Meng)" in lines
    assert (game.st("wu")["untrained"], game.st("wu")["trained"]) == (0, 0)
    game.refuse("wu", {"do": "trigger", "trigger": "garrison:0"})


def test_the_usual_order_gives_before_it_trains() -> None:
    """'Take the rest' (also an absent seat's default) resolves what gives before what
    trains, with the first option."""
    game = lu_meng_and_garrison()
    assert DEFAULTS["triggers"] == ("end-triggers",)  # what an absent seat does here
    assert {"do": "end-triggers"} in game.offered()
    lines = said(game.act("wu", "end-triggers"))
    assert lines[:2] == ["Wu gains 1 untrained army (Lu Meng)",
                         "Wu trains 1 untrained army (Garrison)"]
    assert game.st("wu")["trained"] == 1


def test_lu_meng_administration_is_4_from_round_4() -> None:
    """Lu Meng's printed administration counts until round 3; from round 4 it is 4, in
    his bids and in the view."""
    printed = builtin().generals["lu-meng"].administration
    for rnd, value in ((3, printed), (4, 4)):
        game = Game(position(round=rnd, wu={"generals": [{"id": "lu-meng",
                                                          "recruited": 1}]}))
        game.pass_("wei")
        lines = said(game.bid("wu", "develop-farm", "lu-meng"))
        assert f"Wu places Lu Meng on Develop farm or harvest: administration {value}" \
            in lines[0]
        assert game.state["bids"]["develop-farm"][0]["value"] == value
        shown = next(g for g in game.view("wu")["states"]["wu"]["generals"]
                     if g["id"] == "lu-meng")
        assert shown["administration"] == value


def test_sun_ce_recruits_one_army_trained() -> None:
    """When Sun Ce takes recruit armies, one of the two armies arrives trained."""
    game = taking("wu", "recruit-armies", "sun-ce",
                  wu={"generals": ["sun-ce"], "untrained": 0, "trained": 0})
    lines = said(game.act("wu", "recruit"))
    assert "1 of the armies Wu recruits arrive trained (Sun Ce)" in lines
    assert (game.st("wu")["untrained"], game.st("wu")["trained"]) == (1, 1)


def test_dian_wei_may_train_more_after_train_armies() -> None:
    """After Dian Wei takes train armies, Wei may train one more untrained army."""
    game = taking("wei", "train-armies", "dian-wei",
                  wei={"generals": ["dian-wei"], "untrained": 4, "trained": 0})
    game.act("wei", {"do": "train", "count": 2})
    ref = game.ref("wei", "dian-wei")
    assert offered_triggers(game) == [f"{ref}:0"]
    lines = said(game.act("wei", {"do": "trigger", "trigger": f"{ref}:0", "train": 1}))
    assert "Wei trains 1 untrained army (Dian Wei)" in lines
    assert (game.st("wei")["untrained"], game.st("wei")["trained"]) == (1, 3)


def test_zhang_zhao_adds_gold_to_collect_tax() -> None:
    """After Zhang Zhao takes collect tax, Wu gains 1 more gold."""
    game = taking("wu", "develop-marketplace", "zhang-zhao",
                  wu={"generals": ["zhang-zhao"], "gold": 0,
                      "market": {"level": 1, "space": 1, "treasury": 0}})
    lines = said(game.act("wu", {"do": "collect-tax", "treasury": 0}))
    assert "Wu gains 1 gold (Zhang Zhao)" in lines
    assert game.st("wu")["gold"] == int(game.t.cat.n("tax_gold")) + 1


def test_battering_ram_adds_to_every_battle_bid() -> None:
    """A built Battering Ram adds 1 to each battle bid of the state's generals (no bid
    token), and nothing to an administration bid."""
    game = Game(position(wei={"generals": ["xu-chu", "xun-you"], "built": ["battering-ram"],
                              "trained": 2, "spear": 2}))
    lines = said(game.bid("wei", "battle-shu-wei", "xu-chu", units=1, unit="infantry"))
    combat = builtin().generals["xu-chu"].combat
    assert lines[0].endswith(f"combat {combat} + 1 army units +1 Battering Ram = {combat + 2}")
    assert game.state["bids"]["battle-shu-wei"][0]["value"] == combat + 2
    assert game.st("wei")["bid_tokens"] == 2
    game.pass_("wu")
    game.pass_("shu")
    game.bid("wei", "develop-farm", "xun-you")
    adm = builtin().generals["xun-you"].administration
    assert game.state["bids"]["develop-farm"][0]["value"] == adm


def ended(**states: Any) -> Game:
    game = Game(position(round=12, **states))
    game.finish_bidding()
    while not game.over():
        prompt = game.prompt()
        game.act(prompt.role, "end-benefits" if prompt.step == "benefits" else
                 "decline-rest")
    return game


def test_horse_armour_irrigation_and_the_siege_tower_at_the_end() -> None:
    """At the end: Horse Armour scores Wei's stationed cavalry (1 VP per 2 units), the
    Mobile Siege Tower takes 1 military VP from each other state, Irrigation scores a
    farm at level 5."""
    game = ended(
        wei={"generals": [{"id": "xiahou-dun", "at": "stationed", "location": "guang-ling",
                           "units": 2}], "built": ["horse-armour"], "military": 5},
        shu={"built": ["mobile-siege-tower"], "military": 3},
        wu={"built": ["irrigation"], "military": 0,
            "farm": {"level": 5, "space": 0, "granary": 5}})
    text = game.text()
    assert "Mobile Siege Tower: Wei loses 1 military VP to Shu" in text
    assert "Mobile Siege Tower: Wu loses" not in text
    scores = game.state["result"]["scores"]
    assert scores["wei"]["military"] == 4 and scores["shu"]["military"] == 3
    cards = builtin().cards
    assert scores["wei"]["state_enhancement"] == cards["horse-armour"].vp + 1
    assert scores["wu"]["state_enhancement"] == cards["irrigation"].vp + 2
    assert scores["shu"]["state_enhancement"] == cards["mobile-siege-tower"].vp


def test_trigger_order_ask_puts_even_plain_effects_to_the_owner() -> None:
    """With the standing order trigger_order: ask, two effects with no choice on one
    action are offered to the owner, who takes them in its order."""
    game = taking("shu", "demand-tribute", "wei-yan",
                  shu=shu_with_wei_yan(0, built=["imperial-palace"]),
                  orders={"shu": {"trigger_order": "ask"}})
    game.act("shu", {"do": "tribute", "choice": 0})
    ref = game.ref("shu", "wei-yan")
    assert offered_triggers(game) == [f"{ref}:0", f"{ref}:1", "imperial-palace:0"]
    lines = said(game.act("shu", {"do": "trigger", "trigger": "imperial-palace:0"}))
    assert lines == ["Shu gains 1 gold, 1 rice (Imperial Palace)"]


def test_the_known_facts_are_in_the_data_and_the_rest_is_marked() -> None:
    """Skill names and sources of the checked cards; what is still invented is listed
    field by field (a part of a skill, one effect parameter)."""
    g, c = builtin().generals, builtin().cards
    assert (g["wei-yan"].skill_name, g["lu-meng"].skill_name, g["dian-wei"].skill_name) == \
        ("Clout", "Potential", "Might")
    assert "skill.name" in g["cao-cao"].reconstructed
    assert "skill.effects.train" in g["dian-wei"].reconstructed
    assert "skill.effects.gain" in g["zhang-zhao"].reconstructed
    assert "name" not in g["wei-yan"].reconstructed and "skill" not in g["wei-yan"].reconstructed
    assert "effects.vp" in c["mobile-siege-tower"].reconstructed
    assert "effects" not in c["imperial-palace"].reconstructed
    for deck in ("unification", "separation"):
        assert len(builtin().deck(deck)) == 21


@pytest.mark.parametrize(("effect", "message"), [
    ({"kind": "after-action", "actions": ["battle"], "arrive_trained": 1},
     "only armies recruit-armies brings can arrive trained"),
    ({"kind": "after-action", "actions": ["trade"], "gain": {"gold": 1}, "max": 2},
     "after-action takes max only with per"),
    ({"kind": "after-action", "actions": ["trade"]},
     "after-action takes gain, choose, train or arrive_trained"),
    ({"kind": "after-action", "actions": ["trade"], "choose": [{"gold": 1}]},
     "must list 2 or 3 gains"),
])
def test_new_vocabulary_is_checked(tmp_path: Path, effect: dict[str, Any],
                                   message: str) -> None:
    """Malformed uses of the new parameters are refused naming the field."""
    rec = next(dict(r) for r in builtin().document["generals"] if r["id"] == "wei-yan")
    rec["skill"] = {"effects": [effect]}
    path = tmp_path / "bad.yaml"
    path.write_text(strict_yaml.dump({"generals": [rec]}), encoding="utf-8")
    with pytest.raises(FormatError, match=message):
        dataset.load_data(path)


def test_a_transcription_of_wei_yan_loads(tmp_path: Path) -> None:
    """The printed skill can be written as data: the record loads, and a reconstructed
    mark naming a parameter the record does not have is refused."""
    rec = next(dict(r) for r in builtin().document["generals"] if r["id"] == "wei-yan")
    rec["reconstructed"] = []
    path = tmp_path / "mine.yaml"
    path.write_text(strict_yaml.dump({"generals": [rec]}), encoding="utf-8")
    assert dataset.load_data(path).generals["wei-yan"].reconstructed == ()
    rec["reconstructed"] = ["skill.effects.amount"]
    path.write_text(strict_yaml.dump({"generals": [rec]}), encoding="utf-8")
    with pytest.raises(FormatError, match="reconstructed: must list fields among"):
        dataset.load_data(path)
