"""A development figure (for ``scripts/bench``): how long a witnessed roll takes by mail.

:func:`witness_round_trip_ms` starts a throwaway Dovecot IMAP server and an SMTP server on
127.0.0.1 (the mail tests' own, from ``tests/mail/servers.py``), gives alice and bob (and
carol, for three players) a home each, and runs ``pbem watch`` for each, in a process of
its own, waiting with IMAP IDLE. They play Dragons & Tigers with witnessed dice; each
mover's turn is applied (``pbem apply``) when their watcher says it is their move, and
mailed (``pbem send``). For every roll request, the time is taken from the moment the
request is written to the moment the mover's watcher has filed the answer that makes the
rolls: the request is mailed, the other watchers hear of it (IDLE), file it, answer it
and mail the answers (with three players side by side, each to every player), and the
mover's watcher hears of the last and files it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent.parent
KINGDOMS = {2: "kingdoms=cao-cao,liu-bei,sun-wu,yuan-shao,gongsun-zan,yuan-shu",
            3: "kingdoms=cao-cao,liu-bei,sun-wu,yuan-shao,gongsun-zan,yuan-shu,liu-zhang,"
               "liu-biao,ma-teng"}
PASSWORDS = {"alice": "alice-imap", "bob": "bob-imap", "carol": "carol-imap"}
WAIT = 60.0


@dataclass
class _Watcher:
    """``pbem watch`` in its own process; each line it prints, with the time it came."""

    process: subprocess.Popen[str]
    lines: list[tuple[float, str]] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)

    def read(self, stream: IO[str]) -> None:
        for line in stream:
            with self.changed:
                self.lines.append((time.perf_counter(), line.rstrip("\n")))
                self.changed.notify_all()

    def wait_for(self, pattern: str, after: int) -> tuple[int, float, re.Match[str]]:
        """The first line from index ``after`` on that matches: (index, time, match)."""
        found = re.compile(pattern)
        deadline = time.monotonic() + WAIT
        with self.changed:
            while True:
                for index in range(after, len(self.lines)):
                    moment, line = self.lines[index]
                    if match := found.search(line):
                        return index, moment, match
                if time.monotonic() > deadline or self.process.poll() is not None:
                    text = "\n".join(line for _, line in self.lines[-20:])
                    raise RuntimeError(f"pbem watch never said {pattern!r}:\n{text}")
                self.changed.wait(0.2)


@dataclass
class _Home:
    name: str
    env: dict[str, str]
    watcher: _Watcher | None = None
    cursor: int = 0


@contextlib.contextmanager
def _servers(names: list[str]) -> Iterator[tuple[Any, Any]]:
    sys.path.insert(0, str(ROOT))
    from tests.mail.servers import start_dovecot, start_smtp

    logging.getLogger("mail.log").setLevel(logging.ERROR)  # the test SMTP server's chatter
    users = {n: PASSWORDS[n] for n in names}
    dovecot = start_dovecot(users)
    smtp = start_smtp(dovecot.cert,
                      {f"{n}@pbem.test": p for n, p in users.items()}, "starttls", dovecot)
    try:
        yield dovecot, smtp
    finally:
        smtp.controller.stop()
        dovecot.stop()


def _pbem(home: _Home, *args: object) -> str:
    """A pbem command run here, as ``home``'s player (what the terminal table would do)."""
    from typer.testing import CliRunner

    import pbem.cli.mail  # noqa: F401  (the mail commands)
    from pbem.cli.main import app

    result = CliRunner().invoke(app, [str(a) for a in args], env=home.env)
    if result.exit_code != 0:
        raise RuntimeError(f"pbem {' '.join(map(str, args))} failed: {result.output}")
    return result.stdout


def _home(root: Path, name: str, dovecot: Any, smtp: Any) -> _Home:
    home = _Home(name, {"PBEM_CONFIG_DIR": str(root / name / "config"),
                        "PBEM_DATA_DIR": str(root / name / "data"),
                        "PBEM_IMAP_PASSWORD": PASSWORDS[name],
                        "PBEM_SMTP_PASSWORD": PASSWORDS[name]})
    _pbem(home, "keygen", name)
    _pbem(home, "config", "me", f"{name}@pbem.test", "--identity", name)
    _pbem(home, "config", "smtp", "127.0.0.1", "--port", smtp.port, "--security", "starttls",
          "--ca-file", dovecot.cert.cert)
    _pbem(home, "config", "imap", "127.0.0.1", "--port", dovecot.imaps_port, "--security",
          "ssl", "--user", name, "--ca-file", dovecot.cert.cert)
    return home




def _acquainted(root: Path, names: list[str], dovecot: Any, smtp: Any
                ) -> tuple[dict[str, _Home], list[object]]:
    """A home for each of ``names``, every one knowing the others; and the ``--opponent``
    arguments with which the first invites the rest."""
    homes = {n: _home(root, n, dovecot, smtp) for n in names}
    lines = {n: _pbem(h, "whoami").strip().splitlines()[-1] for n, h in homes.items()}
    for name, home in homes.items():
        for other in names:
            if other != name:
                _pbem(home, "config", "opponent", lines[other], f"{other}@pbem.test")
    opponents: list[object] = []
    for other in names[1:]:
        (root / f"{other}.id").write_text(lines[other] + "\n")
        opponents += ["--opponent", root / f"{other}.id"]
    return homes, opponents

