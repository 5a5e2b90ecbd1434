"""15.0 points 4-5: non-human generals of loyalty X who escape with nowhere to go, and
where a search finds them again (notes 50, 53, 61)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.games.chronicles import catalog, dataset
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import battle, intrigue, muster, non_human, supplies
from tests.games.chronicles import kit


def x_zhang_liao() -> str:
    """A data set in which Lu Bu's Zhang Liao has loyalty X (the built-in data gives X to
    leaders only); its hash."""
    doc = copy.deepcopy(dict(catalog.builtin().document))
    doc["generals"] = [dict(g, loyalty="X") if g["id"] == "zhang-liao" else dict(g)
                       for g in doc["generals"]]
    return dataset.register(catalog.from_document(doc))


def position(data: str | None = None) -> dict[str, Any]:
    """Three players; Lu Bu's one area, Pei Cheng, and Zhang Xiu's Wan lie bare (no walls;
    the armies of Yu Zhou and Nan Yang rolled this year to nothing)."""
    state = kit.position(3, data=data)
    for area in ("pei-cheng", "wan", "xin-ye", "nan-xiang"):
        state["areas"][area]["armies"] = {}
    for area in ("pei-cheng", "wan"):
        state["areas"][area]["defence"] = 0
    return state


def take(b: Board, area: str) -> dict[str, Any]:
    """Cao Cao takes ``area`` from Yu Zhou with Xiahou Dun and one infantry unit."""
    order = {"do": "season", "muster": [{"area": area, "side": "invade", "from": "yu-zhou",
                                         "generals": ["xiahou-dun"],
                                         "units": {"infantry": 1}}]}
    muster.check_muster(b, "cao-cao", order)
    muster.place_all(b, {"cao-cao": order}, 1)
    supplies.close(b)
    battle.fight_all(b)
    return b.s["round"]["battles"][0]


def bad_luck(b: Board, *numbers: str) -> list[int]:
    """The dice that draw these bad-luck counters, in order."""
    cup = list(b.s["bad_luck"])
    return [cup.index(n) + 1 for n in numbers]


@pytest.mark.rule("chronicles:s15.4.x-leaders")
def test_a_beaten_x_leader_with_nowhere_to_go_joins_the_pile() -> None:
    """Lu Bu loses Pei Cheng, his last area: with no territory to retreat to, Lu Bu (loyalty
    X) goes to the pile of undiscovered generals a search may find; Zhang Liao, of a
    numbered loyalty, stays Lu Bu's."""
    b = kit.board(position())
    x = take(b, "pei-cheng")
    assert x["result"]["winner"] == "cao-cao"
    assert b.s["generals"]["lu-bu"]["employer"] == "free"
    assert b.s["generals"]["lu-bu"]["status"] == "undiscovered"
    assert "lu-bu" in intrigue.pile(b)
    assert b.s["generals"]["zhang-liao"]["employer"] == "lu-bu"


@pytest.mark.rule("chronicles:s15.4.x-leaders")
def test_an_x_leader_with_ground_left_stays() -> None:
    """Zhang Xiu loses Wan but holds Xin Ye and Nan Xiang: he has somewhere to go and
    stays in play."""
    b = kit.board(position())
    take(b, "wan")
    assert b.holder("wan") == "cao-cao"
    assert b.s["generals"]["zhang-xiu"]["employer"] == "zhang-xiu"


def found_lu_bu(*extra: int) -> Board:
    """Lu Bu, in the pile, is placed by bad-luck draws: 5 (Yan Zhou, Cao Cao's), None,
    then 15 (Nan Yang, Zhang Xiu's)."""
    state = position()
    state["generals"]["lu-bu"].update(employer="free", status="undiscovered")
    b = kit.board(state)
    b._dice.values.extend([*bad_luck(b, "5", "none", "15"), *extra])
    return b


@pytest.mark.rule("chronicles:s15.4.x-leaders")
def test_a_found_x_leader_settles_on_a_non_human_territory() -> None:
    """Found by a search, an X-loyalty leader does not stand free: bad-luck counters are
    drawn until one names a territory a non-human holds (a human's territory and None are
    passed over), and he settles there, on Zhang Xiu's first area, Wan."""
    b = found_lu_bu()
    non_human.place_found(b, "lu-bu")
    facts = b.s["generals"]["lu-bu"]
    assert (facts["status"], facts["employer"], facts["guest"]) == ("ready", "zhang-xiu",
                                                                    "wan")
    assert len(kit.rolled(b)) == 3


