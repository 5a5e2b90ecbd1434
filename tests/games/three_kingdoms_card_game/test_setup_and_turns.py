"""Scenario tests of the Card Game's setup (Part III), the ways to win (Part II) and the
shape of a turn (Part IV): the real opening for setup, the kit's positions for the rest."""

from __future__ import annotations

from typing import Any

import pytest

from pbem import gameplay
from pbem.engine import Log
from pbem.errors import UsageError
from pbem.games.three_kingdoms_card_game import dataset
from pbem.games.three_kingdoms_card_game.records import Character
from pbem.games.three_kingdoms_card_game.table import MAIN, Table
from pbem.hidden import SECRETS_KEY, OpenSecrets
from tests.games.three_kingdoms_card_game.kit import MODULE, Game

DATA = dataset.builtin()
LORDS = DATA.lords()
WAR_TYPES = ("cavalry", "infantry", "bowmen")


class SetupDice:
    """Dice for the real opening: every shuffle leaves the deck in its data order (each
    swap draw picks the card itself), every other draw comes from the script, in order."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.rolls: list[tuple[int, str, int]] = []

    def draw(self, sides: int, purpose: str) -> int:
        if purpose.startswith(("shuffle", "reshuffle")):
            return sides
        value = self.values.pop(0)
        assert 1 <= value <= sides, (value, sides, purpose)
        self.rolls.append((sides, purpose, value))
        return value

    def roll(self, purpose: str) -> int:
        return self.draw(6, purpose)


def opening(players: int, *dice: int) -> tuple[dict[str, Any], SetupDice, list[str]]:
    """The real opening of a game (no scenario), with the given lord draws and rolls."""
    state = gameplay.opening(MODULE, MODULE.options(players, {}), None)
    scripted = SetupDice(*dice)
    log = Log()
    gameplay.start(MODULE, state, scripted, log)
    assert not scripted.values, f"dice not used: {scripted.values}"
    return state, scripted, [e.render() for e in log.entries]


def deck_cards(state: dict[str, Any]) -> list[str]:
    return list(state[SECRETS_KEY]["decks"][MAIN])


def hand_cards(state: dict[str, Any], role: str) -> list[str]:
    return [state[SECRETS_KEY]["cards"][h]["card"] for h in state["hands"][role]]


def base(card: str) -> str:
    return card.split(".")[0]


# ---------------------------------------------------------------------- setup


@pytest.mark.rule("cardgame:setup.public-lands")
def test_every_land_starts_public() -> None:
    """All thirteen lands begin in the middle of the table, owned by nobody."""
    state, _, _ = opening(2, 1, 1, 6, 1)
    assert len(state["lands"]) == 13
    assert all(land["owner"] is None for land in state["lands"].values())
    assert all(not c["lands"] for c in state["characters"].values())


@pytest.mark.rule("cardgame:setup.war-cards")
def test_war_cards_stay_out_of_the_decks() -> None:
    """The two sets of war cards are kept apart for battles: no war card is in the Main
    Deck or in a hand, and a war still offers all three types to both sides."""
    state, _, _ = opening(2, 1, 1, 6, 1)
    everything = deck_cards(state) + hand_cards(state, "seat1") + hand_cards(state, "seat2")
    assert not {base(c) for c in everything} & set(WAR_TYPES)
    assert set(DATA.war.types) == set(WAR_TYPES)
    game = Game(seat1={"lord": "sun-jian"}, seat2={"lord": "liu-bei"})
    game.act("seat1", {"do": "attack", "character": "sun-jian", "land": "jiaozhou",
                       "mode": "war"})
    game.pass_all()
    prompt = game.prompt()
    assert prompt is not None and prompt.step == "war-card"
    options = {o.value for o in prompt.actions[0].params[0].options}
    assert options == set(WAR_TYPES)


@pytest.mark.rule("cardgame:setup.lords")
def test_each_player_draws_a_random_lord_on_no_land() -> None:
    """Lords form a deck of their own; each player gets one at random (the dice pick it
    among those left) and keeps it in front of her, on no land."""
    state, dice, lines = opening(3, 3, 9, 1, 6, 1, 1)
    # 3rd of 10, then the 9th of the 9 left, then the 1st of the 8 left
    assert state["lords"] == {"seat1": LORDS[2], "seat2": LORDS[9], "seat3": LORDS[0]}
    assert [sides for sides, purpose, _ in dice.rolls if "lord" in purpose] == [10, 9, 8]
    for role, lord in state["lords"].items():
        entry = state["characters"][lord]
        assert entry["controller"] == role and entry["lands"] == [] and entry["handle"] is None
    assert any("Seat 2 draws the lord" in line and "(setup.lords)" in line for line in lines)


@pytest.mark.rule("cardgame:setup.lords.unused")
def test_undrawn_lords_are_out_of_the_game() -> None:
    """The lords nobody drew are set aside: never in the Main Deck, never dealt."""
    state, _, lines = opening(2, 1, 1, 6, 1)
    unused = set(LORDS) - set(state["lords"].values())
    assert len(unused) == 8 and set(state["aside"]) == unused
    dealt = deck_cards(state) + hand_cards(state, "seat1") + hand_cards(state, "seat2")
    assert not set(LORDS) & set(dealt)
    assert any("(setup.lords.unused)" in line for line in lines)


@pytest.mark.rule("cardgame:setup.main-deck")
def test_the_main_deck_holds_every_other_card() -> None:
    """Every character that is not a lord, every event (copies counted) and every
    artifact makes up the Main Deck: 88 cards, before the hands are dealt."""
    state, _, _ = opening(2, 1, 1, 6, 1)
    cards = deck_cards(state) + hand_cards(state, "seat1") + hand_cards(state, "seat2")
    assert len(cards) == 88 == len(set(cards))
    kinds = {"characters": 0, "events": 0, "artifacts": 0}
    for card in cards:
        rec = DATA.record(card)
        kinds[{"Character": "characters", "Event": "events",
               "Artifact": "artifacts"}[type(rec).__name__]] += 1
        assert not (isinstance(rec, Character) and rec.lord)
    assert kinds == {"characters": 30, "events": 52, "artifacts": 6}
    assert sorted(cards) == sorted(DATA.main_deck())


@pytest.mark.rule("cardgame:setup.first-player")
def test_the_highest_roll_goes_first() -> None:
    """Everyone rolls once; the highest roll starts, and ties below it do not matter."""
    state, dice, lines = opening(3, 1, 1, 1, 2, 5, 2)
    assert state["turn"]["role"] == "seat2"
    assert len([r for r in dice.rolls if "first player" in r[1]]) == 3
    assert "  Rolls for the first player: Seat 1 2, Seat 2 5, Seat 3 2 (setup.first-player)" \
        in lines


@pytest.mark.rule("cardgame:setup.first-player")
def test_players_tied_for_the_highest_roll_again() -> None:
    """Only the players tied at the top roll again, among themselves, until one is
    highest; the others do not roll again."""
    state, dice, _ = opening(3, 1, 1, 1, 6, 2, 6, 4, 4, 1, 3)
    assert state["turn"]["role"] == "seat3"
    rolled = [purpose for _, purpose, _ in dice.rolls if "first player" in purpose]
    assert rolled == ["Seat 1's roll for the first player", "Seat 2's roll for the first "
                      "player", "Seat 3's roll for the first player",
                      "Seat 1's roll for the first player (roll 2)",
                      "Seat 3's roll for the first player (roll 2)",
                      "Seat 1's roll for the first player (roll 3)",
                      "Seat 3's roll for the first player (roll 3)"]


def finish_turn(state: dict[str, Any]) -> str:
    """Play the active player's turn out doing nothing; the next active player."""
    role = state["turn"]["role"]
    dice = SetupDice()
    for verb in ("end-main", "done"):
        MODULE.apply(state, role, {"do": verb}, dice, Log(), OpenSecrets(state, dice))
    prompt = MODULE.prompt(state)
    if prompt is not None and prompt.step == "discard":
        extra = len(state["hands"][role]) - 7
        MODULE.apply(state, role, {"do": "discard", "cards": state["hands"][role][:extra]},
                     dice, Log(), OpenSecrets(state, dice))
    return str(state["turn"]["role"])


