"""Scenario tests of the Battle Stage (IV.2.b): the attack, the duel, the war, the war cards.

Seat 1 (Cao Cao, a strategist lord) attacks; Seat 2 (Liu Bei) defends. A war's two cards
are one sealed question: the kit gives both answers in clear, in the order the prompt asks
them, and nothing about the war may be decided before both are in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from pbem.games.three_kingdoms_card_game import fixed
from tests.games.three_kingdoms_card_game.kit import Game

Pick = Mapping[str, str]


def on(card: str, *lands: str, artifacts: Sequence[str] = ()) -> dict[str, Any]:
    """A character of a scenario seat, standing on ``lands``."""
    return {"card": card, "lands": list(lands), "artifacts": list(artifacts)}


def battle_game(mine: Sequence[dict[str, Any]], theirs: Sequence[dict[str, Any]],
                lands2: Sequence[str] = ("jizhou",), lands1: Sequence[str] = (),
                orders2: Mapping[str, str] | None = None) -> Game:
    """Seat 1 (Cao Cao) to play her Main Phase; Seat 2 (Liu Bei) holds ``lands2``."""
    seat2: dict[str, Any] = {"lord": "liu-bei", "hand": ["sniped.1"], "lands": list(lands2),
                             "characters": list(theirs)}
    if orders2:
        seat2["orders"] = {"window": "ask", **orders2}
    return Game(seat1={"lord": "cao-cao", "hand": ["assassin.1"], "lands": list(lands1),
                       "characters": list(mine)}, seat2=seat2)


def attack(g: Game, who: str, land: str, mode: str = "war", *dice: int,
           role: str = "seat1") -> list[str]:
    """``role`` sends ``who`` against ``land``; the reaction window passes (a duel's dice
    are drawn as it closes)."""
    lines = g.act(role, {"do": "attack", "character": who, "land": land, "mode": mode})
    return lines + g.pass_all(*dice)


def card(kind: str, guess: str = "none") -> dict[str, str]:
    return {"card": kind, "guess": guess}


def war(g: Game, picks: Mapping[str, Pick]) -> list[str]:
    """Both sides lay their war cards, in the order the sealed question asks them."""
    lines: list[str] = []
    while (p := g.prompt()) is not None and p.step == "war-card":
        lines += g.act(p.role, {"do": "war-card", **picks[p.role]})
    return lines


def answer_others(g: Game, role: str, picks: Mapping[str, Pick]) -> None:
    """Give the other side's war card first, if it is asked before ``role``."""
    while (p := g.prompt()) is not None and p.step == "war-card" and p.role != role:
        g.act(p.role, {"do": "war-card", **picks[p.role]})


def text(lines: Sequence[str]) -> str:
    return "\n".join(line.strip() for line in lines)


def rules_of(lines: Sequence[str]) -> list[str]:
    return [line.rsplit("(", 1)[1].rstrip(")") for line in lines if line.endswith(")")]


def alive(g: Game) -> set[str]:
    return set(g.state["characters"])


# ---------------------------------------------------------------------- the attack


@pytest.mark.rule("cardgame:battle.one")
def test_one_character_attacks_one_land_once_per_turn() -> None:
    """In her Battle Stage a player sends one of her characters, even one standing on no
    land, against one land; once that battle is over she cannot start another."""
    g = battle_game([on("hua-xiong"), on("guan-yu")], [on("xu-chu", "jizhou")])
    lines = attack(g, "hua-xiong", "sili")
    assert "battle.target" in rules_of(lines)
    war(g, {"seat1": card("bowmen"), "seat2": card("cavalry")})
    assert g.owner("sili") == "seat1" and g.char("hua-xiong")["lands"] == ["sili"]
    assert g.state["turn"]["battles"] == 1
    g.refuse("seat1", {"do": "attack", "character": "guan-yu", "land": "jizhou",
                       "mode": "war"}, rule="battle.one")
    assert "attack" not in g.verbs()


