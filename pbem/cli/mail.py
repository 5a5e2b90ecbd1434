"""The e-mail commands: ``pbem config ...``, ``pbem send`` and ``pbem inbox``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from pbem import (
    answering,
    config,
    deadlines,
    games,
    identity,
    lateness,
    passes_ahead,
    savefile,
    store,
    witness_answers,
)
from pbem.atomic import write_new
from pbem.cli.common import AsName, KeyPath, explicit_identity, guarded, me, say, warn
from pbem.cli.helptext import PbemTyper
from pbem.cli.main import app
from pbem.config import Config, Opponent, Server
from pbem.errors import KeyProblem, PbemError, UsageError
from pbem.mail import (
    answer_letter,
    answers,
    compose,
    delivery,
    dice_modes,
    games_status,
    gaps,
    inbox,
    passwords,
)
from pbem.mail.printable import printable
from pbem.mail.progress import Progress
from pbem.signing import PublicKey

MAIL = "E-mail"

config_app = PbemTyper(
    name="config", no_args_is_help=True, rich_markup_mode="rich",
    help="Your mail settings and address book (no password is ever stored in them).")
app.add_typer(config_app, rich_help_panel=MAIL)


def _public(name: str) -> PublicKey:
    """The public half of a local identity, read without unlocking its private key."""
    pub = identity.key_dir() / f"{identity.check_name(name)}.pub"
    try:
        return PublicKey.from_line(pub.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, KeyProblem):
        return identity.load(name).key.public


def _mail_key(cfg: Config, as_name: str | None, key: str | None) -> PublicKey | None:
    """Who I am, by public key: --as/--key first, then the identity named in the
    settings, then the only local key; ``None`` when there is no key at all."""
    if explicit_identity(as_name, key):
        return me(as_name, key).key.public
    if cfg.identity:
        return _public(cfg.identity)
    names = identity.local_names()
    if not names:
        return None
    if len(names) != 1:
        return me(None, None).key.public  # the precise "no identity" / "several" refusal
    return _public(names[0])


# ---------------------------------------------------------------------------- config


def _server_line(kind: str, server: Server | None) -> str:
    if server is None:
        return f"{kind}: not set up (pbem config {kind} HOST)"
    extra = f", folder {server.folder}" if kind == "imap" else ""
    trust = (f", trusting {server.ca_file}" if server.ca_file else "")
    trust += ", TLS NOT VERIFIED" if not server.tls_verify else ""
    return f"{kind}: {server.user} at {server.label()}{extra}{trust}"


@config_app.command("show")
@guarded
def show() -> None:
    """Show your mail settings and address book."""
    cfg = config.load()
    say(f"settings: {config.path()}")
    who = (f"{cfg.name or '-'} <{cfg.address}>" if cfg.address
           else "not set (pbem config me ADDRESS)")
    say(f"me: {who}" + (f", identity {cfg.identity}" if cfg.identity else ""))
    say(_server_line("smtp", cfg.smtp))
    say(_server_line("imap", cfg.imap))
    say("passwords: from PBEM_SMTP_PASSWORD / PBEM_IMAP_PASSWORD or the OS keyring "
        "(pbem config password smtp|imap)")
    if not cfg.opponents:
        say("address book: empty (pbem config opponent IDENTITY ADDRESS)")
    for entry in cfg.opponents:
        say(f"  {entry.name} <{entry.address}>  {entry.public.fingerprint}")


@config_app.command("me", epilog="Example: [bold]pbem config me alice@example.org --name Alice"
                                 "[/bold]")
@guarded
def set_me(
    address: Annotated[str, typer.Argument(help="Your e-mail address.")],
    name: Annotated[str | None, typer.Option("--name", help="The name shown to others.")] = None,
    ident: Annotated[str | None, typer.Option(
        "--identity", help="The local identity (pbem keygen NAME) to play as.")] = None,
) -> None:
    """Set your own address (and the name and identity to use)."""
    cfg = config.load()
    cfg.address = config.check_address(address)
    if name is not None:
        if not config.one_line(name):
            raise UsageError("--name must be one line of text, without control characters")
        cfg.name = name.strip()
    if ident is not None:
        identity.check_name(ident)
        if not (identity.key_dir() / ident).is_file():
            raise KeyProblem(f"no key named {ident!r}; make one with: pbem keygen {ident}")
        cfg.identity = ident
    path = config.save(cfg)
    say(f"Saved {path}: you are {cfg.name or cfg.address} <{cfg.address}>")


def _server(kind: str, host: str, port: int | None, security: str, user: str | None,
            ca_file: Path | None, verify: bool, folder: str | None) -> None:
    cfg = config.load()
    if security not in config.SECURITY:
        raise UsageError("--security must be ssl or starttls")
    login = user or cfg.address
    if not login:
        raise UsageError("give --user (or set your address first: pbem config me ADDRESS)")
    if not config.one_line(login):
        raise UsageError("--user must be one line of text, without control characters")
    if ca_file is not None and not ca_file.is_file():
        raise UsageError("no such certificate file", str(ca_file))
    server = Server(config.check_host(host), port or config.DEFAULT_PORTS[(kind, security)],
                    security, login, str(ca_file.resolve()) if ca_file else None, verify,
                    folder or "INBOX")
    if not 1 <= server.port <= 65535:
        raise UsageError("--port must be from 1 to 65535")
    setattr(cfg, kind, server)
    path = config.save(cfg)
    say(f"Saved {path}: {_server_line(kind, server)}")
    say(f"Password: set {passwords.ENV[kind]} or run: pbem config password {kind}")


Security = Annotated[str, typer.Option("--security", help="ssl (ports 465/993) or starttls "
                                                          "(ports 587/143).")]
CaFile = Annotated[Path | None, typer.Option(
    "--ca-file", help="Trust this certificate (PEM) for a server with its own certificate.")]
Verify = Annotated[bool, typer.Option("--tls-verify/--no-tls-verify",
                                      help="Check the server's certificate (keep on!).")]


@config_app.command("smtp", epilog="Example: [bold]pbem config smtp smtp.fastmail.com "
                                   "--security ssl[/bold] (port 465)")
@guarded
def set_smtp(
    host: Annotated[str, typer.Argument(help="The outgoing mail server.")],
    port: Annotated[int | None, typer.Option("--port", help="Default: 465 (ssl), 587 "
                                                            "(starttls).")] = None,
    security: Security = "ssl",
    user: Annotated[str | None, typer.Option("--user", help="Login (default: your "
                                                            "address).")] = None,
    ca_file: CaFile = None,
    verify: Verify = True,
) -> None:
    """Set the server that sends your mail."""
    _server("smtp", host, port, security, user, ca_file, verify, None)


@config_app.command("imap", epilog="Example: [bold]pbem config imap imap.gmail.com[/bold] "
                                   "(port 993)")
@guarded
def set_imap(
    host: Annotated[str, typer.Argument(help="The incoming mail server.")],
    port: Annotated[int | None, typer.Option("--port", help="Default: 993 (ssl), 143 "
                                                            "(starttls).")] = None,
    security: Security = "ssl",
    user: Annotated[str | None, typer.Option("--user", help="Login (default: your "
                                                            "address).")] = None,
    folder: Annotated[str | None, typer.Option("--folder", help="The folder to read "
                                                                "(default INBOX).")] = None,
    ca_file: CaFile = None,
    verify: Verify = True,
) -> None:
    """Set the server and folder your saves arrive in."""
    if folder is not None and not config.one_line(folder):
        raise UsageError("--folder must be one line of text, without control characters")
    _server("imap", host, port, security, user, ca_file, verify, folder)


def _is_file(value: str) -> bool:
    try:
        return len(value) < 4096 and Path(value).expanduser().is_file()
    except OSError:  # e.g. an identity line, too long to be a file name
        return False


def _is_save(value: str) -> bool:
    if not _is_file(value):
        return False
    path = Path(value).expanduser()
    if path.name.endswith(savefile.SUFFIX):
        return True
    try:
        with open(path, "rb") as handle:
            return handle.read(12) == b"# pbem save:"
    except OSError:
        return False


def _from_save(path: Path, player: str | None, cfg: Config) -> identity.Identity:
    from pbem.signing import PublicKey

    save = savefile.read(path)
    if player is not None:
        chosen = [p for p in save.players if player in (p["name"], p["role"])]
        if not chosen:
            names = ", ".join(f"{p['name']} ({p['role']})" for p in save.players)
            raise UsageError(f"no player {player!r} in this save (players: {names})", str(path))
    else:
        mine = _mail_key(cfg, None, None)
        chosen = [p for p in save.players if mine is None or p["key"] != mine.line]
        if len(chosen) != 1:
            raise UsageError("the save has several other players: choose one with --player "
                             "NAME", str(path))
    return identity.Identity(identity.check_name(str(chosen[0]["name"])),
                             PublicKey.from_line(str(chosen[0]["key"])))


@config_app.command("opponent", epilog=(
    "Examples: [bold]pbem config opponent bob.id bob@example.org[/bold] · "
    "[bold]pbem config opponent 3855c458-0001-white.pbem.yaml bob@example.org[/bold]"))
@guarded
def add_opponent(
    source: Annotated[str, typer.Argument(
        metavar="IDENTITY_OR_SAVE", help="Their identity line (pbem whoami), a file holding "
                                         "it, or a save of a game you play together.")],
    address: Annotated[str, typer.Argument(help="Their e-mail address.")],
    player: Annotated[str | None, typer.Option(
        "--player", help="With a save: which player (name or role).")] = None,
) -> None:
    """Add a player to your address book (or change their address)."""
    cfg = config.load()
    mail = config.check_address(address)
    if _is_save(source):
        who = _from_save(Path(source).expanduser(), player, cfg)
    else:
        if player is not None:
            raise UsageError("--player is only for a save")
        who = (identity.read_identity_arg(source) if _is_file(source)
               else identity.parse_record(source, "identity"))
    done = cfg.add_opponent(Opponent(who.name, mail, who.public.line))
    path = config.save(cfg)
    say(f"Saved {path}: {done} {who.name} <{mail}> (key {who.public.fingerprint})")


@config_app.command("forget")
@guarded
def forget(name: Annotated[str, typer.Argument(help="The player's name.")]) -> None:
    """Remove a player from your address book."""
    cfg = config.load()
    gone = cfg.forget(name)
    path = config.save(cfg)
    say(f"Saved {path}: removed {gone.name} <{gone.address}>")


@config_app.command("password", epilog="Example: [bold]pbem config password smtp[/bold]")
@guarded
def set_password(
    kind: Annotated[str, typer.Argument(metavar="smtp|imap")],
) -> None:
    """Store a mail password in the OS keyring (typed, or one line on standard input)."""
    if kind not in passwords.ENV:
        raise UsageError("say which password: smtp or imap")
    server = getattr(config.load(), kind)
    if server is None:
        raise UsageError(f"set up the server first: pbem config {kind} HOST")
    if sys.stdin.isatty():
        secret = typer.prompt(f"{kind.upper()} password for {server.user}", hide_input=True)
    else:
        secret = sys.stdin.readline().rstrip("\r\n")
    if not secret:
        raise UsageError("empty password; nothing stored")
    passwords.store(kind, server, secret)
    say(f"Stored the {kind.upper()} password for {server.user} at {server.host} in the OS "
        f"keyring")


# ---------------------------------------------------------------------------- send


def _size(data: bytes) -> str:
    return f"{len(data) / 1024:.1f} KB"


def _range(value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    first, sep, last = value.partition("..")
    if not (first.isdigit() and (not sep or last.isdigit())) or len(value) > 20:
        raise UsageError(f"--resend takes N..M (save numbers), not {value!r}")
    low, high = int(first), int(last or first)
    if low > high:
        raise UsageError("--resend N..M needs N no larger than M")
    return low, high


@app.command(rich_help_panel=MAIL, epilog=(
    "Examples: [bold]pbem send 3855c458-0006-blue.pbem.yaml[/bold] · "
    "[bold]pbem send SAVE --dry-run[/bold] · [bold]pbem send SAVE --eml turn.eml[/bold] · "
    "[bold]pbem send SAVE --resend 4..6[/bold]"))
@guarded
def send(
    save_path: Annotated[Path, typer.Argument(
        metavar="SAVE", help="The save to send: a file, or the name of a save your pbem "
                             "keeps (as pbem inbox names it).")],
    eml: Annotated[Path | None, typer.Option(
        "--eml", help="Write the message to this file for any mail program instead.")] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Show what would be sent where; send nothing.")] = False,
    resend: Annotated[str | None, typer.Option(
        "--resend", metavar="N..M", help="Send saves N to M of the game again (with SAVE).")
    ] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """E-mail a save to the player who must act next, with copies to the others; every
    earlier save they have not acknowledged goes with it."""
    cfg = config.load()
    if save_path.name.endswith(witness_answers.SUFFIX):
        _send_answer(save_path, cfg, _mail_key(cfg, as_name, key), eml, dry_run)
        return
    if save_path.name.endswith(passes_ahead.SUFFIX):
        _send_pass(save_path, cfg, _mail_key(cfg, as_name, key), eml, dry_run)
        return
    save = savefile.read(_save_file(save_path))
    mine = _mail_key(cfg, as_name, key)
    letter = delivery.prepare(save, cfg, mine, _range(resend))
    msg, addressing = letter.message, letter.addressing
    if save.due is not None and mine is not None and save.role_of(mine) == save.due["role"] \
            and not witness_answers.is_request(save):
        warn(f"pbem: this save is addressed to you ({save.due['text']}): the others get it "
             f"as a copy; play it with: pbem play {save_path}")
    for note in letter.notes:
        warn(f"pbem: {note}")
    for name in addressing.missing:
        warn(f"pbem: {name} is not in your address book: no copy sent to them")
    kind = "/".join(compose.SAVE_TYPE)
    files = [f"{compose.attachment_name(s)} ({kind}, {_size(s.raw)})" for s in letter.saves]
    if letter.picture is not None:
        files.append(f"{compose.picture_name(save)} (image/png, {_size(letter.picture)})")
    if dry_run:
        how = (f"write {eml}" if eml else
               f"send by SMTP via {cfg.smtp.label()} as {cfg.smtp.user}" if cfg.smtp else
               "send by SMTP (not set up yet: pbem config smtp HOST)")
        say(f"Would {how}:")
        say(printable(f"  From: {msg['From']}"))
        for label, people in (("To", addressing.to), ("Cc", addressing.cc)):
            for person in people:
                role = f"{person.role}, to move" if person.due else person.role
                say(printable(f"  {label}: {person.name} <{person.address}> ({role})"))
        say(printable(f"  Subject: {msg['Subject']}"))
        say(f"  Attachments: {', '.join(files)}")
        say("Nothing was sent.")
        return
    if eml is not None:
        write_new(eml, compose.eml_bytes(msg))
        say(f"Wrote {eml}: open it with your mail program and send it "
            f"(to {', '.join(addressing.everyone)})")
        return
    delivery.post(letter, cfg)
    say(printable(_sent_line(letter, save)))
    _answer_own(save, mine, cfg)


def _send_answer(path: Path, cfg: Config, mine: PublicKey | None, eml: Path | None,
                 dry_run: bool) -> None:
    """Send a witness answer (given side by side) to every other player."""
    answer = witness_answers.read(path)
    request = store.by_hash(answer.game_id, answer.request)
    if request is None:
        raise UsageError("the request this answer names is not on this machine (pbem inbox "
                         "files it; or answer it with pbem witness REQUEST first)", str(path))
    witness_answers.check(answer, request, str(path))
    if mine is None:
        raise UsageError("no key of yours is here to send as (pbem keygen NAME)")
    if _send_beside(path, answer_letter.prepare(answer, request, cfg, mine), cfg, eml,
                    dry_run):
        answers.note_sent(answer)


def _send_pass(path: Path, cfg: Config, mine: PublicKey | None, eml: Path | None,
               dry_run: bool) -> None:
    """Send a pass given ahead of one's turn to every other player."""
    given = passes_ahead.read(path)
    request = store.by_hash(given.game_id, given.request)
    if request is None:
        raise UsageError("the save this pass answers is not on this machine (pbem inbox "
                         "files it)", str(path))
    passes_ahead.check(games.get(request.kind), given, request, str(path))
    if mine is None:
        raise UsageError("no key of yours is here to send as (pbem keygen NAME)")
    if _send_beside(path, answer_letter.prepare_pass(given, request, cfg, mine), cfg, eml,
                    dry_run):
        answers.note_sent(given)