@pytest.mark.rule("cardgame:setup.clockwise")
def test_turns_pass_clockwise_from_the_first_player() -> None:
    """After the first player, the turn goes to the next seat clockwise, round and round."""
    state, _, lines = opening(3, 1, 1, 1, 1, 6, 1)
    assert state["turn"]["role"] == "seat2"
    assert "  Seat 2 goes first; turns pass clockwise (setup.clockwise)" in lines
    assert [finish_turn(state) for _ in range(4)] == ["seat3", "seat1", "seat2", "seat3"]
    assert state["turn"]["number"] == 5


@pytest.mark.rule("cardgame:setup.hand")
def test_each_player_is_dealt_seven_cards() -> None:
    """Each player starts with seven cards off the top of the Main Deck (the first
    player then draws her Opening Phase card on top of them)."""
    order = DATA.main_deck()
    state, _, lines = opening(2, 1, 1, 1, 6)
    assert hand_cards(state, "seat1") == order[:7]
    assert hand_cards(state, "seat2") == order[7:14] + order[14:15]
    assert state["deck"]["left"] == 88 - 15 == len(deck_cards(state))
    assert lines.count("  Seat 1 draws 7 cards (setup.hand)") == 1
    assert lines.count("  Seat 2 draws 7 cards (setup.hand)") == 1


