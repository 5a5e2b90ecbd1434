"""Scenario tests of special abilities (V.1.f) and of attacks made through one (V.1.c).

Seat 1 (Cao Cao) uses her characters' abilities in her Event Stage; Seat 2 (Sun Jian)
holds Jizhou. Every die the rules draw is scripted, and the kit checks each is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tests.games.three_kingdoms_card_game.kit import Game

DECK = ["sniped.2", "sniped.3", "assassin.2"]


def on(card: str, *lands: str, rotated: bool = False) -> dict[str, Any]:
    return {"card": card, "lands": list(lands), "rotated": rotated}


def ability_game(mine: Sequence[dict[str, Any]], theirs: Sequence[dict[str, Any]] = (),
                 hand1: Sequence[str] = ("assassin.1",),
                 hand2: Sequence[str] = ("immobilized-by-the-golden-seal.1",)) -> Game:
    """Seat 1 (Cao Cao) to play her Main Phase; the Main Deck's top is known."""
    return Game(deck=DECK,
                seat1={"lord": "cao-cao", "hand": list(hand1), "characters": list(mine)},
                seat2={"lord": "sun-jian", "hand": list(hand2), "lands": ["jizhou"],
                       "characters": list(theirs)})


def use(g: Game, who: str, *dice: int, **aims: str) -> list[str]:
    """Seat 1 uses ``who``'s ability; the window passes and the ability takes effect."""
    return g.act("seat1", {"do": "use-ability", "character": who, **aims}) + g.pass_all(*dice)


def ready(g: Game) -> set[str]:
    """The characters whose ability Seat 1 is offered to use."""
    spec = next((a for a in g.prompt().actions if a.verb == "use-ability"), None)
    return {o.value for o in spec.params[0].options} if spec else set()


def text(lines: Sequence[str]) -> str:
    return "\n".join(line.strip() for line in lines)


def rules_of(lines: Sequence[str]) -> list[str]:
    return [line.rsplit("(", 1)[1].rstrip(")") for line in lines if line.endswith(")")]


# ---------------------------------------------------------------------- kinds


@pytest.mark.rule("cardgame:ability.kinds")
def test_a_permanent_ability_works_without_being_used() -> None:
    """A permanent ability is never set off: it is not offered for use, cannot be used, and
    its card is never turned; it simply counts (Zhang Fei's defending bonus)."""
    g = ability_game([on("zhang-fei"), on("zhuge-liang")])
    assert ready(g) == {"zhuge-liang"}
    g.refuse("seat1", {"do": "use-ability", "character": "zhang-fei"}, rule="ability.kinds")
    g.refuse("seat1", {"do": "use-ability", "character": "cao-cao"}, rule="ability.kinds")
    assert g.table().fighting_spirit("zhang-fei", ("duel", "defending")) == 6
    assert g.table().fighting_spirit("zhang-fei", ("duel", "attacking")) == 5
    assert g.char("zhang-fei")["rotated"] is False


@pytest.mark.rule("cardgame:ability.kinds")
def test_an_ability_set_off_by_coming_into_play() -> None:
    """An ability set off by a stated condition other than a roll (Guo Jia's: coming into
    play) works when that happens, with no die and no turning, and is never offered for
    use afterwards."""
    g = ability_game([], hand1=["guo-jia"])
    lines = g.play("seat1", "guo-jia") + g.pass_all()
    assert "Guo Jia enters play on no land (event.character.placement)" in text(lines)
    assert g.hand("seat1") == ["sniped.2"]  # the top card of the Main Deck
    assert g.char("guo-jia")["rotated"] is False and ready(g) == set()
    g.refuse("seat1", {"do": "use-ability", "character": "guo-jia"}, rule="ability.kinds")


@pytest.mark.rule("cardgame:ability.kinds")
def test_an_ability_used_at_will_without_a_roll() -> None:
    """An activated ability with no roll (Hua Tuo's) works when used: no die is drawn."""
    g = ability_game([on("hua-tuo"), on("zhuge-liang")])
    lines = use(g, "hua-tuo", target="zhuge-liang")
    assert "ability.die-roll" not in rules_of(lines)
    assert "zhuge-liang" not in g.state["characters"] and "zhuge-liang" in g.hand("seat1")


# ---------------------------------------------------------------------- the die roll


@pytest.mark.rule("cardgame:ability.die-roll")
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_a_roll_at_or_under_the_number_works(roll: int) -> None:
    """Zhuge Liang's D<=4: a roll of 1 to 4 draws him two cards, a 5 or a 6 nothing."""
    g = ability_game([on("zhuge-liang")])
    lines = use(g, "zhuge-liang", roll)
    works = roll <= 4
    assert f"Zhuge Liang: rolls {roll}, needs 4 or less: " \
           f"{'it works' if works else 'nothing happens'} (ability.die-roll)" in text(lines)
    assert g.hand("seat1") == (["assassin.1", "sniped.2", "sniped.3"] if works
                               else ["assassin.1"])


@pytest.mark.rule("cardgame:ability.die-roll")
@pytest.mark.parametrize(("roll", "killed"), [(2, True), (3, False)])
def test_the_number_is_the_cards_own(roll: int, killed: bool) -> None:
    """Jia Xu's D<=2: a 2 kills his target, a 3 (which would do for a D<=3) does not."""
    g = ability_game([on("jia-xu")], [on("xu-chu", "jizhou")])
    use(g, "jia-xu", roll, target="xu-chu")
    assert ("xu-chu" not in g.state["characters"]) is killed


# ---------------------------------------------------------------------- turning