def _watch(home: _Home) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBEM_", "PYTHON"))}
    env.update(home.env, PYTHONUNBUFFERED="1", PYTHONDONTWRITEBYTECODE="1")
    process = subprocess.Popen([sys.executable, "-m", "pbem", "watch", "--no-notify"],
                               cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    home.watcher = _Watcher(process)
    assert process.stdout is not None
    threading.Thread(target=home.watcher.read, args=(process.stdout,), daemon=True).start()
    home.watcher.wait_for(r"^Watching ", 0)


def _stop(home: _Home) -> None:
    if home.watcher is not None and home.watcher.process.poll() is None:
        home.watcher.process.terminate()
        try:
            home.watcher.process.wait(20)
        except subprocess.TimeoutExpired:
            home.watcher.process.kill()


def _actions(path: Path, home: _Home) -> list[dict[str, Any]]:
    """What the mover does: end each step where the rules allow, else the first offer."""
    from pbem import identity, savefile, session

    with _as(home):
        me = identity.load(home.name)
        composer = session.Composer(savefile.read(path), me)  # (answers from the store)
    actions: list[dict[str, Any]] = []
    while composer.my_move():
        prompt = composer.prompt()
        assert prompt is not None
        ends = [spec for spec in prompt.actions if spec.verb.startswith("end")]
        spec = ends[0] if ends else prompt.actions[0]
        values = {p.name: (p.options[0].value if p.kind == "choice" else
                           [o.value for o in p.options[:max(1, p.minimum)]]
                           if p.kind == "choices" else p.minimum)
                  for p in spec.params if p.default is None}
        action = spec.complete(**values)
        composer.act(action)
        actions.append(action)
    return actions


@contextlib.contextmanager
def _as(home: _Home) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in home.env}
    os.environ.update(home.env)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def witness_round_trip_ms(samples: int = 6, players: int = 2) -> dict[str, float]:
    """Median and max milliseconds from writing a roll request to the mover's watcher
    having filed the answer that makes the rolls (``witness_round_trip_ms``, ``..._max``;
    with three players ``witness_round_trip_3p_ms``: every other player witnesses)."""
    from pbem import savefile, strict_yaml

    names = list(PASSWORDS)[:players]
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as tmp, \
            _servers(names) as (dovecot, smtp):
        root = Path(tmp)
        homes = {n: _home(root, n, dovecot, smtp) for n in names}
        lines = {n: _pbem(home, "whoami").strip().splitlines()[-1] for n, home in homes.items()}
        for name, home in homes.items():
            for other in names:
                if other != name:
                    _pbem(home, "config", "opponent", lines[other], f"{other}@pbem.test")
        alice = homes["alice"]
        try:
            for home in homes.values():
                _watch(home)
            opponents: list[object] = []
            for other in names[1:]:
                (root / f"{other}.id").write_text(lines[other] + "\n")
                opponents += ["--opponent", root / f"{other}.id"]
            first = root / "first.pbem.yaml"
            _pbem(alice, "new", "dragons-tigers", *opponents, "--option", KINGDOMS[players], "-o",
                  first)
            _pbem(alice, "send", first)
            move = r"^your move .* save (\d+): .*  ->  pbem (play|join) (\S+)$"
            while len(times) < samples:
                mover, found = _next_move(homes, move)
                path = Path(found.group(3))
                if found.group(2) == "join":
                    written = _wrote(_pbem(mover, "join", path))
                    _pbem(mover, "send", written)
                    continue
                actions = root / "turn.yaml"
                actions.write_text(strict_yaml.dump(_actions(path, mover)))
                written = _wrote(_pbem(mover, "apply", path, actions))
                start = time.perf_counter()
                _pbem(mover, "send", written)
                request = savefile.read(written)
                if request.pending is None:
                    continue
                assert mover.watcher is not None
                if players == 2:
                    _, moment, _ = mover.watcher.wait_for(
                        rf"^filed .* save {request.sequence + 1} from ", mover.cursor)
                else:  # answers side by side: the last of them to be filed
                    after = mover.cursor
                    for _ in range(players - 1):
                        after, moment, _ = mover.watcher.wait_for(
                            rf"^filed .*witness answer of \S+ to save {request.sequence} ",
                            after)
                        after += 1
                times.append((moment - start) * 1000)
        finally:
            for home in homes.values():
                _stop(home)
    name = "witness_round_trip_ms" if players == 2 else f"witness_round_trip_{players}p_ms"
    return {name: statistics.median(times), name.replace("_ms", "_max_ms"): max(times)}


def _wrote(out: str) -> Path:
    found = re.search(r"Wrote (\S+?)[.:]?(\s|$)", out)
    if found is None:
        raise RuntimeError(f"no save written: {out}")
    return Path(found.group(1))


def _next_move(homes: dict[str, _Home], pattern: str) -> tuple[_Home, re.Match[str]]:
    """The next "your move" line of either watcher."""
    deadline = time.monotonic() + WAIT
    found = re.compile(pattern)
    while time.monotonic() < deadline:
        for home in homes.values():
            watcher = home.watcher
            assert watcher is not None
            with watcher.changed:
                for index in range(home.cursor, len(watcher.lines)):
                    if match := found.search(watcher.lines[index][1]):
                        home.cursor = index + 1
                        return home, match
                watcher.changed.wait(0.02)
    raise RuntimeError("no watcher said whose move it is")


if __name__ == "__main__":
    for count in (2, 3):
        for name, value in witness_round_trip_ms(players=count).items():
            print(f"{name}: {value:.0f}")
