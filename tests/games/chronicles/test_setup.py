"""3.0, 17.0, 18.0: who plays whom, and the position of Spring 196 (rules/setup.py)."""

from __future__ import annotations

import pytest

from pbem.errors import UsageError
from pbem.games.chronicles import dataset
from pbem.games.chronicles.records import FREE
from pbem.games.chronicles.rules import leaders
from pbem.games.chronicles.rules.setup import check_leaders, first_draws, line_up
from tests.games.chronicles import kit

DATA = dataset.builtin()


def _areas(state: dict, who: str) -> list[str]:
    return [a for a, f in state["areas"].items() if f["holder"] == who]


@pytest.mark.rule("chronicles:s17.line-ups")
@pytest.mark.parametrize(("players", "leaders_"), [
    (3, ["cao-cao", "sun-ce", "liu-biao"]),
    (4, ["cao-cao", "sun-ce", "liu-biao", "yuan-shao"]),
    (5, ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]),
    (6, ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei", "liu-zhang"]),
    (7, ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei", "liu-zhang", "ma-teng"]),
])
def test_the_advised_line_ups_grow_one_leader_per_player(players: int,
                                                         leaders_: list[str]) -> None:
    """Three people play Cao Cao, Sun Ce and Liu Biao; each further person adds, in turn,
    Yuan Shao, Liu Bei, Liu Zhang and (seventh) Ma Teng."""
    assert line_up(DATA, players) == leaders_
    assert kit.position(players)["seats"] == leaders_


@pytest.mark.rule("chronicles:s17.line-ups")
def test_other_line_ups_are_allowed_but_each_leader_once() -> None:
    """Players may agree on another choice of leaders, each leader taken by one seat."""
    assert check_leaders(DATA, 3, ["yuan-shao", "liu-bei", "liu-zhang"]) == [
        "yuan-shao", "liu-bei", "liu-zhang"]
    with pytest.raises(UsageError, match="twice"):
        check_leaders(DATA, 3, ["cao-cao", "cao-cao", "sun-ce"])
    with pytest.raises(UsageError, match="dong-zhuo"):
        check_leaders(DATA, 3, ["cao-cao", "sun-ce", "dong-zhuo"])


@pytest.mark.rule("chronicles:s18.0.ma-teng")
def test_ma_teng_is_played_only_by_a_seventh_person() -> None:
    """Ma Teng is a human's only in a seven-player game: with six or fewer he is refused
    and stays a non-human leader on territories 10 and 11."""
    with pytest.raises(UsageError, match="18.0"):
        check_leaders(DATA, 6, ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei",
                                "ma-teng"])
    six = kit.position(6)
    assert "ma-teng" not in six["seats"] and six["non_human"]["ma-teng"]["active"]
    assert _areas(six, "ma-teng") == ["tian-shui", "an-ding", "wu-du", "wu-wei",
                                      "jin-cheng", "jiu-quan"]


@pytest.mark.rule("chronicles:s18.0.ma-teng")
def test_ma_teng_starts_with_his_fixed_realm() -> None:
    """A seated Ma Teng holds territories 10 and 11, 10 gold, Ma Chao, Han Sui and Pang De,
    4 infantry and 2 level-1 cavalry, and 10 Influence."""
    state = kit.position(7)
    realm = state["realms"]["ma-teng"]
    assert _areas(state, "ma-teng") == ["tian-shui", "an-ding", "wu-du", "wu-wei",
                                        "jin-cheng", "jiu-quan"]
    assert realm["gold"] == 10 and realm["influence"] == 10
    assert {k: n for k, n in realm["units"].items() if n} == {"infantry": 4, "cavalry-1": 2}
    assert sorted(g for g, f in state["generals"].items()
                  if f["employer"] == "ma-teng" and f["status"] == "ready") == [
        "han-sui", "ma-chao", "ma-teng", "pang-de"]
    assert "ma-teng" not in state["non_human"]


@pytest.mark.rule("chronicles:s18.1.no-table")
def test_a_seated_ma_teng_has_no_relation_levels() -> None:
    """Ma Teng has no table of his own, and once a person plays him nobody holds a level
    toward him either; as a non-human he keeps his row (level 5)."""
    seven = kit.position(7)
    assert "ma-teng" not in seven["relations"]
    assert all("ma-teng" not in table for table in seven["relations"].values())
    b = kit.board(seven)
    b.shift_relation("cao-cao", "ma-teng", 4, "test")
    assert b.relation("cao-cao", "ma-teng") == 0 and b.influence("cao-cao") == 12
    assert kit.position(6)["relations"]["cao-cao"]["ma-teng"] == 5