@pytest.mark.rule("cardgame:battle.one")
def test_only_ones_own_character_is_sent() -> None:
    """The attacker must be one of her own characters on the table: another player's
    character, or a card not on the table, is refused."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    g.refuse("seat1", {"do": "attack", "character": "xu-chu", "land": "yuzhou",
                       "mode": "war"}, rule="battle.one")
    g.refuse("seat1", {"do": "attack", "character": "lu-bu", "land": "yuzhou",
                       "mode": "war"}, rule="battle.one")
    assert g.state["turn"]["battles"] == 0


@pytest.mark.rule("cardgame:battle.target")
def test_a_public_land_is_taken_only_by_war() -> None:
    """Against a land nobody owns the attacker must wage war: a duel is refused, and the
    war is fought with the next player clockwise."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    g.refuse("seat1", {"do": "attack", "character": "guan-yu", "land": "yuzhou",
                       "mode": "duel"}, rule="battle.target")
    lines = attack(g, "guan-yu", "yuzhou")
    assert "Seat 1 sends Guan Yu against Yuzhou: war with Seat 2 (battle.target)" in \
        " ".join(lines)
    assert g.prompt().step == "war-card"


@pytest.mark.rule("cardgame:battle.target")
def test_another_players_land_by_war_or_duel_never_ones_own() -> None:
    """Against another player's land the attacker chooses war or duel; her own land cannot
    be attacked, and a way of fighting other than war or duel is refused."""
    g = battle_game([on("guan-yu", "sili")], [on("xu-chu", "jizhou")], lands1=("sili",))
    spec = next(a for a in g.prompt().actions if a.verb == "attack")
    params = {p.name: p for p in spec.params}
    assert {o.value for o in params["mode"].options} == {"war", "duel"}
    assert "sili" not in {o.value for o in params["land"].options}
    g.refuse("seat1", {"do": "attack", "character": "guan-yu", "land": "sili",
                       "mode": "war"}, rule="battle.target")
    g.refuse("seat1", {"do": "attack", "character": "guan-yu", "land": "jizhou",
                       "mode": "siege"}, rule="battle.target")
    attack(g, "guan-yu", "jizhou", "duel", 6, 1)
    assert g.owner("jizhou") == "seat1" and "xu-chu" not in alive(g)


