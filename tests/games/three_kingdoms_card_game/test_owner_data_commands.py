"""A Card Game on an owner's transcription (tests/games/three_kingdoms_card_game/data/
owner-transcription.yaml) works with every command on the creator's own machine at once
(no pbem verify first), each command a new process with nothing in memory: new --data,
show, join, the machine's answers, apply (a war with sealed war cards), log, verify, send
and the table (pbem play). Another machine refuses a later save until it has checked the
game from its first save, and then keeps the owner's data set and shows the owner's
values."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pbem import identity, savefile, strict_yaml
from pbem.games.three_kingdoms_card_game import dataset
from tests.mail.kit import wrote
from tests.security.kit import cli

KIND = "three-kingdoms-card-game"
OWNERS_FILE = Path(__file__).parent / "data" / "owner-transcription.yaml"
AUTOMATIC = ("shuffle", "share", "witness", "unseal", "audit")
NAMES = {"seat1": "s1", "seat2": "s2", "seat3": "s3"}
LEFT = {"seat1": "seat2", "seat2": "seat3", "seat3": "seat1"}  # who defends a public land


@pytest.fixture
def forget_loaded() -> Iterator[None]:
    """Data sets loaded by earlier tests of this process are forgotten (a new machine)."""
    saved = dict(dataset._REGISTRY)
    dataset._REGISTRY.clear()
    yield
    dataset._REGISTRY.clear()
    dataset._REGISTRY.update(saved)


def run(*args: Any) -> str:
    """pbem as a new process would run it: no data set in memory; must succeed."""
    dataset._REGISTRY.clear()
    code, out, err = cli(*args)
    assert code == 0, err
    return out


def answered(folder: Path, last: Path) -> Path:
    """The machine's answers (shuffles, shares, openings) given until a player must act."""
    while savefile.read(last).due["step"] in AUTOMATIC:
        last = folder / wrote(run("witness", last))
    return last


def apply(folder: Path, last: Path, actions: list[dict[str, Any]], name: str) -> Path:
    """``pbem apply`` of ``actions`` as ``name``; then the machine's answers."""
    file = folder / f"turn-{savefile.read(last).sequence}.yaml"
    file.write_text(strict_yaml.dump(actions), encoding="utf-8")
    return answered(folder, folder / wrote(run("apply", "--as", name, last, file)))


def shown(last: Path, *args: str) -> dict[str, Any]:
    return json.loads(run("show", "--json", *args, last))  # type: ignore[no-any-return]


def test_every_command_works_on_a_card_game_of_an_owners_data(
        tmp_path: Path, forget_loaded: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import pbem.cli.mail  # noqa: F401  (the mail commands)

    owners = dataset.load_data(OWNERS_FILE)
    assert owners.hash != dataset.builtin().hash
    for name in ("s1", "s2", "s3"):
        made = identity.keygen(name)
        (tmp_path / f"{name}.id").write_text(made.key.public.line + f" {name}\n")
    run("config", "me", "s1@pbem.test", "--identity", "s1")
    for name in ("s2", "s3"):
        run("config", "opponent", tmp_path / f"{name}.id", f"{name}@pbem.test")
    monkeypatch.chdir(tmp_path)
    first = tmp_path / "first.pbem.yaml"
    run("new", KIND, "--opponent", tmp_path / "s2.id", "--opponent", tmp_path / "s3.id",
        "--dice", "open", "--data", OWNERS_FILE, "-o", first)
    save = savefile.read(first)
    assert save.game["options"] == {"players": 3, "data": owners.hash}
    assert save.doc["data"] == owners.document  # the first save carries the data set
    assert "Sili 2/3 public" in run("show", first)  # the owner's Sili (built in: 3/3)
    last = tmp_path / wrote(run("join", "--as", "s2", first))
    last = answered(tmp_path, tmp_path / wrote(run("join", "--as", "s3", last)))
    last = apply(tmp_path, last, [], "s1")  # the opening: lords, hands, the first draw
    due = savefile.read(last).due["role"]  # the first player, drawn with the dice
    mover, defender = NAMES[due], NAMES[LEFT[due]]
    out = shown(last, "--as", mover)
    assert out["viewer"] == due and out["prompt"]["step"] == "main"
    lands = {land["id"]: land for land in out["view"]["lands"]}
    assert (lands["sili"]["value"], lands["sili"]["reconstructed"]) == (2, [])
    assert lands["jizhou"]["reconstructed"]  # a built-in land the owner kept
    hand = out["view"]["hand"]
    assert len(hand) == 8 and all(card["id"] for card in hand)
    lord = next(seat["lord"] for seat in out["view"]["seats"] if seat["role"] == due)
    last = apply(tmp_path, last, [{"do": "attack", "character": lord, "land": "youzhou",
                                   "mode": "war"}], mover)
    last = apply(tmp_path, last, [{"do": "pass"}, {"do": "war-card", "card": "cavalry"}],
                 defender)
    assert savefile.read(last).actions[-1]["do"] == "seal"
    last = apply(tmp_path, last, [{"do": "war-card", "card": "bowmen"}], mover)
    told = run("log", last)
    assert "War cards: Bowmen (attacker) against Cavalry (defender)" in told, told
    assert "every action re-applied" in run("verify", last)
    run("send", last, "--eml", tmp_path / "out.eml")
    assert (tmp_path / "out.eml").is_file()

    from tui.launch import make_app

    dataset._REGISTRY.clear()
    app = make_app(last)

    async def play() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.5)

    asyncio.run(play())
    assert app.opened.module is not None

    other = tmp_path / "other"  # a machine that has seen only the saves
    monkeypatch.setenv("PBEM_CONFIG_DIR", str(other / "config"))
    monkeypatch.setenv("PBEM_DATA_DIR", str(other / "data"))
    dataset._REGISTRY.clear()
    code, _out, err = cli("show", last)
    assert code != 0 and "data set this machine has not seen yet" in err, err
    assert "every action re-applied" in run("verify", last)
    kept = sorted(p.name for p in (other / "data" / "datasets").iterdir())
    assert kept == [f"{KIND}-{owners.hash}.yaml"]
    assert "Sili 2/3" in run("show", last)
