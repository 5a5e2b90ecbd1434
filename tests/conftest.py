"""Shared fixtures: isolated config and data folders, local identities, the tiny game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pbem import games, identity  # noqa: E402
from tests.tinygame import TinyRace  # noqa: E402

games.register("tiny-race", TinyRace)

FROZEN = "2026-11-22 12:00:00"


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
