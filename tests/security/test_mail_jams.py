"""Attacks that try to jam `pbem inbox` with one message: a save that crashes anything
below, a message that makes pbem fail, a run killed part-way. Each message, attachment
and save is handled on its own; the good ones beside the bad are filed, progress is kept
per message, and the next run goes on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pbem import identity, savefile, store, strict_yaml, verification
from pbem.mail import filing, mime, quarantine
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.conftest import ROOT
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import Outcome, cli
from tests.mail.letters import body_of, letter, maildir, race, save_letter, sign_body


def _game(turns: int) -> tuple[list[SaveFile], dict[str, PrivateKey]]:
    bob = identity.keygen("bob")
    alice, saves = race(bob, turns=turns)
    return saves, {"red": alice.key, "green": bob.key}


def _filed(save: SaveFile) -> Path:
    return store.game_folder(save.game_id) / savefile.file_name(save.game_id, save.sequence,
                                                                save.writer)


def _lines(out: str, start: str) -> list[str]:
    return [ln for ln in out.splitlines() if ln.startswith(start)]


def _all_filed(saves: list[SaveFile], out: str) -> None:
    for save in saves:
        assert _filed(save).read_bytes() == save.raw, out
        assert f"-> {_filed(save)}" in out, out


def _crafted(name: str, data: bytes) -> bytes:
    return letter((name, data, "application/octet-stream"), subject="crafted")


def _clean(result: Outcome) -> None:
    assert result.code == 0 and result.err == "", result.err
    assert "Traceback" not in result.out and "internal error" not in result.out


def test_a_5000_digit_integer_jams_nothing(tmp_path: Path) -> None:
    """Attack: a signed save with a 5,000-digit integer crashes the parser and jams the inbox."""
    saves, keys = _game(turns=3)
    body = body_of(saves[2]).replace(b"\nsequence: 2\n", b"\nsequence: " + b"9" * 5000 + b"\n")
    crafted = sign_body(body, keys[saves[2].writer])
    box = maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves[:2]),
                  _crafted("huge.pbem.yaml", crafted), *(save_letter(s) for s in saves[2:]))
    result = cli({}, "inbox", box)
    _clean(result)
    (bad,) = _lines(result.out, "quarantined")
    assert "attachment huge.pbem.yaml: " in bad
    _all_filed(saves, result.out)
    again = cli({}, "inbox", box).out
    assert f"Read 0 new messages ({len(saves) + 1} read before were skipped)." in again


def _null_dice(saves: list[SaveFile], keys: dict[str, PrivateKey]) -> tuple[int, bytes]:
    for index, save in enumerate(saves):
        if index >= 2 and save.actions and save.actions[0].get("dice"):
            doc: dict[str, Any] = strict_yaml.load(body_of(save))
            doc["actions"][0]["dice"] = None
            return index, savefile.render(doc, keys[save.writer])
    raise AssertionError("no save with dice in this race")


def test_dice_null_signed_by_the_writer_jams_nothing(tmp_path: Path) -> None:
    """Attack: the rightful writer signs a save with `dice: null`, which crashes the checks."""
    saves, keys = _game(turns=6)
    index, crafted = _null_dice(saves, keys)
    box = maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves[:index]),
                  _crafted("null.pbem.yaml", crafted))
    result = cli({}, "inbox", box)
    _clean(result)
    (bad,) = _lines(result.out, "quarantined")
    assert "attachment null.pbem.yaml: " in bad
    _all_filed(saves[:index], result.out)
    maildir(box, *(save_letter(s) for s in saves[index:]))
    later = cli({}, "inbox", box)
    _clean(later)
    _all_filed(saves[index:], later.out)


def test_a_bug_in_the_save_parser_jams_nothing(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack: a save that makes the save parser raise an unexpected exception."""
    saves, _ = _game(turns=3)
    poison = saves[2].raw.replace(b"\nsignature: |\n", b"\n# poison\nsignature: |\n")
    parse = savefile.parse

    def buggy(raw: bytes, where: str) -> SaveFile:
        if b"# poison" in raw:
            raise RuntimeError("a bug below the inbox")
        return parse(raw, where)

    monkeypatch.setattr(savefile, "parse", buggy)
    box = maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves),
                  _crafted("poison.pbem.yaml", poison))
    result = cli({}, "inbox", box)
    _clean(result)
    (bad,) = _lines(result.out, "quarantined")
    assert ("attachment poison.pbem.yaml: could not be checked, because of an error in pbem "
            "(RuntimeError: a bug below the inbox); it is kept, never applied") in bad
    assert (quarantine.folder() / Path(bad.split(" -> ")[1]).name).read_bytes() == poison
    _all_filed(saves, result.out)