def _send_beside(path: Path, letter: Any, cfg: Config, eml: Path | None,
                 dry_run: bool) -> bool:
    """Post (or write, or only describe) the letter carrying a file beside the saves;
    whether it was posted."""
    if dry_run:
        say(f"Would send {path.name} to {', '.join(letter.addressing.everyone)}.")
        say("Nothing was sent.")
        return False
    if eml is not None:
        write_new(eml, compose.eml_bytes(letter.message))
        say(f"Wrote {eml}: open it with your mail program and send it "
            f"(to {', '.join(letter.addressing.everyone)})")
        return False
    delivery.post(letter, cfg)
    say(f"Sent {path.name} to {', '.join(letter.addressing.everyone)}.")
    return True


def _answer_own(save: savefile.SaveFile, mine: PublicKey | None, cfg: Config) -> None:
    """What the save just sent asks of the sender's own pbem (their secrets opened for the
    audit when their move ended the game, say): answered and posted at once, as ``pbem
    inbox`` would, since no message will come to wake it."""
    if mine is None or save.due is None or save.role_of(mine) != save.due["role"] \
            or not answering.is_automatic(save):
        return
    local = identity.find_local(mine)
    if local is not None:
        for text in answers.answer_and_post(local, cfg, game=save.game_id):
            say(printable(text))


