"""Section 6, Area control: scenario tests."""

from __future__ import annotations

import pytest

from tests.games.dragons_tigers.kit import position


@pytest.mark.rule("6")
def test_area_emptied_by_combat_becomes_uncontrolled() -> None:
    """An area belongs to the kingdom that alone has a character or armies there; an
    area with no pieces at all is controlled by nobody. In Xuchang one leaderless army
    of each side destroys the other: Yuan Shao's hold ends and the area is empty."""
    game = position({
        "xuchang": {"armies": {"cao-cao": 1, "yuan-shao": 1}},
        "yanzhou": {"armies": {"cao-cao": 3}, "characters": ["cao-cao"]},
    }, control={"xuchang": "yuan-shao"})
    assert game.controller("xuchang") == "yuan-shao"
    # No valor; battle: [1] against [1].
    game.advance(1, 1)
    assert game.t.kingdoms_in("xuchang") == []
    assert game.controller("xuchang") is None and "xuchang" not in game.state["control"]


@pytest.mark.rule("6")
def test_a_lone_character_holds_an_area() -> None:
    """A character with no armies is enough to hold an area. Cao Cao marches all 3
    armies of Yanzhou into empty Qiao and leaves Xiahou Dun there alone: Yanzhou stays
    Cao Cao's, and Qiao is his too."""
    game = position({"yanzhou": {"armies": {"cao-cao": 3},
                                 "characters": ["cao-cao", "xiahou-dun"]}}, phase="movement")
    game.act("blue", {"do": "move", "from": "yanzhou", "to": ["qiao"],
                      "characters": ["cao-cao"], "armies": 3})
    assert game.armies("yanzhou", "cao-cao") == 0
    assert game.t.kingdoms_in("yanzhou") == ["cao-cao"]
    assert game.controller("yanzhou") == "cao-cao" and game.controller("qiao") == "cao-cao"


@pytest.mark.rule("6(A)")
def test_control_stays_with_first_kingdom_in_shared_area() -> None:
    """When armies of several friendly kingdoms share an area, the kingdom that
    controlled it keeps control (its armies sit in the control box). Liu Bei marches 3
    armies into Cao Cao's Yanzhou; Yanzhou stays Cao Cao's although Liu Bei now has
    more armies there."""
    game = position({
        "pingyuan": {"armies": {"liu-bei": 4}, "characters": ["liu-bei"]},
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
    }, kingdom="liu-bei", phase="movement")
    game.act("blue", {"do": "move", "from": "pingyuan", "to": ["yanzhou"],
                      "characters": ["liu-bei"], "armies": 3})
    assert game.armies("yanzhou", "liu-bei") == 3 and game.armies("yanzhou", "cao-cao") == 2
    assert game.controller("yanzhou") == "cao-cao"
    assert game.controller("pingyuan") == "liu-bei"


@pytest.mark.rule("6(B)")
def test_sole_occupant_takes_control_at_once() -> None:
    """Whenever a single kingdom is left occupying an area it takes control at that
    moment. Cao Ren, Cao Cao's only piece in Pingyuan, leaves for Qingzhou; Liu Bei's
    kingdom, still there, controls Pingyuan before the movement phase is even over."""
    game = position({
        "pingyuan": {"armies": {"liu-bei": 3}, "characters": ["liu-bei", "cao-ren"]},
        "qingzhou": {"armies": {"cao-cao": 1}},
        "yanzhou": {"armies": {"cao-cao": 2}, "characters": ["cao-cao"]},
    }, phase="movement", control={"pingyuan": "cao-cao"})
    assert game.controller("pingyuan") == "cao-cao"
    game.act("blue", {"do": "move", "from": "pingyuan", "to": ["qingzhou"],
                      "characters": ["cao-ren"]})
    assert game.prompt().step == "movement"
    assert game.controller("pingyuan") == "liu-bei"
    assert game.controller("qingzhou") == "cao-cao"


@pytest.mark.rule("6(C)")
def test_owner_chooses_which_of_the_joint_winners_controls() -> None:
    """When several friendly kingdoms win a combat together, their player chooses which
    of them controls the area. Cao Cao and Liu Bei take Xuchang; Blue, whose standing
    order asks, gives it to Liu Bei."""
    game = position({
        "xuchang": {"armies": {"cao-cao": 3, "liu-bei": 2, "yuan-shao": 2},
                    "characters": ["cao-cao", "liu-bei"]},
    }, control={"xuchang": "yuan-shao"}, orders={"blue": {"control": "ask"}})
    # Valor: Cao Cao 6; battle: [1 1 6 6 6] against [6 6].
    game.advance(6, 1, 1, 6, 6, 6, 6, 6)
    prompt = game.prompt()
    assert prompt.role == "blue" and prompt.step == "control"
    assert game.offered("control") == [{"do": "control", "kingdom": "cao-cao"},
                                       {"do": "control", "kingdom": "liu-bei"}]
    game.refuse("blue", {"do": "control", "kingdom": "sun-wu"}, rule="6(C)")
    game.act("blue", {"do": "control", "kingdom": "liu-bei"})
    assert game.controller("xuchang") == "liu-bei"
    assert game.prompt().step == "end-turn"


@pytest.mark.rule("6(C)")
def test_joint_winners_default_to_the_main_kingdom() -> None:
    """Without a question, the area goes to the winning kingdom that held it before the
    combat, else to the player's main kingdom: Liu Bei has more armies in Xuchang, but
    Cao Cao's main kingdom takes it."""
    game = position({
        "xuchang": {"armies": {"cao-cao": 1, "liu-bei": 4, "yuan-shao": 2},
                    "characters": ["cao-cao", "liu-bei"]},
    }, control={"xuchang": "yuan-shao"})
    # Valor: Cao Cao 6; battle: [1 1 6 6 6] against [6 6].
    game.advance(6, 1, 1, 6, 6, 6, 6, 6)
    assert game.controller("xuchang") == "cao-cao"
