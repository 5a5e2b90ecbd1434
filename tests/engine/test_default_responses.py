"""Default standing responses (pbem/responses.py ``effective``): a game may answer some
questions for a player until she sets her own. The Card Game's defending war card is
drawn at random from her own keys (pbem/secrets/private_pick.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from freezegun import freeze_time

from pbem import games, responses, sealed_orders, selfplay, session
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.secrets.private_pick import PrivatePick
from tests.security.kit import cli, labelled_key, salts

KIND = "three-kingdoms-card-game"
TYPES = ("cavalry", "infantry", "bowmen")


def _people(tag: str = "") -> list[LocalIdentity]:
    return [LocalIdentity(n, labelled_key(f"default responses {n}{tag}")) for n in ("ann", "bo")]


def _war(defender: str, tag: str = "", game: str = "d3fa") -> tuple[SaveFile, LocalIdentity]:
    """Seat 1 sends Guan Yu to war for Seat 2's Jizhou, held by ``defender``: the save that
    asks Seat 2 for her war card (her window order is ``pass``: no instant is asked)."""
    ann, bo = _people(tag)
    scenario = {
        "turn": {"role": "seat1", "start": "main"},
        "seats": {"seat1": {"lord": "cao-cao", "hand": ["assassin.1"],
                            "characters": [{"card": "guan-yu"}]},
                  "seat2": {"lord": "liu-bei", "hand": ["sniped.1"], "lands": ["jizhou"],
                            "orders": {"window": "pass"},
                            "characters": [{"card": defender, "lands": ["jizhou"]}]}},
    }
    first = session.new_game(KIND, ann, [bo.identity], None, scenario, dice="open",
                             game_id=game * 8, salt="a" * 32)
    joined = session.join(first, bo, "b" * 32)
    made = session.Composer(joined, ann)
    made.act({"do": "attack", "character": "guan-yu", "land": "jizhou", "mode": "war"})
    save = made.finish()
    assert save.due is not None and (save.due["role"], save.due["step"]) == \
        ("seat2", "war-card")
    return save, bo


def _picked(made: SaveFile, bo: LocalIdentity) -> dict[str, str]:
    """Seat 2's war card and guess in the save her pbem wrote (a scenario takes it in
    clear)."""
    stack = made.state["stack"]
    picks = stack[-1].get("picks", {}) if stack else {}
    if "seat2" in picks:
        return dict(picks["seat2"])
    raise AssertionError(f"Seat 2 laid no war card: {made.actions}")


def test_a_private_pick_is_even_and_fixed_by_its_seed() -> None:
    """Each option comes up about as often; the same seed and purpose give the same pick,
    another seed its own."""
    pick = PrivatePick(b"s" * 32)
    counts = Counter(pick.choose(TYPES, f"war card {i}") for i in range(3000))
    assert set(counts) == set(TYPES) and min(counts.values()) > 900
    assert pick.choose(TYPES, "x") == PrivatePick(b"s" * 32).choose(TYPES, "x")
    others = [PrivatePick(bytes([i]) * 32).choose(range(1000), "x") for i in range(8)]
    assert len(set(others)) > 1
    with pytest.raises(ValueError):
        PrivatePick(b"short")


def test_a_defender_who_set_nothing_lays_a_war_card_unattended(tmp_path: Path) -> None:
    """With no standing responses of her own, Seat 2's pbem answers the war with a war card
    of its own drawing, in a save signed by her; answering the same save again draws the
    same card (no second answer to choose between)."""
    save, bo = _war("xu-chu")
    assert responses.load(save.game_id) == {}
    made = responses.answer(save, bo)
    assert made is not None and made.role_of(bo.key.public) == "seat2"
    picked = _picked(made, bo)
    assert picked["card"] in TYPES and picked["guess"] == "none"
    again = responses.answer(save, bo)
    assert again is not None and _picked(again, bo) == picked


def test_a_defending_strategist_also_guesses_at_random(tmp_path: Path) -> None:
    """Behind a strategist the default also asks about the attacker's card (a wrong guess
    costs nothing), with a type drawn like the card; over games both vary."""
    cards, guesses = set(), set()
    for i in range(12):
        save, bo = _war("zhuge-liang", tag=str(i), game=f"{i:04x}")
        made = responses.answer(save, bo)
        assert made is not None
        picked = _picked(made, bo)
        assert picked["card"] in TYPES and picked["guess"] in TYPES
        cards.add(picked["card"])
        guesses.add(picked["guess"])
    assert len(cards) > 1 and len(guesses) > 1


def test_her_own_response_replaces_the_default(tmp_path: Path) -> None:
    """'war-card: ask' puts the war to her again; 'war-card: bowmen' always lays bowmen."""
    save, bo = _war("xu-chu")
    module = games.get(KIND)
    responses.store(module, save, {"war-card": "ask"}, "mine.yaml")
    assert responses.answer(save, bo) is None
    responses.store(module, save, {"war-card": "bowmen"}, "mine.yaml")
    made = responses.answer(save, bo)
    assert made is not None and _picked(made, bo)["card"] == "bowmen"


def test_the_attacker_is_never_answered_for(tmp_path: Path) -> None:
    """The default answers the defender only: the attacking player picks her own card."""
    save, bo = _war("xu-chu")
    made = responses.answer(save, bo)
    assert made is not None and made.due is not None and made.due["role"] == "seat1"
    ann = _people()[0]
    assert responses.answer(made, ann) is None


def test_pbem_respond_shows_the_defaults(tmp_path: Path) -> None:
    """`pbem respond SAVE` says which defaults answer for her; `--file` with her own for a
    step leaves the rest to the defaults; `--clear` says the defaults still answer."""
    save, bo = _war("xu-chu")
    path = tmp_path / "war.pbem.yaml"
    path.write_bytes(save.raw)
    key = tmp_path / "bo.key"
    key.write_bytes(bo.key.to_openssh())
    code, out, _ = cli("respond", str(path), "--key", str(key))
    assert code == 0 and "war-card: random" in out
    mine = tmp_path / "mine.yaml"
    mine.write_text("trade: refuse\n")
    assert cli("respond", str(path), "--file", str(mine), "--key", str(key))[0] == 0
    code, out, _ = cli("respond", str(path), "--key", str(key))
    assert code == 0 and "trade: refuse" in out and "war-card: random" in out
    code, out, _ = cli("respond", str(path), "--clear", "--key", str(key))
    assert code == 0 and "war-card" in out


def test_in_a_dealt_game_the_drawn_card_stays_sealed(tmp_path: Path) -> None:
    """In a game with hidden cards the default's war card is sealed like one she would
    choose: the save holds a seal, not the card, and her keys open it to a war card."""
    keys = [labelled_key(f"default responses dealt {i}") for i in range(2)]
    people = {k.public.line: LocalIdentity(f"player-{i + 1}", k) for i, k in enumerate(keys)}

    def defender_asked(save: SaveFile) -> bool:
        due = save.due
        return due is not None and due["step"] == "war-card" \
            and due["role"] != save.state["turn"]["role"]

    with freeze_time("2026-11-28 09:00:00"):  # (the game's keys hang on its start)
        game = selfplay.play(KIND, 2, 0, keys=keys, until=defender_asked,
                             salts=salts("default responses dealt", 2))
    save = game.saves[-1]
    assert defender_asked(save), "the seeded game reached no war"
    role = save.due["role"]
    defender = people[save.player(role)["key"]]
    made = responses.answer(save, defender)
    assert made is not None and made.role_of(defender.key.public) == role
    assert [a["do"] for a in made.actions] == ["seal"]
    assert role not in made.state["stack"][-1].get("picks", {})
    keys_in_game = session.Composer(save, defender).keys()
    order = sealed_orders.own_order(made.state, role, keys_in_game)
    assert order is not None and order["do"] == "war-card" and order["card"] in TYPES