def _save_file(path: Path) -> Path:
    """``path``, or when there is no such file and it is a save's bare name, that save in
    this machine's store."""
    if path.exists() or path.name != str(path):
        return path
    found = gaps.stored(path.name)
    return found[0] if len(found) == 1 else path


def _sent_line(letter: delivery.Letter, save: savefile.SaveFile) -> str:
    addressing = letter.addressing
    to = ", ".join(f"{r.name} <{r.address}>" for r in addressing.to)
    copies = ", ".join(f"{r.name} <{r.address}>" for r in addressing.cc)
    mode = dice_modes.short(save)
    dice = f" ({mode})" if mode else ""
    carried = (f" with {len(letter.saves) - 1} earlier save"
               f"{'s' if len(letter.saves) != 2 else ''}" if len(letter.saves) > 1 else "")
    return (f"Sent {save.short()}{dice}{carried} to {to}"
            + (f", copies to {copies}" if copies else ""))


# ---------------------------------------------------------------------------- inbox


class _Meters:
    """The progress lines of one inbox run, ended cleanly even when the run fails."""

    def __init__(self) -> None:
        self.open: list[Progress] = []

    def __call__(self, label: str, count: int, total: int) -> Callable[[int], None]:
        meter = Progress(label, count, total)
        self.open.append(meter)

        def step(size: int) -> None:
            meter.step(size)
            if meter.done_count == meter.count:
                meter.close()
                self.open.remove(meter)

        return step

    def close(self) -> None:
        for meter in self.open:
            meter.close()
        self.open.clear()


