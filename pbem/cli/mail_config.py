"""``pbem config ...``: this machine's mail settings and address book."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pbem import config, identity, savefile
from pbem.cli.common import explicit_identity, guarded, me, say
from pbem.cli.helptext import PbemTyper
from pbem.cli.main import app
from pbem.config import Config, Opponent, Server
from pbem.errors import KeyProblem, UsageError
from pbem.mail import passwords
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


def mail_key(cfg: Config, as_name: str | None, key: str | None) -> PublicKey | None:
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
        mine = mail_key(cfg, None, None)
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
