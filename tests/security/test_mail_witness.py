"""Attacks on the answers pbem gives by itself (pbem inbox, pbem watch): a mover who sends
two roll requests on the same position to get two sets of dice and keep the better, who
sends a request again to get a second answer, or who forges one. The witness's pbem
answers one request per position, once, and only a request that verifies."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import identity, savefile, session, store
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import cli
from tests.mail.letters import forged, maildir, resigned, save_letter


def _opening(bob: identity.LocalIdentity, box: Path) -> tuple[identity.LocalIdentity,
                                                              list[SaveFile]]:
    """alice (the attacker, a key only here) and bob play a witnessed race; bob's pbem
    answers the opening roll (from the Maildir ``box``), and alice is to run."""
    alice = identity.LocalIdentity("alice", PrivateKey.generate())
    while True:  # until alice runs first (the answer's dice are those bob's pbem makes)
        first = session.new_game("tiny-race", alice, [bob.identity], {"target": 30},
                                 dice="witnessed")
        saves = [first, session.join(first, bob)]
        saves.append(session.Composer(saves[-1], alice).finish())
        answer = session.witness(saves[-1], bob)
        if answer.due is not None and answer.due["role"] == "red":
            break
    maildir(box, *(save_letter(s) for s in saves))
    assert "answered     " in cli({}, "inbox", box).out
    folder = store.game_folder(first.game_id)
    saves.append(savefile.read(sorted(folder.glob("*.pbem.yaml"))[-1]))
    assert saves[-1].sequence == 3 and saves[-1].due == answer.due
    return alice, saves


def _request(prev: SaveFile, alice: identity.LocalIdentity, times: int) -> SaveFile:
    composer = session.Composer(prev, alice)
    composer.act({"do": "roll", "times": times})
    request = composer.finish()
    assert request.pending is not None
    return request


def _answers(save: SaveFile) -> list[SaveFile]:
    folder = store.game_folder(save.game_id)
    found = [savefile.read(p) for p in sorted(folder.glob("*.pbem.yaml"))]
    return [s for s in found if s.writer == "green" and s.actions
            and s.actions[0]["do"] == "witness" and s.sequence > 3]


@pytest.mark.parametrize("together", [True, False])
def test_two_requests_on_one_position_get_no_second_answer(tmp_path: Path,
                                                          together: bool) -> None:
    """Attack: roll one die and, on the same position, two dice; keep the better answer."""
    bob = identity.keygen("bob")
    box = tmp_path / "Maildir"
    alice, saves = _opening(bob, box)
    one, two = _request(saves[-1], alice, 1), _request(saves[-1], alice, 2)
    if together:
        maildir(box, save_letter(one), save_letter(two))
        out = cli({}, "inbox", box).out
    else:
        maildir(box, save_letter(one))
        cli({}, "inbox", box)
        maildir(box, save_letter(two))
        out = cli({}, "inbox", box).out
    answers = _answers(saves[-1])
    assert len(answers) == (0 if together else 1), out
    if answers:
        assert answers[0].previous == one.sha256
    assert Ledger(bob.key.public).fork(saves[0].game_id) is not None, out
    assert f"STOPPED by a fork (pbem ledger {saves[0].game_id[:8]})" in out
    cli({}, "inbox", box)
    assert len(_answers(saves[-1])) == len(answers)


def test_a_request_sent_again_is_answered_once(tmp_path: Path) -> None:
    bob = identity.keygen("bob")
    box = tmp_path / "Maildir"
    alice, saves = _opening(bob, box)
    request = _request(saves[-1], alice, 1)
    maildir(box, save_letter(request))
    first = cli({}, "inbox", box).out
    assert first.count("answered     ") == 1
    (answer,) = _answers(saves[-1])
    maildir(box, save_letter(request, subject="again"), save_letter(request, subject="more"))
    again = cli({}, "inbox", box).out
    assert again.count("old          ") == 1 and again.count("known        ") == 1
    assert [s.sha256 for s in _answers(saves[-1])] == [answer.sha256]


def test_a_forged_request_is_never_answered(tmp_path: Path) -> None:
    """Attack: a request edited after signing, or signed by a key not in the game, to get
    bob's next dice link revealed for a position that was never committed to."""
    bob = identity.keygen("bob")
    box = tmp_path / "Maildir"
    alice, saves = _opening(bob, box)
    request = _request(saves[-1], alice, 1)
    stranger = PrivateKey.generate()
    maildir(box, save_letter(request, forged(request), subject="edited"),
            save_letter(request, resigned(request, stranger), subject="stranger"))
    out = cli({}, "inbox", box).out
    assert out.count("quarantined") == 2 and "save 5" not in out
    assert not _answers(saves[-1])
