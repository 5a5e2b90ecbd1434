"""Settling a fork never hands anyone a second roll on a position whose first roll's inputs
they have seen: a player's ledger keeps only the version they answered (docs/dice.md)."""

from __future__ import annotations

from pathlib import Path

from pbem import keeping, savefile
from pbem.ledger import Ledger
from tests.security.kit import cli, players, race, resign, who_wrote


def test_a_fork_cannot_be_settled_on_the_version_the_player_did_not_answer(
        tmp_path: Path) -> None:
    """bob sends a roll request; alice's pbem answers it, revealing her next link. bob signs
    a second request on the same position (he can now work out its roll) and sends it:
    alice's pbem stops the game on the fork, refuses to settle it on bob's second version,
    never answers that version, and settles on the one she answered."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=12, dice="witnessed")
    index = next(i for i, s in enumerate(saves) if s.pending is not None and s.due
                 and s.due["step"] == "witness" and who_wrote(s, people).name == "bob")
    request = saves[index]
    bob = who_wrote(request, people)
    alice = next(p for p in people if p is not bob)
    for save in saves[:index + 1]:
        keeping.write(save, tmp_path / savefile.file_name(save.game_id, save.sequence,
                                                          save.writer))
    first = tmp_path / savefile.file_name(request.game_id, request.sequence, request.writer)
    code, _out, err = cli("witness", first, "--as", alice.name)
    assert code == 0, err
    second = savefile.parse(resign(request, bob.key, lambda d: d.update(
        written="2030-01-01T00:00:00Z")), "second request")
    other = tmp_path / "second" / first.name
    other.parent.mkdir()
    other.write_bytes(second.raw)
    code, _out, err = cli("witness", other, "--as", alice.name)
    assert code != 0 and "fork" in err
    ledger = Ledger(alice.key.public)
    assert ledger.fork(request.game_id)
    code, _out, err = cli("ledger", request.game_id, "--resolve", second.sha256[:12],
                          "--as", alice.name)
    assert code != 0 and "you answered the other version" in err
    assert ledger.fork(request.game_id)  # still stopped: nothing changed
    code, _out, err = cli("ledger", request.game_id, "--resolve", request.sha256[:12],
                          "--as", alice.name)
    assert code == 0, err
    assert not ledger.fork(request.game_id)
    code, _out, err = cli("witness", other, "--as", alice.name)
    assert code != 0 and "lost the fork" in err