@pytest.mark.rule("cardgame:setup.players")
@pytest.mark.parametrize("players", [2, 6])
def test_two_to_six_players(players: int) -> None:
    """Two to six players may sit down, each with her own lord."""
    state, _, _ = opening(players, *([1] * players), *range(players, 0, -1))
    assert len(state["seats"]) == players
    assert len(set(state["lords"].values())) == players
    assert state["turn"]["role"] == "seat1"


@pytest.mark.rule("cardgame:setup.players")
@pytest.mark.parametrize("players", [1, 7])
def test_too_few_or_too_many_players(players: int) -> None:
    """A game of one player, or of more than six, is refused."""
    with pytest.raises(UsageError):
        MODULE.options(players, {})


# ---------------------------------------------------------------------- winning


def shrink_deck(game: Game, keep: int) -> None:
    """Leave only the top ``keep`` cards in the Main Deck (the rest leave the game)."""
    deck = game.state[SECRETS_KEY]["decks"][MAIN]
    del deck[keep:]
    game.state["deck"]["left"] = keep


def to_pile(game: Game, role: str, card: str) -> None:
    """Put a card of ``role``'s hand on the Discard Pile, as a discard would."""
    entry = game.handle(role, card)
    t = Table(game.state, secrets=OpenSecrets(game.state, SetupDice()))
    t.take_from_hand(role, entry)
    t.to_pile(card, entry)


@pytest.mark.rule("cardgame:win.land-value")
def test_lands_worth_six_as_her_turn_begins_win() -> None:
    """A player whose lands add up to six or more when her turn begins wins at once."""
    game = Game(turn={"role": "seat1", "start": "begin"},
                seat1={"lord": "cao-cao", "lands": ["sili", "jizhou"]},
                seat2={"lord": "liu-bei", "lands": ["yuzhou"]})
    assert game.state["result"]["winner"] == "seat1"
    assert game.state["result"]["reason"] == "win.land-value"
    assert game.state["result"]["land_values"] == {"seat1": 6, "seat2": 2}
    assert "  Seat 1 wins the game (win.land-value)" in game.lines()
    assert game.prompt() is None
    assert game.hand("seat1") == []  # no Opening Phase: the game is over


@pytest.mark.rule("cardgame:win.land-value")
def test_lands_worth_five_do_not_win() -> None:
    """Five is not enough: the turn goes on to its Opening Phase."""
    game = Game(turn={"role": "seat1", "start": "begin"},
                seat1={"lord": "cao-cao", "lands": ["sili", "yuzhou"]},
                seat2={"lord": "liu-bei"})
    assert game.state["result"] is None
    assert len(game.hand("seat1")) == 2
    assert game.prompt().step == "main"


