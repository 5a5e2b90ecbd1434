"""The ``pbem`` command: identities, games, verification and play."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pbem import chain, gameplay, games, identity, keeping, savefile, session, store, verification
from pbem.cli.common import (
    AsName,
    KeyPath,
    explicit_identity,
    guarded,
    maybe_me,
    me,
    print_json,
    read_yaml_file,
    say,
    set_global_identity,
    warn,
)
from pbem.errors import FormatError, IllegalAction, NotYourTurn, UsageError
from pbem.ledger import Ledger

app = typer.Typer(
    name="pbem",
    help="Play Three Kingdoms board wargames by e-mail: signed, chained saves, fair dice, "
         "every rule enforced.",
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

IDENTITY = "Identity"
PLAY = "Games"
CHECK = "Checking"


@app.callback()
def _global(as_name: AsName = None, key: KeyPath = None) -> None:
    """Play Three Kingdoms board wargames by e-mail: signed, chained saves, fair dice, every
    rule enforced. Exit codes: docs/exit-codes.md."""
    set_global_identity(as_name, key)


# ---------------------------------------------------------------------------- identity


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
    local = me(as_name, key)
    say(local.identity.record(local.key))


# ---------------------------------------------------------------------------- games


def _parse_options(values: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in values:
        if "=" not in item:
            raise UsageError(f"--option {item!r} must look like KEY=VALUE")
        name, value = item.split("=", 1)
        parsed: Any = value
        if value.lstrip("-").isdigit():
            parsed = int(value)
        elif value.lower() in ("true", "false"):
            parsed = value.lower() == "true"
        elif "," in value:
            parsed = [v.strip() for v in value.split(",") if v.strip()]
        options[name.strip()] = parsed
    return options


def _write(save: savefile.SaveFile, path: Path) -> Path:
    return keeping.write(save, path)


def _local_for(save: savefile.SaveFile, role: str) -> identity.LocalIdentity | None:
    from pbem.signing import PublicKey

    return identity.find_local(PublicKey.from_line(save.player(role)["key"]))


@app.command(rich_help_panel=PLAY, epilog=(
    "Examples:\n\n"
    "  [bold]pbem new dragons-tigers --hotseat[/bold]   (two local players, one step)\n\n"
    "  [bold]pbem new dragons-tigers --opponent bob.id[/bold]   (send the file to bob, who "
    "runs pbem join)\n\n"
    "  [bold]pbem new dragons-tigers --hotseat --player ann --player ben --player cy[/bold]\n\n"
    "  [bold]pbem new dragons-tigers --hotseat --scenario rules-question.yaml --table-dice"
    "[/bold]"))
@guarded
def new(
    game: Annotated[str, typer.Argument(help="Which game: dragons-tigers.")],
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
    table_dice: Annotated[bool, typer.Option(
        "--table-dice", help="Dice are rolled at the table and typed in (marked in the log "
                             "and the verdict).")] = False,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Where to write: a file, or with --hotseat a folder.")] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Create a game: writes its first save (with --hotseat, also every player's join)."""
    module = games.get(game)
    scenario_data = None
    if scenario is not None:
        scenario_data = read_yaml_file(scenario, "scenario")
        if not isinstance(scenario_data, dict):
            raise FormatError("a scenario is a YAML mapping", str(scenario))
    options = _parse_options(option)
    if hotseat:
        if opponent:
            raise UsageError("--hotseat and --opponent do not mix")
        names = list(player) or [f"player-{i + 1}" for i in range(players or module.min_players)]
        locals_ = []
        for name in names:
            try:
                locals_.append(identity.load(name))
            except Exception:
                locals_.append(identity.keygen(name))
        first = session.new_game(game, locals_[0], [loc.identity for loc in locals_[1:]],
                                 options, scenario_data, table_dice)
        saves = [first]
        for local in locals_[1:]:
            saves.append(session.join(saves[-1], local))
        folder = output or Path(first.game_id[:8])
        written = []
        for save in saves:
            path = folder / savefile.file_name(save.game_id, save.sequence, save.writer)
            written.append(_write(save, path))
        say(f"New {module.title} game {first.game_id[:8]} for "
            f"{', '.join(p['name'] for p in first.players)}.")
        for path in written:
            say(f"  wrote {path}")
        last = saves[-1]
        assert last.due is not None
        say(f"Next: {last.player(last.due['role'])['name']} - {last.due['text']}")
        say(f"Play with: pbem play {written[-1]}   or: pbem apply {written[-1]} ACTIONS.yaml")
        return
    if not opponent:
        raise UsageError("give --opponent (an identity line or file) or --hotseat")
    creator = me(as_name, key)
    rivals = [identity.read_identity_arg(value) for value in opponent]
    save = session.new_game(game, creator, rivals, options, scenario_data, table_dice)
    path = output or Path(savefile.file_name(save.game_id, save.sequence, save.writer))
    _write(save, path)
    assert save.due is not None
    say(f"Wrote {path}: new {module.title} game {save.game_id[:8]}.")
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
    local = me(as_name, key)
    prev = savefile.read(save_path)
    ledger = Ledger(local.key.public)
    say(verification.for_play(prev, ledger, [], save_path))
    answer = session.join(prev, local)
    path = output or save_path.parent / savefile.file_name(answer.game_id, answer.sequence,
                                                          answer.writer)
    _write(answer, path)
    assert answer.due is not None
    say(f"Wrote {path}. Send it to {answer.player(answer.due['role'])['name']} "
        f"({answer.due['text']}).")


