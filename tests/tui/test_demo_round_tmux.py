"""A new player's evening, in a real terminal and by keyboard alone: the demo's whole first
round (both players at one keyboard, every hand-over), then the README's commands.

The demo's two players get the sample keys of saves/golden/keys and the game a fixed id and
fixed salts, so the dice (and the round) are the same on every run; everything else is typed."""

from __future__ import annotations

import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pbem import identity, keeping, session
from pbem.cli.extra import DEMO_KINGDOMS
from tests.tui.terminal import Terminal
from tests.tui.test_first_run import readme_commands

ROOT = Path(__file__).resolve().parents[2]
KEYS = ROOT / "saves" / "golden" / "keys"
GAME_ID = "5" * 32
PBEM = f"{sys.executable} -c 'from pbem.cli.main import run; run()'"
# Offers that close a step, taken whenever they are offered (the round moves on).
CLOSERS = ("End diplomacy", "End the levy", "End movement", "End the turn", "Make no check",
           "No rebellion", "Accept the failure", "Keep the main kingdom", "Fight another")
ACTION = re.compile(r"^\W*?(\d+)\. (.*)$")


def offered(screen: str) -> list[tuple[int, str]]:
    """The numbered offers visible in the actions pane, with their first line."""
    lines = screen.splitlines()
    rule = next((i for i, line in enumerate(lines) if line.startswith("────")), None)
    found = []
    for line in lines[(rule or 0) + 1:-1]:
        left = line.split("│", 1)[0]
        match = ACTION.match(left.strip().lstrip("▊").strip())
        if match:
            found.append((int(match.group(1)), match.group(2).strip()))
    return found


def status(screen: str) -> str:
    lines = screen.splitlines()
    return lines[1] if len(lines) > 1 else ""


@dataclass
class Evening:
    """What happened while the round was played."""

    turns: list[str] = field(default_factory=list)
    hand_overs: int = 0
    levies: int = 0
    steps: int = 0


