"""10 Mandate display events: scenario tests.

Each event is triggered the way play triggers it: a turn stands at its Mandate phase with
the marker next to the event's space, and the scripted Mandate die moves it there
(board.md §3: from the centre 1 is Bountiful Harvest, 2 Recruit Retainer, 3 Barbarian
Raids, 4 Retainer Dies, 5 Yellow Turbans, 6 Assassinate Retainer).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import Game, two_players

BLUE = ["cao-cao", "liu-bei", "sun-wu"]
WHITE = ["yuan-shao", "yuan-shu", "liu-biao"]
KINGDOMS = two_players(BLUE, WHITE)

HARVEST, RECRUIT, RAIDS, DIES, TURBANS, ASSASSIN = 1, 2, 3, 4, 5, 6  # from the centre
FREE_RETAINERS = sorted(["sima-yi", "pang-tong", "lu-xun", "xu-shu", "xun-yu", "guo-jia",
                         "lu-su", "cheng-yu", "jia-xu", "fa-zheng", "taishi-ci", "lu-meng",
                         "wei-yan", "gan-ning", "xu-huang", "zuo-ci"])


def event_turn(kingdom: str = "cao-cao", mandate: tuple[int, int] = (0, 0),
               **scenario: Any) -> Game:
    """A turn of ``kingdom`` at its Mandate phase, the marker on ``mandate``."""
    base: dict[str, Any] = {"kingdoms": KINGDOMS, "mandate": list(mandate),
                            "turn": {"kingdom": kingdom}}
    base.update(scenario)
    return Game(base)


def standard_pieces(**changes: dict[str, Any] | None) -> dict[str, Any]:
    """The opening placement of 3.3 as a ``pieces`` section; ``changes`` replace areas
    (None empties one)."""
    pieces: dict[str, Any] = {
        "yanzhou": {"armies": {"cao-cao": 10},
                    "characters": ["cao-cao", "xiahou-dun", "xiahou-yuan", "cao-ren"]},
        "pingyuan": {"armies": {"liu-bei": 10},
                     "characters": ["liu-bei", "guan-yu", "zhang-fei"]},
        "changsha": {"armies": {"sun-wu": 10},
                     "characters": ["sun-jian", "cheng-pu", "huang-gai"]},
        "bohai": {"armies": {"yuan-shao": 10},
                  "characters": ["yuan-shao", "wen-chou", "yan-liang", "zhang-he"]},
        "youzhou": {"armies": {"gongsun-zan": 10},
                    "characters": ["gongsun-zan", "zhao-yun", "yan-gang", "gongsun-yue"]},
        "nanyang": {"armies": {"yuan-shu": 10},
                    "characters": ["yuan-shu", "ji-ling", "zhang-xun", "lei-bo"]},
        "chengdu": {"armies": {"liu-zhang": 10},
                    "characters": ["liu-yan", "zhang-ren", "yan-yan", "wu-yi"]},
        "xiangyang": {"armies": {"liu-biao": 10},
                      "characters": ["liu-biao", "cai-mao", "huang-zu", "huang-zhong"]},
        "liangzhou": {"armies": {"ma-teng": 10},
                      "characters": ["ma-teng", "ma-chao", "han-sui", "hou-xuan"]},
        "luoyang": {"armies": {"dong-zhuo": 5}, "characters": ["dong-zhuo", "lu-bu"]},
        "changan": {"armies": {"dong-zhuo": 5}, "characters": ["li-ru"]},
        "anding": {"armies": {"dong-zhuo": 5}, "characters": ["hua-xiong"]},
        "hanzhong": {"armies": {"zhang-lu": 10}, "characters": ["zhang-lu", "zhang-wei",
                                                                "yan-pu"]},
    }
    for area, info in changes.items():
        if info is None:
            pieces.pop(area, None)
        else:
            pieces[area] = info
    return pieces


# ---------------------------------------------------------------------- 10.1


@pytest.mark.rule("10.1(A)")
def test_retainer_dies_row_two_covers_liu_zhang() -> None:
    """Retainer Dies: a die on the Retainer Death table names a row of kingdoms, and the
    active player picks one of them. Row 2 reads Liu Bei, Liu Biao and Liu Yan, the last
    being the kingdom kept under the id liu-zhang. Blue picks the neutral Liu Zhang and,
    the kingdom having no player, names the victim himself."""
    dead = {cid: {"at": "dead", "kingdom": None} for cid in ("cai-mao", "huang-zu",
                                                               "huang-zhong")}
    game = event_turn(characters=dead)
    lines = game.advance(DIES, 2)
    assert "Rolls 2: Liu Bei 劉備, Liu Biao 劉表, Liu Zhang 劉璋 (Liu Yan) (10.1(A))" in "\n".join(
        lines)
    assert game.prompt().role == "blue"
    assert game.offered("choose-kingdom") == [
        {"do": "choose-kingdom", "kingdom": "liu-bei"},
        {"do": "choose-kingdom", "kingdom": "liu-biao"},
        {"do": "choose-kingdom", "kingdom": "liu-zhang"},
    ]
    game.refuse("blue", {"do": "choose-kingdom", "kingdom": "cao-cao"}, rule="10.1(A)")
    game.refuse("white", {"do": "choose-kingdom", "kingdom": "liu-bei"}, rule="10.1(A)")
    game.act("blue", {"do": "choose-kingdom", "kingdom": "liu-zhang"})
    assert game.prompt().role == "blue"
    assert [a["character"] for a in game.offered("choose-retainer")] == [
        "zhang-ren", "yan-yan", "wu-yi"]
    lines = game.act("blue", {"do": "choose-retainer", "character": "yan-yan"})
    assert "  » Yan Yan 嚴顏 dies (10.1(B))" in lines
    assert game.where("yan-yan") == "dead" and game.kingdom_of("yan-yan") is None
    assert game.where("zhang-ren") == "chengdu" and game.where("liu-yan") == "chengdu"
    assert game.prompt().step == "diplomacy"


@pytest.mark.rule("10.1(A)")
def test_active_player_may_pick_a_kingdom_of_the_row_without_retainers() -> None:
    """The active player may pick any kingdom of the row, even one with no retainer left,
    and then nobody dies. Row 2: Blue (Cao Cao active) would rather not lose one of his
    own Liu Bei's retainers; White's Liu Biao has none left, so Blue picks him."""
    dead = {cid: {"at": "dead", "kingdom": None} for cid in ("cai-mao", "huang-zu",
                                                               "huang-zhong")}
    game = event_turn(characters=dead, pieces=standard_pieces(chengdu=None))
    game.advance(DIES, 2)
    assert [a["kingdom"] for a in game.offered("choose-kingdom")] == ["liu-bei", "liu-biao"]
    lines = game.act("blue", {"do": "choose-kingdom", "kingdom": "liu-biao"})
    assert lines == ["  Liu Biao 劉表 has no retainer: no effect (10.1(A))"]
    assert [game.where(c) for c in ("guan-yu", "zhang-fei")] == ["pingyuan", "pingyuan"]
    assert game.prompt().step == "diplomacy"


@pytest.mark.rule("10.1(A)")
def test_retainer_dies_without_candidates_has_no_effect() -> None:
    """When no kingdom of the rolled row has a retainer left, nobody dies. Row 3 is Sun Wu
    alone; Sun Jian's retainers are both dead already."""
    dead = {cid: {"at": "dead", "kingdom": None} for cid in ("cheng-pu", "huang-gai")}
    game = event_turn(characters=dead)
    lines = game.advance(DIES, 3)
    assert "  None of them has a retainer: no effect (10.1(A))" in lines
    assert game.where("sun-jian") == "changsha"
    assert game.prompt().step == "diplomacy"


