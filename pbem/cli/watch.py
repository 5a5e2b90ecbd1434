"""``pbem watch``: file what arrives, answer roll requests and say when it is your move,
each time mail comes (see :mod:`pbem.mail.watch`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem import config, identity
from pbem.cli.common import AsName, KeyPath, explicit_identity, guarded, me, say, warn
from pbem.cli.main import app
from pbem.errors import UsageError
from pbem.mail import passwords
from pbem.mail.printable import printable
from pbem.mail.tidy import FOLDER
from pbem.mail.watch import INTERVAL, Settings, Watcher, check_sources

MAIL = "E-mail"


def _player(cfg: config.Config, as_name: str | None, key: str | None) -> identity.LocalIdentity:
    """The identity whose key answers roll requests: --as/--key, the settings', the only one."""
    if explicit_identity(as_name, key):
        return me(as_name, key)
    if cfg.identity:
        return identity.load(cfg.identity)
    return me(None, None)


@app.command(rich_help_panel=MAIL, epilog=(
    "Examples: [bold]pbem watch[/bold] (your IMAP folder, with IDLE) · "
    "[bold]pbem watch --once[/bold] (one pass, for cron) · "
    "[bold]pbem watch ~/Maildir --interval 30[/bold]\n\n"
    "As a service: docs/email.md shows a systemd user unit and a cron line."))
@guarded
def watch(
    folders: Annotated[list[Path], typer.Argument(
        metavar="SOURCE", help="A Maildir, an mbox file or a folder of .eml files and saves "
                               "to watch instead of your IMAP folder.")
    ] = [],  # noqa: B006
    interval: Annotated[float, typer.Option(
        "--interval", metavar="SECONDS", help="How often to look when the server offers no "
                                              "IDLE, and in local sources.")] = INTERVAL,
    tidy: Annotated[bool, typer.Option(
        "--tidy/--no-tidy", help="Move handled messages that needed no one (roll requests "
                                 "and answers) into a folder of their own (IMAP).")] = True,
    tidy_folder: Annotated[str, typer.Option(
        "--tidy-folder", metavar="NAME", help="That folder (created when missing).")
    ] = FOLDER,
    tidy_all: Annotated[bool, typer.Option(
        "--tidy-all", help="Tidy every pbem message that asks nothing of you (copies of "
                           "moves others must answer, shuffles, audits, a game's end), not "
                           "only roll requests and answers.")] = False,
    notify: Annotated[bool, typer.Option(
        "--notify/--no-notify", help="A desktop notification when it is your move "
                                     "(notify-send, where there is one).")] = True,
    once: Annotated[bool, typer.Option(
        "--once", help="One pass, then exit (for cron).")] = False,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Watch your mail: file what arrives, answer roll requests, tell you when it is your
    move. Ctrl-C ends it."""
    if not 0.05 <= interval <= 86400:
        raise UsageError("--interval must be from 0.05 to 86400 seconds")
    if not config.one_line(tidy_folder) or len(tidy_folder) > 200:
        raise UsageError("--tidy-folder must be one line of text, without control characters")
    cfg = config.load()
    local = _player(cfg, as_name, key)
    password = None
    if folders:
        check_sources(list(folders))
    elif cfg.imap is None:
        raise UsageError("no IMAP server set up: pbem config imap HOST (or give a Maildir, "
                         "mbox or folder to watch)")
    else:
        password = passwords.get("imap", cfg.imap)
    if cfg.smtp is not None:
        passwords.get("smtp", cfg.smtp)  # refused now rather than at the first answer
    else:
        warn("pbem: no SMTP server set up: roll requests are answered but the answers are not "
             "sent (pbem config smtp HOST)")
    settings = Settings(list(folders), interval, tidy, tidy_folder, notify, once, tidy_all)
    code = Watcher(local, cfg, settings, lambda text: say(printable(text)),
                   lambda text: warn(printable(text)), password).run()
    if code:
        raise typer.Exit(code)