def setup_demo(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The demo's folders as ``pbem demo`` makes them, with sample keys and a fixed id."""
    demo = home / ".local" / "share" / "pbem" / "demo"
    keys = demo / "config" / "keys"
    keys.mkdir(parents=True)
    for role, name in (("blue", "cao"), ("white", "liu")):
        shutil.copy(KEYS / role, keys / name)
        os.chmod(keys / name, 0o600)
        line = (KEYS / f"{role}.pub").read_text(encoding="utf-8").split()
        (keys / f"{name}.pub").write_text(f"{line[0]} {line[1]} {name}\n", encoding="utf-8")
    monkeypatch.setenv("PBEM_CONFIG_DIR", str(demo / "config"))
    monkeypatch.setenv("PBEM_DATA_DIR", str(demo / "data"))
    cao, liu = identity.load("cao"), identity.load("liu")
    first = session.new_game("dragons-tigers", cao, [liu.identity], {"kingdoms": DEMO_KINGDOMS},
                             game_id=GAME_ID, salt="2" * 32)
    return keeping.write_all([first, session.join(first, liu, "3" * 32)], demo / "game")


def play_one(term: Terminal, evening: Evening, levied: set[str]) -> str:
    """Look at the screen and press what a careful new player would; return the screen."""
    screen = term.steady()
    assert "Traceback" not in screen, screen
    evening.steps += 1
    if "Finish the turn?" in screen or "A turn was being composed" in screen:
        term.press("Enter")                                  # write and sign / resume
    elif "Hand over" in screen:
        assert "Pass the keyboard to" in screen, screen
        evening.hand_overs += 1
        term.press("Enter")
    elif "Do it" in screen:                                  # an action's details: defaults
        term.press("Enter")
        after = term.steady()
        if "Do it" in after:                                 # more fields: the last one
            term.press("C-s")
    else:
        offers = offered(screen)
        assert offers or "Waiting for" in screen, screen
        if not offers:
            term.press("f")
            return screen
        turn = status(screen)
        levy = next((n for n, text in offers if text.startswith("Levy armies in")), None)
        if levy is not None and turn not in levied:
            levied.add(turn)
            evening.levies += 1
            term.press(*str(levy))
            return screen
        term.press("End")                                     # the last offer into view
        offers = offered(term.steady())
        if not offers:                                       # a dialog came up meanwhile
            return screen
        closer = next((n for n, text in offers if text.startswith(CLOSERS)), None)
        number = closer if closer is not None else offers[0][0]
        digits = str(number)
        if closer is None and len(offers) >= 10 and number * 10 <= max(n for n, _ in offers):
            term.press(*digits, "Enter")
        else:
            term.press(*digits)
    return screen


@pytest.mark.slow
def test_a_round_of_the_demo_then_the_readme(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    first = setup_demo(home, monkeypatch)
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT),
           "XDG_DATA_HOME": str(home / ".local" / "share"),
           "XDG_CONFIG_HOME": str(home / ".config")}
    work = tmp_path / "work"
    work.mkdir()
    term = Terminal(work, env)
    evening = Evening()
    try:
        term.type(f"pbem() {{ {PBEM} \"$@\"; }}; clear")
        term.type("pbem demo")
        screen = term.wait_for(lambda s: "Round 1/8" in s and "Playing:" in s, 60)
        assert "Playing: cao" in screen and "OK" in screen.splitlines()[0]
        levied: set[str] = set()
        seen = ""
        while "Round 2/8" not in seen:
            seen = play_one(term, evening, levied)
            line = status(seen)
            if line.startswith(" Round 1/8") and "Turn " in line:
                turn = line.split("·")[1].strip()
                if not evening.turns or evening.turns[-1] != turn:
                    evening.turns.append(turn)
                    # after each turn: the verdict and whose move it is
                    assert seen.splitlines()[0].lstrip().startswith("✔ OK"), seen
                    assert re.search(r"Playing: (cao|liu) \(", line), line
            assert evening.steps < 400, "the round never ended"
        assert len(evening.turns) >= 5, evening.turns
        assert evening.hand_overs >= 2 and evening.levies >= 2
        for _ in range(3):  # the last key pressed may have opened a dialog: close it
            if "Do it" not in term.steady():
                break
            term.press("Escape")
        term.press("q")
        out = term.wait_for(lambda s: "The demo keeps its game in" in s, 30)
        assert "Traceback" not in out
        assert not (work / "pbem-demo").exists() and sorted(work.iterdir()) == []
        assert sorted(p.name for p in (home / ".local/share/pbem/demo/game").iterdir()
                      if p.name.endswith(".pbem.yaml"))[-1] > first.name

        # the README's five commands, typed as written; bob on a machine of his own
        term.type(f"onbob() {{ PBEM_CONFIG_DIR={tmp_path}/bob/config "
                  f"PBEM_DATA_DIR={tmp_path}/bob/data \"$@\"; }}; clear")
        term.type("onbob pbem keygen bob && onbob pbem whoami > bob.id; echo rc=$?")
        term.wait_for(lambda s: "rc=0" in s, 30)
        game_id = ""
        for index, words in enumerate(readme_commands()):
            line = " ".join(words).replace("7f3c2a91", game_id or "7f3c2a91")
            if words[1] == "join":
                line = "onbob " + line
            done = re.compile(rf"^rc=(\d+) #{index}$", re.M)  # this command's own end
            term.type(f"clear; {line}; echo \"rc=$? #{index}\"")
            if words[1] == "play":
                table = term.wait_for(lambda s: "Playing: alice" in s, 60)
                assert "Traceback" not in table and "several identities" not in table
                if "Sign the roll request?" in term.steady():  # the opening's dice: later
                    term.press("Escape")
                term.press("q")
                out = term.wait_for(lambda s, done=done: bool(done.search(s)), 30)
                assert done.search(out)[1] == "0" and "Traceback" not in out, out
                continue
            out = term.wait_for(lambda s, done=done: bool(done.search(s)), 30)
            assert done.search(out)[1] == "0" and "Traceback" not in out, out
            found = re.search(r"([0-9a-f]{8})-0000-blue\.pbem\.yaml", out)
            if found and not game_id:
                game_id = found.group(1)
        assert game_id
    finally:
        term.close()