@pytest.mark.rule("10.1(B)")
def test_owner_chooses_which_retainer_dies_free_retainer_included() -> None:
    """The player who holds the chosen kingdom decides which of its retainers dies, and a
    recruited free retainer is as eligible as an original one. Blue rolls row 4 and picks
    White's Yuan Shu, who has also recruited Xu Huang: White must choose, and may choose
    Xu Huang; Blue cannot choose for him (White's standing order retainer_death: ask)."""
    game = event_turn(characters={"xu-huang": {"at": "nanyang", "kingdom": "yuan-shu",
                                               "recruited": True}},
                      orders={"white": {"retainer_death": "ask"}})
    game.advance(DIES, 4)
    assert [a["kingdom"] for a in game.offered("choose-kingdom")] == ["yuan-shao", "yuan-shu"]
    game.act("blue", {"do": "choose-kingdom", "kingdom": "yuan-shu"})
    assert game.prompt().role == "white"
    assert [a["character"] for a in game.offered("choose-retainer")] == [
        "ji-ling", "zhang-xun", "lei-bo", "xu-huang"]
    game.refuse("blue", {"do": "choose-retainer", "character": "lei-bo"}, rule="10.1(B)")
    game.refuse("white", {"do": "choose-retainer", "character": "wen-chou"}, rule="10.1(B)")
    lines = game.act("white", {"do": "choose-retainer", "character": "xu-huang"})
    assert "  » Xu Huang 徐晃 dies (10.1(B))" in lines
    assert game.where("xu-huang") == "dead"
    assert [game.where(c) for c in ("ji-ling", "zhang-xun", "lei-bo")] == ["nanyang"] * 3


@pytest.mark.rule("10.1(B)")
def test_standing_order_names_the_weakest_retainer_of_another_players_kingdom() -> None:
    """By default (standing order retainer_death: weakest) White is not asked in Blue's
    turn: the retainer of Yuan Shu with the lowest ratings added up dies, and the log says
    so. When Blue picks one of his own kingdoms in his own turn, he is asked: a standing
    order never decides for the player moving."""
    game = event_turn()
    game.advance(DIES, 4)
    lines = game.act("blue", {"do": "choose-kingdom", "kingdom": "yuan-shu"})
    assert "  White Tiger's standing order retainer_death: weakest — chooses Lei Bo 雷薄 " \
           "(10.1(B))" in lines
    assert "  » Lei Bo 雷薄 dies (10.1(B))" in lines
    assert game.where("lei-bo") == "dead" and game.prompt().role == "blue"
    own = event_turn()
    own.advance(DIES, 2)
    assert [a["kingdom"] for a in own.offered("choose-kingdom")] == [
        "liu-bei", "liu-biao", "liu-zhang"]
    own.act("blue", {"do": "choose-kingdom", "kingdom": "liu-bei"})
    assert own.prompt().role == "blue" and own.prompt().step == "retainer-dies"
    own.act("blue", {"do": "choose-retainer", "character": "zhang-fei"})
    assert own.where("zhang-fei") == "dead"


@pytest.mark.rule("10.1(B)")
def test_active_player_chooses_victim_of_traitorous_kingdom() -> None:
    """For a Traitorous kingdom (or a neutral one) there is no owner, so the active player
    names the retainer who dies. Row 6: Blue picks Zhang Lu and then Yan Pu."""
    game = event_turn()
    game.advance(DIES, 6)
    assert [a["kingdom"] for a in game.offered("choose-kingdom")] == ["dong-zhuo", "zhang-lu"]
    game.act("blue", {"do": "choose-kingdom", "kingdom": "zhang-lu"})
    assert game.prompt().role == "blue"
    game.refuse("white", {"do": "choose-retainer", "character": "yan-pu"}, rule="10.1(B)")
    game.act("blue", {"do": "choose-retainer", "character": "yan-pu"})
    assert game.where("yan-pu") == "dead"
    assert game.where("zhang-wei") == "hanzhong"


# ---------------------------------------------------------------------- 10.2


