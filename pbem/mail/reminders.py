"""Reminders of ``pbem watch``: when the answer owed after a game's latest save is late,
the pbem of one waiting player mails the late player(s), the others copied, once a day.

Who reminds is fixed by the save (:func:`pbem.lateness.reminder_by`), so exactly one
watcher of the table sends each reminder; every watcher says on a line that the game is
late, once a day. What was sent or said is kept under ``<data>/reminders/<game id>/``,
one file per late save and day, so a watcher started again does not repeat it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

from pbem import answering, atomic, deadlines, games, lateness, paths
from pbem.config import Config
from pbem.errors import MailError, PbemError, UsageError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.mail import compose, delivery, headers
from pbem.mail.network import MailSettingsError
from pbem.mail.printable import printable
from pbem.savefile import SaveFile

Post = Callable[[delivery.Letter, Config], None]


def record_path(game_id: str, sha: str, day: int) -> Path:
    """The file that says this machine dealt with day ``day`` of the lateness of the
    answer owed after the save with hash ``sha``."""
    return paths.data_dir() / "reminders" / game_id / f"{sha}.{day}"


def _name(save: SaveFile, role: str) -> str:
    return printable(str(save.player(role)["name"]), 64)


def _names(late: lateness.Late) -> str:
    return ", ".join(_name(late.save, role) for role in late.owing)


def _owe(late: lateness.Late) -> str:
    return "owes" if len(late.owing) == 1 else "owe"


def late_line(late: lateness.Late, title: str, moment: dt.datetime) -> str:
    """The watcher's line about a late game."""
    clock = late.clock
    return (f"{'late':<12} {title} {late.save.game_id[:8]}: {_names(late)} {_owe(late)} "
            f"save {late.sequence} since {lateness.when(clock.due)} "
            f"({lateness.left(clock, moment)}), claim from {lateness.when(clock.claimable)}")


def text(late: lateness.Late, title: str, moment: dt.datetime) -> str:
    """The body of a reminder."""
    save, clock = late.save, late.clock
    due = save.due or {}
    who = ", ".join(f"{_name(save, r)} ({r})" for r in late.owing)
    claim = (f"From {lateness.when(clock.claimable)} any other player may claim that the "
             f"deadline passed (pbem claim); the game's defaults then decide for the seat."
             if not clock.may_claim(moment) else
             f"Since {lateness.when(clock.claimable)} any other player may claim that the "
             f"deadline passed (pbem claim); the game's defaults then decide for the seat.")
    if due.get("step") in ("join", "start"):
        claim = ("The game has not begun, so nobody can claim: the others may make a new "
                 "game without the late player.")
    return "\n".join([
        f"Reminder: {who} {_owe(late)} save {late.sequence} of {title} (game "
        f"{save.game_id[:8]}): {printable(str(due.get('text', '')))}.",
        "",
        f"Save {save.sequence} asked for it at {lateness.when(clock.asked)}; it was due by "
        f"{lateness.when(clock.due)} ({lateness.left(clock, moment)}).",
        claim,
        f"The game's deadline: {deadlines.words(save.game)}.",
        "",
        f"{_names(late)}: run  pbem inbox  (or let pbem watch run) and answer the save it "
        f"lists. Save {save.sequence} is attached again, in case it went astray.",
        "Everyone else: nothing to do. This reminder comes at most once a day while the "
        "answer is late.",
        "",
    ])


def subject(late: lateness.Late, title: str) -> str:
    save = late.save
    return (f"[pbem] {title} {save.game_id[:8]} — save {late.sequence} — reminder: "
            f"{_names(late)} late since {lateness.when(late.clock.due)}")