def test_a_bug_in_the_checks_jams_nothing(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack: a save that makes the chain checks raise an unexpected exception."""
    saves, _ = _game(turns=3)
    check = verification.for_play

    def buggy(save: SaveFile, *args: Any) -> Any:
        if save.sha256 == saves[3].sha256:
            raise ZeroDivisionError("division by zero")
        return check(save, *args)

    monkeypatch.setattr(verification, "for_play", buggy)
    result = cli({}, "inbox", maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves)))
    _clean(result)
    (bad,) = _lines(result.out, "quarantined")
    assert savefile.file_name(saves[3].game_id, 3, saves[3].writer) in bad
    assert "ZeroDivisionError: division by zero" in bad
    _all_filed(saves[:3], result.out)
    assert not _filed(saves[3]).exists()


def test_a_message_the_mime_parser_chokes_on_jams_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack: a message that makes the MIME parser raise an unexpected exception."""
    saves, _ = _game(turns=2)
    take_apart = mime.take_apart

    def buggy(raw: bytes) -> mime.Parts:
        if b"Subject: choke" in raw:
            raise LookupError("unknown encoding: x-choke")
        return take_apart(raw)

    monkeypatch.setattr(mime, "take_apart", buggy)
    box = maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves),
                  save_letter(saves[0], subject="choke"))
    result = cli({}, "inbox", box)
    _clean(result)
    (bad,) = _lines(result.out, "refused")
    assert ("the message cannot be taken apart (LookupError: unknown encoding: x-choke); "
            "nothing in it was read -> ") in bad
    _all_filed(saves, result.out)


def test_a_bug_while_filing_a_message_jams_nothing(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack: a message whose handling raises outside every per-save check."""
    saves, _ = _game(turns=2)
    file_all = filing.Filer.file_all

    def buggy(self: filing.Filer, found: list[SaveFile]) -> list[filing.Result]:
        if any(s.sha256 == saves[3].sha256 for s in found):
            raise KeyError("sha256")
        return file_all(self, found)

    monkeypatch.setattr(filing.Filer, "file_all", buggy)
    box = maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves))
    result = cli({}, "inbox", box)
    _clean(result)
    (bad,) = _lines(result.out, "refused")
    assert "could not be handled, because of an error in pbem (KeyError: 'sha256')" in bad
    _all_filed(saves[:3], result.out)


KILLER = """
import os, signal, sys
sys.path.insert(0, {root!r})
from pbem import games
from tests.tinygame import TinyRace
games.register("tiny-race", TinyRace)
from pbem.mail import filing
original, count = filing.Filer.file, [0]
def file(self, save):
    result = original(self, save)
    count[0] += 1
    if count[0] == {after}:
        os.kill(os.getpid(), signal.SIGKILL)
    return result
filing.Filer.file = file
sys.argv = ["pbem", "inbox", {box!r}]
from pbem.cli.main import run
run()
"""


def test_a_run_killed_part_way_neither_stops_nor_files_twice(tmp_path: Path) -> None:
    """Attack: an inbox run killed mid-way, so the next stops at the same place or re-files."""
    saves, _ = _game(turns=4)
    box = maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves))
    script = tmp_path / "killed.py"
    script.write_text(KILLER.format(root=str(ROOT), after=3, box=str(box)))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    killed = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    filed = [s for s in saves if _filed(s).exists()]
    assert len(filed) == 3
    result = cli({}, "inbox", box)
    _clean(result)
    assert f"Read {len(saves) - 2} new messages (2 read before were skipped)." in result.out
    assert len(_lines(result.out, "filed")) == len(saves) - 3
    assert len(_lines(result.out, "known")) == 1  # the message being filed when killed
    _all_filed(saves, cli({}, "inbox", box, "--all").out)