def _load_actions(path: Path) -> list[dict[str, Any]]:
    data = read_yaml_file(path, "actions")
    if isinstance(data, dict) and "actions" in data:
        data = data["actions"]
    if not isinstance(data, list):
        raise FormatError("an actions file is a YAML list of actions (- do: VERB ...)",
                          str(path))
    for index, action in enumerate(data):
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            raise FormatError(f"actions[{index}] must be a mapping with 'do: VERB'", str(path))
    return data


@app.command(rich_help_panel=PLAY, epilog=(
    "Example: [bold]pbem apply 7f3c2a91-0012-white.pbem.yaml turn.yaml -o next.pbem.yaml"
    "[/bold]\n\n"
    "turn.yaml is a YAML list such as:\n\n"
    "  - do: pass\n\n"
    "See docs/actions.md for every game's verbs; pbem show SAVE lists what is offered now."))
@guarded
def apply(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE", help="The save you received.")],
    actions_path: Annotated[Path, typer.Argument(metavar="ACTIONS",
                                                 help="YAML list of actions to apply.")],
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="The next save to write (default: beside SAVE).")] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Apply a list of actions and write the next save, signed by you.

    When every player's key is on this machine (hot-seat), play continues through
    hand-overs and one save is written per hand-over. An illegal action, or one that is
    not yours, stops everything: nothing is written.
    """
    actions = _load_actions(actions_path)
    prev = savefile.read(save_path)
    if prev.due is None:
        raise IllegalAction("the game is over; nothing more can be played", where=str(save_path))
    due_role = prev.due["role"]
    explicit = explicit_identity(as_name, key)
    local = me(as_name, key) if explicit else _local_for(prev, due_role)
    if local is None:
        local = maybe_me(None, None)
        if local is None or prev.role_of(local.key.public) is None:
            raise NotYourTurn(f"this save is addressed to {prev.player(due_role)['name']}; "
                              f"no key of theirs is here", where=str(save_path))
    role = prev.role_of(local.key.public)
    if role != due_role:
        session.Composer(prev, local)  # raises the precise "addressed to ..." refusal
    verdict = verification.for_play(prev, Ledger(local.key.public), [], save_path)
    if moved := Ledger(local.key.public).already_moved(prev, due_role):
        raise IllegalAction(f"you already wrote the save after this one ({moved[:12]}...); "
                            f"playing it again would fork the game", where=str(save_path))
    written = _compose_all(prev, local, actions, actions_path, hotseat=not explicit)
    say(verdict)
    folder = save_path.parent
    for index, save in enumerate(written):
        path = output if (output is not None and index == 0) else folder / savefile.file_name(
            save.game_id, save.sequence, save.writer)
        if output is not None and index > 0:
            path = output.parent / savefile.file_name(save.game_id, save.sequence, save.writer)
        _write(save, path)
        say(f"Wrote {path}")
    last = written[-1]
    for line in last.doc["log"][-12:]:
        say(f"  {line}")
    if last.due is None:
        say("The game is over.")
    else:
        say(f"Next: {last.player(last.due['role'])['name']} ({last.due['role']}) - "
            f"{last.due['text']}")


def _compose_all(prev: savefile.SaveFile, local: identity.LocalIdentity,
                 actions: list[dict[str, Any]], source: Path,
                 hotseat: bool) -> list[savefile.SaveFile]:
    """Apply the actions, starting a new save at each hand-over between local players."""
    written: list[savefile.SaveFile] = []
    composer = session.Composer(prev, local)
    for index, action in enumerate(actions):
        if not composer.my_move():
            prompt = composer.prompt()
            if prompt is None:
                raise IllegalAction("the game is over", where=f"{source}: actions[{index}]")
            written.append(composer.finish())
            nxt = _local_for(written[-1], prompt.role) if hotseat else None
            if nxt is None:
                owner = written[-1].player(prompt.role)["name"]
                raise NotYourTurn(f"{owner} ({prompt.role}) must act now ({prompt.text}) and "
                                  f"their key is not here; nothing written",
                                  where=f"{source}: actions[{index}]")
            composer = session.Composer(written[-1], nxt)
        try:
            composer.act(action)
        except IllegalAction as exc:
            raise IllegalAction(f"{action.get('do')}: {exc.message}; nothing written",
                                where=f"{source}: actions[{index}]") from None
    written.append(composer.finish())
    return written


@app.command(rich_help_panel=PLAY, epilog=(
    "Examples: [bold]pbem show SAVE[/bold] · [bold]pbem show SAVE --json | jq .prompt[/bold]"))
@guarded
def show(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the state and the offered "
                                                         "actions as JSON for scripts.")] = False,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Show a save: the game, who must act, the position and the actions offered."""
    save = savefile.read(save_path)
    module = games.get(save.kind)
    local = maybe_me(as_name, key)
    role = save.role_of(local.key.public) if local else None
    prompt = gameplay.prompt(module, save.state, role) if save.doc["dice"]["seed"] else None
    if as_json:
        print_json({
            "game": save.game, "players": save.players, "sequence": save.sequence,
            "writer": save.writer, "sha256": save.sha256, "due": save.due,
            "viewer": role, "view": gameplay.view(module, save.state, role),
            "prompt": prompt.to_dict() if prompt else None,
            "outcome": module.outcome(save.state), "log": save.doc["log"],
        })
        return
    say(f"{module.title}: game {save.game_id[:8]}, save {save.sequence}")
    say("Players: " + ", ".join(f"{p['name']} ({module.role_label(p['role'])})"
                                for p in save.players))
    writer = save.player(save.writer)["name"]
    say(f"Written by {writer} ({save.writer}) at {save.doc['written']}")
    if save.table_dice:
        say("Dice: TABLE DICE (typed in by the players)")
    picture = module.describe(save.state, role)
    if picture:
        say("")
        say(picture)
    say("")
    if save.due is None:
        say(f"The game is over: {module.outcome(save.state)}")
        return
    say(f"Next: {save.player(save.due['role'])['name']} ({save.due['role']}) - "
        f"{save.due['text']}")
    if prompt is not None:
        for spec in prompt.actions:
            params = ", ".join(
                f"{p.name}: " + (f"{p.minimum}-{p.maximum}" if p.kind == "int" else
                                 "|".join(str(o.value) for o in p.options[:8])
                                 + ("|..." if len(p.options) > 8 else ""))
                for p in spec.params)
            fixed = ", ".join(f"{k}: {v}" for k, v in spec.fixed.items())
            extra = "; ".join(x for x in (fixed, params) if x)
            say(f"  - do: {spec.verb}  {spec.label}" + (f"  [{extra}]" if extra else "")
                + (f"  ({spec.rule})" if spec.rule else ""))


