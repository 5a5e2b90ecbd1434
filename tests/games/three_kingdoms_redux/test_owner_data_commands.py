"""A game on an owner's data file works with every command on the creator's own machine,
at once (no pbem verify first), and on another player's machine once the first save has
come: show, log, apply, the automatic answers, the mail, the table."""

from __future__ import annotations

import asyncio
import copy
from pathlib import Path

import pytest

from pbem import identity, savefile, strict_yaml
from pbem.games.three_kingdoms_redux import dataset
from pbem.games.three_kingdoms_redux.dataset import builtin
from tests.mail.kit import wrote
from tests.security.kit import cli


def _owners_file(folder: Path) -> Path:
    """A transcription that gives Jia Xu a combat value of 1 (and claims it as read)."""
    jia = copy.deepcopy(next(g for g in builtin().document["generals"]
                             if g["id"] == "jia-xu"))
    jia.update(combat=1, reconstructed=[])
    path = folder / "mine.yaml"
    path.write_text(strict_yaml.dump({"generals": [jia]}), encoding="utf-8")
    return path


@pytest.fixture
def forget_loaded() -> None:
    """Data sets loaded by earlier tests of this process are forgotten (a new machine)."""
    saved = dict(dataset._REGISTRY)
    dataset._REGISTRY.clear()
    yield
    dataset._REGISTRY.clear()
    dataset._REGISTRY.update(saved)


def test_every_command_works_on_a_game_of_an_owners_data(
        tmp_path: Path, forget_loaded: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import pbem.cli.mail  # noqa: F401  (the mail commands)

    for name in ("wei", "shu", "wu"):
        made = identity.keygen(name)
        line = tmp_path / f"{name}.id"
        line.write_text(made.key.public.line + f" {name}\n")
    assert cli("config", "me", "wei@pbem.test", "--identity", "wei")[0] == 0
    for name in ("shu", "wu"):
        code, _out, err = cli("config", "opponent", tmp_path / f"{name}.id",
                              f"{name}@pbem.test")
        assert code == 0, err
    data = _owners_file(tmp_path)
    monkeypatch.chdir(tmp_path)
    first = tmp_path / "first.pbem.yaml"
    code, out, err = cli("new", "three-kingdoms-redux", "--opponent", tmp_path / "shu.id",
                         "--opponent", tmp_path / "wu.id", "--dice", "open", "--data", data,
                         "-o", first)
    assert code == 0, err
    dataset._REGISTRY.clear()  # every later command is a new process: nothing in memory
    code, out, err = cli("show", first)
    assert code == 0, err
    assert "Next:" in out
    last = first
    for _ in range(2):  # each joins with their own key (all three are on this machine)
        dataset._REGISTRY.clear()
        code, out, err = cli("join", last)
        assert code == 0, err
        last = tmp_path / wrote(out)
    code, out, err = cli("log", last)
    assert code == 0, err
    dataset._REGISTRY.clear()
    while savefile.read(last).due["step"] in ("shuffle", "share"):  # the machine's parts
        code, out, err = cli("witness", last)
        assert code == 0, err
        last = tmp_path / wrote(out)
        dataset._REGISTRY.clear()
    save = savefile.read(last)
    assert save.game["options"]["data"] != builtin().hash
    code, out, err = cli("show", "--json", last)
    assert code == 0, err
    actions = tmp_path / "turn.yaml"
    actions.write_text("[]\n")
    code, out, err = cli("apply", "--dry-run", last, actions)
    assert code == 0, err
    dataset._REGISTRY.clear()
    code, out, err = cli("send", last, "--eml", tmp_path / "out.eml")
    assert code == 0, err
    assert (tmp_path / "out.eml").is_file()

    from tui.launch import make_app

    dataset._REGISTRY.clear()
    app = make_app(last)

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.5)

    asyncio.run(run())
    assert app.opened.module is not None
