"""Several identities on one machine: hot-seat games say which they make, and whoami, new
and join choose without --as when the choice is clear."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem import identity
from pbem.cli.main import _register_extras
from pbem.cli.main import app as cli

_register_extras()
runner = CliRunner()


def pbem(*args: object, code: int = 0) -> tuple[str, str]:
    """Run pbem and require exit ``code``; return stdout and stderr."""
    result = runner.invoke(cli, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == code, result.output
    if code:
        assert result.stderr.count("\n") == 1, result.stderr
    return result.stdout, result.stderr


def record_name(line: str) -> str:
    parts = line.split()
    assert parts[0] == "pbem-id", line
    return parts[1]


def test_a_hotseat_game_says_which_identities_it_makes_and_where(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    pbem("keygen", "ann")
    out, _ = pbem("new", "tiny-race-3", "--hotseat", "--player", "ann", "--player", "ben",
                  "--player", "cy", "-o", "game")
    line = next(x for x in out.splitlines() if x.startswith("Identities:"))
    assert line == f"Identities: made ben, cy; using ann (keys in {identity.key_dir()})."
    assert [identity.is_hotseat(n) for n in ("ann", "ben", "cy")] == [False, True, True]
    assert (identity.key_dir() / "ben").is_file()


def test_whoami_and_new_take_the_only_identity_not_made_for_a_hotseat_game(
        tmp_path: Path) -> None:
    os.chdir(tmp_path)
    pbem("new", "tiny-race", "--hotseat", "-o", "hotseat")        # player-1, player-2
    pbem("keygen", "alice")
    out, err = pbem("whoami")
    assert record_name(out) == "alice"
    assert "acting as alice" in err and "player-1, player-2" in err and "--as" in err
    bob = tmp_path / "bob.id"
    bob.write_text(pbem("whoami", "--as", "player-2")[0])
    out, _ = pbem("new", "tiny-race", "--opponent", bob, "-o", "g0.pbem.yaml")
    assert "Send it to player-2" in out
    out, _ = pbem("show", "g0.pbem.yaml", "--json")
    assert '"name": "alice"' in out


def test_several_own_identities_are_ambiguous_and_the_message_lists_them(
        tmp_path: Path) -> None:
    os.chdir(tmp_path)
    pbem("keygen", "alice")
    pbem("keygen", "bob")
    _, err = pbem("whoami", code=7)
    assert "several identities (alice, bob)" in err and "--as NAME" in err
    opponent = tmp_path / "bob.id"
    opponent.write_text(pbem("whoami", "--as", "bob")[0])
    _, err = pbem("new", "tiny-race", "--opponent", opponent, code=7)
    assert "several identities (alice, bob)" in err
    assert not list(tmp_path.glob("*.pbem.yaml")), "nothing is written"


def test_the_default_identity_of_the_settings_is_chosen(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    pbem("keygen", "alice")
    pbem("keygen", "bob")
    pbem("config", "me", "bob@example.org", "--identity", "bob")
    out, err = pbem("whoami")
    assert record_name(out) == "bob" and "the default identity" in err


def test_join_takes_the_identity_the_save_invites(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    pbem("keygen", "alice")
    pbem("keygen", "bob")
    pbem("keygen", "carol")
    opponent = tmp_path / "bob.id"
    opponent.write_text(pbem("whoami", "--as", "bob")[0])
    pbem("new", "tiny-race", "--opponent", opponent, "--as", "alice", "-o", "g0.pbem.yaml")
    out, _ = pbem("join", "g0.pbem.yaml", "-o", "g1.pbem.yaml")
    assert "Send it to alice" in out and (tmp_path / "g1.pbem.yaml").is_file()


def test_join_without_the_invited_key_here_still_asks_for_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save addressed to a key kept on another machine: the usual choice, and its
    refusal when it is ambiguous."""
    os.chdir(tmp_path)
    monkeypatch.setenv("PBEM_CONFIG_DIR", str(tmp_path / "dans-machine"))
    opponent = tmp_path / "dan.id"
    pbem("keygen", "dan")
    opponent.write_text(pbem("whoami")[0])
    monkeypatch.setenv("PBEM_CONFIG_DIR", str(tmp_path / "here"))
    pbem("keygen", "alice")
    pbem("new", "tiny-race", "--opponent", opponent, "-o", "g0.pbem.yaml")
    pbem("keygen", "erin")
    _, err = pbem("join", "g0.pbem.yaml", "-o", "g1.pbem.yaml", code=7)
    assert "several identities (alice, erin)" in err
    assert not (tmp_path / "g1.pbem.yaml").exists()


def test_the_demo_says_who_its_players_are_and_where_their_keys_live(
        isolated_home: Path) -> None:
    out, err = pbem("demo", "--no-tui")
    assert Path(out.strip()).is_file(), "standard output is the save alone"
    keys = isolated_home / "data" / "demo" / "config" / "keys"
    assert f"its players' keys, cao and liu, in {keys}" in err


def test_a_key_made_again_by_hand_is_your_own(tmp_path: Path) -> None:
    """A hot-seat key deleted and made again with keygen is no longer marked hot-seat."""
    os.chdir(tmp_path)
    pbem("new", "tiny-race", "--hotseat", "-o", "hotseat")
    for name in ("player-1", "player-1.pub"):
        (identity.key_dir() / name).unlink()
    pbem("keygen", "player-1")
    assert not identity.is_hotseat("player-1") and identity.is_hotseat("player-2")
    out, _ = pbem("whoami")
    assert record_name(out) == "player-1"


def test_a_hotseat_game_refused_makes_no_key(tmp_path: Path) -> None:
    """Bad input: one line, and neither a game nor a key written."""
    os.chdir(tmp_path)
    out, err = pbem("new", "tiny-race", "--hotseat", "--option", "target=1", "-o", "race",
                    code=2)
    assert "target must be" in err and out == ""
    assert identity.local_names() == [] and not (tmp_path / "race").exists()
