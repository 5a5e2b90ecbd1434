"""Helpers shared by the commands: options, identity choice, printing, error handling."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import traceback
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from pbem import config, identity, safe_text, strict_yaml
from pbem.errors import FormatError, PbemError

F = TypeVar("F", bound=Callable[..., Any])

AsName = Annotated[str | None, typer.Option(
    "--as", metavar="NAME", help="Act as this local identity (a name made with pbem keygen).")]
KeyPath = Annotated[str | None, typer.Option(
    "--key", metavar="FILE", help="Use this OpenSSH Ed25519 private key file, e.g. "
                                  "~/.ssh/id_ed25519.")]

_GLOBAL: dict[str, str | None] = {"as": None, "key": None}


def set_global_identity(name: str | None, key: str | None) -> None:
    _GLOBAL["as"], _GLOBAL["key"] = name, key


def me(name: str | None, key: str | None, tell: bool = False) -> identity.LocalIdentity:
    """The identity to act as: command options first, then the global ones, then the one
    :func:`pbem.identity.choose` picks (``tell``: say so when others were passed over)."""
    name, key = name or _GLOBAL["as"], key or _GLOBAL["key"]
    if name or key:
        return identity.load(name, key)
    chosen, note = identity.choose(configured_identity())
    if note and tell:
        warn(f"pbem: {note}")
    return identity.load(chosen)


def configured_identity() -> str | None:
    """The identity named in the settings (``pbem config me --identity``), if readable."""
    try:
        return config.load().identity
    except PbemError:
        return None


def explicit_identity(name: str | None, key: str | None) -> bool:
    """True when the user named an identity (--as or --key, here or globally)."""
    return bool(name or key or _GLOBAL["as"] or _GLOBAL["key"])


def maybe_me(name: str | None, key: str | None) -> identity.LocalIdentity | None:
    """Like :func:`me`, but ``None`` when no identity is set up (reviewing only)."""
    try:
        return me(name, key)
    except PbemError:
        if name or key or _GLOBAL["as"] or _GLOBAL["key"]:
            raise
        return None


def say(text: str = "") -> None:
    """Print a line for people; control characters from saves are shown, not obeyed."""
    typer.echo(safe_text.for_terminal(text))


def warn(text: str) -> None:
    typer.echo(safe_text.for_terminal(text), err=True)


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 save``, ``2 saves``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def _quiet_stdout() -> None:
    """After a closed pipe (``pbem show SAVE | head``): drop further output silently."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False))


def read_yaml_file(path: Path, what: str) -> Any:
    """Read a small YAML input file (actions, scenario) strictly."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FormatError("no such file", str(path)) from None
    except OSError as exc:
        raise FormatError(f"cannot read {what}: {exc.strerror}", str(path)) from None
    if len(data) > 1024 * 1024:
        raise FormatError(f"{what} file is larger than 1 MiB", str(path))
    return strict_yaml.load(data, str(path))


def guarded(func: F) -> F:
    """Turn PbemError into a one-line message and its exit code; never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PbemError as exc:
            warn(f"pbem: {exc.kind}: {exc.line()}")
            raise typer.Exit(exc.exit_code) from None
        except BrokenPipeError:
            _quiet_stdout()
            raise typer.Exit(0) from None
        except KeyboardInterrupt:
            typer.echo("pbem: interrupted; nothing was written", err=True)
            raise typer.Exit(130) from None
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except Exception as exc:  # a bug: still one line, the details on request
            if os.environ.get("PBEM_DEBUG"):
                traceback.print_exc()
            warn(f"pbem: internal error: {type(exc).__name__}: {str(exc)[:200]} "
                 f"(set PBEM_DEBUG=1 for details)")
            raise typer.Exit(70) from None

    return wrapper  # type: ignore[return-value]


def stdout_is_tty() -> bool:
    return sys.stdout.isatty()
