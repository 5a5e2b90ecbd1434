"""The e-mail that carries a save: who gets it, its subject, its words and attachments."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from pbem import gameplay
from pbem.chain import AUDIT, JOIN, SHARE, SHUFFLE, UNSEAL, WITNESS
from pbem.config import Config
from pbem.engine import GameModule
from pbem.errors import UsageError
from pbem.mail import body, dice_modes, headers, quoted, requests, story
from pbem.mail.attachments import safe_name
from pbem.mail.printable import printable
from pbem.savefile import SUFFIX, SaveFile, file_name

SAVE_TYPE = ("application", "octet-stream")
NEWS_LENGTH = 60  # the first key result in a subject; the body lists them all
TABLE_DICE_LINE = body.TABLE_DICE_LINE


@dataclass
class Recipient:
    """A player the message goes to."""

    name: str
    role: str
    address: str
    due: bool


@dataclass
class Addressing:
    """Who gets the message: the player due first, copies to the others."""

    to: list[Recipient]
    cc: list[Recipient]
    missing: list[str] = field(default_factory=list)

    @property
    def everyone(self) -> list[str]:
        return [r.address for r in self.to + self.cc]


def address(save: SaveFile, cfg: Config, my_role: str | None) -> Addressing:
    """The recipients of ``save``: each other player, found in the address book by key."""
    due_role = save.due["role"] if save.due else None
    to: list[Recipient] = []
    cc: list[Recipient] = []
    missing: list[str] = []
    for player in save.players:
        role = str(player["role"])
        if role == my_role:
            continue
        entry = cfg.by_key(str(player["key"]))
        if entry is None:
            missing.append(f"{printable(str(player['name']))} ({role})")
            continue
        recipient = Recipient(entry.name, role, entry.address, role == due_role)
        (to if recipient.due else cc).append(recipient)
    if not to and cc and (due_role is None or due_role == my_role):
        to, cc = cc, []
    if due_role is not None and due_role != my_role and not to:
        owner = printable(str(save.player(due_role)["name"]))
        raise UsageError(f"{owner} ({due_role}) must act next but is not in your address "
                         f"book; add them with: pbem config opponent SAVE ADDRESS "
                         f"--player {owner}", save.where)
    if not to:
        raise UsageError("nobody to send this save to: no other player is in your address "
                         "book (pbem config opponent ...)", save.where)
    return Addressing(to, cc, missing)


def attachment_name(save: SaveFile) -> str:
    """The save's conventional name, made safe as a file name whatever the save holds."""
    return safe_name(file_name(save.game_id, save.sequence, save.writer), "save" + SUFFIX)


def picture_name(save: SaveFile) -> str:
    return attachment_name(save).removesuffix(SUFFIX) + ".map.png"


def _name(save: SaveFile, role: str) -> str:
    return printable(str(save.player(role)["name"]), 64)


def _news(results: list[str]) -> str:
    """The first key result, cut to fit a subject, and how many more the body lists."""
    if not results:
        return ""
    first = results[0]
    if len(first) > NEWS_LENGTH:
        first = first[:NEWS_LENGTH].rsplit(" ", 1)[0] + "..."
    more = len(results) - 1
    return first + (f" (+{more} more)" if more else "")


def _who_acts(save: SaveFile) -> str:
    """Who acts on ``save``, for the subject: a person to move, or their pbem."""
    due = save.due
    if due is None:
        return "game over"
    name = _name(save, str(due["role"]))
    step = due["step"]
    if step == WITNESS:
        return f"{requests.kind(save)} for {name}'s pbem"
    if step == SHARE:
        return f"hidden cards for {name}'s pbem"
    if step == SHUFFLE:
        return f"shuffle for {name}'s pbem"
    if step == AUDIT:
        return f"game over, audit for {name}'s pbem"
    if step == UNSEAL:
        return f"sealed answer for {name}'s pbem to open"
    if step == JOIN:
        return f"invitation: {name} to join"
    return f"{name} to move"


def topic(save: SaveFile, module: GameModule) -> str:
    """``[pbem] <game> <id>``: the part every subject of one game starts with, the same in
    every message (the ``Thread-Topic`` too), so mail programs that group messages by
    subject keep a game together."""
    return f"[pbem] {module.title} {save.game_id[:8]}"


