"""4.4 Levy: scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dragons_tigers.kit import Game, two_players

CAO = {"kingdoms": two_players(["cao-cao", "liu-bei", "sun-wu"],
                               ["yuan-shao", "yuan-shu", "liu-biao"])}


def levy_turn(**extra: object) -> Game:
    scenario = dict(CAO)
    scenario["turn"] = {"kingdom": "cao-cao", "phase": "levy", **extra}
    return Game(scenario)


@pytest.mark.rule("4.4(A)")
def test_manpower_is_areas_plus_administration() -> None:
    """A kingdom's levy is the manpower of the areas it controls plus the administration
    ratings of its warlord and retainers: Cao Cao holds Yanzhou (3) and has
    administration 2, so he may raise 5 armies."""
    game = levy_turn()
    offer = game.prompt().actions[0]
    assert offer.verb == "levy" and offer.fixed == {"area": "yanzhou"}
    assert offer.params[0].maximum == 5
    game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 5})
    assert game.armies("yanzhou", "cao-cao") == 15
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 1}, rule="4.4(C)")
    game.refuse("blue", {"do": "move", "from": "yanzhou"}, rule="4.1(E)")


BLUE_WHITE = two_players(["cao-cao", "liu-bei", "sun-wu"], ["yuan-shao", "yuan-shu", "liu-biao"])


def levy_game(pieces: dict[str, Any], faction: bool = False, kingdom: str = "cao-cao",
              **extra: Any) -> Game:
    """A levy phase with exactly these pieces on the map (every kingdom not placed is off
    the map)."""
    scenario: dict[str, Any] = {"kingdoms": BLUE_WHITE, "pieces": pieces,
                                "turn": {"kingdom": kingdom, "phase": "levy",
                                         "faction": faction}}
    scenario.update(extra)
    return Game(scenario)


def offers(game: Game) -> dict[str, int]:
    """Area -> most armies offered for levy there."""
    return {spec.fixed["area"]: spec.params[0].maximum for spec in game.prompt().actions
            if spec.verb == "levy"}


@pytest.mark.rule("4.4(A)")
def test_only_active_kingdom_characters_add_administration() -> None:
    """Manpower is the sum of the areas the active kingdom controls plus the administration
    of that kingdom's own warlord and retainers, wherever they stand. Under Blue's faction
    chit Cao Cao is active: Yanzhou 3 + Xuchang 4 + Cao Cao 2 + Cheng Yu 2 (standing in
    Liu Bei's Pingyuan) = 11; Zhuge Liang's 4, although he is Blue's and in Yanzhou, is
    Liu Bei's and does not count."""
    game = levy_game({
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao", "zhuge-liang"]},
        "xuchang": {"armies": {"cao-cao": 2}},
        "pingyuan": {"armies": {"liu-bei": 10}, "characters": ["liu-bei"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
    }, faction=True, characters={"cheng-yu": {"at": "pingyuan", "kingdom": "cao-cao",
                                              "recruited": True}})
    assert game.prompt().text == "levy armies (11 manpower left)"
    assert offers(game) == {"pingyuan": 2, "yanzhou": 11, "xuchang": 11}
    game.act("blue", {"do": "levy", "area": "xuchang", "armies": 11})
    assert game.armies("xuchang", "cao-cao") == 13
    assert game.armies("yanzhou", "cao-cao") == 10 and game.armies("pingyuan", "cao-cao") == 0
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 1}, rule="4.4(C)")
    assert game.prompt().text == "levy armies (0 manpower left)"


@pytest.mark.rule("4.4(B)")
def test_kingdom_without_areas_levies_from_its_warlords_area() -> None:
    """A kingdom that controls no area still levies, using the manpower of the area its
    warlord stands in. Liu Bei, with 3 armies, shares Cao Cao's Yanzhou (manpower 3) and
    holds no area: he raises 3 armies there, and nowhere else."""
    game = levy_game({
        "yanzhou": {"armies": {"cao-cao": 10, "liu-bei": 3},
                    "characters": ["cao-cao", "liu-bei"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
    }, kingdom="liu-bei", control={"yanzhou": "cao-cao"})
    assert game.controller("yanzhou") == "cao-cao"
    assert game.prompt().text == "levy armies (3 manpower left)"
    assert offers(game) == {"yanzhou": 3}
    game.refuse("blue", {"do": "levy", "area": "pingyuan", "armies": 1}, rule="4.4(E)")
    lines = game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 3})
    assert lines == ["Liu Bei 劉備 levies 3 armies in Yanzhou 兗州 (4.4(D))"]
    assert game.armies("yanzhou", "liu-bei") == 6 and game.armies("yanzhou", "cao-cao") == 10
    assert game.controller("yanzhou") == "cao-cao"


@pytest.mark.rule("4.4(C)")
def test_one_army_per_manpower_and_leftover_is_lost() -> None:
    """Each levied army uses 1 manpower; whatever is not used is lost when the levy ends
    and cannot be kept or handed to another kingdom. Cao Cao has 5: he levies 2 and 2,
    cannot levy 2 more, ends the levy and loses the last 1; Liu Bei's levy is unaffected."""
    game = levy_turn()
    game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 2})
    game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 2})
    assert game.armies("yanzhou", "cao-cao") == 14
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 2}, rule="4.4(C)")
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 0}, rule="4.4(C)")
    lines = game.act("blue", "end-levy")
    assert lines == ["1 manpower unused is lost (4.4(C))"]
    assert game.turn()["phase"] == "movement"
    assert game.armies("yanzhou", "cao-cao") == 14
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 1}, rule="4.1(E)")
    # Liu Bei's own levy, in a later turn, is his own areas' manpower only.
    liu = levy_game({"pingyuan": {"armies": {"liu-bei": 10}, "characters": ["liu-bei"]},
                     "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao"]},
                     "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]}},
                    kingdom="liu-bei")
    assert liu.prompt().text == "levy armies (2 manpower left)"