@pytest.mark.rule("10.2(A)")
def test_recruit_pulls_random_free_retainer_for_active_kingdom() -> None:
    """Recruit Retainer: one retainer is drawn at random from the free retainer pool and
    joins the active kingdom. The pool holds the 16 free retainers; the draw (over the
    pool in id order) picks the 10th, Sima Yi."""
    game = event_turn()
    assert FREE_RETAINERS[9] == "sima-yi"
    lines = game.advance(RECRUIT, 10)
    assert "  Sima Yi 司馬懿 joins Cao Cao 曹操 (10.2(A))" in lines
    assert game.kingdom_of("sima-yi") == "cao-cao"
    assert game.state["chars"]["sima-yi"]["recruited"] is True
    assert game.where("sima-yi") == "yanzhou"  # his only area with Cao Cao's armies
    assert sorted(c for c, e in game.state["chars"].items() if e["at"] == "pool") == [
        c for c in FREE_RETAINERS if c != "sima-yi"]


@pytest.mark.rule("10.2(B)")
def test_recruit_placed_with_active_kingdoms_armies_not_a_friends() -> None:
    """The recruit joins the kingdom that is taking the turn, never another kingdom of the
    same player, and is placed in an area holding that kingdom's armies. Blue activates
    his ally Liu Bei with the faction chit: Xu Huang joins Liu Bei and may be put in
    Pingyuan or Qingzhou (Liu Bei's armies), not in Yanzhou (Cao Cao's)."""
    pieces = standard_pieces(qingzhou={"armies": {"liu-bei": 3}})
    game = event_turn(pieces=pieces, turn={"kingdom": "liu-bei", "faction": True})
    game.advance(RECRUIT, FREE_RETAINERS.index("xu-huang") + 1)
    assert game.kingdom_of("xu-huang") == "liu-bei"
    assert game.prompt().role == "blue"
    assert game.offered("place") == [{"do": "place", "area": "pingyuan"},
                                     {"do": "place", "area": "qingzhou"}]
    game.refuse("blue", {"do": "place", "area": "yanzhou"}, rule="10.2(B)")
    lines = game.act("blue", {"do": "place", "area": "qingzhou"})
    assert "  Xu Huang 徐晃 is placed in Qingzhou 青州 (10.2(B))" in lines
    assert game.where("xu-huang") == "qingzhou" and game.kingdom_of("xu-huang") == "liu-bei"
    assert game.controller("qingzhou") == "liu-bei"


@pytest.mark.rule("10.2(C)")
def test_empty_pool_refilled_from_dead_pile() -> None:
    """When the free retainer pool is empty, every dead retainer goes back into it (those
    who began as a kingdom's own retainers too) and the pull is made from them. All free
    retainers serve Yuan Shao except Pang Tong and Sima Yi, who are dead, as is Guan Yu:
    the pull is over those three and picks Guan Yu, who now serves Cao Cao as a free
    retainer."""
    chars: dict[str, Any] = {c: {"at": "bohai", "kingdom": "yuan-shao", "recruited": True}
                             for c in FREE_RETAINERS if c not in ("pang-tong", "sima-yi")}
    chars["zuo-ci"] = {"at": "court", "kingdom": "yuan-shao", "recruited": True}
    for cid in ("pang-tong", "sima-yi", "guan-yu"):
        chars[cid] = {"at": "dead", "kingdom": None}
    game = event_turn(characters=chars)
    lines = game.advance(RECRUIT, 1)
    assert "  The free retainer pool is empty: the dead retainers return to it (10.2(C))" \
        in lines
    assert "  Guan Yu 關羽 joins Cao Cao 曹操 (10.2(A))" in lines
    assert game.where("guan-yu") == "yanzhou" and game.kingdom_of("guan-yu") == "cao-cao"
    assert game.state["chars"]["guan-yu"]["recruited"] is True
    assert game.where("pang-tong") == "pool" and game.where("sima-yi") == "pool"


@pytest.mark.rule("10.2(C)")
def test_empty_pool_and_no_dead_means_no_recruit() -> None:
    """With the pool empty and nobody dead, there is nobody to pull: no effect."""
    chars: dict[str, Any] = {c: {"at": "bohai", "kingdom": "yuan-shao", "recruited": True}
                             for c in FREE_RETAINERS}
    chars["zuo-ci"] = {"at": "court", "kingdom": "yuan-shao", "recruited": True}
    game = event_turn(characters=chars)
    lines = game.advance(RECRUIT)
    assert "  The free retainer pool and the dead pile are empty: no effect (10.2(C))" in lines
    assert game.prompt().step == "diplomacy"


# ---------------------------------------------------------------------- 10.3


@pytest.mark.rule("10.3")
def test_bountiful_harvest_adds_three_manpower() -> None:
    """Bountiful Harvest gives the active kingdom 3 extra manpower for this turn's levy:
    Cao Cao's Yanzhou (3) and his administration (2) make 5, the harvest 8."""
    game = event_turn()
    lines = game.advance(HARVEST)
    assert "  Cao Cao 曹操 has 3 more manpower this turn (10.3)" in lines
    game.act("blue", "end-diplomacy")
    offer = game.prompt().actions[0]
    assert offer.verb == "levy" and offer.params[0].maximum == 8
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 9}, rule="4.4(C)")
    game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 8})
    assert game.armies("yanzhou", "cao-cao") == 18


# ---------------------------------------------------------------------- 10.4


