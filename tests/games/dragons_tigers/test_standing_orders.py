"""Standing orders (docs/standing-orders.md): every question put to a player who is not
moving has one, with a legal default; each player's orders are shown; and whenever an
order decides a real choice, the log says which order, with its value."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.games.dragons_tigers.orders import ORDERS
from tests.games.dragons_tigers.kit import MODULE, Game
from tests.games.dragons_tigers.test_s04_round_end import round_ending
from tests.games.dragons_tigers.test_s05_combat import combat


def order_lines(lines: list[str]) -> list[str]:
    return [line.strip() for line in lines if "standing order" in line]


def test_every_order_has_a_legal_default_and_can_ask() -> None:
    """Each order's default is one of its values, and (except the draft, whose other
    value picks one kingdom at a time) ``ask`` sends the question instead."""
    assert set(ORDERS) >= {"draft", "losses", "retreat", "relocate", "capture", "control",
                           "counter_check", "retainer_death", "proxy", "main_change",
                           "new_main", "emperor", "keep_retainer", "returning_retainer"}
    for name, (values, default, _) in ORDERS.items():
        assert values[0] == default, name
        assert "ask" in values, name
    assert MODULE.standing_orders() == ORDERS


def test_every_players_orders_are_shown() -> None:
    """``pbem show`` (the module's description) and the view list every player's orders,
    defaults included; a changed order shows its new value."""
    game = Game(orders={"white": {"retreat": "outnumbered-2"}})
    text = MODULE.describe(game.state)
    assert "Standing orders" in text
    assert "Blue Dragon: draft: rank; losses: largest-first; retreat: never;" in text
    assert "retreat: outnumbered-2" in text
    view = MODULE.view(game.state, "blue")
    shown = {p["role"]: p["orders"] for p in view["players"]}
    assert shown["white"]["retreat"] == "outnumbered-2" and shown["blue"]["retreat"] == "never"
    assert set(shown["blue"]) == set(ORDERS)
    assert view["orders"] == shown["blue"]
    # a game begun before an order existed shows its default
    del game.state["orders"]["blue"]["emperor"]
    assert MODULE.view(game.state, "blue")["orders"]["emperor"] == "capital"


@pytest.mark.rule("5.5")
def test_the_log_says_the_defender_stood_by_his_standing_order() -> None:
    """White could retreat from Xuchang to Nanyang after the first round; his standing
    order retreat: never keeps him there, and the log says so."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shu": 2}, "characters": ["cao-cao", "ji-ling"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shu"})
    game.advance()  # Blue may first try a betrayal check on Yuan Shu: he does not
    # valor: Cao Cao 6, Ji Ling 6; round 1: [6 6 6] against [6 6]; round 2: [1 1 6]
    # against [6 6]: White's armies are gone; Ji Ling escapes capture (5).
    lines = game.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6, 1, 1, 6, 6, 6, 5)
    assert order_lines(lines) == [
        "White Tiger's standing order retreat: never — White Tiger (Yuan Shu) stands and "
        "fights (5.5)"]


@pytest.mark.rule("5.5")
def test_outnumbered_defender_falls_back_by_his_standing_order() -> None:
    """With retreat: outnumbered-2, White falls back after a round without hits when Blue
    has 6 armies against his 3, and stays to fight when Blue has only 5."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 6, "yuan-shu": 3}, "characters": ["cao-cao", "ji-ling"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shu"}, orders={"white": {"retreat": "outnumbered-2"}})
    game.advance()
    # valor: Cao Cao 6, Ji Ling 6; round 1: [6 6 6 6 6] against [6 6 6]: no hits
    lines = game.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert order_lines(lines) == [
        "White Tiger's standing order retreat: outnumbered-2 — White Tiger (Yuan Shu) is "
        "outnumbered and falls back (5.5)"]
    assert game.where("ji-ling") == "nanyang" and game.armies("nanyang", "yuan-shu") == 7
    stays = combat({
        "xuchang": {"armies": {"cao-cao": 5, "yuan-shu": 3}, "characters": ["cao-cao", "ji-ling"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shu"}, orders={"white": {"retreat": "outnumbered-2"}})
    stays.advance()
    # round 1: no hits, White stays; round 2: [1 1 1 6 6] against [6 6 6]: White's
    # armies are gone; Ji Ling escapes capture (5)
    lines = stays.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
                      1, 1, 1, 6, 6, 6, 6, 6, 5)
    assert order_lines(lines) == [
        "White Tiger's standing order retreat: outnumbered-2 — White Tiger (Yuan Shu) is not "
        "outnumbered that far and stays (5.5)"]


@pytest.mark.rule("5.1(B)")
def test_the_log_says_the_defenders_check_was_made_by_his_standing_order() -> None:
    """Cao Cao turns Yuan Shu; White's standing order counter_check: always makes his
    check at once (it fails on a 6), and the log names the order."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shao": 2, "yuan-shu": 2},
                    "characters": ["cao-cao", "yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shao"}, orders={"white": {"retreat": "ask"}})
    game.advance()
    # Blue's check 1 succeeds; White's check 6 fails; valor: Cao Cao 6, Yuan Shao 6;
    # battle: Blue 5 dice [6 6 6 6 6] against White's 2 [6 6].
    lines = game.act("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"},
                     1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert order_lines(lines) == [
        "White Tiger's standing order counter_check: always — the check is made (5.1(B))"]
    assert game.owner("yuan-shu") == "blue"
    never = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shao": 2, "yuan-shu": 2},
                    "characters": ["cao-cao", "yuan-shao"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shao"},
        orders={"white": {"retreat": "ask", "counter_check": "never"}})
    never.advance()
    lines = never.act("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shu"},
                      1, 6, 6, 6, 6, 6, 6, 6, 6, 6)
    assert order_lines(lines) == [
        "White Tiger's standing order counter_check: never — no check is made (5.1(B))"]


