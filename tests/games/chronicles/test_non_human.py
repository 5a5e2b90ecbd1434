"""15.0: non-human armies, rolled per area with the year's growth and the row's mix, gone
at the end of winter; the Liang Zhou icon; sides without generals (notes 53-55)."""

from __future__ import annotations

import pytest

from pbem.games.chronicles.rules import battle, muster, non_human
from pbem.games.chronicles.rules.strength import choose_roles
from tests.games.chronicles import kit


@pytest.mark.rule("chronicles:s15.0.nh-armies")
@pytest.mark.rule("chronicles:s15.nh.t1")
@pytest.mark.rule("chronicles:s15.0.nh-economy")
def test_each_area_rolled_once() -> None:
    """Every area of Yang Feng's Si Li gets its own 2D6 roll on his row: 2 -> 6, 12 -> 9,
    7 -> 7 infantry; a second call rolls nothing more. He has no gold or pool of his own."""
    b = kit.board(None, 1, 1, 6, 6, 3, 4)
    non_human.roll_armies(b, "si-li")
    non_human.roll_armies(b, "si-li")
    armies = [b.s["areas"][a]["armies"] for a in ("lo-yang", "han-gu-guan", "hu-lao-guan")]
    assert armies == [{"infantry": 6}, {"infantry": 9}, {"infantry": 7}]
    assert len(kit.rolled(b)) == 6
    assert "yang-feng" not in b.s["realms"]


@pytest.mark.rule("chronicles:s15.3.growth")
@pytest.mark.rule("chronicles:s15.nh.t12")
@pytest.mark.rule("chronicles:s15.nh.notes")
def test_growth_and_cavalry_mix() -> None:
    """In 208 every roll gains 3: Zhang Lu's roll 8 gives 8 + 3 = 11, all level 1 cavalry
    (his row's note)."""
    b = kit.board(None, 2, 6, 2, 6, 2, 6)
    kit.at(b.s, "autumn", 208)
    non_human.roll_armies(b, "han-zhong")
    assert b.s["areas"]["nan-zheng"]["armies"] == {"cavalry-1": 11}


@pytest.mark.rule("chronicles:s15.nh.liu-zhang")
@pytest.mark.rule("chronicles:s15.nh.notes")
def test_naval_one_in_five() -> None:
    """An unplayed Liu Zhang's roll 12 gives 13 units: 2 level 1 naval, 11 infantry; his
    roll 2 gives 9: 1 naval, 8 infantry."""
    b = kit.board(None, 6, 6, 1, 1, 1, 1)
    non_human.roll_armies(b, "yi-zhou-centre")
    assert b.s["areas"]["cheng-du"]["armies"] == {"infantry": 11, "naval-1": 2}
    assert b.s["areas"]["jian-ge"]["armies"] == {"infantry": 8, "naval-1": 1}


@pytest.mark.rule("chronicles:s15.nh.t8")
@pytest.mark.rule("chronicles:s15.2.winter")
def test_cleared_at_end_of_winter() -> None:
    """Gongsun Zan's roll 5 gives 9 infantry; at the end of winter all such armies go, to
    be rolled again."""
    b = kit.board(None, 1, 4, 1, 4, 1, 4)
    non_human.roll_armies(b, "you-zhou")
    assert b.s["areas"]["yi-jing"]["armies"] == {"infantry": 9}
    non_human.clear_armies(b)
    assert all(f["armies"] is None for f in b.s["areas"].values())


@pytest.mark.rule("chronicles:s15.liang-zhou")
def test_liang_zhou_invasion_icon_void() -> None:
    """While Ma Chao, Han Sui or Pang De serves the non-human Ma Teng, Liang Zhou's
    invasion icon does not count."""
    b = kit.board()
    assert non_human.invasion_void(b, "xi-liang")
    for gid in ("ma-chao", "han-sui", "pang-de"):
        b.general_state(gid)["status"] = "captive"
    assert not non_human.invasion_void(b, "xi-liang")
    assert not non_human.invasion_void(b, "yu-zhou")


@pytest.mark.rule("chronicles:s15.6.no-generals")
@pytest.mark.rule("chronicles:s10.3.roles.missing")
def test_territory_without_generals_fights_with_sixes() -> None:
    """Territory 14 has no generals: its side has no commander, every ability counts 6,
    and its armies are rolled for all three areas when the battle begins."""
    b = kit.board(None, 1, 1, 1, 1, 1, 1)
    attack = {"area": "jian-ning", "side": "invade", "from": "jing-zhou-south",
              "generals": ["wen-pin"], "units": {"infantry": 2}}
    muster.place_all(b, {"liu-biao": {"do": "season", "muster": [attack]}}, 1)
    f = battle.build(b, b.s["round"]["battles"][0])
    choose_roles(b, f.dfd)
    assert (f.dfd.commander, f.dfd.vanguard, f.dfd.advisor) == (None, None, None)
    assert len(f.dfd.units) == 5
    assert b.s["areas"]["zang-ke"]["armies"] == {"cavalry-1": 5}