def subject(save: SaveFile, module: GameModule, key_results: list[str] | None = None) -> str:
    """``[pbem] <game> <id> — <turn> — <key result (+N more)> — <who acts> (<dice>)``: the
    dice are ``witnessed dice``, ``open dice`` or ``TABLE DICE`` (typed by the players)."""
    turn = f"save {save.sequence}"
    round_no = gameplay.view(module, save.state, None).get("round")
    if isinstance(round_no, int) and not isinstance(round_no, bool):
        turn = f"round {round_no}, save {save.sequence}"
    news = _news(key_results or [])
    dice = dice_modes.short(save)
    return (f"{topic(save, module)} — {turn} — " + (f"{news} — " if news else "")
            + _who_acts(save)
            + (f" ({dice})" if dice else ""))


def reader(save: SaveFile, addressing: Addressing) -> str | None:
    """The person a message is first for (whose last move its story starts from): the
    player to move, or at the end the first recipient; none for a request their pbem
    answers."""
    first = addressing.to[0].role if addressing.to else None
    if save.due is None:
        return first
    if save.due["step"] in (WITNESS, SHUFFLE, SHARE, AUDIT, UNSEAL):
        return None
    role = str(save.due["role"])
    return role if role in [r.role for r in addressing.to + addressing.cc] else first


def _address(name: str, addr: str) -> Address:
    user, _, domain = addr.rpartition("@")
    return Address(display_name=name, username=user, domain=domain)


def message_id(save: SaveFile) -> str:
    """A message id that names the save: the game's first save (the invitation) has the
    game's own, :func:`thread_root`; any later save a new one each time it is sent."""
    if save.sequence == 0:
        return thread_root(save)
    return make_msgid(idstring=f"pbem.{save.game_id[:16]}.{save.sequence}",
                      domain="pbem.invalid")


def thread_root(save: SaveFile) -> str:
    """The id of the message that carried the game's first save (the invitation), which
    every later message of the game refers to, so mail programs keep it one thread."""
    return f"<pbem.game.{save.game_id}@pbem.invalid>"


def build(save: SaveFile, module: GameModule, cfg: Config, addressing: Addressing,
          picture: bytes | None, earlier: list[SaveFile] | None = None) -> EmailMessage:
    """The MIME message: text body, the save (after any ``earlier`` saves the recipients
    lack) and the map (PNG).

    Saves go as ``application/octet-stream``, which no mail system re-wraps, in a
    quoted-printable that changes in transit cannot touch (:func:`save_part`): they
    arrive with exactly the bytes that were signed."""
    if not cfg.address:
        raise UsageError("your own address is not set: pbem config me ADDRESS")
    told = story.since_last_move(save, reader(save, addressing), module)
    msg = EmailMessage()
    msg.set_raw("Subject", headers.encode("Subject", subject(save, module, told.key_results)))
    msg["From"] = _address(cfg.name or cfg.address.partition("@")[0], cfg.address)
    msg["To"] = [_address(r.name, r.address) for r in addressing.to]
    if addressing.cc:
        msg["Cc"] = [_address(r.name, r.address) for r in addressing.cc]
    msg["Date"] = format_datetime(dt.datetime.now(dt.UTC))
    msg["Message-ID"] = message_id(save)
    if save.sequence:  # (the invitation starts the thread)
        msg["In-Reply-To"] = thread_root(save)
        msg["References"] = thread_root(save)
    msg.set_raw("Thread-Topic", headers.encode("Thread-Topic", topic(save, module)))
    msg["X-Pbem-Game"] = save.game_id
    msg["X-Pbem-Save"] = f"{save.sequence} {save.sha256}"
    msg.set_content(body.body(save, module, told, picture is not None, earlier or [],
                              [r.role for r in addressing.to + addressing.cc]))
    msg.make_mixed()
    for item in [*(earlier or []), save]:
        msg.attach(save_part(item))
    if picture is not None:
        msg.add_attachment(picture, maintype="image", subtype="png",
                           filename=picture_name(save))
    return msg


def save_part(save: SaveFile) -> EmailMessage:
    """The attachment that carries ``save``: ``application/octet-stream`` in
    quoted-printable with every byte that is not printable ASCII escaped, so that it
    arrives with exactly the bytes that were signed (:mod:`pbem.mail.quoted`)."""
    part = EmailMessage()
    part["Content-Type"] = "/".join(SAVE_TYPE)
    part.add_header("Content-Disposition", "attachment", filename=attachment_name(save))
    part["Content-Transfer-Encoding"] = "quoted-printable"
    part.set_payload(quoted.encode(save.raw))
    return part


def eml_bytes(msg: EmailMessage) -> bytes:
    """The message as a ``.eml`` file, with the CRLF line ends mail programs write."""
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))