@pytest.mark.rule("chronicles:s3.2.leader")
def test_each_player_takes_his_leaders_start() -> None:
    """Every seat starts with its leader's areas, gold and armies from the leader table."""
    state = kit.position(4)
    assert _areas(state, "cao-cao") == ["xu-chang", "ru-nan", "chen-liu", "dong-jun",
                                        "shan-yang"]
    assert _areas(state, "yuan-shao") == ["ye", "bo-hai", "zhong-shan", "ping-yuan",
                                          "jin-yang", "shang-dang", "yan-men"]
    assert [state["realms"][r]["gold"] for r in state["seats"]] == [16, 12, 15, 20]
    assert {k: n for k, n in state["realms"]["sun-ce"]["units"].items() if n} == {
        "infantry": 4, "naval-1": 3}
    assert {k: n for k, n in state["realms"]["yuan-shao"]["units"].items() if n} == {
        "infantry": 8, "cavalry-2": 2, "cavalry-1": 2}


@pytest.mark.rule("chronicles:s3.2.leader")
def test_each_player_takes_the_generals_of_his_colour() -> None:
    """A player's generals are the counters of his leader's colour, ready in his pool."""
    state = kit.position(3)
    ready = sorted(g for g, f in state["generals"].items()
                   if f["employer"] == "liu-biao" and f["status"] == "ready")
    assert ready == ["cai-mao", "huang-zu", "kuai-liang", "kuai-yue", "liu-biao",
                     "wen-pin", "zhang-yun"]
    assert all(state["generals"][g]["at"] is None for g in ready)


@pytest.mark.rule("chronicles:s3.9.tian-feng")
def test_tian_feng_serves_yuan_shao_from_the_start() -> None:
    """Tian Feng's green counter is Yuan Shao's general, usable in Spring 196."""
    facts = kit.position(4)["generals"]["tian-feng"]
    assert (facts["employer"], facts["status"]) == ("yuan-shao", "ready")


@pytest.mark.rule("chronicles:s3.9.generals")
@pytest.mark.rule("chronicles:s2.3.1.appears")
def test_liu_beis_three_late_generals() -> None:
    """Liu Bei's Zhuge Liang starts undiscovered; Huang Zhong and Wei Yan are his but not
    in play in 196, and join him when 197 begins, while Zhuge Liang still waits."""
    state = kit.position(5)
    for gid in ("zhuge-liang", "huang-zhong", "wei-yan"):
        assert state["generals"][gid] == {"employer": "liu-bei", "status": "undiscovered",
                                          "at": None, "captor": None, "healed": None,
                                          "task": None}
    assert state["generals"]["guan-yu"]["status"] == "ready"
    kit.at(state, "winter", 196, 4)
    from pbem.games.chronicles.rules import completion
    b = kit.board(state)
    completion.run(b)
    assert b.when() == "Spring 197"
    assert state["generals"]["huang-zhong"]["status"] == "ready"
    assert state["generals"]["wei-yan"]["status"] == "ready"
    assert state["generals"]["zhuge-liang"]["status"] == "undiscovered"
    assert "Huang Zhong joins Liu Bei (197)" in kit.log_text(b)


@pytest.mark.rule("chronicles:s3.4.free-generals")
def test_six_generals_start_in_the_search_pile() -> None:
    """Zhuge Jin, Lu Meng, Lu Xun, Xu Shu, Pang Tong and Sima Yi serve nobody at the start
    and wait, undiscovered, to be found by a search (notes 24)."""
    state = kit.position(3)
    pile = sorted(g for g, f in state["generals"].items()
                  if f["employer"] == FREE and f["status"] == "undiscovered")
    assert pile == ["lu-meng", "lu-xun", "pang-tong", "sima-yi", "xu-shu", "zhuge-jin"]


@pytest.mark.rule("chronicles:s3.4.nh-start")
def test_non_human_leaders_and_their_generals_at_the_start() -> None:
    """Yang Feng (Xu Huang) holds 1, Lu Bu (Zhang Liao) Pei Cheng, Gongsun Zan (Zhao Yun)
    8, Ma Teng (Ma Chao, Han Sui, Pang De) 10-11, Zhang Xiu (Jia Xu) 15, Yuan Shu Shou
    Chun."""
    state = kit.position(3)
    assert _areas(state, "yang-feng") == ["lo-yang", "han-gu-guan", "hu-lao-guan"]
    assert _areas(state, "lu-bu") == ["pei-cheng"]
    assert _areas(state, "gongsun-zan") == ["yi-jing", "bei-ping", "liao-dong"]
    assert _areas(state, "zhang-xiu") == ["wan", "xin-ye", "nan-xiang"]
    assert _areas(state, "yuan-shu") == ["shou-chun"]
    assert len(_areas(state, "ma-teng")) == 6
    serving = {g: state["generals"][g]["employer"] for g in
               ("xu-huang", "zhang-liao", "zhao-yun", "ma-chao", "han-sui", "pang-de",
                "jia-xu")}
    assert serving == {"xu-huang": "yang-feng", "zhang-liao": "lu-bu",
                       "zhao-yun": "gongsun-zan", "ma-chao": "ma-teng",
                       "han-sui": "ma-teng", "pang-de": "ma-teng", "jia-xu": "zhang-xiu"}


