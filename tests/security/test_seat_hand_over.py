"""Handing an absent seat to a new player (docs/deadlines.md). The attacker is a player in
the game, or the newcomer: they seat a key they do not hold, leave out or forge a consent,
reuse a consent given for an earlier absence, hand the seat over out of turn, slip a dice
link into the hand-over, or, from outside, send a "hand-over" that changes a player's key
to stop the game."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
from freezegun import freeze_time

from pbem import absence, chain, claims, hand_over, savefile, seats, session
from pbem.errors import ChainError, PbemError, UsageError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.secrets import envelope
from pbem.verification import check
from tests.security.kit import accept_all, cli, labelled_key, race, resign

DEADLINE = {"answer": "1h", "grace": "30m"}
START = "2026-11-28 09:00:00"
ENVELOPES = "seat redux envelope"  # the label of the Redux games' envelope randomness


def _claimed(label: str = "seat") -> tuple[dict[str, LocalIdentity], list[savefile.SaveFile],
                                           str]:
    """A three-player race by mail in which one runner was claimed absent."""
    people = [LocalIdentity(n, labelled_key(f"{label} {n}")) for n in ("alice", "bob", "carol")]
    saves = race(people, saves_after_start=4, dice="open", kind="tiny-race-3",
                 deadline=DEADLINE, salt_label=label)
    by_role = {p["role"]: q for p, q in zip(saves[0].players, people, strict=True)}
    last = saves[-1]
    owing = claims.owing(last, {})[0]
    claimer = next(r for r in by_role if r != owing)
    with freeze_time(START) as clock:
        clock.move_to(last.written)
        clock.tick(2 * 3600)
        saves.append(claims.make(last, by_role[claimer]))
    return by_role, saves, owing


def _hand_over(by_role: dict[str, LocalIdentity], saves: list[savefile.SaveFile],
               absent: str, newcomer: LocalIdentity) -> savefile.SaveFile:
    claim = saves[-1]
    wanted = seats.request(claim, newcomer, absent, newcomer.name)
    due = claim.due["role"]
    consents = {by: seats.consent(claim, by_role[by], wanted)
                for by in seats.agreeing(claim, due, absent)}
    return hand_over.make(claim, by_role[due], wanted, consents)


def _play(by_role: dict[str, LocalIdentity], saves: list[savefile.SaveFile], count: int) -> None:
    for _turn in range(count):
        current = saves[-1]
        if current.due is None:
            return
        composer = session.Composer(current, by_role[current.due["role"]])
        while composer.my_move():
            composer.act(composer.prompt().actions[0].complete())
        saves.append(composer.finish())


def test_a_newcomer_takes_the_seat_and_plays_on() -> None:
    """The newcomer asks, the other present player agrees, the player due hands the seat
    over: the newcomer is in the players' list with a dice chain of their own, the seat is
    no longer absent, they play their turns, and the whole game re-checks."""
    by_role, saves, absent = _claimed()
    dave = LocalIdentity("dave", labelled_key("seat dave"))
    made = _hand_over(by_role, saves, absent, dave)
    assert made.player(absent) == {"role": absent, "name": "dave", "key": dave.key.public.line}
    assert made.doc["dice"]["links"][absent]["used"] == 0
    assert absence.absent(made.state) == []
    saves.append(made)
    by_role[absent] = dave
    _play(by_role, saves, 9)
    assert absent in [s.writer for s in saves[-9:]]
    chain.verify(saves[-1], saves[:-1])


def test_the_consent_of_every_other_present_player_is_needed() -> None:
    """pbem will not hand the seat over without a consent; a hand-over with the consent
    left out, or signed by another key, is refused on arrival."""
    by_role, saves, absent = _claimed()
    claim = saves[-1]
    dave = LocalIdentity("dave", labelled_key("seat dave"))
    wanted = seats.request(claim, dave, absent, "dave")
    due = claim.due["role"]
    with pytest.raises(UsageError, match="needs the consent of"):
        hand_over.make(claim, by_role[due], wanted, {})
    made = _hand_over(by_role, saves, absent, dave)
    module = chain.check_first(saves[0])
    other = seats.agreeing(claim, due, absent)[0]

    def without(doc: dict[str, Any]) -> None:
        doc["actions"][0]["consents"] = {}

    def forged(doc: dict[str, Any]) -> None:
        fake = seats.Consent(claim.game_id, absent, wanted.since, wanted.digest, other)
        doc["actions"][0]["consents"] = {
            other: by_role[due].key.raw_sign(fake.message()).hex()}

    for change in (without, forged):
        bad = savefile.parse(resign(made, by_role[due].key, change), "forged hand-over")
        with pytest.raises(ChainError, match="consent"):
            chain.check_next(module, claim, bad)


def test_a_newcomer_must_hold_the_key_they_bring() -> None:
    """A request for a key its maker does not hold (signed by another key) is refused."""
    by_role, saves, absent = _claimed()
    claim = saves[-1]
    stranger = LocalIdentity("eve", labelled_key("seat eve"))
    honest = seats.request(claim, stranger, absent, "eve")
    other_key = labelled_key("seat someone else")
    lie = dataclasses.replace(honest, key=other_key.public.line)
    lie = dataclasses.replace(lie, signature=stranger.key.raw_sign(lie.message()).hex())
    with pytest.raises(ChainError, match="not signed by its key"):
        seats.consent(claim, by_role[seats.agreeing(claim, claim.due["role"], absent)[0]],
                      lie)


def test_a_consent_for_an_earlier_absence_is_refused() -> None:
    """A seat handed over, claimed again, then handed back with the first absence's
    request and consent: refused, each is bound to the claim that made the seat absent."""
    by_role, saves, absent = _claimed()
    claim = saves[-1]
    dave = LocalIdentity("dave", labelled_key("seat dave"))
    wanted = seats.request(claim, dave, absent, "dave")
    due = claim.due["role"]
    old = {by: seats.consent(claim, by_role[by], wanted)
           for by in seats.agreeing(claim, due, absent)}
    saves.append(hand_over.make(claim, by_role[due], wanted, old))
    by_role[absent] = dave
    with freeze_time(START) as clock:
        _play(by_role, saves, 3)
        while saves[-1].due["role"] != absent:
            _play(by_role, saves, 1)
        clock.move_to(saves[-1].written)
        clock.tick(2 * 3600)
        claimer = next(r for r in by_role if r != absent)
        saves.append(claims.make(saves[-1], by_role[claimer]))
    again = saves[-1]
    assert absence.record(again.state)["since"][absent] == 2
    with pytest.raises(ChainError, match="another absence"):
        hand_over.make(again, by_role[again.due["role"]], wanted, old)


def test_only_the_player_due_hands_over_and_no_link_is_slipped_in() -> None:
    """A hand-over written by a player who is not due is refused; so is one that also
    moves its writer's dice chain."""
    by_role, saves, absent = _claimed()
    claim = saves[-1]
    made = _hand_over(by_role, saves, absent, LocalIdentity("dave", labelled_key("seat dave")))
    module = chain.check_first(saves[0])
    due = claim.due["role"]
    other = seats.agreeing(claim, due, absent)[0]
    by_other = savefile.parse(resign(made, by_role[other].key,
                                     lambda doc: doc.update(writer=other)), "out of turn")
    with pytest.raises(ChainError, match="whose move it is"):
        chain.check_next(module, claim, by_other)

    def bump(doc: dict[str, Any]) -> None:
        doc["dice"]["links"][due]["used"] += 1

    slipped = savefile.parse(resign(made, by_role[due].key, bump), "slipped link")
    with pytest.raises(ChainError, match="changes no dice"):
        chain.check_next(module, claim, slipped)


