"""Path tricks in attachment names: whatever a sender names an attachment, pbem never
uses that name to reach a file. Saves are filed under names made from their own checked
content; refused ones are kept in quarantine under the hash of their bytes and a cleaned
name, never overwriting another."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pbem import identity, paths, savefile, store
from pbem.mail import quarantine
from pbem.savefile import SaveFile
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import cli
from tests.mail.letters import forged, maildir, race, raw_letter


@pytest.fixture
def saves() -> list[SaveFile]:
    _, played = race(identity.keygen("bob"), turns=2)
    return played


def _files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file()}


def _inbox(tmp_path: Path, *messages: bytes) -> str:
    """Run the inbox; fail if any file appears outside pbem's data folder."""
    box = maildir(tmp_path / "Maildir", *messages)
    before, cwd = _files(tmp_path), set(os.listdir())
    result = cli({}, "inbox", box)
    assert result.code == 0 and result.err == "", result.err
    data = paths.data_dir()
    assert all(data in p.parents for p in _files(tmp_path) - before)
    assert set(os.listdir()) == cwd
    return result.out


def _attached(name_field: str, data: bytes) -> bytes:
    return raw_letter(("application/octet-stream", f"attachment; {name_field}", data))


def _filed(save: SaveFile) -> Path:
    return store.game_folder(save.game_id) / savefile.file_name(save.game_id, save.sequence,
                                                                save.writer)


def _kept() -> list[str]:
    return sorted(p.name for p in quarantine.folder().iterdir()
                  if not p.name.endswith(".reason.txt"))


def test_dot_dot_in_a_name(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: an attachment named ../../outside/evil.pbem.yaml, to write outside pbem."""
    out = _inbox(tmp_path,
                 _attached('filename="../../../outside/evil.pbem.yaml"', forged(saves[1])),
                 _attached('filename="../../../outside/good.pbem.yaml"', saves[0].raw))
    assert not (tmp_path / "outside").exists()
    assert [n.split("-", 1)[1] for n in _kept()] == ["evil.pbem.yaml"]
    assert "attachment evil.pbem.yaml: bad signature" in out
    assert _filed(saves[0]).read_bytes() == saves[0].raw


@pytest.mark.parametrize("name", ["/tmp/evil.pbem.yaml", "C:\\\\Windows\\\\evil.pbem.yaml",
                                  "\\\\\\\\server\\\\share\\\\evil.pbem.yaml"])
def test_an_absolute_path_as_a_name(tmp_path: Path, saves: list[SaveFile], name: str) -> None:
    """Attack: an attachment named with an absolute path (Unix, Windows, network share)."""
    out = _inbox(tmp_path, _attached(f'filename="{name}"', forged(saves[1])))
    assert [n.split("-", 1)[1] for n in _kept()] == ["evil.pbem.yaml"]
    assert "attachment evil.pbem.yaml: bad signature" in out


@pytest.mark.parametrize("field", ["filename*=utf-8''evil%00.pbem.yaml",
                                   'filename="evil\0.pbem.yaml"'])
def test_a_nul_in_a_name(tmp_path: Path, saves: list[SaveFile], field: str) -> None:
    """Attack: a NUL byte in a name (file system calls refuse it; pbem must not crash)."""
    out = _inbox(tmp_path, _attached(field, forged(saves[1])), _attached(field, saves[0].raw))
    assert [n.split("-", 1)[1] for n in _kept()] == ["evil_.pbem.yaml"]
    assert "\0" not in out and "attachment evil_.pbem.yaml: bad signature" in out
    assert _filed(saves[0]).exists()


def test_control_characters_in_a_name(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: escape sequences, CR and a right-to-left override in a name."""
    field = "filename*=utf-8''%1B%5B2J%1B%5B32mOK%0D%E2%80%AEevil.pbem.yaml"
    out = _inbox(tmp_path, _attached(field, forged(saves[1])))
    assert [n.split("-", 1)[1] for n in _kept()] == ["2J_32mOK_evil.pbem.yaml"]
    assert not any(c in out for c in "\x1b\r\u202e")


def test_a_very_long_name(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: a 1,000-character name (longer than file systems allow)."""
    out = _inbox(tmp_path, _attached(f'filename="{"a" * 1000}.pbem.yaml"', forged(saves[1])),
                 _attached(f'filename="{"b" * 1000}.pbem.yaml"', saves[0].raw))
    (kept,) = _kept()
    assert len(kept) == 13 + 96 and kept.endswith("a.pbem.yaml")
    assert "a" * 200 not in out
    assert _filed(saves[0]).read_bytes() == saves[0].raw


def test_names_that_collide(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: different files under one name, so that one overwrites or hides another."""
    field = 'filename="turn.pbem.yaml"'
    bad = [forged(saves[1]), forged(saves[2]), saves[1].raw + b"# tail\n"]
    out = _inbox(tmp_path,
                 raw_letter(*(("application/octet-stream", f"attachment; {field}", b)
                              for b in bad[:2])),
                 _attached(field, bad[2]),
                 raw_letter(*(("application/octet-stream", f"attachment; {field}", s.raw)
                              for s in saves)))
    kept = _kept()
    assert len(kept) == 3 and all(n.endswith("-turn.pbem.yaml") for n in kept)
    assert sorted((quarantine.folder() / n).read_bytes() for n in kept) == sorted(bad)
    assert out.count("quarantined") == 3
    for save in saves:
        assert _filed(save).read_bytes() == save.raw
