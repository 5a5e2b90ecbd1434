"""Notes 52: a leader who dies or is captured, and who follows him (rules/leaders.py)."""

from __future__ import annotations

import pytest

from pbem.games.chronicles.rules import leaders
from tests.games.chronicles import kit


def test_each_realm_starts_led_by_its_own_leader() -> None:
    """A realm is led at the start by its leader's own counter, whose eloquence is the
    realm's charisma (notes 26)."""
    b = kit.board()
    assert [leaders.leader_general(b, r) for r in b.seats] == ["cao-cao", "sun-ce",
                                                                "liu-biao"]
    assert leaders.charisma(b, "cao-cao") == b.general("cao-cao").eloquence == 9


@pytest.mark.rule("chronicles:s14.other.leader-dies")
def test_a_dead_leader_costs_2_influence_and_the_best_speaker_follows() -> None:
    """Cao Cao dies: 2 Influence lost; his most eloquent general (Xun Yu, 9) leads the
    realm and the player plays on."""
    state = kit.position(3)
    b = kit.board(state)
    leaders.leader_dies(b, "cao-cao", "a vanguard's combat test")
    assert state["generals"]["cao-cao"]["status"] == "dead"
    assert b.influence("cao-cao") == 10
    assert leaders.leader_general(b, "cao-cao") == "xun-yu"
    assert leaders.charisma(b, "cao-cao") == 9
    assert "Xun Yu now leads Cao Cao's realm" in kit.log_text(b)


@pytest.mark.rule("chronicles:s14.other.leader-dies")
def test_equal_eloquence_goes_by_data_order() -> None:
    """Liu Biao dies: Kuai Liang and Kuai Yue both have eloquence 6; the one first in the
    data (Kuai Liang) follows him."""
    state = kit.position(3)
    b = kit.board(state)
    leaders.leader_dies(b, "liu-biao", "fall of a star")
    assert leaders.leader_general(b, "liu-biao") == "kuai-liang"
    assert b.influence("liu-biao") == 9


@pytest.mark.rule("chronicles:s14.other.leader-dies")
def test_sun_ce_is_followed_by_sun_quan() -> None:
    """Sun Ce's death hands the realm to Sun Quan (the event's successor), even when
    another general speaks as well; without Sun Quan the usual rule applies."""
    state = kit.position(3)
    state["generals"]["zhou-yu"]["status"] = "ready"
    b = kit.board(state)
    leaders.leader_dies(b, "sun-ce", "death of Sun Ce", "s6.2.e3.sun-ce")
    assert leaders.leader_general(b, "sun-ce") == "sun-quan"
    assert b.influence("sun-ce") == 8
    other = kit.position(3)
    other["generals"]["sun-quan"].update(status="captive", captor="cao-cao")
    b2 = kit.board(other)
    leaders.leader_dies(b2, "sun-ce", "death of Sun Ce")
    assert leaders.leader_general(b2, "sun-ce") == "zhou-yu"


@pytest.mark.rule("chronicles:s14.other.leader-dies")
def test_a_captured_leader_of_loyalty_x_dies() -> None:
    """A captured leader whose loyalty is X dies: the same 2 Influence and successor as
    any death."""
    state = kit.position(3)
    b = kit.board(state)
    leaders.leader_captured(b, "liu-biao", "sun-ce", "taken in Jiang Ling")
    assert state["generals"]["liu-biao"]["status"] == "dead"
    assert b.influence("liu-biao") == 9
    assert leaders.leader_general(b, "liu-biao") == "kuai-liang"


def test_an_imprisoned_leader_is_stood_in_for_and_comes_back() -> None:
    """A captured leader who is not of loyalty X (Xun Yu, leading after Cao Cao's death)
    is imprisoned, with no Influence lost; the most eloquent general stands in until he
    is back in his realm."""
    state = kit.position(3)
    state["generals"]["cao-cao"]["status"] = "dead"
    state["realms"]["cao-cao"]["leader"] = "xun-yu"
    b = kit.board(state)
    assert b.general("xun-yu").loyalty is not None
    leaders.leader_captured(b, "cao-cao", "sun-ce", "taken at Xu Chang")
    facts = state["generals"]["xun-yu"]
    assert (facts["status"], facts["captor"]) == ("captive", "sun-ce")
    assert b.influence("cao-cao") == 12
    assert leaders.leader_general(b, "cao-cao") == "guo-jia"
    assert not leaders.leader_freed(b, "cao-cao")
    facts.update(status="ready", captor=None)
    assert leaders.leader_freed(b, "cao-cao")
    assert leaders.leader_general(b, "cao-cao") == "xun-yu"


@pytest.mark.rule("chronicles:s14.other.leader-dies")
def test_a_realm_with_no_general_left_has_no_leader() -> None:
    """With no general left to follow him, the realm has no leader and no charisma."""
    state = kit.position(3)
    for gid, facts in state["generals"].items():
        if facts["employer"] == "liu-biao" and gid != "liu-biao":
            facts["status"] = "dead"
    b = kit.board(state)
    leaders.leader_dies(b, "liu-biao", "fall of a star")
    assert leaders.leader_general(b, "liu-biao") is None
    assert leaders.charisma(b, "liu-biao") == 0
