"""The terminal table's commands: ``pbem play``, ``pbem review`` and ``pbem demo``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem import identity, keeping, savefile, session
from pbem.cli.common import AsName, KeyPath, guarded, say
from pbem.cli.main import PLAY, app
from pbem.errors import PbemError, UsageError

Lang = Annotated[str, typer.Option("--lang", help="Names and labels: en (English with "
                                                  "Chinese names) or zh (Chinese).")]
DEMO_KINGDOMS = {"blue": ["cao-cao", "liu-biao", "ma-teng"],
                 "white": ["liu-bei", "sun-wu", "yuan-shao"]}


def _lang(value: str) -> str:
    if value not in ("en", "zh"):
        raise UsageError("--lang is en or zh")
    return value


@app.command(rich_help_panel=PLAY, epilog="Example: [bold]pbem play 7f3c2a91-0012-white.pbem.yaml"
                                          "[/bold]")
@guarded
def play(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE", help="The save you received.")],
    lang: Lang = "en",
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Open the terminal table on a save: compose your turn, or review it if it is not yours."""
    from tui.launch import run

    run(save_path, review=False, lang=_lang(lang), as_name=as_name, key=key)


@app.command(rich_help_panel=PLAY, epilog="Example: [bold]pbem review SAVE --lang zh[/bold]")
@guarded
def review(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE")],
    earlier: Annotated[list[Path], typer.Argument(metavar="[EARLIER_SAVES]...",
                                                  help="Earlier saves of the same game.")
    ] = [],  # noqa: B006
    lang: Lang = "en",
) -> None:
    """Step through a game's history action by action, read-only."""
    from tui.launch import run

    run(save_path, review=True, lang=_lang(lang), earlier=list(earlier))


def _identity(name: str) -> identity.LocalIdentity:
    try:
        return identity.load(name)
    except PbemError:
        return identity.keygen(name)


def latest_save(folder: Path) -> Path | None:
    """The save with the highest sequence number in ``folder``."""
    best: tuple[int, Path] | None = None
    for path in sorted(folder.glob(f"*{savefile.SUFFIX}")):
        try:
            save = savefile.read(path)
        except PbemError:
            continue
        if best is None or save.sequence > best[0]:
            best = (save.sequence, path)
    return best[1] if best else None


def make_demo(folder: Path) -> Path:
    """A hot-seat demo game for the local identities cao and liu; the path to open."""
    if folder.is_dir():
        found = latest_save(folder)
        if found is not None:
            return found
    cao, liu = _identity("cao"), _identity("liu")
    first = session.new_game("dragons-tigers", cao, [liu.identity],
                             {"kingdoms": DEMO_KINGDOMS})
    return keeping.write_all([first, session.join(first, liu)], folder)


@app.command(rich_help_panel=PLAY, epilog="Example: [bold]pbem demo[/bold]")
@guarded
def demo(
    folder: Annotated[Path, typer.Option("--folder", help="Where the demo game lives.")
    ] = Path("pbem-demo"),
    no_tui: Annotated[bool, typer.Option("--no-tui", help="Only make the game and print "
                                                          "the save to open.")] = False,
    lang: Lang = "en",
) -> None:
    """A hot-seat Dragons & Tigers game for two local players (cao and liu), opened in the
    terminal table; run it again to carry on where you stopped."""
    path = make_demo(folder)
    if no_tui:
        say(str(path))
        return
    from tui.launch import run

    run(path, review=False, lang=_lang(lang))
