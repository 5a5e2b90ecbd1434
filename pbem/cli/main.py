"""The ``pbem`` command: identities and new games; the other commands live beside it
(:mod:`pbem.cli.turn`, :mod:`pbem.cli.check`, the terminal table and e-mail)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pbem import deadlines, games, identity, keeping, savefile, session, verification
from pbem.cli.common import (
    AsName,
    KeyPath,
    explicit_identity,
    guarded,
    me,
    read_yaml_file,
    say,
    warn,
)
from pbem.cli.root import CHECK, IDENTITY, PLAY, app
from pbem.errors import FormatError, UsageError
from pbem.ledger import Ledger
from pbem.signing import PrivateKey, PublicKey

__all__ = ["CHECK", "IDENTITY", "PLAY", "app", "run"]

DICE_HELP = ("witnessed (default between players on different machines: every roll waits "
             "for the other players' answers, so nobody sees a roll before committing), open "
             "(default for --hotseat: fewest messages; the mover sees their own dice while "
             "composing) or table (physical dice typed in).")


@app.command(rich_help_panel=IDENTITY, epilog="Example: [bold]pbem keygen alice[/bold]")
@guarded
def keygen(
    name: Annotated[str, typer.Argument(help="Your player name (letters, digits, . _ -).")],
    passphrase: Annotated[bool, typer.Option(
        "--passphrase", help="Protect the key with a passphrase (asked twice).")] = False,
) -> None:
    """Make a new Ed25519 identity key in your config folder (never overwrites one)."""
    secret = None
    if passphrase:
        first = typer.prompt("Passphrase", hide_input=True)
        second = typer.prompt("Again", hide_input=True)
        if first != second:
            raise UsageError("the two passphrases differ; no key written")
        secret = first.encode()
    local = identity.keygen(name, secret)
    say(f"Key written: {local.path}")
    say("Send this identity line to your opponents (pbem whoami prints it again):")
    say(local.identity.record(local.key))


@app.command(rich_help_panel=IDENTITY,
             epilog="Examples: [bold]pbem whoami[/bold] · [bold]pbem whoami --as alice[/bold] · "
                    "[bold]pbem whoami --key ~/.ssh/id_ed25519[/bold]")
@guarded
def whoami(as_name: AsName = None, key: KeyPath = None) -> None:
    """Print your identity line, to send to an opponent for pbem new --opponent."""
    local = me(as_name, key, tell=True)
    say(local.identity.record(local.key))


def _parse_options(values: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in values:
        if "=" not in item:
            raise UsageError(f"--option {item!r} must look like KEY=VALUE")
        name, value = item.split("=", 1)
        parsed: Any = value
        if value.lstrip("-").isdigit() and len(value) < 10:
            parsed = int(value)
        elif value.lower() in ("true", "false"):
            parsed = value.lower() == "true"
        elif "," in value:
            parsed = [v.strip() for v in value.split(",") if v.strip()]
        options[name.strip()] = parsed
    return options


def dice_line(save: savefile.SaveFile) -> str:
    """How this game's dice are made, for every header."""
    return f"Dice: {savefile.DICE_WORDS[save.dice_mode]}"


def _notice(module: Any, save: savefile.SaveFile) -> None:
    notice = module.data_notice(save.game["options"])
    if notice:
        say(notice)


def _hotseat_identities(names: list[str]) -> tuple[list[identity.LocalIdentity], list[str]]:
    """The identity of each hot-seat player: the local key of that name, else a new key,
    made in memory (kept by :func:`_keep_made` once the game is sure to be written); and
    the names of the new ones."""
    locals_, made = [], []
    for name in names:
        identity.check_name(name)
        if name in identity.local_names():
            locals_.append(identity.load(name))
        else:
            locals_.append(identity.LocalIdentity(name, PrivateKey.generate()))
            made.append(name)
    return locals_, made


