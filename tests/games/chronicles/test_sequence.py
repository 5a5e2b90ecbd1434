"""4.1 phase 6 and 10.3 point 4: the steps of a battle in their order, and the second
side's turn with its stratagem cards (notes 39, 48)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import battle, muster, supplies
from tests.games.chronicles import kit

FIVE = ["cao-cao", "sun-ce", "liu-biao", "yuan-shao", "liu-bei"]


def fight(b: Board, cao: dict[str, Any], bei: dict[str, Any]) -> dict[str, Any]:
    """Cao Cao invades Xia Pi from Yan Zhou; Liu Bei defends it; both plans given."""
    answers = {
        "cao-cao": {"do": "season", "muster": [{"area": "xia-pi", "side": "invade",
                                                "from": "yan-zhou", **cao.pop("force")}],
                    "plans": [{"area": "xia-pi", **cao}]},
        "liu-bei": {"do": "season", "muster": [{"area": "xia-pi", "side": "defend",
                                                **bei.pop("force")}],
                    "plans": [{"area": "xia-pi", **bei}]}}
    for role, order in answers.items():
        muster.check_muster(b, role, order)
    muster.place_all(b, answers, 1)
    supplies.close(b)
    battle.fight_all(b)
    return b.s["round"]["battles"][0]


def first_line(b: Board, rule: str, text: str = "", after: int = 0) -> int:
    """The index of the first log line from ``after`` on with ``rule`` (and ``text``)."""
    for i, entry in enumerate(b.log.entries):
        if i >= after and entry.rule == rule and text in entry.text:
            return i
    raise AssertionError(f"no line {rule} {text!r} in the log")


@pytest.mark.rule("chronicles:s4.1.6.sequence")
def test_battle_steps_come_in_the_books_order() -> None:
    """A battle runs its steps in a fixed order: roles; the invader's first choice; the
    defender's choice (the city); the invader's second choice (attack it); stratagems;
    the dice; losses, then the morale test; the next round the same again; then a retreat,
    the pursuit of the side retreating, and recovery last.

    Cao Cao (12 infantry) attacks Liu Bei's city of Xia Pi (4 infantry). Round 1: 5 - 1 =
    row 4 at 1:1.5, *2/1, and two morale rolls cost Cao Cao 2 more; round 2 his fire trap
    is not played (6 > 5), row 5: 2/1, and his plan retreats after round 2; Liu Bei
    pursues (row 7 at 2:1: 3 lost) and both recover."""
    b = kit.board(kit.position(leaders=FIVE), 2, 3, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3,
                  *[3] * 8)
    b.realm("cao-cao")["cards"] = ["fire-trap"]
    b.realm("cao-cao")["units"]["infantry"] = 12
    x = fight(b,
              {"force": {"generals": ["xiahou-dun", "yu-jin"], "units": {"infantry": 12}},
               "siege": "attack", "retreat": "after 2",
               "cards": [{"card": "fire-trap", "round": 2}]},
              {"force": {"generals": ["guan-yu", "zhang-fei"], "units": {"infantry": 4}},
               "defend": "city"})
    steps = [first_line(b, "s10.3.roles"), first_line(b, "s10.3.1.choice"),
             first_line(b, "s10.3.2.choice", "the city"), first_line(b, "s10.3.3.choice"),
             first_line(b, "s10.3.4.order"), first_line(b, "s10.3.6.dice"),
             first_line(b, "s10.3.7.outcome"), first_line(b, "s10.3.8.morale")]
    second = first_line(b, "s10.3.9.retreat", "battle round 2")
    steps += [second, first_line(b, "s10.3.4.play", after=second),
              first_line(b, "s10.3.6.dice", after=second),
              first_line(b, "s10.3.7.outcome", after=second),
              first_line(b, "s10.3.9.retreat", "retreats"),
              first_line(b, "s10.3.10.pursuit"), first_line(b, "s10.3.11.winner"),
              first_line(b, "s10.3.11.loser")]
    assert steps == sorted(steps)
    assert [p for _, p in kit.rolled(b)][:12:2] == [
        "battle b1 round 1 (die 1)", "morale of Cao Cao (infantry) (die 1)",
        "morale of Cao Cao (infantry) (die 1)", "Cao Cao: play roll (Fire Trap) (die 1)",
        "battle b1 round 2 (die 1)", "pursuit of Cao Cao (die 1)"]
    assert x["result"]["winner"] == "liu-bei" and x["result"]["how"] == "invader retreats"


def two_traps(*dice: int) -> Board:
    b = kit.board(kit.position(leaders=FIVE), *dice)
    b.realm("cao-cao")["cards"] = ["fire-trap"]
    b.realm("liu-bei")["cards"] = ["fire-trap"]
    return b


CAO = {"force": {"generals": ["xiahou-dun"], "units": {"infantry": 8}},
       "retreat": "after 1"}
BEI = {"force": {"generals": ["jian-yong"], "units": {"infantry": 4}},
       "defend": "outside", "pursue": "never"}


@pytest.mark.rule("chronicles:s10.3.4.second")
def test_the_other_side_plays_its_card_after_the_first() -> None:
    """Once the side of lower intelligence has had its turn with a card, the other side
    may play one too: Cao Cao (5) plays his fire trap (4, resisted with 8 > 6: it works),
    then Liu Bei (6) plays his (6, resisted with 8 > 5: it works). Both double: 16
    against 8."""
    b = two_traps(2, 2, 4, 4, 3, 3, 4, 4, 3, 4, 1, 1, 1, 1)
    fight(b, {**CAO, "cards": [{"card": "fire-trap"}]},
          {**BEI, "cards": [{"card": "fire-trap"}]})
    purposes = [p for _, p in kit.rolled(b)][:8:2]
    assert purposes == ["Cao Cao: play roll (Fire Trap) (die 1)",
                        "Liu Bei: resists (Fire Trap) (die 1)",
                        "Liu Bei: play roll (Fire Trap) (die 1)",
                        "Cao Cao: resists (Fire Trap) (die 1)"]
    log = kit.log_text(b)
    assert log.index("Cao Cao plays Fire Trap") < log.index("Liu Bei decides second") \
        < log.index("Liu Bei plays Fire Trap")
    assert "strength: Cao Cao 8 x2 = 16; Liu Bei 4 x2 = 8" in log
    assert b.realm("liu-bei")["cards"] == [] and b.realm("cao-cao")["cards"] == []


@pytest.mark.rule("chronicles:s10.3.4.second")
def test_the_second_side_decides_knowing_the_first_card() -> None:
    """The second side chooses after seeing whether the first played: Liu Bei's plan keeps
    his fire trap for a round where Cao Cao plays nothing, so after Cao Cao's trap he
    plays none and keeps the card."""
    b = two_traps(2, 2, 4, 4, 3, 4, 1, 1, 1, 1)
    fight(b, {**CAO, "cards": [{"card": "fire-trap"}]},
          {**BEI, "cards": [{"card": "fire-trap", "condition": "not-played"}]})
    assert b.realm("liu-bei")["cards"] == ["fire-trap"]
    assert "Liu Bei plays" not in kit.log_text(b)
    assert "strength: Cao Cao 8 x2 = 16; Liu Bei 4 = 4" in kit.log_text(b)
