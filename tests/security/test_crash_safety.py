"""A refused command writes nothing; a crash at any point never allows a second version."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pbem import savefile
from tests.security.kit import cli, players, race, tree

ROOT = Path(__file__).resolve().parents[2]

KILLER = r"""
import os, signal, sys
sys.path.insert(0, sys.argv[1])
point = sys.argv[2]
from pbem import games, keeping, ledger, savefile, store
from tests.tinygame import TinyRace
games.register("tiny-race", TinyRace)

prev_sha = sys.argv[3]

def about_the_new_save(args):
    for arg in args:
        if getattr(arg, "previous", None) == prev_sha:
            return True
        if getattr(arg, "name", None) == "first.pbem.yaml":
            return True
    return False

def dying(module, name, before):
    real = getattr(module, name)
    def wrapper(*args, **kwargs):
        mine = about_the_new_save(args)
        if before and mine:
            os.kill(os.getpid(), signal.SIGKILL)
        result = real(*args, **kwargs)
        if mine:
            os.kill(os.getpid(), signal.SIGKILL)
        return result
    setattr(module, name, wrapper)

targets = {"before-intent": (ledger.Ledger, "intend", True),
           "after-intent": (ledger.Ledger, "intend", False),
           "after-file": (savefile, "write", False),
           "after-store": (store, "keep", False),
           "after-ledger": (keeping, "remember", False)}
dying(*targets[point])
from pbem.cli.main import run
sys.argv = ["pbem", *sys.argv[4:]]
run()
"""


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "PBEM_CONFIG_DIR": str(home / "config"),
            "PBEM_DATA_DIR": str(home / "data")}


def _saves_on(prev: savefile.SaveFile, *folders: Path) -> set[str]:
    """Every distinct save anywhere on this machine that follows ``prev``."""
    found = set()
    for folder in folders:
        for path in folder.rglob("*.pbem.yaml"):
            try:
                save = savefile.read(path)
            except Exception:
                continue
            if save.previous == prev.sha256:
                found.add(save.sha256)
    return found


@pytest.mark.parametrize("point", ["before-intent", "after-intent", "after-file",
                                   "after-store", "after-ledger"])
def test_a_kill_at_any_point_never_permits_a_second_version(tmp_path: Path,
                                                           isolated_home: Path,
                                                           point: str) -> None:
    """pbem apply is killed (SIGKILL) at each point of writing a save; running it again
    with other actions either finds nothing was signed, or refuses and points to the save
    already signed. There is never more than one save on the predecessor."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=2)
    prev = next(s for s in reversed(saves) if s.due and s.due["step"] == "run")
    mover = next(p for p in people if p.key.public.line == prev.player(prev.due["role"])["key"])
    folder = tmp_path / "game"
    folder.mkdir()
    target = folder / "prev.pbem.yaml"
    target.write_bytes(prev.raw)
    for earlier in saves[:saves.index(prev)]:
        name = savefile.file_name(earlier.game_id, earlier.sequence, earlier.writer)
        (folder / name).write_bytes(earlier.raw)
    roll, rest = tmp_path / "roll.yaml", tmp_path / "rest.yaml"
    roll.write_text("- do: roll\n")
    rest.write_text("- do: rest\n")
    killed = subprocess.run(
        [sys.executable, "-c", KILLER, str(ROOT), point, prev.sha256, "--as", mover.name,
         "apply",
         str(target), str(roll), "-o", str(folder / "first.pbem.yaml")],
        env=_env(isolated_home), capture_output=True, text=True, check=False)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    again = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
         "from pbem import games; from tests.tinygame import TinyRace; "
         "games.register('tiny-race', TinyRace); "
         "from pbem.cli.main import run; sys.argv = ['pbem', *sys.argv[2:]]; run()",
         str(ROOT), "--as", mover.name, "apply", str(target), str(rest), "-o",
         str(folder / "second.pbem.yaml")],
        env=_env(isolated_home), capture_output=True, text=True, check=False)
    if point == "before-intent":
        assert again.returncode == 0, again.stderr
    else:
        assert again.returncode == 6, again.stderr
        assert "already signed" in again.stderr and again.stderr.count("\n") == 1
    assert len(_saves_on(prev, folder, isolated_home / "data")) == 1


