"""Verifying chains of saves: every link, every turn, every position re-derived."""

from __future__ import annotations

import copy

import pytest

from pbem import chain, savefile, session, strict_yaml
from pbem.errors import ChainError, IncompleteChain, NotYourTurn
from tests.engine.helpers import play_race


def _resign(doc: dict, key) -> savefile.SaveFile:
    return savefile.parse(savefile.render(doc, key), "edited.pbem.yaml")


def _key(save, a, b):
    return a.key if save.writer == "red" else b.key


def test_whole_chain_verifies(alice, bob) -> None:
    saves = play_race(alice, bob, turns=5)
    verdict = chain.verify(saves[-1], saves)
    assert len(verdict.chain) == len(saves)
    assert verdict.lines[0].startswith("OK: tiny-race")
    assert "open dice" in verdict.lines[3]


def test_hand_edited_state_is_rejected(alice, bob) -> None:
    saves = play_race(alice, bob, turns=3)
    doc = copy.deepcopy(saves[-1].doc)
    doc["state"]["pos"]["red"] += 1
    forged = _resign(doc, _key(saves[-1], alice, bob))
    with pytest.raises(ChainError, match="position is not what the actions give"):
        chain.verify(forged, saves[:-1])


def test_rerolled_dice_are_rejected(alice, bob) -> None:
    saves = play_race(alice, bob, turns=3)
    target = next(s for s in saves[3:] if any(a.get("dice") for a in s.actions))
    doc = copy.deepcopy(target.doc)
    for action in doc["actions"]:
        for roll in action.get("dice", []):
            roll["d"] = roll["d"] % 6 + 1
    forged = _resign(doc, _key(target, alice, bob))
    index = saves.index(target)
    with pytest.raises(ChainError, match="recorded dice differ|position is not"):
        chain.verify(forged, saves[:index])


def test_missing_earlier_save_is_incomplete(alice, bob) -> None:
    saves = play_race(alice, bob, turns=3)
    with pytest.raises(IncompleteChain, match="save 2 .* is missing"):
        chain.verify(saves[-1], saves[:2] + saves[3:-1])


def test_save_of_another_game_as_previous(alice, bob) -> None:
    ours = play_race(alice, bob, turns=2)
    theirs = play_race(alice, bob, turns=2)
    doc = copy.deepcopy(ours[-1].doc)
    doc["previous"] = theirs[-2].sha256
    forged = _resign(doc, _key(ours[-1], alice, bob))
    with pytest.raises(ChainError, match="another game"):
        chain.verify(forged, ours[:-1] + theirs)


def test_sequence_must_rise_by_one(alice, bob) -> None:
    saves = play_race(alice, bob, turns=2)
    doc = copy.deepcopy(saves[-1].doc)
    doc["sequence"] += 1
    forged = _resign(doc, _key(saves[-1], alice, bob))
    with pytest.raises(ChainError, match="does not follow"):
        chain.check_next(chain.check_first(saves[0]), saves[-2], forged)


def test_writer_must_be_due(alice, bob) -> None:
    saves = play_race(alice, bob, turns=6)
    prev = next(s for s in saves[2:] if s.due and s.due["step"] == "run")
    saves = saves[:saves.index(prev) + 1]
    wrong = bob if prev.due["role"] == "red" else alice
    with pytest.raises(NotYourTurn, match="addressed to"):
        session.Composer(prev, wrong)
    # a forged save by the player not due, properly signed by them, is refused on verify
    due_key = alice if prev.due["role"] == "red" else bob
    composer = session.Composer(prev, due_key)
    composer.act({"do": "rest"})
    honest = composer.finish()
    doc = copy.deepcopy(honest.doc)
    doc["writer"] = "green" if honest.writer == "red" else "red"
    forged = _resign(doc, wrong.key)
    with pytest.raises(ChainError, match="was due"):
        chain.check_next(chain.check_first(saves[0]), prev, forged)


def test_signature_by_another_player_for_writer(alice, bob) -> None:
    saves = play_race(alice, bob, turns=2)
    target = saves[-1]
    other = bob.key if target.writer == "red" else alice.key
    with pytest.raises(Exception, match="not the key the save names"):
        _resign(copy.deepcopy(target.doc), other)


def test_first_save_must_be_the_opening_position(alice, bob) -> None:
    first = session.new_game("tiny-race", alice, [bob.identity])
    doc = copy.deepcopy(first.doc)
    doc["state"]["pos"]["red"] = 5
    with pytest.raises(ChainError, match="opening position"):
        chain.check_first(_resign(doc, alice.key))


def test_log_is_checked(alice, bob) -> None:
    saves = play_race(alice, bob, turns=3)
    doc = copy.deepcopy(saves[-1].doc)
    doc["log"] = ["nothing happened"]
    forged = _resign(doc, _key(saves[-1], alice, bob))
    with pytest.raises(ChainError, match="log"):
        chain.verify(forged, saves[:-1])


def test_table_dice_are_marked(alice, bob) -> None:
    saves = play_race(alice, bob, turns=4, table=True, table_values=[6, 6, 6, 6, 6, 6])
    verdict = chain.verify(saves[-1], saves)
    assert "TABLE DICE" in " ".join(verdict.lines)
    first_roll = next(a for s in saves for a in s.actions if a["do"] == "roll")
    assert first_roll["dice"][0]["d"] == 6


def test_body_is_what_ssh_keygen_would_check(alice, bob) -> None:
    save = play_race(alice, bob, turns=1)[-1]
    body = save.raw[:save.raw.rfind(savefile.SIGNATURE_LINE) + 1]
    assert strict_yaml.load(body)["sequence"] == save.sequence