def letter(late: lateness.Late, cfg: Config, me: str, moment: dt.datetime
           ) -> delivery.Letter:
    """The reminder of ``late``, from the player with role ``me``: to the late players,
    copies to the others, the save they owe an answer to attached."""
    if not cfg.address:
        raise UsageError("your own address is not set: pbem config me ADDRESS")
    save = late.save
    title = games.get(save.kind).title
    to: list[compose.Recipient] = []
    cc: list[compose.Recipient] = []
    for player in save.players:
        role = str(player["role"])
        if role == me:
            continue
        entry = cfg.by_key(str(player["key"]))
        if entry is None:
            if role in late.owing:
                raise UsageError(f"{_name(save, role)} ({role}) is late but not in your "
                                 f"address book (pbem config opponent ...)")
            continue
        late_one = role in late.owing
        (to if late_one else cc).append(compose.Recipient(entry.name, role, entry.address,
                                                          late_one))
    msg = EmailMessage()
    msg.set_raw("Subject", headers.encode("Subject", subject(late, title)))
    msg["From"] = compose._address(cfg.name or cfg.address.partition("@")[0], cfg.address)
    msg["To"] = [compose._address(r.name, r.address) for r in to]
    if cc:
        msg["Cc"] = [compose._address(r.name, r.address) for r in cc]
    msg["Date"] = format_datetime(moment)
    msg["Message-ID"] = make_msgid(
        idstring=f"pbem.{save.game_id[:16]}.{late.sequence}.reminder.{late.day}",
        domain="pbem.invalid")
    msg["In-Reply-To"] = compose.thread_root(save)
    msg["References"] = compose.thread_root(save)
    topic = f"[pbem] {title} {save.game_id[:8]}"
    msg.set_raw("Thread-Topic", headers.encode("Thread-Topic", topic))
    msg["X-Pbem-Game"] = save.game_id
    msg["X-Pbem-Reminder"] = f"{late.sequence} {late.day}"
    msg.set_content(text(late, title, moment))
    msg.make_mixed()
    msg.attach(compose.save_part(save))
    return delivery.Letter(msg, compose.Addressing(to, cc), [save], None)


def _title(save: SaveFile) -> str:
    try:
        return printable(games.get(save.kind).title)
    except PbemError:
        return printable(save.kind)


def _mark(late: lateness.Late, what: str) -> None:
    path = record_path(late.save.game_id, late.save.sha256, late.day)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        atomic.write_new(path, (what + "\n").encode("utf-8"))
    except PbemError:
        if not path.is_file():
            raise


def late_games(me: LocalIdentity, moment: dt.datetime) -> list[lateness.Late]:
    """The games of ``me`` whose owed answer is late at ``moment``."""
    ledger = Ledger(me.key.public)
    found: list[lateness.Late] = []
    for game_id in ledger.games():
        try:  # a damaged record or save: this game only (pbem inbox lists it)
            late = _late_game(ledger, game_id, me, moment)
        except PbemError:
            continue
        if late is not None:
            found.append(late)
    return found


def _late_game(ledger: Ledger, game_id: str, me: LocalIdentity, moment: dt.datetime
               ) -> lateness.Late | None:
    record = ledger.record(game_id)
    if not record or record.get("fork"):
        return None
    save = answering.head_of(ledger, game_id)[0]
    if save is None or save.role_of(me.key.public) is None:
        return None
    answered = answering.in_store(save) if save.due and save.due["step"] == "answers" \
        else {}
    return lateness.late(save, moment, answered)


def remind(me: LocalIdentity, cfg: Config, moment: dt.datetime, told: set[str],
           post: Post = delivery.post, settings_fatal: bool = False) -> list[str]:
    """One pass: a line for each game that became late (or another day late) since it
    was last said, and the reminder mailed when this player is the one to send it. A
    failure to post is a line; the next pass tries again."""
    lines: list[str] = []
    for late in late_games(me, moment):
        save = late.save
        key = f"{save.sha256}.{late.day}"
        if record_path(save.game_id, save.sha256, late.day).is_file():
            continue
        title = _title(save)
        if key not in told:
            told.add(key)
            lines.append(late_line(late, title, moment))
        mine = save.role_of(me.key.public)
        if mine is None or late.reminder_by != mine:
            _mark(late, "said")
            continue
        lines.append(_send(late, cfg, mine, moment, title, post, settings_fatal))
    return lines


def _send(late: lateness.Late, cfg: Config, mine: str, moment: dt.datetime, title: str,
          post: Post, settings_fatal: bool) -> str:
    head = f"{'reminded':<12} {title} {late.save.game_id[:8]}: {_names(late)}, save " \
           f"{late.sequence}"
    if cfg.smtp is None or not cfg.address:
        _mark(late, "not sent: no SMTP server")
        return f"{head}; not sent (no SMTP server set up)"
    try:
        made = letter(late, cfg, mine, moment)
        post(made, cfg)
    except MailError as exc:
        if settings_fatal and isinstance(exc, MailSettingsError):
            raise
        return f"{head}; not sent yet ({exc.message}); the next pass tries again"
    except PbemError as exc:
        _mark(late, f"not sent: {exc.message}")
        return f"{head}; not sent ({exc.message})"
    _mark(late, "sent to " + " ".join(made.addressing.everyone))
    return f"{head}; sent to {', '.join(made.addressing.everyone)}"