@app.command(rich_help_panel=CHECK, epilog=(
    "Examples: [bold]pbem verify SAVE[/bold] · [bold]pbem verify SAVE earlier/*.pbem.yaml"
    "[/bold]\n\nEarlier saves are also looked for beside SAVE and in your local store."))
@guarded
def verify(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE")],
    earlier: Annotated[list[Path], typer.Argument(metavar="[EARLIER_SAVES]...",
                                                  help="Earlier saves of the same game.")
    ] = [],  # noqa: B006
) -> None:
    """Re-check a save and its whole chain from the game's first save; exit 0 only if all
    holds."""
    save = savefile.read(save_path)
    verdict = verification.full(save, list(earlier), save_path)
    for line in verdict.lines:
        say(line)


@app.command(rich_help_panel=CHECK, epilog="Example: [bold]pbem log SAVE --all[/bold]")
@guarded
def log(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE")],
    earlier: Annotated[list[Path], typer.Argument(metavar="[EARLIER_SAVES]...")
    ] = [],  # noqa: B006
    whole: Annotated[bool, typer.Option("--all", help="The whole game, not just this save.")
    ] = False,
) -> None:
    """Tell what happened, in words, with every die and the rule applied."""
    save = savefile.read(save_path)
    saves = [save]
    if whole:
        saves = chain.order_chain(save, store.candidates(save, list(earlier), save_path))
    for item in saves:
        writer = item.player(item.writer)["name"]
        say(f"--- save {item.sequence}: {writer} ({item.writer}) ---")
        for line in item.doc["log"]:
            say(line)


