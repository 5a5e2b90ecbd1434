"""Section 2, Components: the board's terrain, character ratings and army counters."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import Game, two_players

KINGDOMS = two_players(["cao-cao", "liu-bei", "sun-wu"], ["yuan-shao", "yuan-shu", "liu-biao"])


def movement(pieces: dict[str, object], **extra: object) -> Game:
    return Game({"kingdoms": KINGDOMS, "pieces": pieces,
                 "turn": {"kingdom": "cao-cao", "phase": "movement"}, **extra})


@pytest.mark.rule("2.1(C)")
def test_crossing_mountain_into_enemy_area_costs_attrition() -> None:
    """Armies that cross a mountain (brown) border into an area an enemy controls lose
    armies by the Attrition Table. Yanzhou and Qingzhou share a mountain border: 6 of Cao
    Cao's armies crossing into White's Qingzhou lose 2 and arrive 4 strong, while the same
    march over the plain into Xuzhou, also White's, costs nothing."""
    game = movement({
        "yanzhou": {"armies": {"cao-cao": 14}, "characters": ["cao-cao", "xiahou-dun",
                                                              "xiahou-yuan"]},
        "qingzhou": {"armies": {"yuan-shao": 2}, "characters": ["yan-liang"]},
        "xuzhou": {"armies": {"yuan-shu": 2}, "characters": ["ji-ling"]},
        "bohai": {"armies": {"yuan-shao": 5}, "characters": ["yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 5}, "characters": ["yuan-shu"]},
    })
    assert game.t.cat.border_terrain("yanzhou", "qingzhou") == "mountain"
    lines = game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-dun"],
                              "to": ["qingzhou"], "armies": 6})
    assert lines[1:] == [
        "  crossing the mountain into Qingzhou 青州 with 6 armies costs 2 by the Attrition "
        "table (4.5.1(B))",
        "  Cao Cao 曹操 loses 2 to attrition (4.5.1(B))"]
    assert game.armies("qingzhou", "cao-cao") == 4
    assert game.armies("yanzhou", "cao-cao") == 8
    assert game.t.cat.border_terrain("yanzhou", "xuzhou") == "plain"
    lines = game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-yuan"],
                              "to": ["xuzhou"], "armies": 6})
    assert len(lines) == 1 and "attrition" not in lines[0]
    assert game.armies("xuzhou", "cao-cao") == 6 and game.armies("yanzhou", "cao-cao") == 2


@pytest.mark.rule("2.1(C)")
def test_crossing_river_into_own_area_costs_nothing() -> None:
    """Attrition is paid only for entering an area that is not friendly: 6 armies crossing
    the great river from Yanzhou into Pingyuan, held by Blue's ally Liu Bei, arrive
    intact; the same crossing into White-held Ye costs 2."""
    game = movement({
        "yanzhou": {"armies": {"cao-cao": 13}, "characters": ["cao-cao", "xiahou-dun",
                                                              "xiahou-yuan"]},
        "pingyuan": {"armies": {"liu-bei": 3}, "characters": ["liu-bei"]},
        "ye": {"armies": {"yuan-shao": 1}},
        "bohai": {"armies": {"yuan-shao": 5}, "characters": ["yuan-shao"]},
    })
    assert game.t.cat.border_terrain("yanzhou", "pingyuan") == "river"
    lines = game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-dun"],
                              "to": ["pingyuan"], "armies": 6})
    assert len(lines) == 1
    assert game.armies("pingyuan", "cao-cao") == 6
    lines = game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-yuan"],
                              "to": ["ye"], "armies": 6})
    assert lines[1].strip() == "crossing the river into Ye 鄴 with 6 armies costs 2 by the " \
                               "Attrition table (4.5.2)"
    assert game.armies("ye", "cao-cao") == 4


