"""Help screens in plain words for every command.

Typer shows a type beside each value (``<path>``, ``<bool>`` even beside a flag) and keeps
the line breaks of a docstring, so a description breaks mid-sentence. Commands made with
:class:`PbemTyper` name each value by its metavar alone (``SAVE``, ``FILE``), show nothing
beside a flag, and let the terminal wrap the text: a paragraph's line breaks become spaces,
while blank lines, indented lines (examples) and list items stay as written.
"""

from __future__ import annotations

import re
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

_BREAK_IN_PARAGRAPH = re.compile(r"(?<=\S)[ \t]*\n(?=[^\s\-*•])")


def unwrap(text: str | None) -> str | None:
    """``text`` with the line breaks inside its paragraphs made spaces."""
    return _BREAK_IN_PARAGRAPH.sub(" ", text) if text else text


_PLAIN_TYPES = {"bool": None, "path": "PATH", "int": "NUMBER", "float": "NUMBER",
                "str": "TEXT"}


def value_name(param: Any, typed: str | None) -> str | None:
    """What the help shows beside a parameter, given the type Typer would show
    (``<path>``...): nothing for an argument (its name says it) or a flag; else the
    metavar, or a plain word for the kind of value."""
    if not isinstance(param, TyperOption) or getattr(param, "is_flag", False):
        return None
    if param.metavar:
        return str(param.metavar)
    bare = (typed or "").strip("<>")
    if bare in _PLAIN_TYPES:
        return _PLAIN_TYPES[bare]
    return f"[{bare}]" if "|" in bare else bare.upper() or None


def _make_plain(param: Any) -> None:
    """Show ``param`` in plain words (once)."""
    if getattr(param, "_pbem_plain", False):
        return
    shown = value_name(param, param.display_type_rich(None))
    param.display_type_rich = lambda ctx, shown=shown: shown
    if getattr(param, "help", None):
        param.help = unwrap(param.help)
    if isinstance(param, TyperArgument):
        usage = str(param.display_name_raw) if param.required else f"[{param.display_name_raw}]"
        usage += "..." if param.nargs != 1 else ""
        param._usage_display_name = lambda usage=usage: usage
    param._pbem_plain = True


class _PlainHelp:
    """Plain help for a command or a group (see the module's docstring)."""

    help: str | None
    epilog: str | None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = unwrap(self.help)
        self.epilog = unwrap(self.epilog)

    def get_params(self, ctx: Any) -> Any:
        """Every parameter, those Typer adds late (help, completion) too, in plain words."""
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            _make_plain(param)
        return params


class PlainCommand(_PlainHelp, TyperCommand):
    """A command whose help is in plain words."""


class PlainGroup(_PlainHelp, TyperGroup):  # type: ignore[misc]
    """A group of commands (``pbem``, ``pbem config``) whose own help is in plain words."""


class PbemTyper(typer.Typer):
    """A Typer application whose commands and groups all have plain help."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("cls", PlainGroup)
        super().__init__(*args, **kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", PlainCommand)
        return super().command(*args, **kwargs)
