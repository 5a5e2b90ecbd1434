"""Games for the terminal table's tests: hot-seat players cao and liu, fixed ids and times."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem import identity, keeping, saving, session

GAME_ID = "7" * 32
WHEN = "2026-11-22T12:00:00Z"
KINGDOMS = {"blue": ["cao-cao", "liu-biao", "ma-teng"],
            "white": ["liu-bei", "sun-wu", "yuan-shao"]}

# A turn of Cao Cao's that meets every kind of step: the Mandate roll and its event,
# diplomacy, levy, a move across a river (attrition), a combat and a retreat decision.
TURN_SCENARIO: dict[str, Any] = {
    "kingdoms": {"cao-cao": {"owner": "blue", "main": True}, "liu-biao": {"owner": "blue"},
                 "sun-wu": {"owner": "blue"}, "liu-bei": {"owner": "white", "main": True},
                 "yuan-shu": {"owner": "white"}, "yuan-shao": {"owner": "white"}},
    "orders": {"blue": {"retreat": "ask"}},
    "turn": {"kingdom": "cao-cao", "phase": "mandate"},
}


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves carry the time they were written; keep it fixed so bytes compare."""
    monkeypatch.setattr(saving, "now_utc", lambda: WHEN)


@pytest.fixture
def players() -> tuple[identity.LocalIdentity, identity.LocalIdentity]:
    return identity.keygen("cao"), identity.keygen("liu")


def write_game(folder: Path, players: tuple[identity.LocalIdentity, identity.LocalIdentity],
               scenario: dict[str, Any] | None = None, table_dice: bool = False,
               options: dict[str, Any] | None = None) -> Path:
    """Create and join a game in ``folder``; return the path of the join save."""
    cao, liu = players
    if options is None and scenario is None:
        options = {"kingdoms": KINGDOMS}
    first = session.new_game("dragons-tigers", cao, [liu.identity], options, scenario,
                             table_dice, game_id=GAME_ID)
    return keeping.write_all([first, session.join(first, liu)], folder)


SAMPLE_KEYS = Path(__file__).resolve().parents[2] / "saves"


def sample_identity(name: str, key: str) -> identity.LocalIdentity:
    """A local identity named ``name`` with a published sample key (``golden/keys/blue``,
    ``golden-redux/keys/wei``...), so dice and deals are the same on every run."""
    source = SAMPLE_KEYS / key
    target = identity.key_dir() / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(source.read_bytes())
    target.chmod(0o600)
    public = (SAMPLE_KEYS / f"{key}.pub").read_text(encoding="utf-8").split()
    target.with_suffix(".pub").write_text(f"{public[0]} {public[1]} {name}\n", encoding="utf-8")
    return identity.load(name)


def forget_key(name: str) -> None:
    """Take a player's key off this machine (as if they played elsewhere)."""
    for path in (identity.key_dir() / name, identity.key_dir() / f"{name}.pub"):
        path.unlink()
