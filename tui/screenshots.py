"""Export SVG screenshots of the table's main screens: ``python -m tui.screenshots DIR``.

Uses throw-away identities (the published sample keys of ``saves/*/keys`` where the cards
or dice depend on them), fixed ids, salts and times, so the pictures are the same on
every run; every screen is reached by keys, as a player would (:mod:`tui.shooting`).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tui.shooting import (
    Steps,
    keys,
    number,
    settle,
    to_bidding,
    to_waiting,
    turn_over,
    wait_for,
)

ROOT = Path(__file__).resolve().parent.parent
SCENARIO: dict[str, Any] = {
    "kingdoms": {"cao-cao": {"owner": "blue", "main": True}, "liu-biao": {"owner": "blue"},
                 "sun-wu": {"owner": "blue"}, "liu-bei": {"owner": "white", "main": True},
                 "yuan-shu": {"owner": "white"}, "yuan-shao": {"owner": "white"}},
    "orders": {"blue": {"retreat": "ask"}},
    "turn": {"kingdom": "cao-cao", "phase": "mandate"},
}
WHEN = "2026-11-22T12:00:00Z"
REDUX = (("mengde", "wei"), ("wentai", "wu"), ("xuande", "shu"))  # courtesy names


def _sample(name: str, key: str) -> Any:
    """A local identity with a published sample key (``golden-redux/keys/wei``...)."""
    from pbem import identity

    if name in identity.local_names():
        return identity.load(name)
    target = identity.key_dir() / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes((ROOT / "saves" / key).read_bytes())
    target.chmod(0o600)
    line = (ROOT / "saves" / f"{key}.pub").read_text(encoding="utf-8").split()
    target.with_suffix(".pub").write_text(f"{line[0]} {line[1]} {name}\n", encoding="utf-8")
    return identity.load(name)


def _dragons_tigers(folder: Path, dice: str = "table") -> Path:
    """Cao Cao's turn from its Mandate roll (table dice unless said otherwise)."""
    from pbem import keeping, saving, session

    saving.now_utc = lambda: WHEN  # the pictures show no clock; keep the bytes stable
    cao, liu = _sample("cao", "golden/keys/blue"), _sample("liu", "golden/keys/white")
    first = session.new_game("dragons-tigers", cao, [liu.identity], None, SCENARIO, dice,
                             game_id="7" * 32, salt="0" * 32)
    return keeping.write_all([first, session.join(first, liu, "1" * 32)], folder)


def _witnessed(folder: Path) -> Path:
    """The same turn with witnessed dice, liu playing on a machine of his own."""
    from pbem import identity

    _sample("liu", "golden/keys/white")
    save = _dragons_tigers(folder, "witnessed")
    for path in (identity.key_dir() / "liu", identity.key_dir() / "liu.pub"):
        path.unlink()
    return save


def _redux(folder: Path) -> Path:
    """A new hot-seat Three Kingdoms Redux game for three."""
    from pbem import keeping, saving, session

    saving.now_utc = lambda: WHEN
    players = [_sample(name, f"golden-redux/keys/{role}") for name, role in REDUX]
    saves = [session.new_game("three-kingdoms-redux", players[0],
                              [p.identity for p in players[1:]], None, None, "open",
                              game_id="3" * 32, salt="0" * 32)]
    for player, salt in zip(players[1:], ("1" * 32, "2" * 32), strict=True):
        saves.append(session.join(saves[-1], player, salt))
    return keeping.write_all(saves, folder)


def _shoot(make: Callable[[Path], Path], folder: Path, out: Path, name: str, steps: Steps,
           size: tuple[int, int], review: bool = False, lang: str = "en") -> None:
    """One picture, from a game of its own (its own store and ledgers too)."""
    from tui.launch import make_app

    os.environ["PBEM_DATA_DIR"] = str(folder.parent / "data")
    folder.mkdir(parents=True)
    os.chdir(folder)  # saves are named as a player in that folder sees them
    app = make_app(make(folder), review=review, lang=lang)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await steps(pilot)
            await settle(pilot)
            app.save_screenshot(filename=f"{name}.svg", path=str(out))

    asyncio.run(run())