def test_a_forged_hand_over_changing_a_players_key_does_not_stop_the_game() -> None:
    """Someone sends a "hand-over" on an accepted save that puts their own key in place of
    the writer's: it is not part of the game as accepted, refused without recording a
    fork."""
    by_role, saves, absent = _claimed()
    claim = saves[-1]
    due = claim.due["role"]
    made = _hand_over(by_role, saves, absent, LocalIdentity("dave", labelled_key("seat dave")))
    watcher = next(r for r in by_role if r not in (due, absent))
    ledger = Ledger(by_role[watcher].key.public)
    accept_all(ledger, [*saves, made])
    mallory = labelled_key("seat mallory")

    def takeover(doc: dict[str, Any]) -> None:
        for player in doc["players"]:
            if player["role"] == due:
                player["key"] = mallory.public.line
        doc["log"] = doc["log"] + ["  (edited)"]

    forged = savefile.parse(resign(made, mallory, takeover), "forged")
    with pytest.raises(PbemError, match="not part of game"):
        check(forged, ledger, [], None)
    assert ledger.fork(claim.game_id) is None


@functools.cache
def _redux_with_hand_over(release: bool, envelopes: str
                          ) -> tuple[list[savefile.SaveFile], dict[str, Any]]:
    """A Redux game by mail: a state is claimed while bidding, and at the next save the
    player due hands its seat to dave (with or without the departing player's release);
    then random players play the game to its end, dave in the seat. ``envelopes`` labels
    the envelopes' randomness (another label, another game)."""
    from pbem import selfplay
    from tests.security.kit import salts

    seen: dict[str, Any] = {}
    dave = LocalIdentity("dave", labelled_key("seat redux dave"))
    drawn = itertools.count()

    def fixed_bytes(size: int) -> bytes:  # the envelopes' randomness, the same on every run
        return hashlib.sha256(f"{envelopes} {next(drawn)}".encode()).digest()[:size]

    with freeze_time(START) as clock, mock.patch.object(
            envelope, "os", SimpleNamespace(urandom=fixed_bytes)):
        def interject(prev: savefile.SaveFile, by_key: dict[str, LocalIdentity]
                      ) -> savefile.SaveFile | None:
            if "claim" not in seen:
                if prev.pending is not None or prev.due["step"] != "bidding" \
                        or prev.sequence < 25:
                    return None
                claimer = next(p for p in prev.players if p["role"] != prev.due["role"])
                clock.tick(3 * 86400)
                seen["claim"] = claims.make(prev, by_key[claimer["key"]])
                return seen["claim"]
            if "hand-over" in seen or prev.sha256 != seen["claim"].sha256:
                return None
            gone = absence.absent(prev.state)[0]
            wanted = seats.request(prev, dave, gone, "dave")
            due = prev.due["role"]
            consents = {by: seats.consent(prev, by_key[prev.player(by)["key"]], wanted)
                        for by in seats.agreeing(prev, due, gone)}
            given = seats.release(prev, by_key[prev.player(gone)["key"]], wanted) \
                if release else None
            seen["gone"] = gone
            try:
                seen["hand-over"] = hand_over.make(prev, by_key[prev.player(due)["key"]],
                                                   wanted, consents, given)
            except UsageError as exc:
                seen["refused"] = exc.message
                return None
            by_key[dave.key.public.line] = dave
            return seen["hand-over"]

        result = selfplay.play("three-kingdoms-redux", 3, 2, dice="witnessed",
                               deadline=DEADLINE, interject=interject,
                               salts=salts("seat redux", 3),
                               keys=[labelled_key(f"seat redux {i}") for i in range(3)])
    return result.saves, seen