@pytest.mark.rule("5.4(C)")
def test_the_log_says_how_the_losses_order_shared_the_hits() -> None:
    """Cao Cao's and Liu Bei's armies take 3 hits together; Blue's standing order losses:
    largest-first puts them on the first of the two largest contingents, and says so."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 4, "liu-bei": 5, "yuan-shao": 3},
                    "characters": ["cao-cao", "liu-bei"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    lines = game.advance(6, 1, 1, 1, 6, 6, 1, 1, 1)
    assert "Blue Dragon's standing order losses: largest-first — the losses fall on Liu Bei " \
           "劉備 3 (5.4(C))" in order_lines(lines)
    assert game.armies("xuchang", "liu-bei") == 2 and game.armies("xuchang", "cao-cao") == 4


@pytest.mark.rule("5.7(A)")
@pytest.mark.rule("5.7(D)")
def test_the_log_says_where_relocation_and_capture_orders_sent_pieces() -> None:
    """Cao Cao's armies in Xuchang are destroyed: by default he goes where most of his
    kingdom's armies are (Yanzhou), and the log names the relocate order. Cao Cao and Liu
    Bei capture Wen Chou together: by default the main kingdom takes him."""
    game = combat({
        "xuchang": {"armies": {"cao-cao": 2, "yuan-shao": 5},
                    "characters": ["cao-cao", "xiahou-dun"]},
        "yanzhou": {"armies": {"cao-cao": 3}},
        "qiao": {"armies": {"cao-cao": 1}},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    lines = game.advance(6, 6, 6, 1, 1, 6, 6, 6, 4)
    assert order_lines(lines) == [
        "Blue Dragon's standing order relocate: default — Cao Cao 曹操 goes where most of his "
        "kingdom's armies are (5.7(A))",
        "Blue Dragon's standing order relocate: default — Xiahou Dun 夏侯惇 goes where most "
        "of his kingdom's armies are (5.7(E))"]
    assert game.where("cao-cao") == "yanzhou"
    taken = combat({
        "xuchang": {"armies": {"cao-cao": 3, "liu-bei": 3, "yuan-shao": 2},
                    "characters": ["cao-cao", "liu-bei", "wen-chou"]},
        "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
    }, control={"xuchang": "yuan-shao"})
    lines = taken.advance(6, 6, 1, 1, 6, 6, 6, 6, 6, 2, 5)
    assert "Blue Dragon's standing order capture: default — Cao Cao 曹操 takes him (5.7(D))" \
        in order_lines(lines)
    assert taken.kingdom_of("wen-chou") == "cao-cao"


@pytest.mark.rule("4.8.1(A)")
@pytest.mark.rule("4.8.4")
def test_round_end_orders_keep_retainers_and_main_kingdoms_and_say_so() -> None:
    """At the end of Round 1 Blue holds Li Ru: his standing order keep_retainer: keep
    keeps him without a question; at step 4 both players' main_change: keep answer, the
    player whose turn was cut short included, and the next round begins at once."""
    game = round_ending(1, characters={"li-ru": {"at": "yanzhou", "kingdom": "cao-cao"}},
                        orders={"blue": {"main_change": "keep"},
                                "white": {"main_change": "keep"}})
    lines = order_lines(game.advance(1, 1))  # the round ends; Round 2: Blue's chit
    assert lines == [
        "Blue Dragon's standing order keep_retainer: keep — Li Ru 李儒 is kept (4.8.1(A))",
        "White Tiger's standing order main_change: keep — Yuan Shao 袁紹 stays the main "
        "kingdom (4.8.4)",
        "Blue Dragon's standing order main_change: keep — Cao Cao 曹操 stays the main kingdom "
        "(4.8.4)"]
    assert game.kingdom_of("li-ru") == "cao-cao"
    assert game.state["round"] == 2 and game.prompt().step == "activate"
    released = round_ending(1, characters={"li-ru": {"at": "yanzhou", "kingdom": "cao-cao"}},
                            orders={"blue": {"keep_retainer": "release"}})
    released.advance(1)
    assert released.where("fan-chou") == "luoyang" and "li-ru" not in released.state["chars"]


def test_an_order_set_in_a_save_applies_from_then_on() -> None:
    """A player changes an order with the ``orders`` action; the log says so, and the
    next question of that kind is put to him."""
    game: Any = combat({
        "xuchang": {"armies": {"cao-cao": 3, "yuan-shu": 2}, "characters": ["cao-cao", "ji-ling"]},
        "nanyang": {"armies": {"yuan-shu": 4}, "characters": ["yuan-shu"]},
    }, control={"xuchang": "yuan-shu"})
    lines = game.act("white", {"do": "orders", "set": {"retreat": "ask"}})
    assert lines[0] == "White Tiger changes standing orders: retreat ask"
    game.advance()
    game.act("blue", "no-check", 6, 6, 6, 6, 6, 6, 6)
    assert game.prompt().role == "white" and game.prompt().step == "retreat"
    game.refuse("white", {"do": "orders", "set": {"retreat": "sometimes"}})
    game.refuse("white", {"do": "orders", "set": {"courage": "high"}})