@pytest.mark.rule("4.4(D)")
def test_levy_may_go_to_any_controlled_area_even_if_cut_off() -> None:
    """New armies may be put in any area the active kingdom controls, all in one area if
    wished, including an area it shares with a friendly kingdom and an area cut off from
    its other areas. Cao Cao holds Yanzhou (3), Qiao (3, shared with Liu Bei, Cao Cao in
    control) and far-away Chengdu (4): 12 manpower with his administration. He places 10
    in Qiao and 2 in Chengdu."""
    game = levy_game({
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["cao-cao"]},
        "qiao": {"armies": {"cao-cao": 1, "liu-bei": 6}, "characters": ["liu-bei"]},
        "chengdu": {"armies": {"cao-cao": 1}},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
        "hanzhong": {"armies": {"yuan-shu": 5}, "characters": ["yuan-shu"]},
        "ba": {"armies": {"liu-biao": 5}, "characters": ["liu-biao"]},
    }, control={"qiao": "cao-cao"})
    assert game.controller("qiao") == "cao-cao" and game.controller("chengdu") == "cao-cao"
    assert offers(game) == {"yanzhou": 12, "chengdu": 12, "qiao": 12}
    game.act("blue", {"do": "levy", "area": "qiao", "armies": 10})
    game.act("blue", {"do": "levy", "area": "chengdu", "armies": 2})
    assert game.armies("qiao", "cao-cao") == 11 and game.armies("qiao", "liu-bei") == 6
    assert game.armies("chengdu", "cao-cao") == 3
    assert game.controller("qiao") == "cao-cao"


@pytest.mark.rule("4.4(E)")
def test_retainer_admin_armies_may_go_to_retainer_area() -> None:
    """Levied armies never go into an area some other kingdom controls, even one where the
    active kingdom has armies; only armies paid for by a retainer's administration may go to
    that retainer's own area (and an area-less warlord's, 4.4(B)). Cao Cao and his retainer
    Cheng Yu (administration 2) stand in Liu Bei's Pingyuan, where Cao Cao also has 4 armies:
    only Cheng Yu's 2 may be placed there, not Cao Cao's own administration or area
    manpower."""
    game = levy_game({
        "yanzhou": {"armies": {"cao-cao": 10}, "characters": ["xiahou-dun"]},
        "pingyuan": {"armies": {"liu-bei": 10, "cao-cao": 4},
                     "characters": ["liu-bei", "cao-cao"]},
        "qiao": {"armies": {"liu-bei": 3, "cao-cao": 3}},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
    }, control={"pingyuan": "liu-bei", "qiao": "liu-bei"},
        characters={"cheng-yu": {"at": "pingyuan", "kingdom": "cao-cao", "recruited": True}})
    assert game.prompt().text == "levy armies (7 manpower left)"
    assert offers(game) == {"pingyuan": 2, "yanzhou": 7}
    game.refuse("blue", {"do": "levy", "area": "qiao", "armies": 1}, rule="4.4(E)")
    game.refuse("blue", {"do": "levy", "area": "pingyuan", "armies": 3}, rule="4.4(E)")
    game.act("blue", {"do": "levy", "area": "pingyuan", "armies": 2})
    assert game.armies("pingyuan", "cao-cao") == 6
    assert game.controller("pingyuan") == "liu-bei"
    assert offers(game) == {"yanzhou": 5}
    game.refuse("blue", {"do": "levy", "area": "pingyuan", "armies": 1}, rule="4.4(E)")
    game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 5})
    assert game.armies("yanzhou", "cao-cao") == 15


@pytest.mark.rule("4.4(F)")
def test_levy_limited_by_army_counters_and_no_disbanding(tight_counters: Any) -> None:
    """Armies can be levied only when counters are left to show them; counters may be
    exchanged like money, but no army may be thrown away to free a counter. With a tight
    mix (8 counters 1/2 and 5 counters 5/10 per kingdom, 66 at most), Cao Cao
    with 64 armies can add only 2 of his 5; with eight 1-army stacks using every small
    counter, a ninth stack can show 5 armies but not 1."""
    game = levy_game({
        "yanzhou": {"armies": {"cao-cao": 64}, "characters": ["cao-cao"]},
        "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
    })
    assert game.prompt().text == "levy armies (5 manpower left)"
    assert offers(game) == {"yanzhou": 2}
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 3}, rule="4.4(F)")
    game.refuse("blue", {"do": "disband", "area": "yanzhou", "armies": 4})
    game.act("blue", {"do": "levy", "area": "yanzhou", "armies": 2})
    assert game.armies("yanzhou", "cao-cao") == 66
    game.refuse("blue", {"do": "levy", "area": "yanzhou", "armies": 1}, rule="4.4(F)")

    ones = {area: {"armies": {"cao-cao": 1}} for area in
            ("yanzhou", "xuchang", "qiao", "xuzhou", "qingzhou", "luoyang", "nanyang",
             "shouchun")}
    ones["yanzhou"]["characters"] = ["cao-cao"]
    ones["jianye"] = {"characters": ["xiahou-dun"]}
    ones["bohai"] = {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]}
    spread = levy_game(ones)
    assert spread.controller("jianye") == "cao-cao"
    spread.refuse("blue", {"do": "levy", "area": "jianye", "armies": 1}, rule="4.4(F)")
    spread.act("blue", {"do": "levy", "area": "jianye", "armies": 5})
    spread.act("blue", {"do": "levy", "area": "yanzhou", "armies": 1})
    assert spread.armies("jianye", "cao-cao") == 5 and spread.armies("yanzhou", "cao-cao") == 2