@app.command("inbox", rich_help_panel=MAIL, epilog=(
    "Examples: [bold]pbem inbox[/bold] (your IMAP folder) · [bold]pbem inbox ~/Maildir[/bold] · "
    "[bold]pbem inbox saved.mbox turn.eml[/bold]"))
@guarded
def inbox_(
    folders: Annotated[list[Path], typer.Argument(
        metavar="SOURCE", help="A Maildir folder, an mbox file or .eml files to read "
                               "instead of your IMAP folder.")
    ] = [],  # noqa: B006
    read_all: Annotated[bool, typer.Option(
        "--all", help="Read every message again, not only new ones.")] = False,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Collect the saves that arrived: check each, file it, and list what awaits you."""
    cfg = config.load()
    mine = _mail_key(cfg, as_name, key)
    server = None
    if not folders:
        server = cfg.imap
        if server is None:
            raise UsageError("no IMAP server set up: pbem config imap HOST (or give a "
                             "Maildir, mbox or .eml to read)")
    imap_server = server

    def secret() -> str:
        assert imap_server is not None
        return passwords.get("imap", imap_server)

    meters = _Meters()
    try:
        report = inbox.run(mine, list(folders), server, secret, read_all, meters)
    finally:
        meters.close()
    for text in report.lines():
        say(printable(text))
    if mine is None:
        say("No identity here: saves were re-checked from each game's first save.")
        return
    local = identity.find_local(mine)
    if local is not None:
        for text in answers.answer_and_post(local, cfg):
            say(printable(text))
    _standings(mine)


def _standings(mine: PublicKey) -> None:
    try:
        rows = games_status.standings(mine)
    except PbemError as exc:
        warn(f"pbem: cannot list your games: {exc.line()}")
        return
    yours = [r for r in rows if r.mine and not r.stopped]
    asked = [r for r in rows if r.ahead and not r.stopped]
    others = [r for r in rows if not r.mine and not r.ahead and r.waits_for and not r.stopped]
    stopped = [r for r in rows if r.stopped]
    say("")
    if yours:
        say("Your move:")
        for row in yours:
            say(printable(f"  {row.title} {row.game_id[:8]}{_dice(row)}, save {row.sequence}: "
                          f"{row.text}{_due(row)}  ->  pbem {row.command} {row.path}"))
    else:
        say("Nothing awaits you.")
    if asked:
        say("Asked with others (you may let it go now):")
        for row in asked:
            say(printable(f"  {row.title} {row.game_id[:8]}{_dice(row)}, save {row.sequence}: "
                          f"{row.text}{_due(row)}  ->  pbem {row.command} {row.path}"))
    if others:
        say("Waiting for others:")
        for row in others:
            say(printable(f"  {row.title} {row.game_id[:8]}{_dice(row)}, save {row.sequence}: "
                          f"{row.waits_for} - {row.text}{_due(row)}"))
    for row in stopped:
        say(printable(f"  {row.title} {row.game_id[:8]}: STOPPED by a fork (pbem ledger "
                      f"{row.game_id[:8]})"))


def _dice(row: games_status.Standing) -> str:
    return f" ({row.dice})" if row.dice else ""


def _due(row: games_status.Standing) -> str:
    """`` (due in 2d 3h)`` or `` (LATE by 5h)`` for a game with a deadline."""
    return f" ({lateness.left(row.clock, deadlines.now())})" if row.clock else ""


from pbem.cli import watch as _watch  # noqa: E402, F401  (registers pbem watch)