@pytest.mark.rule("cardgame:win.land-value.timing")
def test_lands_worth_six_win_only_at_their_owners_turn() -> None:
    """The total is looked at only as its owner's turn begins: Seat 2 holding six in
    Seat 1's turn wins nothing then, and wins when her own turn comes."""
    game = Game(turn={"role": "seat1", "start": "begin"},
                seat1={"lord": "cao-cao"},
                seat2={"lord": "liu-bei", "lands": ["sili", "jizhou"],
                       "characters": [{"card": "sima-yi", "lands": ["sili"]},
                                      {"card": "lu-su", "lands": ["jizhou"]}]})
    assert game.state["result"] is None
    game.end_main("seat1")
    assert game.state["result"] is None
    game.act("seat1", "done")
    assert game.state["result"] == {"winners": ["seat2"], "winner": "seat2",
                                    "reason": "win.land-value",
                                    "land_values": {"seat1": 0, "seat2": 6}}


@pytest.mark.rule("cardgame:win.land-value.timing")
def test_six_reached_during_her_turn_waits_for_her_next_turn() -> None:
    """Reaching six in the middle of her own turn wins nothing yet: the game goes on
    through the other player's turn."""
    game = Game(seat1={"lord": "sun-jian", "lands": ["sili", "yuzhou"],
                       "characters": [{"card": "sima-yi", "lands": ["sili"]},
                                      {"card": "chen-gong", "lands": ["yuzhou"]}]},
                seat2={"lord": "liu-bei", "hand": ["borrowed-arrows.1"]})
    game.act("seat1", {"do": "attack", "character": "sun-jian", "land": "liangzhou",
                       "mode": "war"})
    game.pass_all()
    game.both({"seat1": {"do": "war-card", "card": "cavalry"},
               "seat2": {"do": "war-card", "card": "infantry"}})
    assert game.owner("liangzhou") == "seat1"
    assert game.table().land_value("seat1") == 6
    assert game.state["result"] is None
    game.end_main("seat1")
    game.act("seat1", "done")
    assert game.state["result"] is None and game.state["turn"]["role"] == "seat2"
    game.end_main("seat2")
    game.act("seat2", "done")
    assert game.state["result"]["winner"] == "seat1"


@pytest.mark.rule("cardgame:win.deck.first")
def test_first_run_out_shuffles_the_discard_pile_into_a_new_deck() -> None:
    """The first time a draw finds the Main Deck empty, the Discard Pile becomes a new
    Main Deck, shuffled, and the draw goes on from it; the game does not end."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["borrowed-arrows.1", "guan-yu",
                                                   "zhang-fei"]},
                seat2={"lord": "liu-bei"})
    to_pile(game, "seat1", "guan-yu")
    to_pile(game, "seat1", "zhang-fei")
    shrink_deck(game, 1)
    # Seat 2 holds no card: no window, the event works at once; the reshuffle of two
    # cards draws one die
    lines = game.play("seat1", "borrowed-arrows.1", 1)
    assert "  The Main Deck runs out: the Discard Pile (2 cards) is shuffled into a new " \
        "Main Deck (win.deck.first)" in lines
    assert game.state["result"] is None
    assert game.state["deck"]["runs"] == 1
    assert game.prompt().step == "owed-draw"
    game.act("seat1", "draw")
    assert len(game.hand("seat1")) == 2
    assert game.hand("seat1")[1] in ("guan-yu", "zhang-fei")
    assert game.state["deck"]["left"] == 1
    assert game.state["discard"]["cards"] == ["borrowed-arrows.1"]
    assert game.prompt().step == "main"


@pytest.mark.rule("cardgame:win.deck.second")
def test_second_run_out_ends_the_game_on_land_value() -> None:
    """The second time the Main Deck runs out, the game ends at once and the highest
    total land value wins."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["borrowed-arrows.1"], "lands": ["yuzhou"]},
                seat2={"lord": "liu-bei", "lands": ["sili"]})
    game.state["deck"]["runs"] = 1
    shrink_deck(game, 0)
    lines = game.play("seat1", "borrowed-arrows.1")
    assert "  The Main Deck runs out for the second time: the game ends (win.deck.second)" \
        in lines
    assert game.state["result"] == {"winners": ["seat2"], "winner": "seat2",
                                    "reason": "win.deck.second",
                                    "land_values": {"seat1": 2, "seat2": 3}}
    assert game.prompt() is None


