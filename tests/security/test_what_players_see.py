"""What pbem tells people: unverified saves say so, terminals are not fooled, table dice are
always disclosed, names and game ids cannot be used against a player."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import dsa

from pbem import dice, identity, savefile, session
from pbem.cli import common
from tests.security.kit import cli, players, race

ROOT = Path(__file__).resolve().parents[2]


def test_show_says_when_a_save_could_not_be_verified(tmp_path: Path) -> None:
    """A save signed by its writer but cut off from its chain is shown as NOT VERIFIED."""
    people = players("alice", "bob")
    saves = race(people)
    alone = tmp_path / "alone.pbem.yaml"
    alone.write_bytes(saves[5].raw)
    code, out, _ = cli("--as", "alice", "show", alone)
    assert code == 0 and "NOT VERIFIED" in out and "only the signature was checked" in out
    assert "Signed by" in out and "Written by" not in out


def test_control_characters_never_reach_the_terminal_raw(capsys) -> None:
    """Everything pbem prints shows escapes instead of obeying them (a fake green
    `OK: verified` line cannot be drawn)."""
    common.say("name\x1b[32mOK: verified\x1b[0m\u202e")
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "\\x1b[32mOK" in out and "\\u202e" in out


def test_a_closed_pipe_ends_quietly(tmp_path: Path, isolated_home: Path) -> None:
    """`pbem show SAVE | head -1`: no internal error, no traceback, exit 0."""
    people = players("alice", "bob")
    saves = race(people)
    path = tmp_path / "s.pbem.yaml"
    path.write_bytes(saves[5].raw)
    env = {**os.environ, "PBEM_CONFIG_DIR": str(isolated_home / "config"),
           "PBEM_DATA_DIR": str(isolated_home / "data")}
    script = ("import sys; sys.path.insert(0, sys.argv[1]); from pbem import games; "
              "from tests.tinygame import TinyRace; games.register('tiny-race', TinyRace); "
              "from pbem.cli.main import run; sys.argv = ['pbem', 'log', sys.argv[2]]; run()")
    shell = (f"{sys.executable} -c \"{script}\" {ROOT} {path} | head -c 10 > /dev/null; "
             "echo status=${PIPESTATUS[0]}")
    done = subprocess.run(["bash", "-c", shell], env=env, capture_output=True, text=True,
                          check=False)
    assert done.stderr == "" and "status=0" in done.stdout, done.stderr


def test_a_dsa_key_is_one_line_without_library_warnings(tmp_path: Path,
                                                       isolated_home: Path) -> None:
    """An old DSA key: refused in one line, and no deprecation warning on stderr."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        key = dsa.generate_private_key(1024)
        data = key.private_bytes(serialization.Encoding.PEM,
                                 serialization.PrivateFormat.OpenSSH,
                                 serialization.NoEncryption())
    path = tmp_path / "id_dsa"
    path.write_bytes(data)
    env = {**os.environ, "PBEM_CONFIG_DIR": str(isolated_home / "config"),
           "PBEM_DATA_DIR": str(isolated_home / "data")}
    done = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                           "from pbem.cli.main import run; sys.argv = ['pbem', 'whoami', "
                           "'--key', sys.argv[2]]; run()", str(ROOT), str(path)],
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 7
    assert done.stderr.count("\n") == 1 and "not Ed25519" in done.stderr, done.stderr


def test_table_dice_are_disclosed_everywhere(tmp_path: Path) -> None:
    """A game with typed-in dice says so in new, join, apply, show, verify and log."""
    os.chdir(tmp_path)
    bob = identity.keygen("bob")
    identity.keygen("alice")
    bob_line = bob.identity.record(bob.key)
    code, out, _ = cli("--as", "alice", "new", "tiny-race", "--opponent", bob_line,
                       "--dice", "table", "-o", "g0.pbem.yaml")
    assert code == 0 and "TABLE DICE" in out
    code, out, _ = cli("--as", "bob", "join", "g0.pbem.yaml", "-o", "g1.pbem.yaml")
    assert code == 0 and "TABLE DICE" in out
    for command in (["show"], ["verify"], ["log"]):
        code, out, _ = cli(*command, "g1.pbem.yaml")
        assert code == 0 and "TABLE DICE" in out, command
    assert "TABLE DICE" in (tmp_path / "g1.pbem.yaml").read_text().split("format:")[0]


def test_joining_under_another_local_name_works(tmp_path: Path) -> None:
    """bob's key is called robert on his machine: he joins as the bob he was invited as,
    and the creator's pbem accepts the join."""
    os.chdir(tmp_path)
    robert = identity.keygen("robert")
    identity.keygen("alice")
    invitation = tmp_path / "bob.pub"
    invitation.write_text(f"{robert.key.public.line} bob@home\n")
    code, _, _ = cli("--as", "alice", "new", "tiny-race", "--opponent", invitation,
                     "-o", "g0.pbem.yaml")
    assert code == 0
    code, out, err = cli("--as", "robert", "join", "g0.pbem.yaml", "-o", "g1.pbem.yaml")
    assert code == 0 and "you play as 'bob'" in err
    code, out, _ = cli("--as", "alice", "verify", "g1.pbem.yaml")
    assert code == 0 and out.startswith("OK")
    assert "bob joins the game" in (tmp_path / "g1.pbem.yaml").read_text()


def test_two_games_with_the_same_id_share_no_secret() -> None:
    """The creator reuses a game id: the joiner's seed share and dice chain differ, so
    links revealed in one game predict nothing in the other."""
    alice, bob = players("alice", "bob")
    games = []
    for _ in range(2):
        first = session.new_game("tiny-race", alice, [bob.identity], game_id="ab" * 16)
        games.append(session.join(first, bob))
    one, two = (g.doc["dice"] for g in games)
    assert one["shares"]["green"] != two["shares"]["green"]
    assert one["links"]["green"]["link"] != two["links"]["green"]["link"]
    tip_one = dice.chain_link(bob.key, session.anchor_of(games[0], "green"), "green", 0)
    assert tip_one == one["links"]["green"]["link"]


def test_a_save_whose_line_endings_changed_in_transit_still_verifies(tmp_path: Path) -> None:
    """Mail programs and editors turn LF into CRLF: that is not tampering. pbem reads the
    LF form, which the signature covers, and says so; it never writes a CR itself."""
    people = players("alice", "bob")
    saves = race(people)
    for save in saves[:6]:
        name = savefile.file_name(save.game_id, save.sequence, save.writer)
        (tmp_path / name).write_bytes(save.raw.replace(b"\n", b"\r\n"))
        assert b"\r" not in save.raw
    last = sorted(tmp_path.glob("*.pbem.yaml"))[-1]
    code, out, _ = cli("verify", last)
    assert code == 0 and "line endings were changed in transit" in out
    tampered = last.read_bytes().replace(b"sequence: 5", b"sequence: 4")
    last.write_bytes(tampered)
    code, _, err = cli("verify", last)
    assert code == 4 and "signature does not match" in err
