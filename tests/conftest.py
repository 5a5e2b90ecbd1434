"""Shared fixtures: isolated config and data folders, local identities, the tiny game.

No test may write outside its own temporary folders: for the whole run HOME and the XDG
folders point at a temporary folder, and every test fails if it changes the real home or
the repository's folders (:func:`_nothing_written_outside`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pbem import games, identity  # noqa: E402
from tests.cardgame import CardMarket  # noqa: E402
from tests.sealedgame import TinyBids  # noqa: E402
from tests.tinygame import TinyRace, TinyRaceOfThree  # noqa: E402

games.register("tiny-race", TinyRace)
games.register("card-market", CardMarket)
games.register("tiny-race-3", TinyRaceOfThree)
games.register("tiny-bids", TinyBids)

# Property tests are deterministic (a fixed seed, no example database written anywhere).
settings.register_profile("pbem", derandomize=True, database=None, deadline=None,
                          print_blob=False)
settings.load_profile("pbem")

FROZEN = "2026-11-22 12:00:00"


REAL_HOME = Path(os.path.expanduser("~")).resolve()
_WATCHED = [REAL_HOME, REAL_HOME / ".config", REAL_HOME / ".local" / "share",
            REAL_HOME / ".cache", REAL_HOME / ".ssh", ROOT, ROOT / "tests", ROOT / "saves",
            ROOT / "saves" / "golden", ROOT / "docs", ROOT / "scripts", ROOT / "pbem"]


def _stamps() -> dict[Path, frozenset[tuple[str, int, int]]]:
    """Each watched folder's entries with their inode (and a file's change time).

    Python's byte-code caches are left out, and a sub-folder counts by name and inode: a
    fresh checkout creates caches as the first process imports a module, no test's doing.
    """
    out: dict[Path, frozenset[tuple[str, int, int]]] = {}
    for folder in _WATCHED:
        entries = set()
        try:
            with os.scandir(folder) as found:
                for entry in found:
                    if entry.name == "__pycache__":
                        continue
                    info = entry.stat(follow_symlinks=False)
                    changed = 0 if entry.is_dir(follow_symlinks=False) else info.st_mtime_ns
                    entries.add((entry.name, info.st_ino, changed))
        except OSError:
            pass
        out[folder] = frozenset(entries)
    return out


def _untracked() -> set[str]:
    found = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT,
                           capture_output=True, text=True, check=False)
    return {line for line in found.stdout.splitlines() if line.startswith("??")}


_UNTRACKED_AT_START: set[str] = set()


@pytest.fixture(autouse=True, scope="session")
def _temporary_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """HOME and the XDG folders of the whole run are a temporary folder."""
    home = tmp_path_factory.mktemp("home")
    saved = {name: os.environ.get(name) for name in (
        "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")}
    os.environ["HOME"] = str(home)
    for name, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                      ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state")):
        os.environ[name] = str(home / sub)
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def _waits_long(item: pytest.Item) -> bool:
    """A long game played by mail or in a terminal: minutes, mostly spent waiting."""
    return item.get_closest_marker("slow") is not None \
        and any(part in item.nodeid for part in ("tests/mail/", "tests/tui/"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each long game by mail or in a terminal goes first in one worker's share of the
    tests, so that they all start at once and wait while the others compute, instead of
    one starting last and keeping the run waiting. The shares are those ``--dist
    worksteal`` hands out first (equal runs of the collection, in order); everything else
    keeps its order, each module's tests together."""
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    long = [item for item in items if _waits_long(item)]
    rest = [item for item in items if not _waits_long(item)]
    ordered: list[pytest.Item] = []
    taken = 0
    for share in range(workers):
        heads = long[share::workers]
        size = (len(items) - len(ordered)) // (workers - share)
        filler = max(0, size - len(heads)) if share < workers - 1 else len(rest) - taken
        ordered += heads + rest[taken:taken + filler]
        taken += filler
    items[:] = ordered


def pytest_sessionstart(session: pytest.Session) -> None:
    _UNTRACKED_AT_START.update(_untracked())


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The run fails if the repository has a file more than at the start."""
    new = _untracked() - _UNTRACKED_AT_START
    if new:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"the tests left files in the repository: {sorted(new)[:5]}",
                                red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True)
def _nothing_written_outside() -> Iterator[None]:
    """A test that changes the real home or a repository folder fails."""
    before = _stamps()
    yield
    changed = [str(folder) for folder, stamp in _stamps().items() if stamp != before[folder]]
    assert not changed, f"the test wrote outside its temporary folders: {changed}"


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own config and data folders."""
    home = tmp_path / "home"
    monkeypatch.setenv("PBEM_CONFIG_DIR", str(home / "config"))
    monkeypatch.setenv("PBEM_DATA_DIR", str(home / "data"))
    monkeypatch.delenv("PBEM_PASSPHRASE", raising=False)
    return home


@pytest.fixture
def alice() -> identity.LocalIdentity:
    return identity.keygen("alice")


@pytest.fixture
def bob() -> identity.LocalIdentity:
    return identity.keygen("bob")
