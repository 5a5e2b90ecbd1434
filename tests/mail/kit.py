"""Helpers of the mail tests: players with homes of their own, running pbem as them."""

from __future__ import annotations

import contextlib
import functools
import re
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer.main
from typer.testing import CliRunner

import pbem.cli.mail  # noqa: F401  (registers the mail commands)
from pbem.cli.main import app
from pbem.games.chronicles import dataset as chronicles_data
from pbem.games.three_kingdoms_card_game import dataset as card_data
from pbem.games.three_kingdoms_redux import dataset
from tests.mail.servers import Certificate, DovecotServer, SmtpServer

runner = CliRunner()


@dataclass
class Outcome:
    code: int
    out: str
    err: str


@functools.cache
def _command() -> Any:
    """pbem's command line as Click runs it, built once: building it from the Typer app
    (as ``CliRunner.invoke`` does at every call) takes longer than many commands."""
    return typer.main.get_command(app)


@contextlib.contextmanager
def _new_process() -> Iterator[None]:
    """No data set of a game in memory, as in a new pbem process: a command must find the
    one its game uses in its own home (the test's own are back afterwards)."""
    registries = (dataset._REGISTRY, card_data._REGISTRY, chronicles_data._REGISTRY)
    saved = [dict(registry) for registry in registries]
    for registry in registries:
        registry.clear()
    try:
        yield
    finally:
        for registry, kept in zip(registries, saved, strict=True):
            registry.clear()
            registry.update(kept)


def _invoke(args: list[str], env: dict[str, str], stdin: str | None
            ) -> tuple[int, BaseException | None, str, str, str]:
    """Run pbem in this process as ``CliRunner.invoke`` does, with the command built once
    and nothing in memory from earlier commands (:func:`_new_process`): (exit code,
    exception, stdout, stderr, both interleaved)."""
    code, exception = 0, None
    with _new_process(), runner.isolation(input=stdin, env=env) as (out, err, both):
        try:
            _command().main(args=args, prog_name="pbem")
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            exception = exc if code else None
        except Exception as exc:
            code, exception = 1, exc
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        texts = [stream.getvalue().decode("utf-8", "replace").replace("\r\n", "\n")
                 for stream in (out, err, both)]
    return code, exception, texts[0], texts[1], texts[2]


def cli(env: dict[str, str], *args: Any, ok: bool | None = True,
        stdin: str | None = None) -> Outcome:
    """Run pbem with ``env``; a failure must be one line on stderr, never a traceback.
    ``ok``: it must succeed (True), fail (False), or may do either (None)."""
    code, exception, stdout, stderr, output = _invoke([str(a) for a in args], env, stdin)
    assert "Traceback" not in output, output
    assert exception is None or isinstance(exception, SystemExit), repr(exception)
    if ok:
        assert code == 0, output
    elif ok is None and code == 0:
        pass
    else:
        assert code != 0, output
        problems = [ln for ln in stderr.splitlines()
                    if not ln.startswith(("Fetching ", "  "))]  # the progress lines
        assert len(problems) == 1 and stderr.endswith("\n"), stderr
    return Outcome(code, stdout, stderr)


@dataclass
class Player:
    """A player with a config and data folder of their own, as on their own computer."""

    name: str
    home: Path
    env: dict[str, str] = field(default_factory=dict)
    id_line: str = ""

    @property
    def address(self) -> str:
        return f"{self.name}@pbem.test"

    @property
    def config_dir(self) -> Path:
        return self.home / "config"

    @property
    def data_dir(self) -> Path:
        return self.home / "data"

    def run(self, *args: Any, ok: bool | None = True, stdin: str | None = None) -> Outcome:
        return cli(self.env, *args, ok=ok, stdin=stdin)


def make_player(root: Path, name: str) -> Player:
    home = root / name
    player = Player(name, home)
    player.env = {"PBEM_CONFIG_DIR": str(home / "config"), "PBEM_DATA_DIR": str(home / "data")}
    out = player.run("keygen", name).out
    player.id_line = out.strip().splitlines()[-1]
    player.run("config", "me", player.address, "--name", name.capitalize(), "--identity", name)
    return player


def clone(player: Player, root: Path) -> Player:
    """The same player with a copy of their home under ``root`` (fixtures made once)."""
    home = root / player.name
    shutil.copytree(player.home, home, symlinks=True)
    env = {**player.env, "PBEM_CONFIG_DIR": str(home / "config"),
           "PBEM_DATA_DIR": str(home / "data")}
    return Player(player.name, home, env, player.id_line)


def connect_smtp(player: Player, smtp: SmtpServer, cert: Certificate, password: str) -> None:
    player.run("config", "smtp", "127.0.0.1", "--port", smtp.port, "--security", smtp.security,
               "--ca-file", cert.cert)
    player.env["PBEM_SMTP_PASSWORD"] = password


def connect_imap(player: Player, dovecot: DovecotServer, security: str = "ssl") -> None:
    port = dovecot.imaps_port if security == "ssl" else dovecot.imap_port
    player.run("config", "imap", "127.0.0.1", "--port", port, "--security", security,
               "--user", player.name, "--ca-file", dovecot.cert.cert)
    player.env["PBEM_IMAP_PASSWORD"] = dovecot.users[player.name]


def introduce(a: Player, b: Player) -> None:
    """Each puts the other into their address book from their identity line."""
    a.run("config", "opponent", b.id_line, b.address)
    b.run("config", "opponent", a.id_line, a.address)


def homes(names: list[str], root: Path, cert: Certificate, smtp: SmtpServer,
          dovecot: DovecotServer, imap: str | None = None) -> dict[str, Player]:
    """Players with a home, SMTP and IMAP of their own, who all know each other; IMAP
    over ``imap`` ("ssl" or "starttls"), or by turns over one and the other."""
    smtp.imap = dovecot  # what the SMTP server accepts lands in the IMAP INBOX
    players = {name: make_player(root, name) for name in names}
    for index, name in enumerate(names):
        for other in names[index + 1:]:
            introduce(players[name], players[other])
        connect_smtp(players[name], smtp, cert, smtp.users[players[name].address])
        connect_imap(players[name], dovecot,
                     imap or ("ssl" if index % 2 == 0 else "starttls"))
    return players


def wrote(out: str) -> Path:
    """The path a command said it wrote."""
    match = re.search(r"Wrote (\S+?)[.:]?(\s|$)", out)
    assert match, out
    return Path(match.group(1))


def your_move(out: str) -> tuple[str, Path]:
    """The command and save path that ``pbem inbox`` says await this player."""
    match = re.search(r"->  pbem (play|join) (\S+)", out)
    assert match, out
    return match.group(1), Path(match.group(2))