@pytest.mark.rule("10.4")
def test_emperor_flees_to_opponent_who_places_him() -> None:
    """Emperor Xian Flees: the player who holds the Emperor loses him to the other
    player, who puts him with any one of his own warlords. Blue holds him in Yanzhou; White
    chooses to place him with Yuan Shu in Nanyang (his standing order emperor: ask), and
    so controls him."""
    game = event_turn(mandate=(1, -1), emperor="yanzhou", orders={"white": {"emperor": "ask"}})
    lines = game.advance(2)
    assert lines[-1] == "  The Emperor leaves Blue Dragon for White Tiger (10.4)"
    assert game.prompt().role == "white"
    assert [a["character"] for a in game.offered("place-emperor")] == [
        "yuan-shao", "yuan-shu", "liu-biao"]
    game.refuse("blue", {"do": "place-emperor", "character": "cao-cao"}, rule="10.4")
    game.refuse("white", {"do": "place-emperor", "character": "cao-cao"}, rule="10.4")
    game.act("white", {"do": "place-emperor", "character": "yuan-shu"})
    assert game.state["emperor"] == "nanyang"
    assert game.owner(str(game.controller("nanyang"))) == "white"


@pytest.mark.rule("10.4")
def test_emperor_flees_from_traitorous_to_random_player() -> None:
    """When a Traitorous kingdom holds the Emperor, a random player receives him (the
    draw runs over the players in seat order). Dong Zhuo holds him in Luoyang; the draw
    gives White, who places him with Liu Biao (his standing order emperor: ask)."""
    game = event_turn(mandate=(1, -1), orders={"white": {"emperor": "ask"}})
    lines = game.advance(2, 2)
    assert lines[-1] == ("  No player holds the Emperor: he flees to White Tiger, chosen at "
                         "random (10.4)")
    assert game.prompt().role == "white"
    game.act("white", {"do": "place-emperor", "character": "liu-biao"})
    assert game.state["emperor"] == "xiangyang"
    assert game.controller("xiangyang") == "liu-biao"


@pytest.mark.rule("10.4")
def test_standing_order_places_the_fleeing_emperor_in_a_capital() -> None:
    """By default (standing order emperor: capital) the receiving player is not asked:
    the Emperor goes to a warlord of his standing in Luoyang, Chang'an or Xuchang, where
    the Imperial Decree works, else to the warlord with most of his armies around him."""
    game = event_turn(mandate=(1, -1), emperor="yanzhou", pieces=standard_pieces(
        nanyang={"armies": {"yuan-shu": 9}, "characters": ["ji-ling", "zhang-xun", "lei-bo"]},
        xuchang={"armies": {"yuan-shu": 1}, "characters": ["yuan-shu"]}))
    lines = game.advance(2)
    assert "  White Tiger's standing order emperor: capital — chooses Yuan Shu 袁術 in " \
           "Xuchang 許昌 (10.4)" in lines
    assert game.state["emperor"] == "xuchang"
    game = event_turn(mandate=(1, -1), emperor="yanzhou")
    lines = game.advance(2)
    assert "  White Tiger's standing order emperor: capital — chooses Yuan Shao 袁紹 in " \
           "Bohai 渤海 (10.4)" in lines
    assert game.state["emperor"] == "bohai"


# ---------------------------------------------------------------------- 10.5

YUAN_SHU_GONE = {"ji-ling": "out", "zhang-xun": "out", "lei-bo": {"at": "dead", "kingdom": None},
                 "yuan-shu": "out"}


@pytest.mark.rule("10.5(A)")
def test_restoration_places_warlord_one_survivor_and_ten_armies() -> None:
    """Family Restoration: the active player brings back a warlord eliminated earlier,
    with one of his retainers still alive and 10 of his armies, in an area of his choice.
    Yuan Shu (White's ally) was wiped out; Ji Ling and Zhang Xun survive, Lei Bo is dead.
    Blue picks Qiao and Zhang Xun."""
    game = event_turn(mandate=(1, 0), pieces=standard_pieces(nanyang=None),
                      characters=YUAN_SHU_GONE)
    game.advance(3)
    assert game.prompt().role == "blue"
    assert len(game.offered("restore-area")) == 27
    game.act("blue", {"do": "restore-area", "area": "qiao"})
    assert game.offered("restore-retainer") == [
        {"do": "restore-retainer", "character": "ji-ling"},
        {"do": "restore-retainer", "character": "zhang-xun"}]
    game.refuse("blue", {"do": "restore-retainer", "character": "lei-bo"}, rule="10.5(A)")
    lines = game.act("blue", {"do": "restore-retainer", "character": "zhang-xun"})
    assert lines[0] == ("  » Yuan Shu 袁術 returns in Qiao 譙 (Yuan Shu 袁術, Zhang Xun 張勳, 10 "
                        "armies) as an ally of White Tiger (10.5(A))")
    assert game.status("yuan-shu") == "in-play"
    assert game.where("yuan-shu") == "qiao" and game.where("zhang-xun") == "qiao"
    assert game.where("ji-ling") == "out" and game.where("lei-bo") == "dead"
    assert game.armies("qiao", "yuan-shu") == 10
    assert game.controller("qiao") == "yuan-shu"
    assert game.prompt().step == "diplomacy"


@pytest.mark.rule("10.5(B)")
def test_restoration_without_eliminated_warlord_has_no_effect() -> None:
    """With no warlord off the map the event does nothing. A kingdom wiped out during
    this very turn does not count: it must have gone on an earlier turn."""
    kingdoms = dict(KINGDOMS)
    kingdoms["yuan-shu"] = {"owner": "white", "status": "eliminated", "eliminated_turn": 1}
    game = event_turn(mandate=(1, 0), kingdoms=kingdoms, pieces=standard_pieces(nanyang=None),
                      characters=YUAN_SHU_GONE)
    assert game.state["turns"]["total"] == 1
    lines = game.advance(3)
    assert lines[-1] == ("  No warlord can be restored (Yuan Shu 袁術 was eliminated this "
                         "very turn): no effect (10.5(B))")
    assert game.status("yuan-shu") == "eliminated"
    assert game.prompt().step == "diplomacy"