@pytest.mark.rule("cardgame:ability.rotate")
@pytest.mark.parametrize("roll", [1, 6])
def test_the_card_turns_whether_the_roll_works_or_not(roll: int) -> None:
    """Trying a die-roll ability turns its card, the roll a success or a failure."""
    g = ability_game([on("zhuge-liang")])
    lines = g.act("seat1", {"do": "use-ability", "character": "zhuge-liang"})
    assert "Seat 1 uses Zhuge Liang's ability; the card is turned (ability.rotate)" in \
        text(lines)
    assert g.char("zhuge-liang")["rotated"] is True
    g.pass_all(roll)
    assert g.char("zhuge-liang")["rotated"] is True and ready(g) == set()


@pytest.mark.rule("cardgame:ability.rotate")
def test_the_card_turns_even_when_the_ability_is_cancelled() -> None:
    """An ability cancelled by an instant was still used: its card stays turned, and no
    die is rolled for it."""
    g = ability_game([on("zhuge-liang")])
    g.act("seat1", {"do": "use-ability", "character": "zhuge-liang"})
    g.play("seat2", "immobilized-by-the-golden-seal.1")
    lines = g.pass_all()
    assert "Seat 1's use of Zhuge Liang's ability is cancelled (event-card.immediate)" \
        in text(lines)
    assert g.char("zhuge-liang")["rotated"] is True and g.hand("seat1") == ["assassin.1"]


@pytest.mark.rule("cardgame:ability.rotated")
def test_a_turned_card_cannot_be_used_again() -> None:
    """A turned card's ability is spent: it is not offered, and using it is refused; there
    is no action that straightens it."""
    g = ability_game([on("zhuge-liang", rotated=True), on("zhou-yu")])
    assert ready(g) == {"zhou-yu"}
    g.refuse("seat1", {"do": "use-ability", "character": "zhuge-liang"},
             rule="ability.rotated")
    g = ability_game([on("zhuge-liang")])
    use(g, "zhuge-liang", 6)
    g.refuse("seat1", {"do": "use-ability", "character": "zhuge-liang"},
             rule="ability.rotated")
    assert g.char("zhuge-liang")["rotated"] is True


@pytest.mark.rule("cardgame:ability.rotated")
def test_back_to_hand_and_played_anew_it_can_be_used_again() -> None:
    """A turned card taken back to its player's hand comes into play again upright, and its
    ability can then be used once more."""
    g = ability_game([on("zhuge-liang", rotated=True), on("hua-tuo")])
    use(g, "hua-tuo", target="zhuge-liang")
    assert "zhuge-liang" in g.hand("seat1")
    g.play("seat1", "zhuge-liang")
    g.pass_all()
    assert g.char("zhuge-liang")["rotated"] is False and "zhuge-liang" in ready(g)
    use(g, "zhuge-liang", 1)
    assert g.char("zhuge-liang")["rotated"] is True
    assert g.hand("seat1") == ["assassin.1", "sniped.2", "sniped.3"]


@pytest.mark.rule("cardgame:ability.rotated")
def test_a_turned_character_still_fights() -> None:
    """Turning spends only the ability: a turned character may still attack and win a
    land."""
    g = ability_game([on("guan-yu", rotated=True)], [on("xu-chu", "jizhou")])
    g.act("seat1", {"do": "attack", "character": "guan-yu", "land": "jizhou",
                    "mode": "duel"})
    g.pass_all(4, 1)
    assert g.owner("jizhou") == "seat1" and g.char("guan-yu")["lands"] == ["jizhou"]


# ---------------------------------------------------------------------- ability attacks


@pytest.mark.rule("cardgame:character.fighting-spirit.ability-attack")
def test_an_ability_duel_won_takes_no_land_and_spares_the_others() -> None:
    """Mistress Zhu Rong's duel, fought outside the Battle Stage: her win kills only the
    character she challenged; its land keeps its owner and its other characters, she
    gains no land, and her player's Battle Stage is still to come."""
    g = ability_game([on("mistress-zhu-rong")],
                     [on("zhang-fei", "jizhou"), on("xu-chu", "jizhou")])
    lines = use(g, "mistress-zhu-rong", 6, 1, target="zhang-fei")  # 10 against 7
    assert "Duel: Mistress Zhu Rong 10 against Zhang Fei 7" in text(lines)
    assert "character.fighting-spirit.ability-attack" in rules_of(lines)
    assert "zhang-fei" not in g.state["characters"]
    assert g.owner("jizhou") == "seat2" and g.table().holders("jizhou") == ["xu-chu"]
    assert g.char("mistress-zhu-rong")["lands"] == []
    assert g.state["turn"]["battles"] == 0 and "attack" in g.verbs()


@pytest.mark.rule("cardgame:character.fighting-spirit.ability-attack")
def test_an_ability_duel_lost_kills_the_challenger_only() -> None:
    """If the challenger loses the duel of her ability, she dies and nothing else changes."""
    g = ability_game([on("mistress-zhu-rong")],
                     [on("zhang-fei", "jizhou"), on("xu-chu", "jizhou")])
    use(g, "mistress-zhu-rong", 1, 6, target="zhang-fei")  # 5 against 12
    assert "mistress-zhu-rong" not in g.state["characters"]
    assert "mistress-zhu-rong" in g.state["discard"]["cards"]
    assert sorted(g.table().holders("jizhou")) == ["xu-chu", "zhang-fei"]


@pytest.mark.rule("cardgame:character.fighting-spirit.ability-attack")
def test_an_ability_duel_reaches_a_character_on_no_land() -> None:
    """Such an attack may aim at a character standing on no land, which no battle can."""
    g = ability_game([on("mistress-zhu-rong")], [on("hua-xiong")])
    use(g, "mistress-zhu-rong", 3, 3, target="hua-xiong")  # 7 against 6
    assert "hua-xiong" not in g.state["characters"]
    assert g.table().lands_of("seat1") == [] and g.owner("jizhou") == "seat2"
