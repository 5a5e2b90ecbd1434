"""Attacks on the dice: foreseeing a witnessed roll, asking twice, fishing with saves,
padding and re-ordering an open turn."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import chain, dice, savefile, saving, session
from pbem.errors import ChainError, IllegalAction
from pbem.ledger import Ledger
from tests.security.kit import accept_all, players, race, resign, who_wrote


def _request(saves):
    """The first roll request made during play (not the opening), and its answer."""
    for index, save in enumerate(saves):
        if save.pending is not None and save.pending["action"]["do"] != "start":
            return index, save, saves[index + 1]
    raise AssertionError("no roll request in this game")


def _every_hex_value(saves) -> set[str]:
    """Every 32-byte value the mover holds: links, shares, seeds, hashes of every save."""
    found: set[str] = set()
    for save in saves:
        found.update(re.findall(r"[0-9a-f]{64}", save.raw.decode()))
        found.add(save.sha256)
    return found


def test_the_mover_cannot_compute_a_witnessed_roll_before_the_answer() -> None:
    """Witnessed dice: with everything the mover has — their key, every save so far and
    every value in them — no candidate for the witness's link gives the real roll."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=12, dice="witnessed")
    index, request, answer = _request(saves)
    mover = who_wrote(request, people)
    pending = request.pending
    order = chain.witnesses(["red", "green"], pending["by"])
    links = answer.doc["dice"]["links"]
    real = dice.witness_key(answer.doc["dice"]["seed"], request.sha256,
                            links[pending["by"]]["link"],
                            {r: links[r]["link"] for r in order}, order)
    assert answer.actions[0]["dice"], "the answer made the rolls"
    known = _every_hex_value(saves[:index + 1])
    for role in ("red", "green"):
        anchor = session.anchor_of(request, role)
        for used in range(0, 60):
            known.add(dice.chain_link(mover.key, anchor, role, used))
    assert links[order[0]]["link"] not in known
    for guess in known:
        attempt = dice.witness_key(request.doc["dice"]["seed"], request.sha256,
                                   links[pending["by"]]["link"], {order[0]: guess}, order)
        assert attempt != real


def test_the_composer_of_a_witnessed_game_has_no_dice_to_show() -> None:
    """The mover's pbem stops at the roll: the action waits, nothing is rolled."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=4, dice="witnessed")
    prev = next(s for s in saves if s.due and s.due["step"] == "run")
    composer = session.Composer(prev, next(p for p in people if prev.role_of(p.key.public)
                                           == prev.due["role"]))
    assert composer.act({"do": "roll", "times": 2}) == []
    assert composer.pending == {"do": "roll", "times": 2} and composer.dice.rolls == []
    assert composer.waiting_for.startswith(f"{prev.due['role']} runs")
    with pytest.raises(IllegalAction, match="waits for its dice"):
        composer.act({"do": "rest"})


def test_a_second_request_on_the_same_position_is_a_fork() -> None:
    """The mover asks for a roll, sees nothing, and asks again with another action: the
    witness's pbem finds two saves by the mover on one predecessor."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=12, dice="witnessed")
    index, request, _ = _request(saves)
    prev = saves[index - 1]
    mover = who_wrote(request, people)
    witness = next(p for p in people if p is not mover)
    ledger = Ledger(witness.key.public)
    accept_all(ledger, saves[:index + 1])
    composer = session.Composer(prev, mover)
    composer.act({"do": "roll", "times": 3 - request.pending["action"].get("times", 1)})
    second = composer.finish()
    assert second.pending is not None and second.sha256 != request.sha256
    with pytest.raises(ChainError, match="fork"):
        ledger.check(second)


def test_an_unanswered_request_says_who_owes_the_answer(tmp_path) -> None:
    """A stalled request: show names the witness and since when it waits."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=12, dice="witnessed")
    _, request, _ = _request(saves)
    path = tmp_path / "request.pbem.yaml"
    path.write_bytes(request.raw)
    from tests.security.kit import cli

    witness = request.player(request.due["role"])["name"]
    mover = request.player(request.writer)["name"]
    code, out, _ = cli("show", path)
    assert code == 0
    assert f"Next: {witness}" in out and f"answer {mover}'s request" in out
    assert f"waiting since {request.doc['written']}" in out


def test_witness_saves_cannot_be_forged_by_the_mover() -> None:
    """The mover writes the answer themselves (their own key, the witness's role): refused;
    and a witness answer with other dice is refused too."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=12, dice="witnessed")
    _index, request, answer = _request(saves)
    mover = who_wrote(request, people)
    module = chain.check_first(saves[0])
    from pbem.errors import SignatureError

    with pytest.raises(SignatureError):
        savefile.parse(resign(answer, mover.key), "forged")
    witness = who_wrote(answer, people)

    def other_dice(doc):
        for roll in doc["actions"][0]["dice"]:
            roll["d"] = roll.get("of", 6) + 1 - roll["d"]

    changed = savefile.parse(resign(answer, witness.key, other_dice), "forged")
    with pytest.raises(ChainError, match="log|position|dice"):
        chain.check_next(module, request, changed)


def test_open_mode_refuses_padding_and_mid_turn_saves() -> None:
    """Open dice: a save that stops while its writer must still act (an orders-only or
    half-turn save, made to get fresh dice) is refused by the writer's pbem and by every
    verifier."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=4)
    prev = next(s for s in saves if s.due and s.due["step"] == "run")
    mover = who_wrote_due(prev, people)
    composer = session.Composer(prev, mover)
    composer.act({"do": "stretch"})
    with pytest.raises(IllegalAction, match="a save ends where another player must act"):
        composer.finish()
    padded = _sign_unfinished(composer, mover)
    with pytest.raises(ChainError, match="still has to act"):
        chain.check_next(chain.check_first(saves[0]), prev, padded)


def who_wrote_due(prev, people):
    key = prev.player(prev.due["role"])["key"]
    return next(p for p in people if p.key.public.line == key)


def _sign_unfinished(composer: session.Composer, me) -> savefile.SaveFile:
    """What a patched pbem would write: the composed actions, signed mid-turn."""
    doc = saving.next_doc(composer.prev, composer.role, composer.dice_state,
                          composer.actions, composer.log_lines(), composer.state,
                          composer.module)
    return savefile.parse(savefile.render(doc, me.key), "padded")


@settings(max_examples=40)
@given(st.booleans(), st.integers(1, 2))
def test_open_mode_dice_do_not_depend_on_optional_actions_or_order(stretch_first: bool,
                                                                     times: int) -> None:
    """Open dice are keyed by what a roll decides: stretching first or not, the same roll
    gives the same dice."""
    from pbem import identity
    from pbem.signing import PrivateKey

    people = [identity.LocalIdentity(n, PrivateKey.generate()) for n in ("a", "b")]
    saves = race(people, saves_after_start=3)
    prev = next(s for s in saves if s.due and s.due["step"] == "run")
    mover = who_wrote_due(prev, people)
    plain = session.Composer(prev, mover)
    plain.act({"do": "roll", "times": times})
    other = session.Composer(prev, mover)
    if stretch_first:
        other.act({"do": "stretch"})
    other.act({"do": "roll", "times": times})
    assert [r.value for r in plain.dice.rolls] == [r.value for r in other.dice.rolls]
