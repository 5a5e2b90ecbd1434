"""A game on an owner's data file works with every command on the creator's own machine,
at once (no pbem verify first), and on another player's machine once the first save has
come: show, log, apply, the automatic answers, the mail, the table, a seat handed over."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from pbem import (
    absence,
    chain,
    claims,
    gamedata,
    games,
    hand_over,
    identity,
    savefile,
    seats,
    selfplay,
    strict_yaml,
)
from pbem.games.three_kingdoms_redux import dataset
from pbem.games.three_kingdoms_redux.dataset import builtin
from pbem.identity import LocalIdentity
from tests.games.three_kingdoms_redux.kit import OWNERS_FILE
from tests.mail.kit import wrote
from tests.security.kit import cli, labelled_key, salts

KIND = "three-kingdoms-redux"


def _owners_file(folder: Path) -> Path:
    """A transcription that gives Jia Xu a combat value of 1 (and claims it as read)."""
    jia = copy.deepcopy(next(g for g in builtin().document["generals"]
                             if g["id"] == "jia-xu"))
    jia.update(combat=1, reconstructed=[])
    path = folder / "mine.yaml"
    path.write_text(strict_yaml.dump({"generals": [jia]}), encoding="utf-8")
    return path


@pytest.fixture
def forget_loaded() -> Iterator[None]:
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


class _HandedOver(Exception):
    """The game is stopped once the seat is handed over."""


def _up_to_a_hand_over(data: str) -> tuple[list[savefile.SaveFile], tuple[Any, ...]]:
    """A Redux game on the data set ``data`` by mail: a state is claimed absent while
    bidding and, at the next save, the player due hands its seat to dave with the departing
    player's release. The saves from the first move on, and what the hand-over was made
    from (the player due, the request, the consents, the release)."""
    saves: list[savefile.SaveFile] = []
    made: dict[str, Any] = {}
    dave = LocalIdentity("dave", labelled_key("owner seat dave"))

    def interject(prev: savefile.SaveFile, by_key: dict[str, LocalIdentity]
                  ) -> savefile.SaveFile | None:
        saves.append(prev)
        if "hand-over" in made:
            raise _HandedOver
        if "claim" not in made:
            if prev.pending is not None or prev.due["step"] != "bidding" or prev.sequence < 25:
                return None
            claimer = next(p for p in prev.players if p["role"] != prev.due["role"])
            clock.tick(3 * 86400)
            made["claim"] = claims.make(prev, by_key[claimer["key"]])
            return made["claim"]
        gone = absence.absent(prev.state)[0]
        wanted = seats.request(prev, dave, gone, "dave")
        due = prev.due["role"]
        consents = {by: seats.consent(prev, by_key[prev.player(by)["key"]], wanted)
                    for by in seats.agreeing(prev, due, gone)}
        release = seats.release(prev, by_key[prev.player(gone)["key"]], wanted)
        made["from"] = (by_key[prev.player(due)["key"]], wanted, consents, release)
        made["hand-over"] = hand_over.make(prev, *made["from"])
        return made["hand-over"]

    with freeze_time("2026-11-28 09:00:00") as clock, pytest.raises(_HandedOver):
        selfplay.play(KIND, 3, 2, {"data": data}, dice="witnessed",
                      deadline={"answer": "1h", "grace": "30m"}, interject=interject,
                      salts=salts("owner seat", 3),
                      keys=[labelled_key(f"owner seat {i}") for i in range(3)])
    return saves, made["from"]


def test_a_seat_is_handed_over_in_a_game_of_an_owners_data(forget_loaded: None) -> None:
    """A machine that keeps the game's data set but has nothing in memory (a new pbem
    process): the player due hands the absent seat over (pbem hand-over, on the claim its
    pbem accepted before) and each other player's pbem checks the hand-over save as the
    one that follows the claim it accepted."""
    data = dataset.load_data(OWNERS_FILE)
    saves, given = _up_to_a_hand_over(data.hash)
    claim, handed = saves[-2:]
    assert handed.actions[0]["do"] == "seat" and handed.game["options"]["data"] == data.hash
    module = games.get(KIND)
    gamedata.accept(module, claim.game["options"], dict(data.document), "the first save")
    dataset._REGISTRY.clear()
    assert hand_over.make(claim, *given).state == handed.state
    dataset._REGISTRY.clear()
    replay = chain.check_next(module, claim, handed)
    assert replay.due == handed.due