@pytest.mark.rule("10.5(B)")
def test_dong_zhuo_never_restored_but_other_traitorous_warlords_are() -> None:
    """Traitorous warlords may come back, but never Dong Zhuo himself. In Round 1, with
    both Dong Zhuo's kingdom and Zhang Lu's gone, only Zhang Lu can be restored (so he is
    taken without a question); he returns Traitorous."""
    pieces = standard_pieces(luoyang=None, changan=None, anding=None, hanzhong=None)
    game = event_turn(mandate=(1, 0), pieces=pieces,
                      characters={"zhang-wei": "out", "yan-pu": "out"})
    assert game.status("dong-zhuo") == "eliminated"
    game.advance(3)
    assert game.step()["kingdom"] == "zhang-lu"
    assert game.prompt().text == "choose the area where Zhang Lu returns"
    game.act("blue", {"do": "restore-area", "area": "hanzhong"})
    lines = game.act("blue", {"do": "restore-retainer", "character": "yan-pu"})
    assert lines[0] == ("  » Zhang Lu 張魯 returns in Hanzhong 漢中 (Zhang Lu 張魯, Yan Pu 閻圃, "
                        "10 armies) as Traitorous (10.5(A))")
    assert game.status("dong-zhuo") == "eliminated"


@pytest.mark.rule("10.5(B)")
def test_dong_zhuo_killed_in_round_one_never_returns_as_li_jue() -> None:
    """If Dong Zhuo himself was killed, Li Jue never appears (4.8.1(A)), so Family
    Restoration cannot bring his kingdom back as Li Jue in a later round either. In Round
    3 Dong Zhuo's kingdom is gone, led by Dong Zhuo when it fell: the event has no effect,
    and says why."""
    pieces = standard_pieces(luoyang=None, changan=None, anding=None,
                             xuzhou={"armies": {"lu-bu": 10}, "characters": ["lu-bu-warlord"]})
    kingdoms = dict(KINGDOMS, **{"dong-zhuo": {"warlord": "dong-zhuo"}})
    game = event_turn(mandate=(1, 0), pieces=pieces, kingdoms=kingdoms, round=3,
                      characters={"hua-xiong": "out", "li-ru": "out"})
    assert game.status("dong-zhuo") == "eliminated"
    lines = game.advance(3)
    assert lines[-1] == ("  No warlord can be restored (Dong Zhuo 董卓 was killed, so Li Jue "
                         "never appears): no effect (10.5(B))")
    assert game.status("dong-zhuo") == "eliminated" and "li-jue" not in game.state["chars"]
    assert game.where("hua-xiong") == "out" and game.prompt().step == "diplomacy"


@pytest.mark.rule("10.5(B)")
def test_li_jue_may_be_restored_after_round_one() -> None:
    """Dong Zhuo's kingdom may return from Round 2 on, under Li Jue, when it was Li Jue
    who fell. No retainer of it survives, so Li Jue comes back with his 10 armies alone."""
    pieces = standard_pieces(luoyang=None, changan=None, anding=None,
                             xuzhou={"armies": {"lu-bu": 10}, "characters": ["lu-bu-warlord"]})
    dead = {c: {"at": "dead", "kingdom": None} for c in ("guo-si", "zhang-ji", "fan-chou")}
    game = event_turn(mandate=(1, 0), pieces=pieces, characters=dead, round=2)
    assert game.state["kingdoms"]["dong-zhuo"]["warlord"] == "li-jue"
    lines = game.advance(3)
    assert game.prompt().text == "choose the area where Dong Zhuo returns"
    lines = game.act("blue", {"do": "restore-area", "area": "changan"})
    assert lines[0] == ("  » Dong Zhuo 董卓 (Li Jue) returns in Chang'an 長安 (Li Jue 李傕, 10 "
                        "armies) as Traitorous (10.5(A))")
    assert game.where("li-jue") == "changan" and "dong-zhuo" not in game.state["chars"]
    assert game.armies("changan", "dong-zhuo") == 10
    assert game.status("dong-zhuo") == "in-play"


@pytest.mark.rule("10.5(C)")
def test_one_of_several_eliminated_is_restored() -> None:
    """With several warlords gone the active player restores exactly one of them. Yuan
    Shu and the neutral Gongsun Zan are both gone; Blue restores Gongsun Zan, and Yuan Shu
    stays eliminated."""
    pieces = standard_pieces(nanyang=None, youzhou=None)
    chars = dict(YUAN_SHU_GONE, **{"zhao-yun": "out", "yan-gang": "out", "gongsun-yue": "out"})
    game = event_turn(mandate=(1, 0), pieces=pieces, characters=chars)
    game.advance(3)
    assert game.offered("restore") == [{"do": "restore", "kingdom": "gongsun-zan"},
                                       {"do": "restore", "kingdom": "yuan-shu"}]
    game.refuse("blue", {"do": "restore", "kingdom": "cao-cao"}, rule="10.5(C)")
    game.act("blue", {"do": "restore", "kingdom": "gongsun-zan"})
    game.act("blue", {"do": "restore-area", "area": "youzhou"})
    game.act("blue", {"do": "restore-retainer", "character": "zhao-yun"})
    assert game.status("gongsun-zan") == "in-play"
    assert game.status("yuan-shu") == "eliminated"
    assert game.where("yuan-shu") == "out" and game.where("ji-ling") == "out"
    assert game.armies("youzhou", "gongsun-zan") == 10


@pytest.mark.rule("10.5(D)")
def test_restored_neutral_stays_neutral() -> None:
    """A neutral kingdom comes back neutral: no player holds it and its chit stays out of
    the pool. White restores Gongsun Zan with Zhao Yun in his home, Youzhou."""
    game = event_turn("yuan-shao", mandate=(1, 0), pieces=standard_pieces(youzhou=None),
                      characters={"zhao-yun": "out", "gongsun-zan": "out"})
    game.advance(3)
    lines = game.act("white", {"do": "restore-area", "area": "youzhou"})
    assert lines[0] == ("  » Gongsun Zan 公孫瓚 returns in Youzhou 幽州 (Gongsun Zan 公孫瓚, "
                        "Zhao Yun 趙雲, 10 armies) as neutral (10.5(A))")
    assert game.owner("gongsun-zan") is None and game.controller("youzhou") == "gongsun-zan"
    assert "chit:gongsun-zan" not in game.state["pool"] + game.state["drawn"]


