"""4.8 End of Round: new warlords, succession, relocation of allies, main kingdoms and
the housekeeping that starts the next round."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import MODULE, Game, two_players

KINGDOMS = two_players(["cao-cao", "liu-bei", "sun-wu"], ["yuan-shao", "yuan-shu", "liu-biao"])
FREE_RETAINERS = ["sima-yi", "pang-tong", "lu-xun", "xu-shu", "xun-yu", "guo-jia", "lu-su",
                  "cheng-yu", "jia-xu", "fa-zheng", "taishi-ci", "lu-meng", "wei-yan",
                  "gan-ning", "xu-huang", "zuo-ci"]


# Both players asked at step 4 (standing order main_change: ask), so that a test stops
# there before the next round begins
ASKED_MAIN = {"blue": {"main_change": "ask"}, "white": {"main_change": "ask"}}


def round_ending(rnd: int, kingdom: str = "yuan-shao", **extra: Any) -> Game:
    """``kingdom``'s turn in Round ``rnd`` is about to roll the Mandate, with the marker
    on the northern edge: a 1 takes it off the display. Both players are asked at step 4
    unless ``orders`` says otherwise."""
    scenario: dict[str, Any] = {"kingdoms": KINGDOMS, "round": rnd, "mandate": [0, -2],
                                "turn": {"kingdom": kingdom, "phase": "mandate"}}
    given = extra.pop("orders", {})
    orders = {role: {**asked, **given.get(role, {})} for role, asked in ASKED_MAIN.items()}
    scenario.update(extra)
    return Game(scenario, orders=orders)


def keep_mains(game: Game, *dice: int) -> list[str]:
    """Both players keep their main kingdoms at step 4 (interrupted player first)."""
    first = game.prompt().role
    game.act(first, "keep-main")
    return game.act(game.prompt().role, "keep-main", *dice)


def stripped(lines: list[str]) -> list[str]:
    return [line.strip() for line in lines]


# ---------------------------------------------------------------------- 4.8


@pytest.mark.rule("4.8")
def test_round_ends_at_once_when_marker_leaves_display() -> None:
    """When the Mandate marker leaves the display the round is over at once: the active
    kingdom (Yuan Shao) does nothing more that turn, no event happens and the end-of-round
    sequence begins."""
    game = round_ending(3)
    lines = stripped(game.advance(1))
    assert lines == ["Mandate of Heaven: 1, north: the marker leaves the display. The round "
                     "ends at once (4.8)",
                     "End of Round 3 (4.8)"]
    assert game.t.turn() is None
    assert game.prompt().step == "main-kingdom" and game.prompt().rule == "4.8.4"
    game.refuse("white", "end-diplomacy")
    game.refuse("white", {"do": "levy", "area": "bohai", "armies": 1})
    assert game.state["round"] == 3


@pytest.mark.rule("4.8")
@pytest.mark.rule("4.8.5(C)")
def test_game_ends_after_round_eight() -> None:
    """After the end-of-round sequence of Round 8 the game is over and the areas are
    counted; there is no Round 9."""
    game = round_ending(8)
    game.advance(1)
    lines = stripped(keep_mains(game))
    assert "The game ends: the count of areas (7)" in lines
    assert not any("Round 9" in line for line in lines)
    assert game.state["round"] == 8
    assert game.state["result"] is not None


# ---------------------------------------------------------------------- 4.8.1


@pytest.mark.rule("4.8.1(A)")
def test_end_round1_dong_zhuo_retainers_flip_to_li_jue() -> None:
    """At the end of Round 1 Dong Zhuo dies and his counter turns into Li Jue where it
    stands, his armies and areas unchanged; his retainers turn over too. The dead Hua
    Xiong comes back as Zhang Ji beside Li Jue, and Li Ru, now serving Cao Cao, stays with
    him because Blue (standing order keep_retainer: ask) chooses to keep him (rules-notes
    44)."""
    game = round_ending(1, characters={"li-ru": {"at": "yanzhou", "kingdom": "cao-cao"},
                                       "hua-xiong": "dead"},
                        orders={"blue": {"keep_retainer": "ask"}})
    game.advance(1)
    prompt = game.prompt()
    assert prompt.role == "blue" and prompt.rule == "4.8.1(A)"
    assert game.offered() == [{"do": "keep", "character": "li-ru"},
                              {"do": "release", "character": "li-ru"}]
    game.refuse("white", {"do": "keep", "character": "li-ru"}, rule="4.8.1(A)")
    lines = stripped(game.act("blue", {"do": "keep", "character": "li-ru"}))
    assert lines[:5] == [
        "New warlords appear (4.8.1)",
        "» Dong Zhuo 董卓 dies; Li Jue 李傕 takes his place in Luoyang 洛陽 (4.8.1(A))",
        "Lü Bu turns over: Guo Si 郭汜 serves Li Jue (4.8.1(A))",
        "Zhang Ji 張濟 joins Li Jue in Luoyang 洛陽 (4.8.1(A))",
        "Li Ru 李儒 stays with Cao Cao 曹操 (4.8.1(A))"]
    assert game.state["kingdoms"]["dong-zhuo"]["warlord"] == "li-jue"
    assert "dong-zhuo" not in game.state["chars"]
    assert game.where("li-jue") == "luoyang" and game.where("guo-si") == "luoyang"
    assert game.where("zhang-ji") == "luoyang" and game.kingdom_of("zhang-ji") == "dong-zhuo"
    assert game.where("li-ru") == "yanzhou" and game.kingdom_of("li-ru") == "cao-cao"
    assert "fan-chou" not in game.state["chars"]
    for area in ("luoyang", "changan", "anding"):
        assert game.armies(area, "dong-zhuo") == 5 and game.controller(area) == "dong-zhuo"


@pytest.mark.rule("4.8.1(A)")
def test_a_turned_over_warlord_stays_in_the_view_off_the_map() -> None:
    """Once Dong Zhuo's counter has turned over to Li Jue, the view still lists Dong Zhuo,
    off the map, so front ends can show what became of him."""
    game = round_ending(1)
    game.advance(1)
    shown = {c["id"]: c for c in MODULE.view(game.state, "blue")["characters"]}
    assert shown["li-jue"]["on_map"] and shown["li-jue"]["at"] == "luoyang"
    assert shown["dong-zhuo"]["at"] == "out" and not shown["dong-zhuo"]["on_map"]
    assert shown["liu-yan"]["at"] == "out" and shown["liu-zhang"]["on_map"]


@pytest.mark.rule("4.8.1(A)")
def test_released_li_ru_turns_over_and_joins_li_jue() -> None:
    """A holder of Li Ru or Hua Xiong may instead let him go: the counter turns over and
    its other side joins Li Jue."""
    game = round_ending(1, characters={"hua-xiong": {"at": "bohai", "kingdom": "yuan-shao"}},
                        orders={"white": {"keep_retainer": "ask"}})
    game.advance(1)
    assert game.prompt().role == "white"
    lines = stripped(game.act("white", {"do": "release", "character": "hua-xiong"}))
    assert "Zhang Ji 張濟 joins Li Jue in Luoyang 洛陽 (4.8.1(A))" in lines
    assert "hua-xiong" not in game.state["chars"]
    assert game.where("zhang-ji") == "luoyang" and game.kingdom_of("zhang-ji") == "dong-zhuo"


@pytest.mark.rule("4.8.1(A)")
@pytest.mark.rule("4.8.1(B)")
def test_no_li_jue_if_dong_zhuo_was_killed_but_lu_bu_still_enters() -> None:
    """If Dong Zhuo was killed during Round 1, Li Jue is not placed and his dead retainers
    stay dead; Lü Bu's own kingdom enters Xuzhou all the same, and the retainer Lü Bu, who
    had joined Cao Cao, leaves him."""
    game = round_ending(1, kingdoms={**KINGDOMS, "dong-zhuo": {"status": "eliminated"}},
                        characters={"dong-zhuo": "out", "hua-xiong": "dead", "li-ru": "out",
                                    "lu-bu": {"at": "yanzhou", "kingdom": "cao-cao"}},
                        pieces={"yanzhou": {"armies": {"cao-cao": 10},
                                            "characters": ["cao-cao", "lu-bu"]},
                                "bohai": {"armies": {"yuan-shao": 10},
                                          "characters": ["yuan-shao"]}})
    # each player has one kingdom, so no questions: Round 2 starts with White's chit
    lines = stripped(game.advance(1, 2, 1))
    assert "Lü Bu 呂布 leaves to lead his own kingdom (4.8.1(B))" in lines
    assert not any("Li Jue" in line for line in lines)
    assert "li-jue" not in game.state["chars"] and game.status("dong-zhuo") == "eliminated"
    assert game.where("hua-xiong") == "dead"
    assert game.where("lu-bu") == "out" and game.kingdom_of("lu-bu") is None
    assert game.where("lu-bu-warlord") == "xuzhou" and game.armies("xuzhou", "lu-bu") == 10
    assert game.status("lu-bu") == "in-play"


@pytest.mark.rule("4.8.1(B)")
def test_dead_retainer_lu_bu_leaves_play_when_his_kingdom_enters() -> None:
    """Once the warlord counter of Lü Bu is in play, his Dong Zhuo retainer counter is
    gone for good, even if he was dead at the end of Round 1: a later refill of the free
    retainer pool (10.2(C)) brings back Hua Xiong, never a second Lü Bu. Dong Zhuo was
    killed, so nobody turns over; in Round 2 White's Yuan Shao recruits from the refilled
    pool."""
    away = {cid: "out" for cid in FREE_RETAINERS}
    game = round_ending(1, kingdoms={**KINGDOMS, "dong-zhuo": {"status": "eliminated"}},
                        characters={**away, "dong-zhuo": "out", "li-ru": "out",
                                    "hua-xiong": "dead", "lu-bu": "dead"},
                        pieces={"yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao"]},
                                "bohai": {"armies": {"yuan-shao": 10},
                                          "characters": ["yuan-shao"]}})
    # the marker leaves (1); Round 2: White's chit (2), the Mandate to Recruit Retainer (2),
    # the one retainer of the refilled pool (1)
    lines = stripped(game.advance(1, 2, 2, 1))
    assert "Lü Bu 呂布 leaves to lead his own kingdom (4.8.1(B))" in lines
    assert "The free retainer pool is empty: the dead retainers return to it (10.2(C))" in lines
    assert game.where("lu-bu") == "out" and game.kingdom_of("lu-bu") is None
    assert game.where("lu-bu-warlord") == "xuzhou"
    assert game.where("hua-xiong") == "bohai" and game.kingdom_of("hua-xiong") == "yuan-shao"
    assert [c for c, e in game.state["chars"].items() if e["at"] in ("pool", "dead")] == []


@pytest.mark.rule("4.8.1(B)")
def test_lu_bu_enters_xuzhou_and_retainer_counter_leaves() -> None:
    """At the end of Round 1 Lü Bu's own kingdom (the warlord counter, not his Dong Zhuo
    retainer counter) enters Xuzhou with Zhang Liao, Chen Gong and 10 armies. The
    retainer counter, serving Cao Cao after his capture, leaves him: it turns over to Guo
    Si, who joins Li Jue (rules-notes 45)."""
    game = round_ending(1, characters={"lu-bu": {"at": "yanzhou", "kingdom": "cao-cao"}})
    lines = stripped(game.advance(1))
    assert "Guo Si 郭汜 joins Li Jue in Luoyang 洛陽 (4.8.1(A))" in lines
    assert "» Lü Bu 呂布 raises his own kingdom in Xuzhou 徐州 with 10 armies (4.8.1(B))" in lines
    assert "lu-bu" not in game.state["chars"]
    assert game.where("guo-si") == "luoyang"
    assert {c for c, e in game.state["chars"].items() if e["at"] == "xuzhou"} == \
        {"lu-bu-warlord", "zhang-liao", "chen-gong"}
    assert game.state["armies"]["xuzhou"] == {"lu-bu": 10}
    assert game.controller("xuzhou") == "lu-bu" and game.status("lu-bu") == "in-play"
    assert game.owner("lu-bu") is None
    assert game.t.chars_in("yanzhou") == ["cao-cao", "xiahou-dun", "xiahou-yuan", "cao-ren"]


@pytest.mark.rule("4.8.1(B)")
def test_lu_bu_overruns_lone_retainer_in_xuzhou() -> None:
    """Lü Bu's kingdom enters Xuzhou even if it is occupied: Cao Cao's retainer Cao Ren
    stands there without armies, so he loses at once to the arriving armies (rules-notes
    29, 45): he escapes capture on a 5 and falls back to Cao Cao's armies in Yanzhou."""
    game = round_ending(1, pieces={
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao"]},
        "xuzhou": {"characters": ["cao-ren"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
        "luoyang": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo"]}})
    assert game.controller("xuzhou") == "cao-cao"
    lines = stripped(game.advance(1, 5, 2, 1))  # then Round 2 starts with White's chit
    assert "Cao Ren 曹仁 rolls 5: escapes capture (5.7(B))" in lines
    assert game.where("cao-ren") == "yanzhou"
    assert game.controller("xuzhou") == "lu-bu" and game.armies("xuzhou", "lu-bu") == 10


# ---------------------------------------------------------------------- 4.8.2


@pytest.mark.rule("4.8.2(A)")
def test_liu_yan_becomes_liu_zhang_at_end_of_round_one() -> None:
    """At the end of Round 1 Liu Yan's counter turns over to Liu Zhang where it stands,
    unless his kingdom has been eliminated; in Round 2 nothing more happens to him."""
    game = round_ending(1)
    lines = stripped(game.advance(1))
    assert "» Liu Yan 劉焉 dies; his son Liu Zhang 劉璋 succeeds him (4.8.2(A))" in lines
    assert game.state["kingdoms"]["liu-zhang"]["warlord"] == "liu-zhang"
    assert game.where("liu-zhang") == "chengdu" and "liu-yan" not in game.state["chars"]
    assert game.armies("chengdu", "liu-zhang") == 10
    gone = round_ending(1, kingdoms={**KINGDOMS, "liu-zhang": {"status": "eliminated"}},
                        characters={"liu-yan": "out", "zhang-ren": "out", "yan-yan": "out",
                                    "wu-yi": "out"})
    lines = stripped(gone.advance(1))
    assert not any("4.8.2(A)" in line for line in lines)
    assert gone.state["kingdoms"]["liu-zhang"]["warlord"] == "liu-yan"


@pytest.mark.rule("4.8.2(B)")
def test_succession_flips_and_restored_warlord_matches_period() -> None:
    """Sun Wu: at the end of Round 2 Sun Jian's counter turns over to the retainer Zhou
    Yu and Sun Ce becomes warlord in the same area; at the end of Round 4 Sun Ce turns
    over to Sun Quan. Armies and areas stay as they are. A Sun Wu eliminated under Sun Ce
    returns at the end of Round 4 under Sun Quan, the warlord of the coming period
    (rules-notes 46)."""
    game = round_ending(2, pieces={
        "jiangxia": {"armies": {"sun-wu": 7}, "characters": ["sun-jian", "cheng-pu"]},
        "changsha": {"armies": {"sun-wu": 3}, "characters": ["huang-gai"]},
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]}})
    lines = stripped(game.advance(1))
    assert "» Sun Jian 孫堅 falls; Sun Ce 孫策 leads Sun Wu from Jiangxia 江夏, with Zhou Yu " \
           "周瑜 at his side (4.8.2(B))" in lines
    assert game.state["kingdoms"]["sun-wu"]["warlord"] == "sun-ce"
    assert game.where("sun-ce") == "jiangxia" and game.where("zhou-yu") == "jiangxia"
    assert game.kingdom_of("zhou-yu") == "sun-wu" and "sun-jian" not in game.state["chars"]
    assert game.armies("jiangxia", "sun-wu") == 7 and game.armies("changsha", "sun-wu") == 3
    later = round_ending(4, kingdoms={**KINGDOMS, "sun-wu": {"owner": "blue",
                                                             "warlord": "sun-ce"}},
                         characters={"sun-jian": "out", "sun-ce": "changsha",
                                     "zhou-yu": {"at": "changsha", "kingdom": "sun-wu"}})
    lines = stripped(later.advance(1))
    assert "» Sun Ce 孫策 dies; Sun Quan 孫權 leads Sun Wu (4.8.2(B))" in lines
    assert later.state["kingdoms"]["sun-wu"]["warlord"] == "sun-quan"
    assert later.where("sun-quan") == "changsha" and "sun-ce" not in later.state["chars"]
    assert later.armies("changsha", "sun-wu") == 10
    # a Sun Wu eliminated under Sun Ce comes back at the end of Round 4 under Sun Quan
    back = round_ending(4, kingdoms={**KINGDOMS, "sun-wu": {"owner": "blue", "warlord": "sun-ce",
                                                            "status": "eliminated"}},
                        characters={"sun-jian": "out", "sun-ce": "out", "cheng-pu": "dead",
                                    "huang-gai": "dead",
                                    "zhou-yu": {"at": "out", "kingdom": "sun-wu"}},
                        pieces={"yanzhou": {"armies": {"cao-cao": 10},
                                            "characters": ["cao-cao"]},
                                "bohai": {"armies": {"yuan-shao": 10},
                                          "characters": ["yuan-shao"]}})
    back.advance(1)
    assert back.state["kingdoms"]["sun-wu"]["warlord"] == "sun-quan"
    assert back.where("sun-quan") == "jianye" and back.where("zhou-yu") == "jianye"
    assert "sun-ce" not in back.state["chars"]


@pytest.mark.rule("4.8.2(B)")
def test_eliminated_sun_wu_returns_under_sun_ce_at_end_of_round_two() -> None:
    """If Sun Wu has been eliminated, at the end of Round 2 it is restored by 11.4: Sun Ce
    (not Sun Jian), Zhou Yu, one surviving retainer and 10 armies in Jianye, still Blue's
    ally."""
    game = round_ending(2, kingdoms={**KINGDOMS, "sun-wu": {"owner": "blue",
                                                            "status": "eliminated"}},
                        characters={"sun-jian": "out", "cheng-pu": "out", "huang-gai": "dead"},
                        pieces={"yanzhou": {"armies": {"cao-cao": 10},
                                            "characters": ["cao-cao"]},
                                "bohai": {"armies": {"yuan-shao": 10},
                                          "characters": ["yuan-shao"]}})
    lines = stripped(game.advance(1))
    assert "Three Generations of Sun Wu: the kingdom returns (11.4)" in lines
    assert game.status("sun-wu") == "in-play" and game.owner("sun-wu") == "blue"
    assert game.state["kingdoms"]["sun-wu"]["warlord"] == "sun-ce"
    assert {c for c, e in game.state["chars"].items() if e["at"] == "jianye"} == \
        {"sun-ce", "zhou-yu", "cheng-pu"}
    assert game.state["armies"]["jianye"] == {"sun-wu": 10}
    assert not game.state["kingdoms"]["sun-wu"]["main"]


# ---------------------------------------------------------------------- 4.8.3


def _shared_position(**extra: Any) -> Game:
    return round_ending(3, pieces={
        "yanzhou": {"armies": {"cao-cao": 6, "liu-bei": 3},
                    "characters": ["cao-cao", "guan-yu"]},
        "pingyuan": {"armies": {"liu-bei": 2}, "characters": ["liu-bei"]},
        "jianye": {"characters": ["zhang-fei"]},
        "xuchang": {"armies": {"cao-cao": 4, "sun-wu": 4}, "characters": ["sun-jian"]},
        "changsha": {"armies": {"sun-wu": 1, "yuan-shu": 1}, "characters": ["cheng-pu"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 3}, "characters": ["yuan-shu"]}},
        control={"yanzhou": "cao-cao", "xuchang": "sun-wu", "changsha": "sun-wu"}, **extra)


@pytest.mark.rule("4.8.3")
def test_round_end_relocation_leaves_one_kingdom_per_area() -> None:
    """At the end of a round, where armies of several friendly kingdoms share an area, all
    but one kingdom's armies move to other friendly-held areas, any distance away and
    through hostile ground; characters stay. Blue asks to decide: Liu Bei's 3 armies leave
    Cao Cao's Yanzhou for far Jianye, held by Zhang Fei alone, and Cao Cao's 4 leave Sun
    Wu's Xuchang for Yanzhou. A shared area with an enemy (Changsha) is not touched."""
    game = _shared_position(orders={"blue": {"relocate": "ask"}})
    game.advance(1)
    prompt = game.prompt()
    assert prompt.role == "blue" and prompt.rule == "4.8.3"
    moves = game.offered("relocate")
    assert {"do": "relocate", "from": "yanzhou", "kingdom": "liu-bei", "to": "jianye"} in moves
    assert {"do": "relocate", "from": "yanzhou", "kingdom": "liu-bei", "to": "pingyuan"} in moves
    assert all(m["to"] not in ("bohai", "nanyang", "xuchang", "changsha") for m in moves
               if m["from"] == "yanzhou")
    game.refuse("blue", {"do": "relocate", "from": "yanzhou", "kingdom": "liu-bei",
                         "to": "bohai"}, rule="4.8.3")
    game.refuse("blue", {"do": "relocate", "from": "changsha", "kingdom": "sun-wu",
                         "to": "jianye"}, rule="4.8.3")
    lines = game.act("blue", {"do": "relocate", "from": "yanzhou", "kingdom": "liu-bei",
                              "to": "jianye"})
    assert stripped(lines) == ["3 armies of Liu Bei 劉備 relocate from Yanzhou 兗州 to Jianye "
                               "建業 (4.8.3)"]
    assert game.armies("jianye", "liu-bei") == 3 and game.armies("yanzhou", "liu-bei") == 0
    assert game.where("guan-yu") == "yanzhou"
    assert game.prompt().rule == "4.8.3"
    game.act("blue", {"do": "relocate", "from": "xuchang", "kingdom": "cao-cao",
                      "to": "yanzhou"})
    assert game.state["armies"]["xuchang"] == {"sun-wu": 4}
    assert game.armies("yanzhou", "cao-cao") == 10
    assert game.prompt().rule == "4.8.4"  # nothing left to relocate
    assert game.state["armies"]["changsha"] == {"sun-wu": 1, "yuan-shu": 1}


@pytest.mark.rule("4.8.3")
def test_default_relocation_keeps_the_controller() -> None:
    """Without a standing order to ask, the area's controller stays and each other
    kingdom goes to an area of its own (rules-notes 47); control changes where the
    departing kingdom held the area only through its armies."""
    game = _shared_position()
    lines = stripped(game.advance(1))
    assert "3 armies of Liu Bei 劉備 relocate from Yanzhou 兗州 to Pingyuan 平原 (4.8.3)" in lines
    assert "4 armies of Cao Cao 曹操 relocate from Xuchang 許昌 to Yanzhou 兗州 (4.8.3)" in lines
    assert game.armies("pingyuan", "liu-bei") == 5
    assert game.state["armies"]["xuchang"] == {"sun-wu": 4}
    assert game.controller("xuchang") == "sun-wu"


@pytest.mark.rule("4.8.3")
def test_relocation_moves_the_controller_when_only_it_can_leave() -> None:
    """One kingdom's armies per area is the goal "if possible": Liu Bei's armies in Cao
    Cao's Yanzhou have no friendly area free of other armies to go to, but Cao Cao's can
    go to Xuchang, so by default Cao Cao's leave, and Yanzhou passes to Liu Bei."""
    game = round_ending(3, pieces={
        "yanzhou": {"armies": {"cao-cao": 6, "liu-bei": 3}, "characters": ["liu-bei"]},
        "xuchang": {"armies": {"cao-cao": 4}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]}},
        control={"yanzhou": "cao-cao"})
    assert game.controller("yanzhou") == "cao-cao"
    lines = stripped(game.advance(1))
    assert "6 armies of Cao Cao 曹操 relocate from Yanzhou 兗州 to Xuchang 許昌 (4.8.3)" in lines
    assert game.state["armies"]["yanzhou"] == {"liu-bei": 3}
    assert game.state["armies"]["xuchang"] == {"cao-cao": 10}
    assert game.controller("yanzhou") == "liu-bei"


# ---------------------------------------------------------------------- 4.8.4, 4.8.5


@pytest.mark.rule("4.8.4")
@pytest.mark.rule("4.8.5(A)")
def test_interrupted_player_acts_first_at_round_end() -> None:
    """At the end of a round each player may change his main kingdom; the player whose
    turn was cut short goes first (here White, whose Yuan Shao turn was interrupted), for
    relocation too."""
    game = _shared_position(orders={"blue": {"relocate": "ask"},
                                    "white": {"relocate": "ask"}},
                            kingdoms={**KINGDOMS, "yuan-shu": {"owner": "white"}})
    game.state["armies"]["bohai"]["yuan-shu"] = 2
    game.advance(1)
    assert game.state["interrupted"] == "white"
    assert game.prompt().role == "white" and game.prompt().rule == "4.8.3"
    game.refuse("blue", {"do": "relocate", "from": "yanzhou", "kingdom": "liu-bei",
                         "to": "jianye"})
    game.act("white", {"do": "relocate", "from": "bohai", "kingdom": "yuan-shu",
                       "to": "nanyang"})
    assert game.prompt().role == "blue"
    game.act("blue", {"do": "relocate", "from": "yanzhou", "kingdom": "liu-bei",
                      "to": "pingyuan"})
    game.act("blue", {"do": "relocate", "from": "xuchang", "kingdom": "cao-cao",
                      "to": "yanzhou"})
    prompt = game.prompt()
    assert prompt.role == "white" and prompt.rule == "4.8.4"
    assert game.offered() == [{"do": "keep-main"}, {"do": "main", "kingdom": "yuan-shu"}]
    game.refuse("blue", "keep-main")
    game.refuse("white", {"do": "keep-main", "kingdom": "yuan-shao"}, rule="4.8.4")
    game.refuse("white", {"do": "main", "kingdom": "cao-cao"}, rule="4.8.4")
    lines = game.act("white", {"do": "main", "kingdom": "yuan-shu"})
    assert stripped(lines) == ["White Tiger makes Yuan Shu 袁術 the main kingdom (4.8.4)"]
    assert game.prompt().role == "blue" and game.prompt().rule == "4.8.4"
    game.act("blue", {"do": "main", "kingdom": "sun-wu"}, 1)
    assert game.t.main_of("white") == "yuan-shu" and game.t.main_of("blue") == "sun-wu"
    assert not game.state["kingdoms"]["yuan-shao"]["main"]


@pytest.mark.rule("4.8.5(B)")
@pytest.mark.rule("4.8.5(C)")
def test_marker_and_chits_reset_and_round_advances() -> None:
    """After the end-of-round steps the Mandate marker returns to the centre, every chit
    that can give a turn goes back into the pool (not the chit of Yuan Shu, eliminated
    meanwhile), the Round marker advances and the new round's first chit is pulled."""
    game = round_ending(3, kingdoms={**KINGDOMS, "yuan-shu": {"owner": "white",
                                                              "status": "eliminated"}},
                       turn={"kingdom": "yuan-shao", "phase": "mandate",
                             "pool": ["chit:sun-wu", "chit:traitorous-2"],
                             "drawn": ["chit:blue", "chit:cao-cao", "chit:yuan-shao"]})
    game.advance(1)
    assert game.state["mandate"] == [0, -2]
    lines = stripped(keep_mains(game, 1))
    assert lines[-4:-1] == [
        "The Mandate marker returns to the centre; every chit returns to the pool (4.8.5(B))",
        "The Round marker moves to Round 4 (4.8.5(C))",
        "Round 4 begins (4.1)"]
    assert game.state["round"] == 4 and game.state["mandate"] == [0, 0]
    assert game.state["drawn"] == ["chit:blue"]
    assert game.state["pool"] == ["chit:white", "chit:cao-cao", "chit:liu-bei", "chit:sun-wu",
                                  "chit:yuan-shao", "chit:liu-biao", "chit:traitorous-1",
                                  "chit:traitorous-2"]
    assert game.prompt().role == "blue" and game.prompt().step == "activate"
