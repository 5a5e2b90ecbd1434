"""The pbem command end to end on the tiny race: the happy path and every bad input."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from freezegun import freeze_time
from typer.testing import CliRunner

from pbem.cli.main import app
from tests.conftest import FROZEN

runner = CliRunner()


def pbem(*args: str, ok: bool = True) -> tuple[int, str]:
    """Run pbem; return the exit code and stdout (or stderr, when it failed)."""
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    if ok:
        assert result.exit_code == 0, result.output
    if result.exit_code != 0:
        assert result.stderr.count("\n") == 1, result.stderr  # one line, no traceback
        return result.exit_code, result.stderr
    return result.exit_code, result.stdout


def _identity_file(tmp_path: Path, name: str) -> Path:
    _, out = pbem("keygen", name)
    record = out.strip().splitlines()[-1]
    assert record.startswith("pbem-id " + name)
    path = tmp_path / f"{name}.id"
    path.write_text(record + "\n")
    return path


@pytest.fixture
def game(tmp_path: Path) -> dict[str, Path]:
    """alice creates a race against bob; bob joins. Returns the files."""
    os.chdir(tmp_path)
    _identity_file(tmp_path, "alice")
    bob_id = _identity_file(tmp_path, "bob")
    _, out = pbem("--as", "alice", "new", "tiny-race", "--opponent", bob_id, "-o", "g0.pbem.yaml")
    assert "Send it to bob" in out
    _, out = pbem("--as", "bob", "join", "g0.pbem.yaml", "-o", "g1.pbem.yaml")
    assert "Send it to alice" in out
    return {"g0": tmp_path / "g0.pbem.yaml", "g1": tmp_path / "g1.pbem.yaml"}


def _actions(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_keygen_refuses_overwrite() -> None:
    pbem("keygen", "carol")
    code, out = pbem("keygen", "carol", ok=False)
    assert code == 7 and "exists already" in out


def test_whoami_prints_record() -> None:
    pbem("keygen", "dave")
    _, out = pbem("whoami")
    assert out.startswith("pbem-id dave ssh-ed25519 ")


def test_key_option_with_passphrase(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pbem.signing import PrivateKey

    key = PrivateKey.generate()
    path = tmp_path / "id_ed25519"
    path.write_bytes(key.to_openssh(b"secret words"))
    monkeypatch.setenv("PBEM_PASSPHRASE", "secret words")
    _, out = pbem("whoami", "--key", path)
    assert key.public.line in out
    monkeypatch.setenv("PBEM_PASSPHRASE", "wrong")
    code, out = pbem("whoami", "--key", path, ok=False)
    assert code == 7 and "wrong passphrase" in out


def test_play_a_race_to_the_end(game: dict[str, Path], tmp_path: Path) -> None:
    """Two players script a whole witnessed game: apply, witness, drafts, dry runs."""
    current = game["g1"]
    empty = _actions(tmp_path, "empty.yaml", "[]\n")
    drafts = 0
    for turn in range(120):
        _, shown = pbem("show", current, "--json")
        data = json.loads(shown)
        if data["due"] is None:
            break
        role = data["due"]["role"]
        name = next(p["name"] for p in data["players"] if p["role"] == role)
        out_file = tmp_path / f"s{turn}.pbem.yaml"
        if data["due"]["step"] == "witness":
            pbem("--as", name, "witness", current, "-o", out_file)
            current = out_file
            continue
        _, dry = pbem("--as", name, "apply", current, empty, "--dry-run", "--json")
        prompt = json.loads(dry)["position"]["prompt"]
        verbs = [a["do"] for a in prompt["actions"]] if prompt else []
        text = "- do: roll\n" if "roll" in verbs else "- do: yield\n" if "yield" in verbs else ""
        actions = _actions(tmp_path, f"t{turn}.yaml", text or "[]\n")
        _, out = pbem("--as", name, "apply", current, actions, "-o", out_file)
        if out_file.exists():
            current = out_file
        else:
            assert "kept as a draft" in out
            drafts += 1
    _, verdict = pbem("verify", current)
    assert verdict.startswith("OK: tiny-race")
    assert "the game is over" in verdict
    _, story = pbem("log", current, "--all")
    assert "joins the game" in story and "wins the race" in story


def test_out_of_turn_and_review(game: dict[str, Path], tmp_path: Path) -> None:
    actions = _actions(tmp_path, "a.yaml", "- do: rest\n")
    code, out = pbem("--as", "bob", "apply", game["g1"], actions, ok=False)
    assert code == 6 and "addressed to alice" in out
    assert not list(tmp_path.glob("*0002*"))
    _, shown = pbem("--as", "bob", "show", game["g1"])
    assert "Next: alice" in shown


def _started(game: dict[str, Path], tmp_path: Path) -> Path:
    """alice starts the race (a roll request: who runs first) and bob answers it."""
    empty = _actions(tmp_path, "empty.yaml", "[]\n")
    _, out = pbem("--as", "alice", "apply", game["g1"], empty, "-o", tmp_path / "g2.pbem.yaml")
    assert "answer alice's request (who runs first)" in out
    _, out = pbem("--as", "bob", "witness", tmp_path / "g2.pbem.yaml", "-o",
                  tmp_path / "g3.pbem.yaml")
    assert "runs first" in out
    return tmp_path / "g3.pbem.yaml"


def test_illegal_action_names_reason_and_writes_nothing(game: dict[str, Path],
                                                        tmp_path: Path) -> None:
    started = _started(game, tmp_path)
    _, shown = pbem("show", started, "--json")
    due = json.loads(shown)["due"]["role"]
    actions = _actions(tmp_path, "bad.yaml", "- do: fly\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out = pbem("--as", {"red": "alice", "green": "bob"}[due], "apply",
                     started, actions, ok=False)
    assert code == 6
    assert "'fly' is not offered now" in out and "(R1)" in out and "nothing written" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize(("content", "code", "message"), [
    (b"", 3, "no signature block"),
    (b"\xff\xfe\x00garbage", 3, "no signature block"),
    (b"a: &x [1]\nsignature: |\n  x\n", 4, "SSH SIGNATURE"),
])
def test_bad_files(tmp_path: Path, content: bytes, code: int, message: str) -> None:
    path = tmp_path / "bad.pbem.yaml"
    path.write_bytes(content)
    got, out = pbem("verify", path, ok=False)
    assert got == code and message in out


def test_missing_file_and_folder(tmp_path: Path) -> None:
    code, out = pbem("verify", tmp_path / "nope.pbem.yaml", ok=False)
    assert code == 3 and "no such file" in out
    code, out = pbem("show", tmp_path, ok=False)
    assert code == 3 and "folder" in out


def test_malformed_actions_file(game: dict[str, Path], tmp_path: Path) -> None:
    actions = _actions(tmp_path, "x.yaml", "- do: [unclosed\n")
    code, out = pbem("--as", "alice", "apply", game["g1"], actions, ok=False)
    assert code == 3 and "x.yaml:2:1: malformed YAML" in out


def test_unknown_game() -> None:
    pbem("keygen", "erin")
    code, out = pbem("new", "chess", "--hotseat", ok=False)
    assert code == 2 and "unknown game 'chess'" in out


def test_tampered_save_is_refused_by_every_command(game: dict[str, Path]) -> None:
    raw = bytearray(game["g1"].read_bytes())
    raw[raw.index(b"sequence: 1")+10] = ord("2")
    game["g1"].write_bytes(bytes(raw))
    for command in (["verify"], ["show"], ["--as", "alice", "join"]):
        code, out = pbem(*command, game["g1"], ok=False)
        assert code == 4 and "signature does not match" in out


def test_hotseat_creates_and_joins(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    with freeze_time(FROZEN):
        _, out = pbem("new", "tiny-race", "--hotseat", "-o", "race")
    files = sorted((tmp_path / "race").glob("*.pbem.yaml"))
    assert len(files) == 2 and "Next: player-1" in out
    _, verdict = pbem("verify", files[-1])
    assert "2 saves re-checked" in verdict
    assert "2026-11-22T12:00:00Z" in files[0].read_text()


def test_apply_twice_on_same_save_would_fork(game: dict[str, Path], tmp_path: Path) -> None:
    empty = _actions(tmp_path, "e.yaml", "[]\n")
    pbem("--as", "alice", "apply", game["g1"], empty, "-o", tmp_path / "g2.pbem.yaml")
    code, out = pbem("--as", "alice", "apply", game["g1"], empty, "-o", tmp_path / "g2b.pbem.yaml",
                     ok=False)
    assert code == 6 and "fork" in out


def test_opponent_given_as_pasted_identity_line(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    _, out = pbem("keygen", "bob")
    line = out.strip().splitlines()[-1]
    pbem("keygen", "alice")
    _, out = pbem("--as", "alice", "new", "tiny-race", "--opponent", line, "-o", "g.pbem.yaml")
    assert "Send it to bob" in out


def test_log_all_finds_earlier_saves_under_any_name(game: dict[str, Path], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves renamed by hand or by a mail program are still found beside the last one
    (on a machine whose store has never seen them)."""
    renamed = tmp_path / "invitation from alice.pbem.yaml"
    game["g0"].rename(renamed)
    monkeypatch.setenv("PBEM_DATA_DIR", str(tmp_path / "elsewhere"))
    code, story = pbem("log", game["g1"], "--all")
    assert code == 0 and "--- save 0: alice" in story and "bob joins the game" in story


def test_an_opponent_file_that_does_not_exist_is_said_so(tmp_path: Path) -> None:
    """`--opponent carol.id` without such a file: 'no such file', not a key-format error."""
    os.chdir(tmp_path)
    pbem("keygen", "alice")
    code, err = pbem("new", "tiny-race", "--opponent", "carol.id", ok=False)
    assert code == 7 and "carol.id: no such file" in err
