"""A stranger's whole game mailed to a player: filed in time that grows with its length,
not its square, and only up to a bound per game and run (the rest is left for pbem verify).
The attacker plays a long game between two keys of their own and mails all of it to bob,
who plays in neither seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import chain, identity, savefile, session, store
from pbem.mail import filing
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import cli
from tests.mail.letters import letter, maildir


def _strangers_game(saves_after_join: int) -> list[SaveFile]:
    """A tiny race between two keys that exist only here (not bob's), its runners resting
    turn after turn (a game as long as one likes)."""
    mallory = identity.LocalIdentity("mallory", PrivateKey.generate())
    trudy = identity.LocalIdentity("trudy", PrivateKey.generate())
    first = session.new_game("tiny-race", mallory, [trudy.identity], {"target": 100})
    saves = [first, session.join(first, trudy)]
    by_role = {first.players[0]["role"]: mallory, first.players[1]["role"]: trudy}
    while len(saves) < saves_after_join + 2:
        composer = session.Composer(saves[-1], by_role[saves[-1].due["role"]])
        while composer.my_move():
            verbs = [spec.verb for spec in composer.prompt().actions]
            composer.act({"do": "rest"} if "rest" in verbs else
                         composer.prompt().actions[0].complete())
        saves.append(composer.finish())
    return saves


def _messages(saves: list[SaveFile]) -> list[bytes]:
    """The game in messages of at most 16 saves (as many as a message may carry)."""
    return [letter(*[(savefile.file_name(s.game_id, s.sequence, s.writer), s.raw,
                      "application/octet-stream") for s in saves[i:i + 16]],
                   subject="[pbem] someone else's game") for i in range(0, len(saves), 16)]


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = chain.check_next

    def counting(*args: object) -> object:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(chain, "check_next", counting)
    return calls


def test_a_strangers_whole_game_costs_time_in_proportion_to_its_length(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """80 saves of a game bob does not play, in five messages read in one run: each save
    is re-applied once (not once for every save after it), and all are filed."""
    identity.keygen("bob")
    saves = _strangers_game(78)
    calls = _counted(monkeypatch)
    result = cli({}, "inbox", maildir(tmp_path / "Maildir", *_messages(saves)))
    assert result.code == 0, result.err
    assert calls[0] <= 2 * len(saves)  # checked from the start once, then save by save
    filed = [ln for ln in result.out.splitlines() if ln.startswith("filed")]
    assert len(filed) == len(saves)
    last = saves[-1]
    assert (store.game_folder(last.game_id) / savefile.file_name(
        last.game_id, last.sequence, last.writer)).read_bytes() == last.raw


def test_a_strangers_game_is_filed_only_up_to_a_bound_per_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the bound, the saves of a game bob does not play are neither checked nor kept:
    one line each says so and how to check them by hand."""
    identity.keygen("bob")
    monkeypatch.setattr(filing, "STRANGER_SAVES", 10)
    saves = _strangers_game(28)
    calls = _counted(monkeypatch)
    result = cli({}, "inbox", maildir(tmp_path / "Maildir", *_messages(saves)))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert len([ln for ln in lines if ln.startswith("filed")]) == 10
    ignored = [ln for ln in lines if ln.startswith("ignored") and "a game you do not play" in ln]
    assert len(ignored) == len(saves) - 10 and "pbem verify" in ignored[0]
    assert calls[0] <= 2 * 10
    kept = sorted(store.game_folder(saves[0].game_id).glob(f"*{savefile.SUFFIX}"))
    assert len(kept) == 10