def test_hidden_cards_are_handed_over_only_with_the_departing_players_release() -> None:
    """With hidden cards the absent player's cards are sealed to their key: without their
    release the seat is not handed over (the game ends by absence when it needs those
    secrets); a hand-over that leaves the release out is refused on arrival."""
    saves, seen = _redux_with_hand_over(False, ENVELOPES)
    assert "hand-over" not in seen and "release" in seen["refused"]
    assert absence.ended(saves[-1].state)
    with_release, _ = _redux_with_hand_over(True, ENVELOPES)
    made = next(s for s in with_release if s.actions and s.actions[0]["do"] == "seat")
    before = next(s for s in with_release if s.sha256 == made.previous)

    def strip(doc: dict[str, Any]) -> None:
        del doc["actions"][0]["release"]

    writer = next(k for k in (labelled_key(f"seat redux {i}") for i in range(3))
                  if k.public.line == made.player(made.writer)["key"])
    bare = savefile.parse(resign(made, writer, strip), "no release")
    with pytest.raises(ChainError, match="release"):
        chain.check_next(chain.check_first(with_release[0]), before, bare)


@pytest.mark.parametrize("envelopes", [ENVELOPES, "try 45"])
def test_with_the_release_the_newcomer_plays_the_hidden_cards_to_the_audit(
        envelopes: str) -> None:
    """The departing player's pbem releases the seat's secrets sealed to the newcomer: the
    newcomer's pbem reads the seat's cards, gives its part of others' cards, the game goes
    on to its end, and the audit of every hidden step passes with the secrets the newcomer
    opens for that seat. In the second game a player constructs a card of their hand as
    their round's last action and the next round's recruits are drawn at once: the
    request shows that card only as its actor carries on."""
    saves, seen = _redux_with_hand_over(True, envelopes)
    assert "hand-over" in seen
    gone = seen["gone"]
    index = next(i for i, s in enumerate(saves) if s.sha256 == seen["hand-over"].sha256)
    later = saves[index + 1:]
    assert any(s.writer == gone and s.player(gone)["name"] == "dave" for s in later)
    if envelopes != ENVELOPES:  # a witnessed roll after the actor showed their card
        assert any({"reveals", "dice"} <= set(s.actions[0]) for s in later if s.actions)
    final = saves[-1]
    assert final.due is None and not absence.ended(final.state)
    verdict = chain.verify(final, saves[:-1], audit=True)
    assert any("audit: every hidden step re-checked" in line for line in verdict.lines)