@app.command(rich_help_panel=CHECK, epilog=(
    "Examples: [bold]pbem ledger[/bold] · [bold]pbem ledger GAME_ID --resolve 3fa2c1[/bold]"))
@guarded
def ledger(
    game_id: Annotated[str | None, typer.Argument(help="A game id (or its first characters).")
    ] = None,
    resolve: Annotated[str | None, typer.Option(
        "--resolve", help="After a fork: keep the save whose hash starts so, and resume.")
    ] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Show your ledger of accepted saves, or settle a fork."""
    book = Ledger(me(as_name, key).key.public)
    folder = book.folder
    entries = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if game_id:
        entries = [e for e in entries if e.stem.startswith(game_id)]
        if len(entries) != 1:
            raise UsageError(f"no single game in your ledger starts with {game_id!r}")
    if resolve:
        if not game_id:
            raise UsageError("--resolve needs the game id")
        book.resolve(entries[0].stem, resolve)
        say(f"Fork settled for game {entries[0].stem[:8]}; play resumes.")
        return
    if not entries:
        say("Your ledger is empty.")
    for entry in entries:
        record = book.record(entry.stem)
        assert record is not None
        head = record["accepted"][-1]
        state = "STOPPED (fork)" if record.get("fork") else "ok"
        say(f"{entry.stem[:8]}  {record.get('kind', '?')}  save {head['sequence']}  "
            f"{head['sha256'][:12]}...  {state}")


@app.command(rich_help_panel=CHECK, epilog=(
    "Examples: [bold]pbem selfplay dragons-tigers --games 5[/bold] · "
    "[bold]pbem selfplay dragons-tigers --players 3 --seed 7 --out games/seed7[/bold]"))
@guarded
def selfplay(
    game: Annotated[str, typer.Argument(help="Which game: dragons-tigers.")],
    games_count: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 1,
    players: Annotated[int, typer.Option("--players", min=2, max=8,
                                         help="Players per game.")] = 2,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Write the saves of each game here (one folder per game).")] = None,
) -> None:
    """Let random legal players play complete games, every save signed, chained and
    verified: a smoke test of the rules and a source of sample games."""
    from pbem import selfplay as random_play

    games.get(game)
    for index in range(games_count):
        result = random_play.play(game, players, seed + index)
        verdict = random_play.verify(result)
        outcome = result.outcome or {}
        say(f"game {seed + index}: {result.actions} actions, {len(result.saves)} saves, "
            f"{result.rolls} dice; result: {outcome.get('winner') or 'no winner'} "
            f"({outcome.get('reason', '?')}); {verdict.lines[0]}")
        if out is not None:
            folder = out / f"game-{seed + index}" if games_count > 1 else out
            for save in result.saves:
                savefile.write(folder / savefile.file_name(save.game_id, save.sequence,
                                                           save.writer), save.raw)
            say(f"  saves written to {folder}")


def _clean_on_start() -> None:
    """Remove temporary files left by a pbem process killed while writing (atomic.py)."""
    from pbem import paths
    from pbem.atomic import clean_stray

    for folder in (paths.config_dir(), paths.config_dir() / "keys", paths.data_dir() / "ledger"):
        clean_stray(folder)
        ledgers = folder.iterdir() if folder.name == "ledger" and folder.is_dir() else []
        for sub in ledgers:
            if sub.is_dir():
                clean_stray(sub)


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
    """Commands from other parts of pbem (TUI, mail, self-play) when installed."""
    import importlib

    for name in ("pbem.cli.extra", "pbem.cli.mail"):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