@pytest.mark.rule("10.5(D)")
def test_restored_ally_stays_ally_and_its_chit_returns() -> None:
    """An allied kingdom comes back as the same player's ally, and its activation chit
    goes back into the pool so that it gets turns again."""
    game = event_turn(mandate=(1, 0), pieces=standard_pieces(nanyang=None),
                      characters=YUAN_SHU_GONE)
    assert "chit:yuan-shu" not in game.state["pool"]
    game.advance(3)
    game.act("blue", {"do": "restore-area", "area": "nanyang"})
    game.act("blue", {"do": "restore-retainer", "character": "ji-ling"})
    assert game.owner("yuan-shu") == "white"
    assert game.state["kingdoms"]["yuan-shu"]["main"] is False
    assert game.state["kingdoms"]["yuan-shao"]["main"] is True
    assert "chit:yuan-shu" in game.state["pool"]


@pytest.mark.rule("10.5(E)")
def test_restored_warlord_fights_on_arrival_and_cannot_retreat() -> None:
    """Restored among hostile armies, the warlord must fight at once; he attacks and, with
    no area behind him, cannot retreat, while the occupant may. If he loses he is
    eliminated again. Blue puts Yuan Shu back in Xuchang, held by Xiahou Dun with 8 of Cao
    Cao's armies; Blue's standing order asks about retreats, White is never asked."""
    pieces = standard_pieces(nanyang=None,
                             xuchang={"armies": {"cao-cao": 8}, "characters": ["xiahou-dun"]})
    game = event_turn(mandate=(1, 0), pieces=pieces, characters=YUAN_SHU_GONE,
                      orders={"blue": {"retreat": "ask"}})
    game.advance(3)
    game.act("blue", {"do": "restore-area", "area": "xuchang"})
    # valor: Ji Ling 6 (miss), Xiahou Dun 3 (3 hits); battle round 1: White 5 dice all
    # misses, Blue 5 hits.
    lines = game.act("blue", {"do": "restore-retainer", "character": "ji-ling"},
                     6, 3, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1)
    assert "Combat in Xuchang 許昌: White Tiger (Yuan Shu) attacks Blue Dragon (Cao Cao) (5)" \
        in lines
    assert game.armies("xuchang", "yuan-shu") == 2 and game.armies("xuchang", "cao-cao") == 8
    prompt = game.prompt()
    assert prompt.role == "blue" and prompt.step == "retreat"
    assert game.offered("retreat")  # the defender may go
    game.refuse("white", {"do": "retreat", "to": "nanyang"})
    # battle round 2: White 2 dice miss, Blue 2 hits; Ji Ling captured (1), beheaded (2).
    lines = game.act("blue", {"do": "fight-on"}, 6, 6, 1, 1, 6, 6, 6, 1, 2)
    assert ("  » Yuan Shu 袁術 is eliminated: the restored warlord loses his first battle "
            "(10.5(E))") in lines
    assert game.status("yuan-shu") == "eliminated"
    assert game.where("yuan-shu") == "out" and game.where("ji-ling") == "out"
    assert game.controller("xuchang") == "cao-cao" and game.armies("xuchang", "cao-cao") == 8
    assert game.prompt().step == "diplomacy"


# ---------------------------------------------------------------------- 10.6


@pytest.mark.rule("10.6(A)")
def test_famine_halves_rounding_up_and_ends_turn() -> None:
    """Famine: in the active kingdom's strongest area half the armies die, rounded up,
    the allied armies there too; then the turn is over. Cao Cao's 9 in Yanzhou lose 5 and
    Sun Wu's 3 beside them lose 2. Liu Bei's 10 in Qingzhou are not the active kingdom's
    and are spared."""
    pieces = standard_pieces(yanzhou={"armies": {"cao-cao": 9, "sun-wu": 3},
                                      "characters": ["cao-cao"]},
                             qingzhou={"armies": {"liu-bei": 10}})
    game = event_turn(mandate=(0, -1), pieces=pieces, control={"yanzhou": "cao-cao"})
    lines = game.advance(1)
    assert "  » Famine in Yanzhou 兗州: Cao Cao 曹操 loses 5 of 9 armies (10.6(A))" in lines
    assert "  » Famine in Yanzhou 兗州: Sun Wu 孫吳 loses 2 of 3 armies (10.6(A))" in lines
    assert game.armies("yanzhou", "cao-cao") == 4 and game.armies("yanzhou", "sun-wu") == 1
    assert game.armies("qingzhou", "liu-bei") == 10
    assert game.prompt().step == "end-turn"


@pytest.mark.rule("10.6(A)")
def test_famine_strikes_an_area_a_friendly_kingdom_controls() -> None:
    """The famine area is chosen among all the areas the active player's kingdoms
    control, not only the active kingdom's own. Cao Cao has 6 armies in his Yanzhou and 8
    in Xuchang, which Liu Bei (Blue too) controls with 2 of his own: Xuchang starves."""
    pieces = standard_pieces(
        yanzhou={"armies": {"cao-cao": 6}, "characters": ["cao-cao"]},
        xuchang={"armies": {"cao-cao": 8, "liu-bei": 2}, "characters": ["guan-yu"]})
    game = event_turn(mandate=(0, -1), pieces=pieces, control={"xuchang": "liu-bei"})
    assert game.controller("xuchang") == "liu-bei"
    lines = game.advance(1)
    assert "  » Famine in Xuchang 許昌: Cao Cao 曹操 loses 4 of 8 armies (10.6(A))" in lines
    assert "  » Famine in Xuchang 許昌: Liu Bei 劉備 loses 1 of 2 armies (10.6(A))" in lines
    assert game.armies("yanzhou", "cao-cao") == 6
    assert game.armies("xuchang", "cao-cao") == 4 and game.armies("xuchang", "liu-bei") == 1