def test_the_hand_over_by_the_command_line(tmp_path: Path) -> None:
    """`pbem take-seat`, `pbem agree-seat` and `pbem hand-over` write the request, the
    consent and the save; the save verifies and names the newcomer."""
    by_role, saves, absent = _claimed()
    claim = saves[-1]
    folder = tmp_path / "game"
    folder.mkdir()
    for save in saves:
        (folder / savefile.file_name(save.game_id, save.sequence, save.writer)).write_bytes(
            save.raw)
    keys = {}
    dave = labelled_key("seat dave")
    for role, key in [*((r, p.key) for r, p in by_role.items()), ("dave", dave)]:
        keys[role] = tmp_path / f"{role}.key"
        keys[role].write_bytes(key.to_openssh())
    last = folder / savefile.file_name(claim.game_id, claim.sequence, claim.writer)
    code, _out, err = cli("take-seat", last, absent, "--name", "dave", "--key", keys["dave"])
    assert code == 0, err
    request = folder / f"{claim.game_id[:8]}-seat-{absent}.pbem-seat.yaml"
    assert request.is_file()
    due = claim.due["role"]
    consents = []
    for by in seats.agreeing(claim, due, absent):
        code, _out, err = cli("agree-seat", last, request, "--key", keys[by])
        assert code == 0, err
        consents.append(folder / f"{claim.game_id[:8]}-seat-{absent}-{by}.pbem-consent.yaml")
    code, _out, err = cli("hand-over", last, request, "--key", keys[due])
    assert code != 0 and "needs the consent of" in err
    code, _out, err = cli("hand-over", last, request, *consents, "--key", keys[due])
    assert code == 0, err
    made = savefile.read(folder / savefile.file_name(claim.game_id, claim.sequence + 1, due))
    assert made.player(absent)["name"] == "dave"
    chain.verify(made, saves)