@pytest.mark.rule("cardgame:win.deck.second")
def test_an_empty_discard_pile_makes_the_first_run_out_the_last() -> None:
    """With nothing to shuffle into a new deck, that new deck is empty too: the draw
    finds it so, and the game ends; players tied for the highest total share the win."""
    game = Game(seat1={"lord": "cao-cao", "hand": ["borrowed-arrows.1"], "lands": ["yuzhou"]},
                seat2={"lord": "liu-bei", "lands": ["xuzhou"]})
    shrink_deck(game, 0)
    game.play("seat1", "borrowed-arrows.1")
    game.pass_all()
    assert game.state["deck"]["runs"] == 2
    assert game.state["result"]["winners"] == ["seat1", "seat2"]
    assert game.state["result"]["winner"] is None


# ---------------------------------------------------------------------- the turn


@pytest.mark.rule("cardgame:turn.phases")
def test_a_turn_is_opening_main_then_ending() -> None:
    """A turn opens with its draw, then the Main Phase, then the Ending Phase; after it
    the next player's turn begins."""
    game = Game(turn={"role": "seat1", "start": "begin"},
                seat1={"lord": "cao-cao"}, seat2={"lord": "liu-bei"})
    assert game.lines() == ["Turn 1: Seat 1 (turn.phases)",
                            "  Seat 1 draws 1 card (turn.opening)"]
    assert game.prompt().step == "main" and game.prompt().role == "seat1"
    game.end_main("seat1")
    assert game.lines()[-2:] == ["  Seat 1 ends the Main Phase (turn.phases)",
                                 "Seat 1's Ending Phase (ending.stages)"]
    assert game.prompt().step == "rearrange"
    game.act("seat1", "done")
    assert game.lines()[-2:] == ["Turn 2: Seat 2 (turn.phases)",
                                 "  Seat 2 draws 1 card (turn.opening)"]
    assert game.prompt().step == "main" and game.prompt().role == "seat2"


@pytest.mark.rule("cardgame:turn.phases")
def test_the_ending_phase_cannot_be_entered_early() -> None:
    """While the Main Phase runs, Ending Phase actions are not offered."""
    game = Game(seat1={"lord": "cao-cao"}, seat2={"lord": "liu-bei"})
    game.refuse("seat1", "done")
    game.refuse("seat2", "end-main")


@pytest.mark.rule("cardgame:turn.opening")
@pytest.mark.parametrize(("lands", "drawn"), [([], 1), (["jiaozhou"], 1),
                                              (["jiaozhou", "sili"], 2),
                                              (["jiaozhou", "liangzhou", "youzhou"], 3)])
def test_opening_draw_is_one_card_per_land_at_least_one(lands: list[str], drawn: int) -> None:
    """She draws as many cards as the lands she controls, and one if she has none."""
    game = Game(turn={"role": "seat1", "start": "begin"},
                seat1={"lord": "cao-cao", "hand": ["guan-yu"], "lands": lands},
                seat2={"lord": "liu-bei"})
    assert len(game.hand("seat1")) == 1 + drawn
    assert game.hand("seat1")[1:] == DATA.main_deck()[1:1 + drawn] or \
        len(game.hand("seat1")[1:]) == drawn
    assert game.state["deck"]["left"] == 88 - 1 - drawn
    assert game.hand("seat2") == []
    assert f"  Seat 1 draws {drawn} card{'s' if drawn > 1 else ''} (turn.opening)" \
        in game.lines()


def bribe_through(game: Game, target: str, bid: list[str], held: list[str]) -> None:
    """Seat 1 bribes ``target`` of Seat 2 with the cards ``bid`` against ``held``."""
    game.act("seat1", {"do": "bribe", "target": target})
    game.pass_all()
    game.both({"seat1": {"do": "bid", "cards": [game.handle("seat1", c) for c in bid]},
               "seat2": {"do": "bid", "cards": [game.handle("seat2", c) for c in held]}})


