"""A whole Dragons & Tigers game played from the command line: new --hotseat, then apply."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
import typer
import typer.testing
import yaml
from typer.testing import CliRunner

from pbem.cli.main import app

runner = CliRunner()


def _fill(spec: dict, rng: random.Random) -> dict:
    action = {"do": spec["do"], **spec.get("fixed", {})}
    for param in spec.get("params", []):
        if param["kind"] == "int":
            action[param["name"]] = rng.randint(param["min"], param["max"])
        elif param["kind"] == "choice":
            action[param["name"]] = rng.choice(param["options"])["value"]
        else:
            count = rng.randint(max(1, param["min"]), param["max"])
            action[param["name"]] = [o["value"] for o in rng.sample(param["options"], count)]
    return action


def _default(spec: dict) -> dict:
    action = {"do": spec["do"], **spec.get("fixed", {})}
    for param in spec.get("params", []):
        if "default" in param:
            action[param["name"]] = param["default"]
    return action


@pytest.mark.slow
def test_whole_game_from_the_command_line(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`pbem new dragons-tigers --hotseat`, then `pbem apply` until the game ends."""
    built = typer.testing._get_command(app)  # built once: invoked hundreds of times
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: built)
    os.chdir(tmp_path)
    rng = random.Random(5)
    options = ["--option", "kingdoms=cao-cao,liu-biao,ma-teng,liu-bei,sun-wu,yuan-shao"]
    result = runner.invoke(app, ["new", "dragons-tigers", "--hotseat", "-o", "game", *options])
    assert result.exit_code == 0, result.output
    current = sorted((tmp_path / "game").glob("*.pbem.yaml"))[-1]
    empty = tmp_path / "empty.yaml"
    empty.write_text("[]\n")
    turns = 0
    while True:
        shown = runner.invoke(app, ["show", str(current), "--json"])
        assert shown.exit_code == 0, shown.output
        if json.loads(shown.stdout)["due"] is None:
            break
        dry = runner.invoke(app, ["apply", str(current), str(empty), "--dry-run", "--json"])
        assert dry.exit_code == 0, dry.output
        prompt = json.loads(dry.stdout)["position"]["prompt"]
        specs = prompt["actions"]
        attempts = [[_fill(rng.choice(specs), rng)] for _ in range(6)]
        attempts += [[_default(spec)] for spec in specs]
        for number, actions in enumerate(attempts):
            path = tmp_path / f"t{turns}-{number}.yaml"
            path.write_text(yaml.safe_dump(actions))
            applied = runner.invoke(app, ["apply", str(current), str(path)])
            assert "Traceback" not in applied.output
            if applied.exit_code == 0:
                written = [line.split("Wrote ", 1)[1] for line in applied.stdout.splitlines()
                           if line.startswith("Wrote ")]
                if written:
                    current = Path(written[-1])
                else:
                    assert "kept as a draft" in applied.stdout
                break
            assert applied.exit_code == 6, applied.output  # refused, nothing written
        else:
            pytest.fail(f"no offered action was accepted: {specs}")
        turns += 1
        assert turns < 3000
    verdict = runner.invoke(app, ["verify", str(current)])
    assert verdict.exit_code == 0, verdict.output
    assert "the game is over" in verdict.stdout
    assert json.loads(runner.invoke(app, ["show", str(current), "--json"]).stdout)["outcome"]
