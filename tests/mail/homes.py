"""A guard for the mail tests: the user's home and XDG folders point into the test's own
temporary folder, and a test that writes there (because pbem fell back to the platform's
folders) fails. The real home is never touched."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

_FOLDERS = {"HOME": "", "XDG_CONFIG_HOME": ".config", "XDG_DATA_HOME": ".local/share",
            "XDG_CACHE_HOME": ".cache", "XDG_STATE_HOME": ".local/state"}


@pytest.fixture(autouse=True)
def nothing_written_outside(tmp_path: Path) -> Iterator[Path]:
    """Point HOME and the XDG folders at an empty folder; fail if anything lands there.

    Set without ``monkeypatch``, so that a test undoing its own patches cannot undo this."""
    outside = tmp_path / "outside-home"
    outside.mkdir()
    saved = {name: os.environ.get(name) for name in _FOLDERS}
    os.environ.update({name: str(outside / sub) for name, sub in _FOLDERS.items()})
    try:
        yield outside
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    written = sorted(str(p.relative_to(outside)) for p in outside.rglob("*") if p.is_file())
    assert not written, f"the test wrote outside its own folders: {written}"
