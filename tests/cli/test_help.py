"""Every command's help reads as plain words: values named by what they are (``SAVE``,
``FILE``), nothing beside a flag, descriptions wrapped by the terminal, not mid-sentence."""

from __future__ import annotations

import itertools
import re

import pytest
import typer
from typer.testing import CliRunner

from pbem.cli.helptext import unwrap
from pbem.cli.main import _register_extras
from pbem.cli.main import app as cli

_register_extras()
WIDTH = 160


def _commands() -> list[list[str]]:
    """Every command line that has a help screen: pbem, each command, each subcommand."""
    root = typer.main.get_command(cli)
    out: list[list[str]] = [[]]
    for name, command in sorted(root.commands.items()):  # type: ignore[attr-defined]
        out.append([name])
        out += [[name, sub] for sub in sorted(getattr(command, "commands", {}))]
    return out


COMMANDS = _commands()


def test_every_command_is_looked_at() -> None:
    names = {" ".join(c) for c in COMMANDS}
    assert {"", "new", "apply", "send", "inbox", "watch", "play", "config"} <= names
    assert any(len(c) == 2 for c in COMMANDS), "the config subcommands are missing"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "pbem")
def test_help_reads_well(command: list[str]) -> None:
    result = CliRunner().invoke(cli, [*command, "--help"], env={"COLUMNS": str(WIDTH)})
    assert result.exit_code == 0, result.output
    text = result.output
    assert not re.search(r"<(bool|str|path|int|float|list\[[^]]*\])>", text), text
    usage = text.split("Usage:", 1)[1].splitlines()[0]
    assert "{" not in usage, usage
    description = text.split("Usage:", 1)[1].split("╭", 1)[0].split("\n", 1)[1]
    paragraphs = [[line.strip() for line in block.splitlines() if line.strip()]
                  for block in re.split(r"\n\s*\n", description)]
    assert any(paragraphs)
    for lines in paragraphs:
        for first, second in itertools.pairwise(lines):
            # a line broken where the terminal did not need it: the next word would have fit
            assert len(first) + 1 + len(second.split(" ", 1)[0]) > WIDTH - 5, (first, second)


def test_unwrap_keeps_paragraphs_examples_and_lists() -> None:
    text = "One sentence\nbroken in two.\n\nExample:\n  pbem show SAVE\n- first\n- second"
    assert unwrap(text) == ("One sentence broken in two.\n\nExample:\n  pbem show SAVE\n"
                            "- first\n- second")
