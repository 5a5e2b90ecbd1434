"""The e-mail commands ``pbem send`` and ``pbem inbox`` (``pbem config``: :mod:`.mail_config`)."""

from __future__ import annotations

import re
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
    paths,
    savefile,
    shares_ahead,
    store,
    witness_answers,
)
from pbem.atomic import write_new
from pbem.cli.common import AsName, KeyPath, guarded, say, warn
from pbem.cli.mail_config import MAIL, mail_key
from pbem.cli.main import app
from pbem.config import Config
from pbem.errors import PbemError, UsageError
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
                             "keeps (as pbem inbox names it); or a file given beside the "
                             "saves (a witness answer, a pass or sealed answer, a shares "
                             "file), which goes to every other player.")],
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
        _send_answer(_kept_file(save_path), cfg, mail_key(cfg, as_name, key), eml, dry_run)
        return
    if save_path.name.endswith(passes_ahead.SUFFIX):
        _send_pass(_kept_file(save_path), cfg, mail_key(cfg, as_name, key), eml, dry_run)
        return
    if save_path.name.endswith(shares_ahead.SUFFIX):
        _send_shares(_kept_file(save_path), cfg, mail_key(cfg, as_name, key), eml, dry_run)
        return
    save = savefile.read(_save_file(save_path))
    mine = mail_key(cfg, as_name, key)
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
    request = _followed(answer.game_id, answer.request, path,
                        "the request this answer names is not on this machine (pbem inbox "
                        "files it; or answer it with pbem witness REQUEST first)")
    witness_answers.check(answer, request, str(path))
    _send_given(path, answer, lambda me: answer_letter.prepare(answer, request, cfg, me),
                cfg, mine, eml, dry_run)


def _send_pass(path: Path, cfg: Config, mine: PublicKey | None, eml: Path | None,
               dry_run: bool) -> None:
    """Send a pass given ahead of one's turn to every other player."""
    given = passes_ahead.read(path)
    request = _followed(given.game_id, given.request, path,
                        "the save this pass answers is not on this machine (pbem inbox "
                        "files it)")
    passes_ahead.check(games.get(request.kind), given, request, str(path))
    _send_given(path, given, lambda me: answer_letter.prepare_pass(given, request, cfg, me),
                cfg, mine, eml, dry_run)


def _send_shares(path: Path, cfg: Config, mine: PublicKey | None, eml: Path | None,
                 dry_run: bool) -> None:
    """Send a player's shares of the cards the others hold, given ahead, to every other
    player."""
    given = shares_ahead.read(path)
    after = _followed(given.game_id, given.request, path,
                      "the save these shares are given after is not on this machine "
                      "(pbem inbox files it)")
    shares_ahead.check(given, after, str(path))
    _send_given(path, given, lambda me: answer_letter.prepare_shares(given, after, cfg, me),
                cfg, mine, eml, dry_run)


def _followed(game_id: str, sha: str, path: Path, missing: str) -> savefile.SaveFile:
    """The save a file given beside the saves follows, from this machine's store."""
    save = store.by_hash(game_id, sha)
    if save is None:
        raise UsageError(missing, str(path))
    return save


def _send_given(path: Path, given: Any, prepare: Callable[[PublicKey], Any], cfg: Config,
                mine: PublicKey | None, eml: Path | None, dry_run: bool) -> None:
    """Send a checked file given beside the saves, as ``mine``; noted as sent."""
    if mine is None:
        raise UsageError("no key of yours is here to send as (pbem keygen NAME)")
    if _send_beside(path, prepare(mine), cfg, eml, dry_run):
        answers.note_sent(given)


_KEPT_NAME = re.compile(r"[0-9a-f]{8}-\d{4}-[A-Za-z0-9-]+\.pbem-[a-z]+\.yaml")


def _kept_file(path: Path) -> Path:
    """``path``, or when there is no such file and it is the bare name of a file given
    beside the saves (as pbem inbox names it), that file in this machine's store."""
    if path.exists() or path.name != str(path) or not _KEPT_NAME.fullmatch(path.name):
        return path
    games_folder = paths.data_dir() / "games"
    found = sorted(games_folder.glob(f"{path.name[:8]}*/{path.name}")) \
        if games_folder.is_dir() else []
    return found[0] if len(found) == 1 else path


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
    mine = mail_key(cfg, as_name, key)
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