@pytest.mark.rule("cardgame:turn.main.stages")
def test_stages_in_any_order() -> None:
    """The stages may come in any order: a bribe first, then a battle, then an Event
    Stage play, all in one Main Phase."""
    game = Game(seat1={"lord": "sun-jian", "hand": ["guan-yu", "zhang-fei", "xu-chu"]},
                seat2={"lord": "cao-cao", "characters": [{"card": "hua-xiong"}]})
    bribe_through(game, "hua-xiong", ["zhang-fei"], [])
    assert game.char("hua-xiong")["controller"] == "seat1"
    game.act("seat1", {"do": "attack", "character": "sun-jian", "land": "jiaozhou",
                       "mode": "war"})
    game.pass_all()
    game.both({"seat1": {"do": "war-card", "card": "cavalry"},
               "seat2": {"do": "war-card", "card": "infantry"}})
    assert game.owner("jiaozhou") == "seat1"
    game.play("seat1", "guan-yu", land="jiaozhou")
    game.pass_all()
    assert game.char("guan-yu")["lands"] == ["jiaozhou"]
    assert game.state["turn"]["left"] == ["bribery", "battle"]
    stages = [line for line in game.lines() if "enters the" in line]
    assert stages == ["  Seat 1 enters the bribery stage (turn.main.stages)",
                      "  Seat 1 enters the battle stage (turn.main.stages)",
                      "  Seat 1 enters the event stage (turn.main.stages)"]


@pytest.mark.rule("cardgame:turn.main.stages")
def test_every_stage_may_be_skipped() -> None:
    """She may end her Main Phase without playing any stage at all."""
    game = Game(seat1={"lord": "sun-jian", "hand": ["guan-yu"]},
                seat2={"lord": "cao-cao", "characters": [{"card": "hua-xiong"}]})
    assert {"play-character", "attack", "bribe", "end-main"} <= game.verbs()
    game.end_main("seat1")
    assert game.prompt().step == "rearrange"
    assert game.hand("seat1") == ["guan-yu"]
    assert game.state["turn"]["battles"] == game.state["turn"]["bribes"] == 0


@pytest.mark.rule("cardgame:turn.main.once")
def test_a_stage_left_cannot_be_taken_up_again() -> None:
    """Once she moves from her Event Stage to another stage, she cannot go back to it:
    a character played then is refused, citing the rule, and nothing changes."""
    game = Game(seat1={"lord": "sun-jian", "hand": ["guan-yu", "xu-chu", "zhang-fei"]},
                seat2={"lord": "cao-cao", "characters": [{"card": "hua-xiong"},
                                                         {"card": "wen-chou"}]})
    game.play("seat1", "guan-yu")
    game.pass_all()
    bribe_through(game, "hua-xiong", ["zhang-fei"], [])
    assert game.state["turn"]["left"] == ["event"]
    game.refuse("seat1", {"do": "play-character", "card": game.handle("seat1", "xu-chu")},
                rule="turn.main.once")
    # still in the Bribery Stage, but its one bribe is made
    game.refuse("seat1", {"do": "bribe", "target": "wen-chou"}, rule="bribery.target")


@pytest.mark.rule("cardgame:turn.main.once")
def test_a_battle_after_the_bribery_stage_leaves_it_for_good() -> None:
    """Going from the Bribery Stage to a battle closes the Bribery Stage: a second bribe
    is refused even with cards to bid."""
    game = Game(seat1={"lord": "sun-jian", "hand": ["zhang-fei", "xu-chu"]},
                seat2={"lord": "cao-cao", "characters": [{"card": "hua-xiong"},
                                                         {"card": "wen-chou"}]})
    bribe_through(game, "hua-xiong", ["zhang-fei"], [])
    game.act("seat1", {"do": "attack", "character": "sun-jian", "land": "jiaozhou",
                       "mode": "war"})
    game.pass_all()
    game.both({"seat1": {"do": "war-card", "card": "cavalry"},
               "seat2": {"do": "war-card", "card": "cavalry"}})
    game.refuse("seat1", {"do": "bribe", "target": "wen-chou"}, rule="turn.main.once")
    assert game.state["turn"]["left"] == ["bribery"]
    # still in the Battle Stage, but its one battle is fought
    game.refuse("seat1", {"do": "attack", "character": "hua-xiong", "land": "youzhou",
                          "mode": "war"}, rule="battle.one")
