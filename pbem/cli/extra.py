"""The terminal table's commands: ``pbem play``, ``pbem review`` and ``pbem demo``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pbem import identity, keeping, paths, savefile, session
from pbem.cli.common import AsName, KeyPath, guarded, say, warn
from pbem.cli.main import PLAY, app
from pbem.errors import PbemError, UsageError

Lang = Annotated[str, typer.Option(
    "--lang", metavar="LANG",
    help="Names and labels: en (English, with Chinese names) or zh (Chinese).")]
DEMO_PLAYERS = ("cao", "liu")
DEMO_KINGDOMS = {"blue": ["cao-cao", "liu-biao", "ma-teng"],
                 "white": ["liu-bei", "sun-wu", "yuan-shao"]}


def _lang(value: str) -> str:
    if value not in ("en", "zh"):
        raise UsageError("--lang is en or zh")
    return value


def _open(save_path: Path, **kwargs: Any) -> None:
    """Open the table; when it closes, say where the player's work is."""
    from tui.launch import run

    farewell = run(save_path, **kwargs)
    if farewell:
        say(farewell)


@app.command(rich_help_panel=PLAY,
             help="Open the terminal table on a save: compose your turn, or look at the "
                  "position when it is not yours to play.",
             epilog="Example: [bold]pbem play 7f3c2a91-0012-white.pbem.yaml[/bold]")
@guarded
def play(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE", help="The save you received.")],
    lang: Lang = "en",
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    _open(save_path, review=False, lang=_lang(lang), as_name=as_name, key=key)


@app.command(rich_help_panel=PLAY,
             help="Step through a game's history action by action, read-only.",
             epilog="Example: [bold]pbem review SAVE --lang zh[/bold]")
@guarded
def review(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE", help="The last save to show.")],
    earlier: Annotated[list[Path], typer.Argument(
        metavar="[EARLIER_SAVES]...", show_default=False,
        help="Earlier saves of the same game (also looked for beside SAVE).")
    ] = [],  # noqa: B006
    lang: Lang = "en",
) -> None:
    _open(save_path, review=True, lang=_lang(lang), earlier=list(earlier))


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
    cao, liu = (_identity(name) for name in DEMO_PLAYERS)
    first = session.new_game("dragons-tigers", cao, [liu.identity],
                             {"kingdoms": DEMO_KINGDOMS})
    return keeping.write_all([first, session.join(first, liu)], folder)


@app.command(rich_help_panel=PLAY,
             help="A hot-seat Dragons & Tigers game for two players on this machine, cao and "
                  "liu, opened in the terminal table. The demo keeps its players' keys and its "
                  "game in a folder of its own (in pbem's data folder), apart from your "
                  "identities and games. Run it again to carry on where you stopped.",
             epilog="Example: [bold]pbem demo[/bold]")
@guarded
def demo(
    folder: Annotated[Path | None, typer.Option(
        "--folder", metavar="FOLDER", show_default=False,
        help="Keep the demo game here instead of in the demo's own folder.")] = None,
    no_tui: Annotated[bool, typer.Option(
        "--no-tui", metavar="", help="Only make the game and print the save to open.")
    ] = False,
    lang: Lang = "en",
) -> None:
    home = paths.use_demo_folders()
    game = folder or home / "game"
    path = make_demo(game)
    players = f"its players' keys, {' and '.join(DEMO_PLAYERS)}, in {identity.key_dir()}"
    if no_tui:  # the save alone on standard output, for scripts
        warn(f"The demo keeps its game in {game} and {players}.")
        say(str(path))
        return
    _open(path, review=False, lang=_lang(lang),
          again="run pbem demo (or scripts/play) again to resume it.")
    say(f"The demo keeps its game in {game} and {players}, apart from yours. Run pbem demo "
        f"again to carry on where you stopped.")