@pytest.mark.rule("10.6(B)")
def test_famine_tie_chosen_by_active_player_on_own_strength() -> None:
    """Areas are compared by the active kingdom's own armies; on a tie the active player
    picks. Yanzhou and Xuchang each hold 7 of Cao Cao's; Qiao holds 5 of his beside 10 of
    Liu Bei's and is no candidate. Blue picks Xuchang, where Liu Bei's 3 also lose 2."""
    pieces = standard_pieces(
        yanzhou={"armies": {"cao-cao": 7}, "characters": ["cao-cao"]},
        xuchang={"armies": {"cao-cao": 7, "liu-bei": 3}, "characters": ["xiahou-dun"]},
        qiao={"armies": {"cao-cao": 5, "liu-bei": 10}, "characters": ["cao-ren"]})
    game = event_turn(mandate=(0, -1), pieces=pieces,
                      control={"xuchang": "cao-cao", "qiao": "cao-cao"})
    game.advance(1)
    assert game.prompt().role == "blue"
    assert game.offered("famine-area") == [{"do": "famine-area", "area": "yanzhou"},
                                           {"do": "famine-area", "area": "xuchang"}]
    game.refuse("blue", {"do": "famine-area", "area": "qiao"}, rule="10.6(B)")
    game.act("blue", {"do": "famine-area", "area": "xuchang"})
    assert game.armies("xuchang", "cao-cao") == 3 and game.armies("xuchang", "liu-bei") == 1
    assert game.armies("yanzhou", "cao-cao") == 7 and game.armies("qiao", "cao-cao") == 5


@pytest.mark.rule("10.6(C)")
def test_famine_forbids_diplomacy_levy_and_movement() -> None:
    """After a famine the kingdom raises no armies and may neither negotiate nor move:
    the turn goes straight to its end."""
    game = event_turn(mandate=(0, -1))
    lines = game.advance(1)
    assert lines[-1] == "  Famine: no diplomacy, levy or movement this turn (10.6(C))"
    assert game.offered() == [{"do": "end-turn"}, {"do": "end-turn", "main": "liu-bei"},
                              {"do": "end-turn", "main": "sun-wu"}]
    game.refuse("blue", {"do": "negotiate", "character": "cao-cao", "target": "ma-teng"},
                rule="10.6(C)")
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 1}, rule="10.6(C)")
    game.refuse("blue", {"do": "move", "character": "cao-cao", "path": ["xuchang"]},
                rule="10.6(C)")
    assert game.armies("yanzhou", "cao-cao") == 5


# ---------------------------------------------------------------------- 10.7


@pytest.mark.rule("10.7")
def test_yellow_turbans_target_opponent_area_only() -> None:
    """Yellow Turban Remnants: the active player picks an area his opponent controls and
    removes a die's worth of the armies there; a 6 adds a second die, and a second 6 adds
    nothing more. Only White's areas are offered; two sixes destroy 12 of Yuan Shu's 14."""
    pieces = standard_pieces(nanyang={"armies": {"yuan-shu": 14}, "characters": ["yuan-shu"]})
    game = event_turn(pieces=pieces)
    game.advance(TURBANS)
    assert game.offered("uprising") == [{"do": "uprising", "area": "bohai"},
                                        {"do": "uprising", "area": "xiangyang"},
                                        {"do": "uprising", "area": "nanyang"}]
    for area in ("youzhou", "yanzhou", "hanzhong", "qiao"):
        game.refuse("blue", {"do": "uprising", "area": area}, rule="10.7")
    lines = game.act("blue", {"do": "uprising", "area": "nanyang"}, 6, 6)
    assert "  The uprising in Nanyang 南陽 destroys up to 12 armies (10.7)" in lines
    assert "  » Yuan Shu 袁術 loses 12 armies in Nanyang 南陽 (10.7)" in lines
    assert game.armies("nanyang", "yuan-shu") == 2
    assert game.controller("nanyang") == "yuan-shu"


@pytest.mark.rule("10.7")
def test_yellow_turbans_single_die_below_six() -> None:
    """A roll under 6 is the whole loss: a 4 costs Yuan Shao 4 of his 10 in Bohai."""
    game = event_turn()
    game.advance(TURBANS)
    lines = game.act("blue", {"do": "uprising", "area": "bohai"}, 4)
    assert "  » Yuan Shao 袁紹 loses 4 armies in Bohai 渤海 (10.7)" in lines
    assert game.armies("bohai", "yuan-shao") == 6


# ---------------------------------------------------------------------- 10.8


@pytest.mark.rule("10.8(A)")
def test_barbarian_raids_table_picks_the_areas() -> None:
    """Barbarian Raids: a die on the Barbarian Raids table names the raided areas. White
    rolls 5: Wuling (empty, so no die) and Changsha, where Blue's Sun Wu loses 3."""
    game = event_turn("yuan-shao")
    lines = game.advance(RAIDS, 5, 3)
    assert "  Rolls 5: raids on Wuling 武陵, Changsha 長沙 (10.8(A))" in lines
    assert "  Wuling 武陵: no enemy armies (10.8(B))" in lines
    assert game.armies("changsha", "sun-wu") == 7


@pytest.mark.rule("10.8(A)")
def test_barbarian_row_one_names_bingzhou() -> None:
    """Row 1 of the table reads Youzhou and "Jingzhou 井州", a slip for Bingzhou 并州.
    Neutral Gongsun Zan's armies are enemies of the active kingdom and suffer."""
    pieces = standard_pieces(bingzhou={"armies": {"ma-teng": 2}})
    game = event_turn(pieces=pieces)
    lines = game.advance(RAIDS, 1, 2, 5)
    assert "  Rolls 1: raids on Youzhou 幽州, Bingzhou 并州 (10.8(A))" in lines
    assert game.armies("youzhou", "gongsun-zan") == 8
    assert game.armies("bingzhou", "ma-teng") == 0 and game.controller("bingzhou") is None


