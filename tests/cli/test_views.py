"""What the command line shows and carries, as a referee or a mail robot scripts it: notes
given with a turn that goes on, the dry run's position, and hidden cards in ``pbem show``."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pbem import games
from tests.cardgame import CardMarket
from tests.cli.test_commands import pbem


class NotedMarket(CardMarket):
    """Card Market where any player may pass another a note."""

    kind = "card-market-noted"

    def may_note(self, state: dict, sender: str, recipient: str) -> bool:
        return sender != recipient


games.register(NotedMarket.kind, NotedMarket)


def _shown(save: Path, *who: str) -> dict[str, Any]:
    _, out = pbem(*who, "show", save, "--json")
    return json.loads(out)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def _latest(folder: Path) -> Path:
    return max(folder.glob("*.pbem.yaml"), key=lambda p: int(p.name.split("-")[1]))


def _to_first_turn(folder: Path, empty: Path) -> tuple[Path, str]:
    """Answer the machine steps and start the game: the save a player decides on (perhaps
    with the opening kept in its draft), and that player's role."""
    for _ in range(12):
        current = _latest(folder)
        due = _shown(current)["due"]
        if due["step"] in ("shuffle", "witness"):
            pbem("witness", current)
            continue
        if due["step"] == "start":
            pbem("apply", current, empty)
            if _latest(folder) != current:
                continue
        _, out = pbem("apply", current, empty, "--dry-run", "--json")
        return current, json.loads(out)["position"]["prompt"]["role"]
    raise AssertionError("the game never reached a decision")


def _names(save: Path) -> dict[str, str]:
    return {p["role"]: p["name"] for p in _shown(save)["players"]}


def test_a_note_given_with_a_turn_that_goes_on_travels_in_the_save_that_ends_it(
        tmp_path: Path) -> None:
    """``--note`` with actions that leave the turn open waits in the draft and is sealed in
    the save the next ``pbem apply`` signs: its recipient reads it, nobody else."""
    os.chdir(tmp_path)
    pbem("new", NotedMarket.kind, "--hotseat", "--players", "3", "-o", "g")
    folder = tmp_path / "g"
    current, mover = _to_first_turn(folder, _write(tmp_path, "empty.yaml", "[]\n"))
    names = _names(current)
    friend, other = [r for r in names if r != mover]
    draw = _write(tmp_path, "draw.yaml", "- do: draw\n")
    _, out = pbem("apply", current, draw, "--note", f"{friend}=meet me at the gate")
    assert "kept as a draft" in out and "1 note will be sealed" in out
    before = set(folder.glob("*.pbem.yaml"))
    _, out = pbem("apply", current, _write(tmp_path, "end.yaml", "- do: end\n"))
    signed = sorted(set(folder.glob("*.pbem.yaml")) - before)
    assert len(signed) == 1
    _, read = pbem("--as", names[friend], "notes", signed[0])
    assert f"from {names[mover]} ({mover}): meet me at the gate" in read
    _, read = pbem("--as", names[other], "notes", signed[0])
    assert "No notes for you" in read and "gate" not in read


def test_a_note_no_save_could_carry_is_refused_at_once(tmp_path: Path) -> None:
    """A note to a role that is not another player's is refused when given, in one line,
    and nothing (not even a draft) is written."""
    os.chdir(tmp_path)
    pbem("new", NotedMarket.kind, "--hotseat", "--players", "3", "-o", "g")
    folder = tmp_path / "g"
    current, mover = _to_first_turn(folder, _write(tmp_path, "empty.yaml", "[]\n"))
    draw = _write(tmp_path, "draw.yaml", "- do: draw\n")
    before = sorted(tmp_path.rglob("*"))
    for to in ("nobody", mover):
        code, err = pbem("apply", current, draw, "--note", f"{to}=hello", ok=False)
        assert code == 2 and "--note" in err and repr(to) in err
    assert sorted(tmp_path.rglob("*")) == before


def test_a_note_in_a_game_without_notes_is_refused_at_once(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    pbem("new", "tiny-race", "--hotseat", "-o", "g")
    current = _latest(tmp_path / "g")
    empty = _write(tmp_path, "empty.yaml", "[]\n")
    before = sorted(tmp_path.rglob("*"))
    code, err = pbem("apply", current, empty, "--note", "white=hello", ok=False)
    assert code == 2 and "no way to pass notes" in err
    assert sorted(tmp_path.rglob("*")) == before
