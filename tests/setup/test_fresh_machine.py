"""What a new user meets first: the README's set-up, the lock file it installs, and the
check that names what the machine lacks before the tests start."""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.tui.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]


def _lock() -> dict[str, tuple[Version, list[str]]]:
    """requirements.lock: each package's pinned version and its hashes."""
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    pins: dict[str, tuple[Version, list[str]]] = {}
    for entry in re.split(r"\n(?=[A-Za-z0-9])", text):
        first = entry.split("\\", 1)[0].split(";", 1)[0].strip()
        if first.startswith("#") or "==" not in first:
            continue
        name, version = first.split("==")
        pins[canonicalize_name(name)] = (Version(version.strip()),
                                         re.findall(r"--hash=sha256:([0-9a-f]{64})", entry))
    return pins


def _wanted() -> list[Requirement]:
    """Every requirement pyproject.toml makes: the package's own and the tests'."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(r) for r in
            project["dependencies"] + project["optional-dependencies"]["test"]]


def test_the_lock_pins_every_requirement_within_what_pyproject_allows() -> None:
    """Each requirement of pyproject.toml is pinned to one release it allows, with the
    hashes pip checks; so are pip and setuptools, which the set-up installs too."""
    pins = _lock()
    for requirement in _wanted():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements.lock: run scripts/lock"
        version, hashes = pins[name]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"requirements.lock pins {name} {version}, outside {requirement.specifier}")
        assert hashes, f"{name} is pinned without a hash"
    for tool in ("pip", "setuptools"):
        assert tool in pins and pins[tool][1]
    assert all(hashes for _, hashes in pins.values())


def _system_needs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("system_needs",
                                                  ROOT / "scripts" / "system_needs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("system_needs", module)
    spec.loader.exec_module(module)
    return module


def test_the_system_check_names_each_missing_need_and_its_package(capsys) -> None:
    """A machine without a need is told which, and the Debian package that brings it; a
    machine with everything passes."""
    needs = _system_needs()
    assert needs.missing() == [], "this machine lacks what the README lists"
    fake = (needs.Need("a", "pkg-a", lambda: True), needs.Need("b", "pkg-b", lambda: False))
    assert [n.package for n in needs.missing(fake)] == ["pkg-b"]
    assert needs.main(fake) == 1
    said = capsys.readouterr().err.splitlines()
    assert said[0] == "missing: b; Debian package pkg-b"
    assert "apt-get install pkg-b" in said[1]
    for package in ("openssh-client", "tmux", "dovecot-imapd", "fonts-noto-cjk"):
        assert package in (ROOT / "README.md").read_text(encoding="utf-8")
        assert package in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _activate_line() -> str:
    """The README's line that puts pbem on the path of a new shell."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^(source \.venv/bin/activate)\b", readme, re.M)
    assert found, "the README no longer says how to put pbem on the path"
    return found.group(1)


def test_pbem_is_on_the_path_of_a_new_shell_after_the_readme_set_up(tmp_path: Path) -> None:
    """In a new shell at the top of the checkout, the README's activate line makes the
    README's own commands work as written (typed in tmux as a person would)."""
    line = _activate_line()
    venv = Path(sys.prefix)
    if venv != ROOT / ".venv":  # the suite runs in the other set-up (scripts/test --newest)
        line = line.replace(".venv", str(venv.relative_to(ROOT)))
    env = {"HOME": str(tmp_path), "PATH": "/usr/local/bin:/usr/bin:/bin",
           "TERM": "xterm-256color", "LANG": os.environ.get("LANG", "C.UTF-8")}
    terminal = Terminal(ROOT, env)
    try:
        terminal.type("command -v pbem || echo 'no pbem here'")
        terminal.wait_for(lambda s: "no pbem here" in s)
        terminal.type(line)
        terminal.type("command -v pbem; pbem whoami --help >/dev/null && echo works: $?")
        screen = terminal.wait_for(lambda s: "works: 0" in s)
        assert str(venv / "bin" / "pbem") in screen
    finally:
        terminal.close()
