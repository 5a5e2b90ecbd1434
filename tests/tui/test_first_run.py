"""A new player's first run: the demo keeps to itself, quitting says where the turn is kept,
and the README's five commands work after it."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pbem import identity, savefile
from pbem.cli.extra import make_demo
from pbem.cli.main import _register_extras
from pbem.cli.main import app as cli
from tests.tui.kit import choose, diplomats_game, settle
from tui.launch import make_app

ROOT = Path(__file__).resolve().parents[2]
_register_extras()


def readme_commands() -> list[list[str]]:
    """The commands of the README's "A game in five commands", comments removed."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## A game in five commands", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in block.strip().splitlines()]
    return [line.split() for line in lines if line]


def test_the_demo_keeps_its_players_and_game_apart(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    here = tmp_path / "checkout"
    here.mkdir()
    monkeypatch.chdir(here)
    home = Machine(tmp_path / "home", monkeypatch)
    save = Path(home.run(["demo", "--no-tui"]).strip())
    demo = home.home / "data" / "demo"
    assert save.is_file() and demo / "game" in save.parents
    assert sorted(p.name for p in (demo / "config" / "keys").iterdir()) == [
        "cao", "cao.pub", "liu", "liu.pub"]
    assert not (home.home / "config" / "keys").exists(), "the demo's players went into yours"
    assert list(here.iterdir()) == [], "the demo wrote into the current folder"
    assert Path(home.run(["demo", "--no-tui"]).strip()) == save  # the same game carries on


class Machine:
    """A player's machine: its own config and data folders, one shared working folder."""

    def __init__(self, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.home, self.monkeypatch = home, monkeypatch

    def run(self, args: list[str]) -> str:
        self.monkeypatch.setenv("PBEM_CONFIG_DIR", str(self.home / "config"))
        self.monkeypatch.setenv("PBEM_DATA_DIR", str(self.home / "data"))
        target = None
        if ">" in args:
            args, target = args[:args.index(">")], args[args.index(">") + 1]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, f"pbem {' '.join(args)}: {result.output}"
        if target:
            Path(target).write_text(result.stdout, encoding="utf-8")
        return result.stdout


def play_readme(alice: Machine, bob: Machine, hint: str) -> savefile.SaveFile:
    """The README's commands in order, each on the machine of the player it names; the
    game id of the examples replaced by the real one. Returns the save opened by play."""
    game_id = ""
    opened = None
    for words in readme_commands():
        assert words[0] == "pbem"
        args = [re.sub(r"^7f3c2a91", game_id, w) if game_id else w for w in words[1:]]
        machine = bob if args[0] == "join" else alice
        if args[0] == "play":  # the table itself needs a terminal: the tmux test opens it
            opened = savefile.read(Path(args[1]))
            continue
        output = machine.run(args)
        found = re.search(r"([0-9a-f]{8})-0000-blue\.pbem\.yaml", output)
        if found and not game_id:
            game_id = found.group(1)
    assert game_id and opened is not None, hint
    return opened


def test_the_readme_commands_work_after_the_demo(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh machine runs the demo, then the README's commands with a second machine for
    bob (whose identity line arrives as bob.id)."""
    monkeypatch.chdir(tmp_path)
    alice = Machine(tmp_path / "alice", monkeypatch)
    bob = Machine(tmp_path / "bob", monkeypatch)
    alice.run(["demo", "--no-tui"])
    assert [c[1] for c in readme_commands()] == ["keygen", "whoami", "new", "join", "play"]
    bob.run(["keygen", "bob"])
    bob.run(["whoami", ">", "bob.id"])
    opened = play_readme(alice, bob, "the README's commands")
    assert opened.due is not None and opened.player(opened.due["role"])["name"] == "alice"
    monkeypatch.setenv("PBEM_CONFIG_DIR", str(alice.home / "config"))
    assert identity.local_names() == ["alice"]


def test_the_readme_way_with_both_players_on_one_machine(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The README's note: with several identities, --as says who acts."""
    monkeypatch.chdir(tmp_path)
    here = Machine(tmp_path / "one", monkeypatch)
    here.run(["demo", "--no-tui"])
    here.run(["keygen", "alice"])
    here.run(["keygen", "bob"])
    here.run(["whoami", "--as", "bob", ">", "bob.id"])
    first = here.run(["new", "dragons-tigers", "--opponent", "bob.id", "--as", "alice"])
    name = re.search(r"[0-9a-f]{8}-0000-blue\.pbem\.yaml", first)
    assert name is not None
    joined = here.run(["join", name.group(0), "--as", "bob"])
    assert "0001-white.pbem.yaml" in joined


def test_quitting_says_where_the_turn_is_kept(tmp_path: Path, players: Any) -> None:
    save = diplomats_game(tmp_path, players)
    app = make_app(save, again="run it again to resume.")

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await choose(pilot, "end-diplomacy")
            await pilot.press("q")
            await settle(pilot)

    asyncio.run(run())
    draft = save.with_name(save.name + ".draft.yaml")
    assert draft.is_file()
    assert app.return_value == (f"Your turn so far is kept (unsigned) in {draft}; "
                                "run it again to resume.")


def test_quitting_with_nothing_composed_says_nothing(tmp_path: Path, players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players))

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pilot.press("q")

    asyncio.run(run())
    assert app.return_value is None


def test_make_demo_resumes_the_latest_save(tmp_path: Path) -> None:
    first = make_demo(tmp_path / "game")
    assert make_demo(tmp_path / "game") == first
