"""Atomic writes: a writer killed mid-write leaves the old files intact."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pbem.atomic import TMP_PREFIX, clean_stray, write_new, write_replace
from pbem.errors import WriteError

ROOT = Path(__file__).resolve().parents[2]


def test_sigkill_mid_write_leaves_old_files(tmp_path: Path) -> None:
    target = tmp_path / "ledger.yaml"
    target.write_bytes(b"old contents\n")
    script = (
        "import sys; from pathlib import Path; from pbem.atomic import write_replace;"
        "write_replace(Path(sys.argv[1]), b'new' * 1000000)"
    )
    env = {**os.environ, "PBEM_TEST_SLOW_WRITE": "30", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", script, str(target)], env=env)
    deadline = time.time() + 20
    while time.time() < deadline and not any(p.name.startswith(TMP_PREFIX)
                                              for p in tmp_path.iterdir()):
        time.sleep(0.05)
    assert any(p.name.startswith(TMP_PREFIX) for p in tmp_path.iterdir()), "writer never began"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert target.read_bytes() == b"old contents\n"
    assert clean_stray(tmp_path) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["ledger.yaml"]


def test_sigkill_while_creating_a_save_leaves_no_partial_file(tmp_path: Path) -> None:
    target = tmp_path / "next.pbem.yaml"
    script = ("import sys; from pathlib import Path; from pbem.atomic import write_new;"
              "write_new(Path(sys.argv[1]), b'x' * 1000000)")
    env = {**os.environ, "PBEM_TEST_SLOW_WRITE": "30", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", script, str(target)], env=env)
    deadline = time.time() + 20
    while time.time() < deadline and not list(tmp_path.iterdir()):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not target.exists()
    write_new(target, b"complete")  # the next write cleans up and succeeds
    assert target.read_bytes() == b"complete"
    assert [p.name for p in tmp_path.iterdir()] == ["next.pbem.yaml"]


def test_write_new_refuses_existing(tmp_path: Path) -> None:
    target = tmp_path / "a"
    write_new(target, b"1")
    with pytest.raises(WriteError, match="never overwritten"):
        write_new(target, b"2")
    assert target.read_bytes() == b"1"


def test_write_replace_replaces(tmp_path: Path) -> None:
    target = tmp_path / "a"
    write_replace(target, b"1")
    write_replace(target, b"2")
    assert target.read_bytes() == b"2"


def test_unwritable_folder_is_a_clean_error(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        blocker = tmp_path / "file"
        blocker.write_text("x")
        with pytest.raises(WriteError):
            write_new(blocker / "sub" / "a", b"1")
    else:  # pragma: no cover - depends on the user running the tests
        folder = tmp_path / "ro"
        folder.mkdir(mode=0o500)
        with pytest.raises(WriteError):
            write_new(folder / "a", b"1")


def test_pbem_cleans_stray_files_on_start(tmp_path: Path, isolated_home: Path) -> None:
    """A temporary file left by a killed writer in the ledger is removed when pbem starts."""
    from pbem.cli import main

    ledger = isolated_home / "data" / "ledger" / "someone"
    ledger.mkdir(parents=True)
    stray = ledger / f"{TMP_PREFIX}999999999-1"
    stray.write_bytes(b"half a ledger")
    main._clean_on_start()
    assert not stray.exists()