async def _started(pilot: Any) -> None:
    """The opening die typed in (1: the Mandate moves north)."""
    await keys(pilot, *number(pilot, "start"), "1", "enter")


async def _nothing(pilot: Any) -> None:
    return None


async def _area(pilot: Any) -> None:
    await _started(pilot)
    await keys(pilot, "g", *"yanzhou", "enter")


async def _moving(pilot: Any) -> None:
    await _started(pilot)
    await keys(pilot, *number(pilot, "end-diplomacy"))
    await keys(pilot, *number(pilot, "levy", area="yanzhou"), "enter")
    await keys(pilot, *number(pilot, "end-levy"))
    await keys(pilot, *number(pilot, "move", **{"from": "yanzhou"}))
    await keys(pilot, "space", "down", "space")  # Cao Cao and one more tick


async def _dice(pilot: Any) -> None:
    await keys(pilot, *number(pilot, "start"))


async def _why_not(pilot: Any) -> None:
    await _started(pilot)
    await keys(pilot, "w", *"do: levy, area: xuchang, armies: 2", "enter")


async def _help(pilot: Any) -> None:
    await keys(pilot, "f1")


async def _rules(pilot: Any) -> None:
    await _started(pilot)
    await keys(pilot, "r")


async def _finish(pilot: Any) -> None:
    await _started(pilot)
    await turn_over(pilot)


async def _hand_over(pilot: Any) -> None:
    await _finish(pilot)
    await keys(pilot, "enter")
    await wait_for(pilot, lambda app: type(app.screen).__name__ == "HandOverScreen")


async def _request(pilot: Any) -> None:
    await wait_for(pilot, lambda app: type(app.screen).__name__ == "ConfirmScreen")


async def _bid_dialog(pilot: Any) -> None:
    await to_bidding(pilot)
    await keys(pilot, *number(pilot, "bid", space="recruit-armies"))


async def _states(pilot: Any) -> None:
    await to_bidding(pilot)
    pilot.app.query_one("#side").active = "tab-states"
    await settle(pilot)


def export(out: Path) -> list[Path]:
    """Write the screenshots into ``out``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["PBEM_CONFIG_DIR"] = str(Path(home) / "config")
        shots = [("play", _nothing, (100, 30), False, "en"),
                 ("play-area", _area, (120, 36), False, "en"),
                 ("play-80x24", _area, (80, 24), False, "en"),
                 ("move-dialog", _moving, (120, 36), False, "en"),
                 ("table-dice", _dice, (100, 30), False, "en"),
                 ("why-not", _why_not, (100, 30), False, "en"),
                 ("rules-pane", _rules, (120, 36), False, "en"),
                 ("help", _help, (100, 30), False, "en"),
                 ("play-zh", _area, (100, 30), False, "zh"),
                 ("review-zh", _nothing, (150, 46), True, "zh"),
                 ("finish", _finish, (100, 30), False, "en"),
                 ("hand-over", _hand_over, (100, 30), False, "en")]
        others: list[tuple[Any, ...]] = [
            ("roll-request", _witnessed, _request, (100, 30)),
            ("waiting", _witnessed, to_waiting, (100, 30)),
            ("redux-bidding", _redux, to_bidding, (120, 40)),
            ("redux-bid-dialog", _redux, _bid_dialog, (120, 40)),
            ("redux-states", _redux, _states, (120, 40))]
        for index, (name, steps, size, review, lang) in enumerate(shots):
            _shoot(_dragons_tigers, Path(home) / f"game-{index}" / "game", out, name, steps,
                   size, review, lang)
        for index, (name, make, steps, size) in enumerate(others):
            _shoot(make, Path(home) / f"other-{index}" / "game", out, name, steps, size)
    return sorted(out.glob("*.svg"))


if __name__ == "__main__":
    for written in export(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
                          .resolve()):
        print(written)