@pytest.mark.rule("cardgame:battle.dead")
def test_the_dead_go_to_the_discard_pile() -> None:
    """A character killed in a duel, or in a war, leaves the table for the Discard Pile;
    a lord killed so leaves its player without a lord."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    attack(g, "guan-yu", "jizhou", "duel", 6, 1)
    assert "xu-chu" not in alive(g) and "xu-chu" in g.state["discard"]["cards"]
    assert g.state["discard"]["hidden"] == 1  # its card lies on the pile

    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    attack(g, "cao-cao", "jizhou")
    war(g, {"seat1": card("cavalry"), "seat2": card("bowmen")})  # a defender win
    assert "cao-cao" not in alive(g) and "cao-cao" in g.state["discard"]["cards"]
    assert g.state["lords"]["seat1"] is None and g.state["lord_lost"]["seat1"] is True
    assert g.owner("jizhou") == "seat2" and "xu-chu" in alive(g)


# ---------------------------------------------------------------------- the duel


@pytest.mark.rule("cardgame:battle.duel.challenge")
def test_the_defender_picks_who_answers_a_duel() -> None:
    """The challenge goes to the characters controlling the land, and their player picks
    the one who answers: only one of them may be named."""
    g = battle_game([on("guan-yu")], [on("zhang-fei", "jizhou"), on("xu-chu", "jizhou")],
                    orders2={"duel_defender": "ask"})
    attack(g, "guan-yu", "jizhou", "duel")
    p = g.prompt()
    assert (p.role, p.step) == ("seat2", "battle-defender")
    options = {o.value for o in p.actions[0].params[0].options}
    assert options == {"zhang-fei", "xu-chu"}
    g.refuse("seat2", {"do": "defend", "character": "liu-bei"},
             rule="battle.duel.challenge")
    lines = g.act("seat2", {"do": "defend", "character": "xu-chu"}, 2, 2)
    assert "Seat 2 sends Xu Chu to answer (battle.duel.challenge)" in " ".join(lines)
    assert "Guan Yu rolls 2, total 7; Xu Chu rolls 2, total 6" in " ".join(lines)


@pytest.mark.rule("cardgame:battle.duel.challenge")
def test_by_standing_order_the_strongest_answers() -> None:
    """Without being asked, the defender answers with her character of highest Fighting
    Spirit (counting a defender's bonus)."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou"), on("zhang-fei", "jizhou")])
    lines = attack(g, "guan-yu", "jizhou", "duel", 3, 2)
    assert "Guan Yu rolls 3, total 8; Zhang Fei rolls 2, total 8" in " ".join(lines)


@pytest.mark.rule("cardgame:battle.duel.challenge")
def test_no_duel_against_a_land_nobody_holds() -> None:
    """A land its owner keeps with no character on it has nobody to answer a challenge:
    the duel is refused (a war is still possible)."""
    g = battle_game([on("guan-yu")], [on("xu-chu")])
    g.refuse("seat1", {"do": "attack", "character": "guan-yu", "land": "jizhou",
                       "mode": "duel"}, rule="battle.duel.challenge")


@pytest.mark.rule("cardgame:battle.duel.roll")
@pytest.mark.parametrize(("dice", "dead"), [((1, 3), "guan-yu"), ((3, 1), "xu-chu")])
def test_die_plus_fighting_spirit_the_loser_dies(dice: tuple[int, int], dead: str) -> None:
    """Each side rolls one die (the attacker first) and adds its Fighting Spirit; the
    higher total wins and the other character dies."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    lines = attack(g, "guan-yu", "jizhou", "duel", *dice)
    a, d = dice
    assert f"Guan Yu rolls {a}, total {a + 5}; Xu Chu rolls {d}, total {d + 4}" in \
        " ".join(lines)
    assert "battle.duel.roll" in rules_of(lines)
    assert dead not in alive(g) and ({"guan-yu", "xu-chu"} - {dead}) <= alive(g)


@pytest.mark.rule("cardgame:battle.duel.roll")
def test_duel_bonuses_count_in_the_totals() -> None:
    """Fighting Spirit in a duel counts what the cards add to it: Lu Bu's duel bonus for
    the attacker, Zhang Fei's defending bonus for the defender."""
    g = battle_game([on("lu-bu")], [on("zhang-fei", "jizhou")])
    lines = attack(g, "lu-bu", "jizhou", "duel", 2, 2)
    assert "Lü Bu rolls 2, total 8; Zhang Fei rolls 2, total 8" in " ".join(lines)
    assert "battle.duel.tie" in rules_of(lines)


@pytest.mark.rule("cardgame:battle.duel.attacker-wins")
def test_a_winning_attacker_takes_the_land_and_all_its_holders_die() -> None:
    """When the attacker wins the duel, every character controlling the land dies, not
    only the one who answered, and the land is the attacker's; her character keeps the
    land it already held as well. Characters of the loser elsewhere are unharmed."""
    g = battle_game([on("guan-yu", "sili")], [on("zhang-fei", "jizhou"),
                                              on("xu-chu", "jizhou"), on("hua-xiong")],
                    lands1=("sili",))
    lines = attack(g, "guan-yu", "jizhou", "duel", 6, 1)  # 11 against Zhang Fei's 7
    assert {"zhang-fei", "xu-chu"}.isdisjoint(alive(g))
    assert {"hua-xiong", "liu-bei", "guan-yu"} <= alive(g)
    assert g.owner("jizhou") == "seat1" and g.char("guan-yu")["lands"] == ["sili", "jizhou"]
    assert g.table().lands_of("seat2") == []
    assert rules_of(lines).count("battle.duel.attacker-wins") == 3


@pytest.mark.rule("cardgame:battle.duel.defender-wins")
def test_a_losing_attacker_dies_and_the_land_stays() -> None:
    """When the defender wins the duel, the attacking character dies and the land keeps
    its owner and its characters."""
    g = battle_game([on("guan-yu")], [on("zhang-fei", "jizhou"), on("xu-chu", "jizhou")])
    lines = attack(g, "guan-yu", "jizhou", "duel", 1, 4)  # 6 against 10
    assert "guan-yu" not in alive(g) and "guan-yu" in g.state["discard"]["cards"]
    assert g.owner("jizhou") == "seat2"
    assert sorted(g.table().holders("jizhou")) == ["xu-chu", "zhang-fei"]
    assert "battle.duel.defender-wins" in rules_of(lines)


@pytest.mark.rule("cardgame:battle.duel.tie")
def test_a_drawn_duel_kills_nobody() -> None:
    """Equal totals: both characters live and the defender keeps the land."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    lines = attack(g, "guan-yu", "jizhou", "duel", 2, 3)  # 7 against 7
    assert {"guan-yu", "xu-chu"} <= alive(g)
    assert g.owner("jizhou") == "seat2" and g.char("xu-chu")["lands"] == ["jizhou"]
    assert g.char("guan-yu")["lands"] == [] and "battle.duel.tie" in rules_of(lines)


# ---------------------------------------------------------------------- the war: who


@pytest.mark.rule("cardgame:battle.war.defender.private")
def test_the_owner_names_her_war_defender() -> None:
    """The owner of an attacked land defends it and may name one character controlling it;
    the one she names is the one whose Fighting Spirit counts in a tie."""
    g = battle_game([on("xu-chu")], [on("zhuge-liang", "yuzhou"), on("hua-xiong", "yuzhou")],
                    lands2=("yuzhou",), orders2={"war_defender": "ask"})
    attack(g, "xu-chu", "yuzhou")
    p = g.prompt()
    assert (p.role, p.step, p.rule) == ("seat2", "battle-defender",
                                        "battle.war.defender.private")
    g.refuse("seat2", {"do": "defend", "character": "liu-bei"},
             rule="battle.war.defender.private")
    g.act("seat2", {"do": "defend", "character": "hua-xiong"})
    lines = war(g, {"seat1": card("cavalry"), "seat2": card("cavalry")})
    # Xu Chu 4 against Yuzhou's 1 and Hua Xiong's 3: still equal
    assert "Fighting Spirit 4 against the land's defence and its defender, 4" in \
        " ".join(lines)
    assert {"xu-chu", "zhuge-liang", "hua-xiong"} <= alive(g)


@pytest.mark.rule("cardgame:battle.war.defender.private")
def test_by_standing_order_a_strategist_defends() -> None:
    """Without being asked, the owner defends with a strategist of hers on the land (who
    may question the attacker's card), before a stronger character."""
    g = battle_game([on("xu-chu")], [on("hua-xiong", "yuzhou"), on("zhuge-liang", "yuzhou")],
                    lands2=("yuzhou",))
    lines = attack(g, "xu-chu", "yuzhou")
    assert "Seat 2 sends Zhuge Liang to answer (battle.war.defender.private)" in lines[-1]
    lines = war(g, {"seat1": card("cavalry"), "seat2": card("cavalry", "bowmen")})
    assert "Fighting Spirit 4 against the land's defence and its defender, 2" in \
        " ".join(lines)
    assert g.owner("yuzhou") == "seat1" and {"zhuge-liang", "hua-xiong"}.isdisjoint(alive(g))


@pytest.mark.rule("cardgame:battle.war.defender.private")
def test_a_land_with_no_character_is_defended_by_its_defence_alone() -> None:
    """If nobody stands on the owner's land she still defends the war, with the land's
    Defensive Power alone and no strategist's question."""
    g = battle_game([on("guan-yu")], [on("zhuge-liang")])
    lines = attack(g, "guan-yu", "jizhou")
    assert g.prompt().sealed == ("seat1", "seat2") or \
        set(g.prompt().sealed) == {"seat1", "seat2"}
    picks = {"seat1": card("infantry"), "seat2": card("infantry", "infantry")}
    answer_others(g, "seat2", picks)
    g.refuse("seat2", {"do": "war-card", **picks["seat2"]}, rule="battle.war.guess.defender")
    lines += war(g, {"seat1": card("infantry"), "seat2": card("infantry")})
    assert "Fighting Spirit 5 against the land's defence and its defender, 2" in \
        " ".join(lines)
    assert g.owner("jizhou") == "seat1" and "zhuge-liang" in alive(g)


@pytest.mark.rule("cardgame:battle.war.defender.public")
@pytest.mark.parametrize(("attacker", "defender"), [("seat1", "seat2"), ("seat3", "seat1")])
def test_the_next_player_clockwise_defends_a_public_land(attacker: str,
                                                          defender: str) -> None:
    """War on a public land is defended by the player on the attacker's left, the next in
    turn order (wrapping round the table); she names no character and asks no question."""
    seats = {f"seat{n}": {"lord": lord, "hand": [f"sniped.{n}"],
                          "characters": [on("hua-xiong")] if f"seat{n}" == attacker else []}
             for n, lord in ((1, "cao-cao"), (2, "liu-bei"), (3, "sun-jian"))}
    g = Game(players=3, turn={"role": attacker, "start": "main"}, **seats)
    lines = attack(g, "hua-xiong", "yuzhou", role=attacker)
    assert f"war with Seat {defender[-1]} (battle.target)" in " ".join(lines)
    assert f"Seat {defender[-1]} defends the public land Yuzhou " \
           "(battle.war.defender.public)" in lines[-1]
    assert set(g.prompt().sealed) == {attacker, defender}
    picks = {attacker: card("cavalry"), defender: card("bowmen", "cavalry")}
    answer_others(g, defender, picks)
    assert [p.name for p in g.prompt_for(defender).actions[0].params] == ["card"]
    g.refuse(defender, {"do": "war-card", **picks[defender]},
             rule="battle.war.guess.defender")
    war(g, {attacker: card("cavalry"), defender: card("bowmen")})  # a defender win
    assert "hua-xiong" not in alive(g)
    assert g.owner("yuzhou") is None  # the defender of a public land does not gain it
    assert g.table().lands_of(defender) == []


# ---------------------------------------------------------------------- the war: cards


@pytest.mark.rule("cardgame:battle.war.pick")
def test_both_sides_lay_one_war_card_of_their_set() -> None:
    """Attacker and defender each choose one card of their own war-card set, face down:
    the question is sealed for both, offers the three types, and refuses anything else."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    attack(g, "guan-yu", "jizhou")
    p = g.prompt()
    assert p.step == "war-card" and set(p.sealed) == {"seat1", "seat2"}
    assert p.rule == "battle.war.pick"
    assert {o.value for o in p.actions[0].params[0].options} == \
        {"cavalry", "infantry", "bowmen"}
    g.refuse(p.role, {"do": "war-card", "card": "chariots"}, rule="battle.war.pick")
    g.refuse(p.role, "war-card", rule="battle.war.pick")
    lines = war(g, {"seat1": card("infantry"), "seat2": card("bowmen")})
    assert rules_of(lines).count("battle.war.pick") == 2


@pytest.mark.rule("cardgame:battle.war.reveal")
def test_nothing_is_decided_until_both_cards_are_down() -> None:
    """The first card laid decides nothing and is not shown: the other side is then asked,
    and only when both are down are the two turned up together."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    attack(g, "guan-yu", "jizhou")
    picks = {"seat1": card("infantry"), "seat2": card("bowmen")}
    first = g.prompt().role
    second = "seat2" if first == "seat1" else "seat1"
    lines = g.act(first, {"do": "war-card", **picks[first]})
    assert rules_of(lines) == ["battle.war.pick"] and "face down" in lines[0]
    assert "Infantry" not in lines[0] and "Bowmen" not in lines[0]
    p = g.prompt()
    assert (p.role, p.step, p.sealed) == (second, "war-card", (second,))
    assert g.owner("jizhou") == "seat2" and {"guan-yu", "xu-chu"} <= alive(g)
    lines = g.act(second, {"do": "war-card", **picks[second]})
    assert "War cards: Infantry (attacker) against Bowmen (defender): the attacker wins " \
           "(battle.war.table)" in text(lines)
    assert g.owner("jizhou") == "seat1"


TABLE = [("cavalry", "cavalry", "tie"), ("cavalry", "infantry", "attacker"),
         ("cavalry", "bowmen", "defender"), ("infantry", "cavalry", "defender"),
         ("infantry", "infantry", "tie"), ("infantry", "bowmen", "attacker"),
         ("bowmen", "cavalry", "attacker"), ("bowmen", "infantry", "defender"),
         ("bowmen", "bowmen", "tie")]


@pytest.mark.rule("cardgame:battle.war.table")
@pytest.mark.parametrize(("mine", "theirs", "result"), TABLE)
def test_the_nine_results_in_play(mine: str, theirs: str, result: str) -> None:
    """Read as the attacker's card against the defender's: the same type ties, and a type
    that beats the other's wins (cavalry against bowmen is the defender's)."""
    g = battle_game([on("hua-xiong")], [on("xu-chu", "jizhou")])
    attack(g, "hua-xiong", "sili")  # Fighting Spirit 3 against Sili's defence 3
    lines = war(g, {"seat1": card(mine), "seat2": card(theirs)})
    said = "a tie" if result == "tie" else f"the {result} wins"
    assert any(line.endswith(f"(defender): {said} (battle.war.table)") for line in lines)
    expected = {"attacker": ("seat1", True), "defender": (None, False),
                "tie": (None, True)}[result]
    assert (g.owner("sili"), "hua-xiong" in alive(g)) == expected


@pytest.mark.rule("cardgame:battle.war.guess.attacker")
@pytest.mark.parametrize("attacker", ["cao-cao", "guan-yu"])
def test_a_strategist_attacker_guesses_right_and_wins(attacker: str) -> None:
    """An attacking strategist (by the card, or by The Art of War) may name a type: if the
    defender's card is of that type the attacker wins, whatever the cards say."""
    g = battle_game([on("guan-yu", artifacts=["the-art-of-war"])], [on("xu-chu", "jizhou")])
    attack(g, attacker, "jizhou")
    answer_others(g, "seat1", {"seat2": card("bowmen")})
    assert "guess" in [p.name for p in g.prompt().actions[0].params]
    lines = war(g, {"seat1": card("cavalry", "bowmen"), "seat2": card("bowmen")})
    assert any("defender's card is Bowmen: yes (battle.war.guess.attacker)" in line
               for line in lines)
    assert "battle.war.table" not in rules_of(lines)  # the cards need not be read
    assert g.owner("jizhou") == "seat1" and "xu-chu" not in alive(g)


@pytest.mark.rule("cardgame:battle.war.guess.attacker")
def test_only_a_strategist_attacker_asks() -> None:
    """An attacker who is no strategist is not offered the question, and a guess given
    anyway is refused."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    attack(g, "guan-yu", "jizhou")
    answer_others(g, "seat1", {"seat2": card("bowmen")})
    assert [p.name for p in g.prompt().actions[0].params] == ["card"]
    g.refuse("seat1", {"do": "war-card", "card": "cavalry", "guess": "bowmen"},
             rule="battle.war.guess.attacker")
    g.refuse("seat1", {"do": "war-card", "card": "cavalry", "guess": "archers"},
             rule="battle.war.guess.attacker")


@pytest.mark.rule("cardgame:battle.war.guess.defender")
def test_a_strategist_defender_guesses_right_and_wins() -> None:
    """A defending strategist may name a type of the attacker's card: a right guess wins
    the war for the defender, though her card would have lost."""
    g = battle_game([on("guan-yu")], [on("zhuge-liang", "jizhou")])
    attack(g, "guan-yu", "jizhou")
    lines = war(g, {"seat1": card("cavalry"), "seat2": card("infantry", "cavalry")})
    assert any("attacker's card is Cavalry: yes (battle.war.guess.defender)" in line
               for line in lines)
    assert "guan-yu" not in alive(g) and g.owner("jizhou") == "seat2"
    assert "zhuge-liang" in alive(g)


@pytest.mark.rule("cardgame:battle.war.guess.defender")
def test_only_a_strategist_defender_asks() -> None:
    """A defending character who is no strategist gives her player no question."""
    g = battle_game([on("guan-yu")], [on("xu-chu", "jizhou")])
    attack(g, "guan-yu", "jizhou")
    picks = {"seat1": card("cavalry"), "seat2": card("bowmen", "cavalry")}
    answer_others(g, "seat2", picks)
    g.refuse("seat2", {"do": "war-card", **picks["seat2"]}, rule="battle.war.guess.defender")


@pytest.mark.rule("cardgame:battle.war.guess.order")
def test_the_attackers_right_guess_comes_first() -> None:
    """Both strategists guess right: the attacker asks first, so the war ends there in her
    favour and the defender's question is never answered."""
    g = battle_game([], [on("zhuge-liang", "jizhou")])
    attack(g, "cao-cao", "jizhou")
    lines = war(g, {"seat1": card("cavalry", "infantry"),
                    "seat2": card("infantry", "cavalry")})
    rules = rules_of(lines)
    assert "battle.war.guess.attacker" in rules and "battle.war.guess.defender" not in rules
    assert g.owner("jizhou") == "seat1" and "zhuge-liang" not in alive(g)


@pytest.mark.rule("cardgame:battle.war.guess.order")
def test_a_wrong_guess_passes_to_the_next_step() -> None:
    """A wrong attacker's guess hands over to the defender's question; when that is wrong
    too, the cards are turned up and read on the table."""
    g = battle_game([], [on("zhuge-liang", "jizhou")])
    attack(g, "cao-cao", "jizhou")
    lines = war(g, {"seat1": card("cavalry", "bowmen"), "seat2": card("infantry", "cavalry")})
    asked = [r for r in rules_of(lines) if r.startswith("battle.war.guess")]
    assert asked == ["battle.war.guess.attacker", "battle.war.guess.defender"]
    assert "cao-cao" not in alive(g) and g.owner("jizhou") == "seat2"

    g = battle_game([], [on("zhuge-liang", "jizhou")])
    attack(g, "cao-cao", "jizhou")
    lines = war(g, {"seat1": card("cavalry", "bowmen"), "seat2": card("infantry", "bowmen")})
    rules = rules_of(lines)
    assert rules.index("battle.war.guess.attacker") < rules.index(
        "battle.war.guess.defender") < rules.index("battle.war.table")
    assert g.owner("jizhou") == "seat1"  # cavalry beats infantry


# ---------------------------------------------------------------------- the war: result


@pytest.mark.rule("cardgame:battle.war.result")
def test_a_losing_defender_loses_every_character_on_the_land() -> None:
    """The winning attacker owns the land; every character controlling it dies, the named
    defender and the others alike."""
    g = battle_game([on("guan-yu")], [on("zhang-fei", "jizhou"), on("xu-chu", "jizhou"),
                                      on("hua-xiong")])
    attack(g, "guan-yu", "jizhou")
    lines = war(g, {"seat1": card("cavalry"), "seat2": card("infantry")})
    assert {"zhang-fei", "xu-chu"}.isdisjoint(alive(g)) and "hua-xiong" in alive(g)
    assert g.owner("jizhou") == "seat1" and g.char("guan-yu")["lands"] == ["jizhou"]
    assert "Seat 1 takes Jizhou with Guan Yu (battle.war.result)" in text(lines)


@pytest.mark.rule("cardgame:battle.war.result")
def test_a_losing_attacker_dies_and_the_defender_keeps_all() -> None:
    """The defender wins: only the attacking character dies; the land and its
    characters stay as they were."""
    g = battle_game([on("guan-yu")], [on("zhang-fei", "jizhou"), on("xu-chu", "jizhou")])
    attack(g, "guan-yu", "jizhou")
    lines = war(g, {"seat1": card("infantry"), "seat2": card("cavalry")})
    assert "guan-yu" not in alive(g) and "Guan Yu loses the war and dies " \
                                         "(battle.war.result)" in text(lines)
    assert g.owner("jizhou") == "seat2"
    assert sorted(g.table().holders("jizhou")) == ["xu-chu", "zhang-fei"]


@pytest.mark.rule("cardgame:battle.war.tie")
@pytest.mark.parametrize(("artifact", "winner"), [("serpent-spear", "attacker"),
                                                  ("rattan-armour", "defender")])
def test_a_tie_of_cards_is_settled_by_fighting_spirit(artifact: str, winner: str) -> None:
    """Same cards: the attacker's Fighting Spirit against the land's Defensive Power plus
    the defending character's Fighting Spirit, bonuses counted; the higher wins."""
    spear = ["serpent-spear"] if artifact == "serpent-spear" else []
    armour = ["rattan-armour"] if artifact == "rattan-armour" else []
    g = battle_game([on("xu-chu", artifacts=spear)],
                    [on("hua-xiong", "yuzhou", artifacts=armour)], lands2=("yuzhou",))
    attack(g, "xu-chu", "yuzhou")
    lines = war(g, {"seat1": card("bowmen"), "seat2": card("bowmen")})
    mine, theirs = (5, 4) if winner == "attacker" else (4, 5)
    assert f"Fighting Spirit {mine} against the land's defence and its defender, " \
           f"{theirs} (battle.war.tie)" in text(lines)
    if winner == "attacker":
        assert g.owner("yuzhou") == "seat1" and "hua-xiong" not in alive(g)
    else:
        assert g.owner("yuzhou") == "seat2" and "xu-chu" not in alive(g)


@pytest.mark.rule("cardgame:battle.war.tie")
def test_a_tie_on_a_public_land_counts_its_defence_alone() -> None:
    """On a public land there is no defending character: the tie sets the attacker's
    Fighting Spirit against the land's Defensive Power only."""
    g = battle_game([on("hua-xiong")], [on("zhang-fei", "jizhou")])
    attack(g, "hua-xiong", "jiaozhou")
    lines = war(g, {"seat1": card("infantry"), "seat2": card("infantry")})
    assert "Fighting Spirit 3 against the land's defence and its defender, 1 " \
           "(battle.war.tie)" in text(lines)
    assert g.owner("jiaozhou") == "seat1"


@pytest.mark.rule("cardgame:battle.war.tie.equal")
def test_still_equal_the_owner_keeps_the_land_and_nobody_dies() -> None:
    """Equal again after the Fighting Spirit count: the land stays with its owner and
    both sides' characters live."""
    g = battle_game([on("xu-chu")], [on("hua-xiong", "yuzhou")], lands2=("yuzhou",))
    attack(g, "xu-chu", "yuzhou")
    lines = war(g, {"seat1": card("cavalry"), "seat2": card("cavalry")})
    assert "battle.war.tie.equal" in rules_of(lines)
    assert g.owner("yuzhou") == "seat2" and g.char("hua-xiong")["lands"] == ["yuzhou"]
    assert "xu-chu" in alive(g) and g.char("xu-chu")["lands"] == []


@pytest.mark.rule("cardgame:battle.war.tie.equal")
def test_still_equal_a_public_land_stays_public() -> None:
    """Equal again on a public land: it stays public, and the attacker lives."""
    g = battle_game([on("hua-xiong")], [on("zhang-fei", "jizhou")])
    attack(g, "hua-xiong", "sili")  # 3 against Sili's 3
    lines = war(g, {"seat1": card("bowmen"), "seat2": card("bowmen")})
    assert "battle.war.tie.equal" in rules_of(lines)
    assert g.owner("sili") is None and "hua-xiong" in alive(g)


# ---------------------------------------------------------------------- war cards


@pytest.mark.rule("cardgame:cards.war.sets")
def test_two_sets_of_one_card_of_each_type() -> None:
    """Two war-card sets, each a cavalry, an infantry and a bowmen card: so both sides can
    lay the same type in one war."""
    war_data = fixed.war()
    assert war_data.sets == 2 and sorted(war_data.types) == ["bowmen", "cavalry", "infantry"]
    g = battle_game([on("hua-xiong")], [on("zhang-fei", "jizhou")])
    attack(g, "hua-xiong", "sili")
    lines = war(g, {"seat1": card("cavalry"), "seat2": card("cavalry")})
    assert "War cards: Cavalry (attacker) against Cavalry (defender): a tie " \
           "(battle.war.table)" in text(lines)


@pytest.mark.rule("cardgame:cards.war.cycle")
def test_each_type_beats_exactly_one_other_in_a_cycle() -> None:
    """Cavalry beats infantry, infantry beats bowmen, bowmen beat cavalry, from either
    side of the war."""
    war_data = fixed.war()
    beats = {"cavalry": "infantry", "infantry": "bowmen", "bowmen": "cavalry"}
    assert {k: t.beats for k, t in war_data.types.items()} == beats
    for strong, weak in beats.items():
        assert war_data.result(strong, weak) == "attacker"
        assert war_data.result(weak, strong) == "defender"