@pytest.mark.rule("chronicles:s3.4.nh-start")
def test_unplayed_leaders_stand_as_non_humans_on_their_start() -> None:
    """A leader nobody plays is a non-human on his own starting areas (notes 55); a
    played one is not among the non-humans."""
    state = kit.position(3)
    for leader in ("yuan-shao", "liu-bei", "liu-zhang"):
        assert state["non_human"][leader]["active"]
    assert _areas(state, "liu-bei") == ["xia-pi", "peng-cheng", "lang-ya"]
    assert _areas(state, "liu-zhang") == ["cheng-du", "jian-ge", "ba-dong"]
    assert not {"cao-cao", "sun-ce", "liu-biao"} & set(state["non_human"])
    five = kit.position(5)
    assert "liu-bei" not in five["non_human"] and "liu-zhang" in five["non_human"]


@pytest.mark.rule("chronicles:s3.3.cards")
def test_territories_are_held_only_by_their_starting_holders() -> None:
    """Each player holds his starting territories whole; every other territory's card
    waits with its non-human holder (or nobody) until someone takes it."""
    b = kit.board(kit.position(3))
    assert [t for t in b.data.territories if b.holds_whole("cao-cao", t)] == ["yan-zhou"]
    assert [t for t in b.data.territories if b.holds_whole("liu-biao", t)] == [
        "jing-zhou-middle", "jing-zhou-south"]
    assert [t for t in b.data.territories if b.holds_whole("sun-ce", t)] == [
        "yang-zhou-south"]
    assert b.territories_touched("cao-cao") == ["yu-zhou", "yan-zhou"]


@pytest.mark.rule("chronicles:s2.1.occupy")
def test_a_territory_is_held_only_with_every_area() -> None:
    """Holding two of Yu Zhou's three areas is not holding Yu Zhou; taking the third is."""
    state = kit.position(3)
    b = kit.board(state)
    assert not b.holds_whole("cao-cao", "yu-zhou")
    kit.give(state, "pei-cheng", "cao-cao")
    assert b.holds_whole("cao-cao", "yu-zhou")
    kit.give(state, "ru-nan", "sun-ce")
    assert not b.holds_whole("cao-cao", "yu-zhou")


@pytest.mark.rule("chronicles:s3.5.objects")
def test_the_jade_seal_and_chitoo_horse_start_with_yuan_shu_and_lu_bu() -> None:
    """The jade seal lies with Yuan Shu, the chitoo horse with Lu Bu; neither is in the
    supply nor with any player."""
    state = kit.position(3)
    assert state["non_human"]["yuan-shu"]["objects"] == ["jade-seal"]
    assert state["non_human"]["lu-bu"]["objects"] == ["chitoo-horse"]
    held = state["supply"]["objects"] + [o for r in state["realms"].values()
                                         for o in r["objects"]]
    assert "jade-seal" not in held and "chitoo-horse" not in held


@pytest.mark.rule("chronicles:s3.6.draw-object")
def test_each_player_draws_one_object_at_the_start() -> None:
    """The twelve other objects are mixed; every player draws one (by the dice, in the
    round seat order) and the rest stay in the supply for the draws."""
    state = kit.position(3)
    pool = sorted(state["supply"]["objects"])
    assert len(pool) == 12
    b = kit.board(state, 1, 11, 10)
    first_draws(b)
    assert state["realms"]["cao-cao"]["objects"] == [pool[0]] == ["beautiful-woman"]
    assert state["realms"]["sun-ce"]["objects"] == [pool[1:][10]] == ["treasured-sword"]
    assert state["realms"]["liu-biao"]["objects"] == ["treasured-sword"]
    assert len(state["supply"]["objects"]) == 9
    assert [p for _, p in kit.rolled(b)] == [
        "starting object of Cao Cao", "starting object of Sun Ce",
        "starting object of Liu Biao"]


@pytest.mark.rule("chronicles:s3.10.calendar")
def test_the_game_starts_in_spring_196() -> None:
    """The first round is Spring 196, round 1."""
    b = kit.board()
    assert (b.when(), b.round) == ("Spring 196", 1)


@pytest.mark.rule("chronicles:s19.liu-bei.exclusive")
def test_only_liu_bei_may_employ_zhao_yun_and_zhuge_liang() -> None:
    """Zhao Yun and Zhuge Liang can serve Liu Bei and nobody else; Guan Yu anyone."""
    b = kit.board(kit.position(5))
    for gid in ("zhao-yun", "zhuge-liang"):
        assert leaders.may_employ(b, "liu-bei", gid)
        assert not leaders.may_employ(b, "cao-cao", gid)
    assert leaders.may_employ(b, "cao-cao", "guan-yu")