@pytest.mark.rule("chronicles:s15.4.x-leaders")
@pytest.mark.rule("chronicles:s8.4.B.4.success")
def test_a_search_that_finds_an_x_leader_places_him() -> None:
    """Cao Cao's search in Yan Zhou (Xun Yu, intelligence test 4) draws Lu Bu from the
    pile; he is placed by the bad-luck counters, not left free in Yan Zhou."""
    state = position()
    state["generals"]["lu-bu"].update(employer="free", status="undiscovered")
    b = kit.board(state, 2, 2)
    b._dice.values.extend([intrigue.pile(b).index("lu-bu") + 1,
                           *bad_luck(b, "5", "none", "15")])
    intrigue.search(b, {"role": "cao-cao", "general": "xun-yu", "search": "yan-zhou",
                        "kind": "search", "index": 0})
    assert b.s["generals"]["lu-bu"]["employer"] == "zhang-xiu"
    assert b.s["generals"]["lu-bu"]["at"] is None


@pytest.mark.rule("chronicles:s15.4.x-leaders")
def test_a_settled_x_leader_brings_his_own_armies() -> None:
    """When the territory he settled in is attacked, 2D6 units of his own join the
    territory's: Wan rolls 2 (Zhang Xiu's row: 7), Lu Bu 3 + 4 = 7 more."""
    b = found_lu_bu(1, 1, 3, 4, 1, 1, 1, 1)
    non_human.place_found(b, "lu-bu")
    for area in ("wan", "xin-ye", "nan-xiang"):
        b.s["areas"][area]["armies"] = None
    non_human.roll_armies(b, "nan-yang")
    assert b.s["areas"]["wan"]["armies"] == {"infantry": 7 + 7}
    assert b.s["areas"]["xin-ye"]["armies"] == {"infantry": 7}


@pytest.mark.rule("chronicles:s15.4.x-leaders")
def test_a_settled_x_leader_beaten_again_goes_back_to_the_pile() -> None:
    """Beaten again, the settled leader does not retreat: back to the pile, even though
    Zhang Xiu, whom he stood beside, keeps other areas."""
    b = found_lu_bu()
    non_human.place_found(b, "lu-bu")
    take(b, "wan")
    assert b.s["generals"]["lu-bu"]["status"] == "undiscovered"
    assert b.s["generals"]["zhang-xiu"]["employer"] == "zhang-xiu"
    assert "lu-bu" in intrigue.pile(b)


@pytest.mark.rule("chronicles:s15.4.x-leaders")
def test_no_non_human_territory_removes_the_found_leader() -> None:
    """With no territory held by a non-human, a found X-loyalty leader leaves the game."""
    state = position()
    state["generals"]["lu-bu"].update(employer="free", status="undiscovered")
    for facts in state["areas"].values():
        if facts["holder"] not in state["seats"]:
            facts["holder"] = None
    b = kit.board(state)
    non_human.place_found(b, "lu-bu")
    assert b.s["generals"]["lu-bu"]["status"] == "removed"
    assert kit.rolled(b) == []


@pytest.mark.rule("chronicles:s15.5.x-generals")
def test_x_generals_escape_like_their_leader_and_serve_where_found() -> None:
    """A general of loyalty X (Zhang Liao in this data) whose side is left with nowhere to
    go also joins the pile; found again, he is recruited by the non-human of the
    territory drawn (Zhang Xiu), with no armies or place of his own."""
    b = kit.board(position(x_zhang_liao()))
    take(b, "pei-cheng")
    assert b.s["generals"]["zhang-liao"]["status"] == "undiscovered"
    assert "zhang-liao" in intrigue.pile(b)
    b._dice.values.extend(bad_luck(b, "5", "15"))
    non_human.place_found(b, "zhang-liao")
    facts = b.s["generals"]["zhang-liao"]
    assert (facts["status"], facts["employer"], facts.get("guest")) == ("ready",
                                                                        "zhang-xiu", None)


@pytest.mark.rule("chronicles:s15.5.x-generals")
def test_x_general_removed_when_no_non_human_territory() -> None:
    """With no non-human territory left, a found X-loyalty general leaves the game."""
    state = position(x_zhang_liao())
    state["generals"]["zhang-liao"].update(employer="free", status="undiscovered")
    for facts in state["areas"].values():
        if facts["holder"] not in state["seats"]:
            facts["holder"] = None
    b = kit.board(state)
    non_human.place_found(b, "zhang-liao")
    assert b.s["generals"]["zhang-liao"]["status"] == "removed"