@pytest.mark.rule("2.2(A)")
def test_character_ratings_drive_the_rules() -> None:
    """A counter's stars are its command, and the numbers on its right are valor,
    administration and diplomacy. Cao Cao (3 stars, valor 2, administration 2, diplomacy
    2) adds his administration to Yanzhou's manpower 3 for a levy of 5; Liu Yan's
    successor Liu Zhang, with no stars, cannot lead a move."""
    cao = Game({"kingdoms": KINGDOMS, "turn": {"kingdom": "cao-cao", "phase": "levy"}})
    c = cao.t.c("cao-cao")
    assert (c.command, c.valor, c.admin, c.diplomacy, c.loyalty) == (3, 2, 2, 2, None)
    assert cao.prompt().actions[0].params[0].maximum == 5
    liu = Game({"kingdoms": {"liu-zhang": {"owner": "blue", "main": True},
                             "yuan-shao": {"owner": "white", "main": True}},
                "pieces": {"chengdu": {"armies": {"liu-zhang": 10},
                                       "characters": ["liu-zhang", "zhang-ren"]},
                           "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]}},
                "turn": {"kingdom": "liu-zhang", "phase": "movement"}})
    assert liu.t.c("liu-zhang").command == 0
    liu.refuse("blue", {"do": "move", "from": "chengdu", "characters": ["liu-zhang"],
                        "to": ["ba"], "armies": 3}, rule="4.5")
    liu.act("blue", {"do": "move", "from": "chengdu", "characters": ["zhang-ren"],
                     "to": ["ba"], "armies": 3})
    assert liu.where("zhang-ren") == "ba" and liu.armies("ba", "liu-zhang") == 3


@pytest.mark.rule("2.2(A)")
def test_warlord_removed_from_play_means_he_has_died() -> None:
    """A warlord whose counter is taken out of play has died, and his kingdom ends with
    him (rules-notes 5). Yuan Shu stands alone in Xuchang with no armies anywhere; Cao Cao's
    armies march in, Yuan Shu has no army to flee to and is killed, so his retainer Ji Ling
    leaves the map and the Yuan Shu chit leaves the pool."""
    game = movement({
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao", "xiahou-dun"]},
        "xuchang": {"characters": ["yuan-shu"]},
        "nanyang": {"characters": ["ji-ling"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
        "xiangyang": {"armies": {"liu-biao": 10}, "characters": ["liu-biao"]},
    })
    assert "chit:yuan-shu" in game.state["pool"]
    game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-dun"],
                      "to": ["xuchang"], "armies": 4})
    lines = [line.strip() for line in game.act("blue", "end-movement")]
    assert "» Yuan Shu 袁術 has no army left to join and is killed (5.7(A))" in lines
    assert "» Yuan Shu 袁術 is eliminated: its warlord is killed (5.7(A))" in lines
    assert game.where("yuan-shu") == "out" and game.where("ji-ling") == "out"
    assert game.status("yuan-shu") == "eliminated"
    assert "chit:yuan-shu" not in game.state["pool"] + game.state["drawn"]
    assert game.controller("xuchang") == "cao-cao"
    assert game.controller("nanyang") is None


@pytest.mark.rule("2.2(B)")
def test_army_counters_split_like_currency_within_the_counter_mix(tight_counters: Any) -> None:
    """Army counters combine and divide like money, but a kingdom has only so many (here a
    tight mix: 8 counters of 1|2 and 5 of 5|10, at most 66 armies). A stack of 66
    uses every counter: 6 armies can split off (60 = 5x10 + 5x2 and 6 = 3x2), but a
    single army cannot, for no counter would be left to show it."""
    game = movement({
        "yanzhou": {"armies": {"cao-cao": 66}, "characters": ["cao-cao", "xiahou-dun",
                                                              "xiahou-yuan"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
    })
    game.refuse("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-dun"],
                         "to": ["xuchang"], "armies": 1}, rule="2.2(B)")
    game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-dun"],
                      "to": ["xuchang"], "armies": 6})
    assert game.armies("yanzhou", "cao-cao") == 60
    assert game.armies("xuchang", "cao-cao") == 6
    assert game.t.representable("cao-cao")