def _keep_made(locals_: list[identity.LocalIdentity], made: list[str]) -> str:
    """Write the new keys (marked as made for a hot-seat game); the line that says so."""
    for local in locals_:
        if local.name in made:
            identity.keygen(local.name, hotseat=True, key=local.key)
    kept = [loc.name for loc in locals_ if loc.name not in made]
    parts = ([f"made {', '.join(made)}"] if made else []) + (
        [f"using {', '.join(kept)}"] if kept else [])
    return f"Identities: {'; '.join(parts)} (keys in {identity.key_dir()})."


@app.command(rich_help_panel=PLAY, epilog=(
    "Examples:\n\n"
    "  [bold]pbem new dragons-tigers --hotseat[/bold]   (two local players, one step)\n\n"
    "  [bold]pbem new dragons-tigers --opponent bob.id[/bold]   (send the file to bob, who "
    "runs pbem join)\n\n"
    "  [bold]pbem new dragons-tigers --hotseat --player ann --player ben --player cy[/bold]\n\n"
    "  [bold]pbem new dragons-tigers --hotseat --scenario rules-question.yaml --dice table"
    "[/bold]"))
@guarded
def new(
    game: Annotated[str, typer.Argument(help="Which game: " + ", ".join(games.kinds()) + ".")],
    opponent: Annotated[list[str], typer.Option(
        "--opponent", help="An opponent's identity line or a file holding it (repeat for "
                           "3-4 players).")] = [],  # noqa: B006
    hotseat: Annotated[bool, typer.Option(
        "--hotseat", help="All players on this machine: create and join in one step.")] = False,
    player: Annotated[list[str], typer.Option(
        "--player", help="With --hotseat: a local identity per player (made if missing).")
    ] = [],  # noqa: B006
    players: Annotated[int | None, typer.Option(
        "--players", help="With --hotseat and no --player: how many players.")] = None,
    option: Annotated[list[str], typer.Option(
        "--option", help="A game option KEY=VALUE (see the game's docs).")] = [],  # noqa: B006
    scenario: Annotated[Path | None, typer.Option(
        "--scenario", help="Start from a position described in a scenario YAML file.")] = None,
    dice: Annotated[str | None, typer.Option("--dice", help=DICE_HELP)] = None,
    data: Annotated[Path | None, typer.Option(
        "--data", help="Play with your own transcription of the game's cards (a YAML file; "
                       "see the game's docs); it goes into the first save, so every player "
                       "uses the same cards.")] = None,
    table_dice: Annotated[bool, typer.Option(
        "--table-dice", help="The same as --dice table.")] = False,
    deadline: Annotated[str | None, typer.Option(
        "--deadline", help="How long each player has to answer, like 3d, 36h or 90m; 'none' "
                           "for no deadline. Games by mail: 3d by default; --hotseat: none.")
    ] = None,
    grace: Annotated[str | None, typer.Option(
        "--grace", help="How much longer after a deadline before another player may claim "
                        "it passed (pbem claim); 1d by default.")] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Where to write: a file, or with --hotseat a folder.")] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Create a game: writes its first save (with --hotseat, also every player's join)."""
    module = games.get(game)
    if table_dice and dice not in (None, "table"):
        raise UsageError("--table-dice and --dice differ")
    mode = "table" if table_dice else (dice or ("open" if hotseat else "witnessed"))
    scenario_data = None
    if scenario is not None:
        scenario_data = read_yaml_file(scenario, "scenario")
        if not isinstance(scenario_data, dict):
            raise FormatError("a scenario is a YAML mapping", str(scenario))
    options = _parse_options(option)
    agreed = deadlines.agreed(deadline, grace, hotseat)
    if data is not None:
        options.update(module.load_data_file(str(data)))
    if hotseat:
        if opponent:
            raise UsageError("--hotseat and --opponent do not mix")
        names = list(player) or [f"player-{i + 1}" for i in range(players or module.min_players)]
        locals_, made = _hotseat_identities(names)
        first = session.new_game(game, locals_[0], [loc.identity for loc in locals_[1:]],
                                 options, scenario_data, mode, deadline=agreed)
        saves = [first]
        for local in locals_[1:]:
            saves.append(session.join(saves[-1], local))
        folder = output or Path(first.game_id[:8])
        told = _keep_made(locals_, made)
        written = keeping.write_chain(saves, folder)
        say(told)
        say(f"New {module.title} game {first.game_id[:8]} for "
            f"{', '.join(p['name'] for p in first.players)}.")
        say(dice_line(first))
        _notice(module, first)
        for path in written:
            say(f"  wrote {path}")
        last = saves[-1]
        assert last.due is not None
        say(f"Next: {last.player(last.due['role'])['name']} - {last.due['text']}")
        say(f"Play with: pbem play {written[-1]}   or: pbem apply {written[-1]} ACTIONS.yaml")
        return
    if not opponent:
        raise UsageError("give --opponent (an identity line or file) or --hotseat")
    creator = me(as_name, key, tell=True)
    rivals = [identity.read_identity_arg(value) for value in opponent]
    save = session.new_game(game, creator, rivals, options, scenario_data, mode,
                            deadline=agreed)
    path = output or Path(savefile.file_name(save.game_id, save.sequence, save.writer))
    keeping.write(save, path)
    assert save.due is not None
    say(f"Wrote {path}: new {module.title} game {save.game_id[:8]}.")
    say(dice_line(save))
    _notice(module, save)
    say(f"Send it to {save.player(save.due['role'])['name']}, who answers with: pbem join "
        f"{path.name}")


@app.command(rich_help_panel=PLAY, epilog="Example: [bold]pbem join 7f3c2a91-0000-blue.pbem.yaml"
                                          "[/bold]")
@guarded
def join(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE", help="The new game's save.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Where to write.")] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Join a game you were invited to: adds your dice commitments, signed by you."""
    prev = savefile.read(save_path)
    local = _joiner(prev, as_name, key)
    checked = verification.check(prev, Ledger(local.key.public), [], save_path)
    answer = session.join(prev, local)
    path = output or save_path.parent / savefile.file_name(answer.game_id, answer.sequence,
                                                          answer.writer)
    keeping.write(answer, path, prev, checked)
    say(checked.line)
    say(dice_line(answer))
    pinned = answer.player(answer.writer)["name"]
    if pinned != local.name:
        warn(f"note: you play as {pinned!r}, the name the creator gave you (your key here is "
             f"called {local.name!r})")
    assert answer.due is not None
    say(f"Wrote {path}. Send it to {answer.player(answer.due['role'])['name']} "
        f"({answer.due['text']}).")


def _joiner(prev: savefile.SaveFile, as_name: str | None,
            key: str | None) -> identity.LocalIdentity:
    """Who joins: the identity named with --as/--key, else the local key of the seat the
    save invites, else the one pbem picks for you."""
    if explicit_identity(as_name, key) or prev.due is None:
        return me(as_name, key, tell=True)
    invited = identity.find_local(PublicKey.from_line(prev.player(prev.due["role"])["key"]))
    return invited if invited is not None else me(None, None, tell=True)


def _clean_on_start() -> None:
    """Remove temporary files left by a pbem process killed while writing (atomic.py)."""
    from pbem import paths
    from pbem.atomic import clean_stray

    ledgers = paths.data_dir() / "ledger"
    for folder in (paths.config_dir(), paths.config_dir() / "keys", ledgers):
        clean_stray(folder)
    for player in (p for p in ledgers.iterdir() if p.is_dir()) if ledgers.is_dir() else []:
        clean_stray(player)
        for game in (g for g in player.iterdir() if g.is_dir()):
            clean_stray(game)


def run() -> None:
    """Console-script entry point."""
    _clean_on_start()
    _register_extras()
    try:
        app()
    except UnicodeEncodeError:  # pragma: no cover - terminals without UTF-8
        warn("pbem: this terminal cannot show the text; set a UTF-8 locale")
        raise SystemExit(1) from None


def _register_extras() -> None:
    """Commands from other parts of pbem (TUI, mail) when installed."""
    import importlib

    for name in ("pbem.cli.extra", "pbem.cli.mail"):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise


# The core commands that live in their own modules register themselves on import.
from pbem.cli import check, claim, respond, seat, turn, witness  # noqa: E402, F401