@pytest.mark.rule("10.8(B)")
def test_barbarians_spare_active_players_armies() -> None:
    """Each raided area gets its own die (a 6 adds one more) and loses that many armies
    hostile to the active player; his own kingdoms' armies are never touched. Row 2:
    Hedong holds Blue's Liu Bei (no die), Chang'an loses 4 of Dong Zhuo's 5, and Anding
    loses all 5 to a 6 and a 3 while Hua Xiong stays."""
    pieces = standard_pieces(hedong={"armies": {"liu-bei": 4}})
    game = event_turn(pieces=pieces)
    lines = game.advance(RAIDS, 2, 4, 6, 3)
    assert "  Hedong 河東: no enemy armies (10.8(B))" in lines
    assert "  Anding 安定: the raiders destroy up to 9 armies (10.8(B))" in lines
    assert game.armies("hedong", "liu-bei") == 4
    assert game.armies("changan", "dong-zhuo") == 1
    assert game.armies("anding", "dong-zhuo") == 0
    assert game.where("hua-xiong") == "anding" and game.controller("anding") == "dong-zhuo"


@pytest.mark.rule("10.8(B)")
def test_barbarians_in_a_traitorous_turn_spare_the_player_running_it() -> None:
    """In a Traitorous turn the raiders strike the enemies of the player running it: his
    own armies are not his enemies, nor is the kingdom he runs (rules-notes 57). Blue runs
    Zhang Lu; row 2 raids Hedong, held by Blue's Liu Bei (no die), Chang'an, where Dong
    Zhuo loses 4 of 5, and Anding, where White's Yuan Shu loses 2 of 3."""
    pieces = standard_pieces(hedong={"armies": {"liu-bei": 4}, "characters": ["guan-yu"]},
                             anding={"armies": {"yuan-shu": 3}, "characters": ["ji-ling"]})
    game = event_turn(pieces=pieces, turn={"kingdom": "zhang-lu", "player": "blue"})
    lines = game.advance(RAIDS, 2, 4, 2)
    assert "  Hedong 河東: no enemy armies (10.8(B))" in lines
    assert game.armies("hedong", "liu-bei") == 4
    assert game.armies("changan", "dong-zhuo") == 1 and game.armies("anding", "yuan-shu") == 1


# ---------------------------------------------------------------------- 10.9


@pytest.mark.rule("10.9(A)")
def test_assassination_cannot_target_pool_retainer() -> None:
    """Assassinate Retainer: the active player names a retainer serving some other
    kingdom, a recruited free retainer included, but not one still in the pool, not one
    of his active kingdom's own and not a warlord."""
    game = event_turn(characters={"xu-huang": {"at": "bohai", "kingdom": "yuan-shao",
                                               "recruited": True}})
    game.advance(ASSASSIN)
    targets = [a["character"] for a in game.offered("assassinate")]
    assert {"xu-huang", "wen-chou", "guan-yu", "lu-bu", "yan-pu"} <= set(targets)
    assert not {"sima-yi", "xiahou-dun", "cao-ren", "yuan-shao", "liu-bei"} & set(targets)
    assert len(targets) == 28
    for cid in ("sima-yi", "xiahou-dun", "yuan-shao"):
        game.refuse("blue", {"do": "assassinate", "character": cid}, rule="10.9(A)")
    lines = game.act("blue", {"do": "assassinate", "character": "xu-huang"}, 1)
    assert "  » Rolls 1: Xu Huang 徐晃 is assassinated (10.9(B))" in lines
    assert game.where("xu-huang") == "dead"


@pytest.mark.rule("10.9(B)")
def test_assassination_succeeds_only_on_one_or_two() -> None:
    """The assassin's die kills on 1 or 2; 3 or more and the target lives."""
    game = event_turn()
    game.advance(ASSASSIN)
    lines = game.act("blue", {"do": "assassinate", "character": "wen-chou"}, 3)
    assert "  Rolls 3: Wen Chou 文醜 survives (10.9(B))" in lines
    assert game.where("wen-chou") == "bohai"
    game = event_turn()
    game.advance(ASSASSIN)
    lines = game.act("blue", {"do": "assassinate", "character": "wen-chou"}, 2)
    assert "  » Rolls 2: Wen Chou 文醜 is assassinated (10.9(B))" in lines
    assert game.where("wen-chou") == "dead" and game.kingdom_of("wen-chou") is None


@pytest.mark.rule("10.6(A)")
def test_famine_can_eliminate_an_ally_left_without_armies() -> None:
    """The allied armies in the starving area are halved as well, rounding up, so a lone
    army is lost. Sun Wu's single army stood in Cao Cao's Yanzhou beside Sun Jian: with no
    area and no army left, Sun Wu is eliminated (5.5(C))."""
    pieces = standard_pieces(
        changsha=None,
        yanzhou={"armies": {"cao-cao": 9, "sun-wu": 1},
                 "characters": ["cao-cao", "sun-jian", "cheng-pu", "huang-gai"]})
    game = event_turn(mandate=(0, -1), pieces=pieces, control={"yanzhou": "cao-cao"})
    lines = game.advance(1)
    assert "  » Famine in Yanzhou 兗州: Sun Wu 孫吳 loses 1 of 1 army (10.6(A))" in lines
    assert "  » Sun Wu 孫吳 is eliminated: it has neither areas nor armies (5.5(C))" in lines
    assert game.status("sun-wu") == "eliminated" and game.where("sun-jian") == "out"
    assert game.armies("yanzhou", "cao-cao") == 4
    assert game.prompt().step == "end-turn"
