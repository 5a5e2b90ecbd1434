"""Conflict Phase 1: recruit generals in rounds 3, 5 and 9; the Beginners' Tutorial."""

from __future__ import annotations

import pytest

from tests.games.three_kingdoms_redux.kit import Game, position

NAMES = {"wei": "Wei", "wu": "Wu", "shu": "Shu"}


def recruiting(round_: int, *dice: int) -> Game:
    return Game(position(start="round", round=round_), None, *dice)


def keeps(game: Game) -> dict[str, tuple[int, int]]:
    """For each keep prompt in turn: (cards drawn, cards to keep); keeps the first ones."""
    out = {}
    while game.prompt().step == "recruit":
        prompt = game.prompt()
        param = prompt.actions[0].params[0]
        out[prompt.role] = (len(param.options), param.minimum)
        game.act(prompt.role, {"do": "keep",
                               "keep": [o.value for o in param.options][:param.minimum]})
    return out


@pytest.mark.rule("redux:conflict.recruit")
def test_generals_are_recruited_only_in_rounds_three_five_and_nine() -> None:
    """Round 3 opens with a draft for every state; rounds 2 and 4 go straight to the
    alliance choice."""
    for round_ in (2, 4, 6, 12):
        game = recruiting(round_)
        assert game.prompt().step == "alliance"
        assert "Recruit generals" not in game.text()
    game = recruiting(3, *([1] * 11))
    assert game.prompt().step == "recruit"


@pytest.mark.rule("redux:conflict.recruit.counts")
@pytest.mark.parametrize(("round_", "expected"), [
    (3, {"wei": (3, 1), "wu": (4, 2), "shu": (4, 2)}),
    (5, {"wei": (3, 1), "wu": (3, 1), "shu": (4, 2)}),
    (9, {"wei": (3, 1), "wu": (3, 1), "shu": (3, 1)}),
])
def test_draw_and_keep_counts(round_: int, expected: dict[str, tuple[int, int]]) -> None:
    """Round 3: Wei draws 3 keeps 1, Wu and Shu draw 4 keep 2; round 5: Wei and Wu 3/1,
    Shu 4/2; round 9: everyone 3/1 (always two more drawn than kept)."""
    dice = sum(draw for draw, _ in expected.values())
    game = recruiting(round_, *([1] * dice))
    assert keeps(game) == expected
    for role, (_, keep) in expected.items():
        assert len(game.st(role)["generals"]) == 1 + keep


@pytest.mark.rule("redux:conflict.recruit.usable")
def test_recruits_stay_secret_may_bid_at_once_and_the_rest_go_back() -> None:
    """A recruit stays face down (only its owner knows it), may be placed in the same
    round, and the cards not kept return unseen to the state's own deck."""
    game = recruiting(3, *([1] * 11))
    pool_before = len(game.state["secrets"]["private"]["wei"]["generals"])
    keeps(game)
    assert len(game.state["secrets"]["private"]["wei"]["generals"]) == pool_before + 3 - 1
    recruit = next(r for r, e in game.st("wei")["generals"].items() if e["card"] is None)
    assert game.st("wei")["generals"][recruit]["recruited"] == 3
    wu_view = game.view("wu")["states"]["wei"]["generals"]
    assert [g["name"] for g in wu_view if g["ref"] == recruit] == [None]
    assert next(g["name"] for g in game.view("wei")["states"]["wei"]["generals"]
            if g["ref"] == recruit) is not None
    game.act("shu", {"do": "alliance", "space": "trade"})
    game.act("wei", {"do": "bid", "space": "recruit-armies", "general": recruit})
    assert game.st("wei")["generals"][recruit]["card"] is not None   # placed: face up


@pytest.mark.rule("redux:tutorial.generals")
def test_the_tutorial_gives_fixed_generals_without_drawing() -> None:
    """In the Beginners' Tutorial each state starts with the listed generals, face up
    (Wei five, Wu four, Shu three), and gets the listed ones in rounds 3, 5 and 9; no card
    is drawn (only the criterion die is rolled)."""
    game = Game(None, {"tutorial": True}, 1)
    wei = game.st("wei")["generals"]
    assert list(wei) == ["cao-cao", "xiahou-dun", "xiahou-yuan", "xu-huang", "guo-jia"]
    assert all(e["card"] == ref for ref, e in wei.items())
    assert len(game.st("wu")["generals"]) == 4 and len(game.st("shu")["generals"]) == 3
    assert game.prompt().step == "alliance"
    later = Game(position(start="round", round=3), {"tutorial": True})
    assert "zhang-he" in later.st("wei")["generals"]
    assert {"sun-quan", "taishi-ci"} <= set(later.st("wu")["generals"])
    assert {"zhao-yun", "zhuge-liang"} <= set(later.st("shu")["generals"])
    assert later.prompt().step == "alliance"


@pytest.mark.rule("redux:tutorial.no-skills")
def test_the_tutorial_ignores_skills() -> None:
    """With the tutorial's generals, skills do nothing: Sun Jian placed first gets no +1,
    and every other rule still holds."""
    game = Game(position(wu={"generals": []}), {"tutorial": True})
    game.pass_("wei")
    game.bid("wu", "recruit-armies", "sun-jian")
    assert game.state["bids"]["recruit-armies"][0]["value"] == 4
    normal = Game(position(wu={"generals": []}))
    normal.pass_("wei")
    normal.bid("wu", "recruit-armies", "sun-jian")
    assert normal.state["bids"]["recruit-armies"][0]["value"] == 5


@pytest.mark.rule("redux:skill.recruited-round")
def test_generals_taken_at_setup_count_as_recruited_in_round_one() -> None:
    """A general kept in the initial draft gets his end-of-recruiting-round benefit at the
    end of round 1 (Zhang He: 1 untrained army and 2 horses), and not again later."""
    game = Game(position(wei={"generals": ["zhang-he"]}))
    assert game.general("wei", "zhang-he")["recruited"] == 1
    game.bid("wei", "produce-spears-horses", "zhang-he")
    game.finish_bidding()
    game.decline_rest("wei")
    assert (game.st("wei")["untrained"], game.st("wei")["horse"]) == (1, 2)
    game.act("shu", {"do": "alliance", "space": "trade"})
    game.pass_("wei")
    game.pass_("wu")
    game.act("shu", "pass", *([1] * 11))  # round 2 ends; round 3 drafts
    assert game.state["round"] == 3
    assert (game.st("wei")["untrained"], game.st("wei")["horse"]) == (1, 2)