def _a_turn_in(folder: Path) -> tuple[savefile.SaveFile, Any, Path]:
    """A race where someone is to roll: that save in ``folder`` (``prev.pbem.yaml``) with
    the saves before it beside it, and the player to move."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=2)
    prev = next(s for s in reversed(saves) if s.due and s.due["step"] == "run")
    mover = next(p for p in people if p.key.public.line == prev.player(prev.due["role"])["key"])
    target = folder / "prev.pbem.yaml"
    target.write_bytes(prev.raw)
    for earlier in saves[:saves.index(prev)]:
        name = savefile.file_name(earlier.game_id, earlier.sequence, earlier.writer)
        (folder / name).write_bytes(earlier.raw)
    return prev, mover, target


def test_a_refused_apply_writes_nothing_anywhere(tmp_path: Path, isolated_home: Path) -> None:
    """An illegal action: no save, no draft, nothing in the ledger or the store."""
    _prev, mover, target = _a_turn_in(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("- do: roll\n- do: fly\n")
    before_home, before_here = tree(isolated_home), tree(tmp_path)
    code, _, err = cli("--as", mover.name, "apply", target, bad)
    assert code == 6 and "nothing written" in err
    assert tree(isolated_home) == before_home and tree(tmp_path) == before_here


def test_a_refused_join_writes_nothing_anywhere(tmp_path: Path, isolated_home: Path) -> None:
    """Joining a game you are not invited to is refused with nothing written."""
    people = players("alice", "bob", "carol")
    saves = race(people[:2], saves_after_start=0)
    target = tmp_path / "invite.pbem.yaml"
    target.write_bytes(saves[0].raw)
    before_home, before_here = tree(isolated_home), tree(tmp_path)
    code, _, err = cli("--as", "carol", "join", target)
    assert code == 6 and "not one of this game's players" in err
    assert tree(isolated_home) == before_home and tree(tmp_path) == before_here


def test_hotseat_apply_refuses_before_writing_when_a_name_is_taken(tmp_path: Path,
                                                                   isolated_home: Path) -> None:
    """Several saves in one hot-seat apply: if one cannot be written, none is."""
    os.chdir(tmp_path)
    cli("new", "tiny-race", "--hotseat", "--dice", "table", "-o", "race")
    last = sorted((tmp_path / "race").glob("*.pbem.yaml"))[-1]
    turn = tmp_path / "turn.yaml"  # typed dice: nobody lands on anybody (no question)
    turn.write_text("- {do: start, dice: [1]}\n- {do: roll, dice: [3]}\n"
                    "- {do: roll, dice: [5]}\n- {do: roll, dice: [4]}\n")
    code, out, _ = cli("apply", last, turn, "--dry-run", "--json")
    assert code == 0
    import json

    planned = json.loads(out)["saves"]
    assert len(planned) >= 2
    blocker = tmp_path / "race" / savefile.file_name(
        savefile.read(last).game_id, planned[1]["sequence"], planned[1]["writer"])
    blocker.write_text("in the way\n")
    before = tree(tmp_path), tree(isolated_home)
    code, _, err = cli("apply", last, turn)
    assert code != 0 and "exists already" in err
    assert (tree(tmp_path), tree(isolated_home)) == before


def test_an_output_path_that_is_a_symlink_is_never_followed(tmp_path: Path,
                                                           isolated_home: Path) -> None:
    """`-o` naming a symlink planted to point elsewhere: refused, the target untouched."""
    _prev, mover, target = _a_turn_in(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    link = tmp_path / "out.pbem.yaml"
    link.symlink_to(victim)
    roll = tmp_path / "roll.yaml"
    roll.write_text("- do: roll\n")
    code, _, err = cli("--as", mover.name, "apply", target, roll, "-o", link)
    assert code != 0 and "exists already" in err
    assert victim.read_text() == "keep me\n"
