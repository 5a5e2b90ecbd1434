"""The e-mail that carries a save: who gets it, its subject, its words and attachments."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from pbem import gameplay
from pbem.chain import WITNESS
from pbem.config import Config
from pbem.engine import GameModule
from pbem.errors import UsageError
from pbem.mail import dice_modes
from pbem.mail.attachments import safe_name
from pbem.mail.printable import printable
from pbem.savefile import DICE_WORDS, SUFFIX, SaveFile, file_name

SAVE_TYPE = ("application", "octet-stream")
MAX_LOG_LINES = 80
TABLE_DICE_LINE = ("TABLE DICE: the players type this game's dice as rolled at a table; "
                   "pbem does not roll them and cannot check them.")


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


def _who(save: SaveFile, module: GameModule, role: str) -> str:
    return f"{_name(save, role)} ({module.role_label(role)})"


def _roll_request(save: SaveFile) -> bool:
    return save.due is not None and save.due["step"] == WITNESS


def subject(save: SaveFile, module: GameModule) -> str:
    """``[pbem] <game> — <turn> — <who> to move (<dice>)``: the dice are ``witnessed
    dice``, ``open dice`` or ``TABLE DICE`` (typed by the players)."""
    game = f"{module.title} {save.game_id[:8]}"
    turn = f"save {save.sequence}"
    round_no = gameplay.view(module, save.state, None).get("round")
    if isinstance(round_no, int) and not isinstance(round_no, bool):
        turn = f"round {round_no}, save {save.sequence}"
    if save.due is None:
        who = "game over"
    elif _roll_request(save):
        who = f"roll request for {_name(save, save.due['role'])}'s pbem"
    else:
        who = f"{_name(save, save.due['role'])} to move"
    dice = dice_modes.short(save)
    return f"[pbem] {game} — {turn} — {who}" + (f" ({dice})" if dice else "")


def body(save: SaveFile, module: GameModule, with_picture: bool,
         earlier: list[SaveFile] | None = None) -> str:
    """The plain-text body: what happened, the position, and what to do with the file."""
    lines: list[str] = [TABLE_DICE_LINE, ""] if save.table_dice else []
    if save.due is None:
        lines.append(f"The game of {module.title} ({save.game_id[:8]}) is over.")
        outcome = module.outcome(save.state)
        if outcome:
            lines.append("Result: " + printable(", ".join(f"{k}: {v}"
                                                          for k, v in outcome.items())))
    else:
        lines.append(f"{_who(save, module, save.due['role'])} is to move in {module.title} "
                     f"(game {save.game_id[:8]}): {printable(str(save.due['text']))}.")
    if _roll_request(save):
        lines.append("Nothing to decide: pbem inbox (or pbem watch) answers it by itself.")
    lines.append(f"Save {save.sequence}, written by {_who(save, module, save.writer)} at "
                 f"{printable(str(save.doc['written']))}.")
    mode = dice_modes.mode_of(save)
    if mode is not None:
        lines.append(f"Dice: {DICE_WORDS[mode]}.")
    log = [printable(str(line)) for line in save.doc["log"]]
    if log:
        lines += ["", "What happened", "-------------"]
        lines += log[:MAX_LOG_LINES]
        if len(log) > MAX_LOG_LINES:
            lines.append(f"... and {len(log) - MAX_LOG_LINES} more lines: pbem log "
                         f"{attachment_name(save)}")
    picture = gameplay.describe(module, save.state, None)
    if picture:
        lines += ["", "The position", "------------",
                  *(printable(line) for line in picture.splitlines())]
    lines += ["", f"The save is attached as {attachment_name(save)}"
              + (f", with a picture of the map ({picture_name(save)})." if with_picture else ".")]
    if earlier:
        lines.append(f"So that nothing is missing, the {len(earlier)} earlier save"
                     f"{'s' if len(earlier) != 1 else ''} you may not have come with it "
                     f"(saves {earlier[0].sequence}-{earlier[-1].sequence}).")
    lines.append("To play: run  pbem inbox  (it checks the save and files it), then the "
                 "command it prints.")
    lines += ["", "Players: " + ", ".join(_who(save, module, str(p["role"]))
                                          for p in save.players)]
    return "\n".join(lines) + "\n"


def _address(name: str, addr: str) -> Address:
    user, _, domain = addr.rpartition("@")
    return Address(display_name=name, username=user, domain=domain)


def message_id(save: SaveFile) -> str:
    """A message id that names the save (the same save sent again gets a new one)."""
    return make_msgid(idstring=f"pbem.{save.game_id[:16]}.{save.sequence}",
                      domain="pbem.invalid")


def thread_root(save: SaveFile) -> str:
    """The id every message of one game refers to, so mail programs keep it one thread."""
    return f"<pbem.game.{save.game_id}@pbem.invalid>"


def build(save: SaveFile, module: GameModule, cfg: Config, addressing: Addressing,
          picture: bytes | None, earlier: list[SaveFile] | None = None) -> EmailMessage:
    """The MIME message: text body, the save (after any ``earlier`` saves the recipients
    lack) and the map (PNG).

    Saves go as ``application/octet-stream`` in base64, which no mail system re-encodes
    or re-wraps: they arrive with exactly the bytes that were signed."""
    if not cfg.address:
        raise UsageError("your own address is not set: pbem config me ADDRESS")
    msg = EmailMessage()
    msg["Subject"] = subject(save, module)
    msg["From"] = _address(cfg.name or cfg.address.partition("@")[0], cfg.address)
    msg["To"] = [_address(r.name, r.address) for r in addressing.to]
    if addressing.cc:
        msg["Cc"] = [_address(r.name, r.address) for r in addressing.cc]
    msg["Date"] = format_datetime(dt.datetime.now(dt.UTC))
    msg["Message-ID"] = message_id(save)
    msg["In-Reply-To"] = thread_root(save)
    msg["References"] = thread_root(save)
    msg["X-Pbem-Game"] = save.game_id
    msg["X-Pbem-Save"] = f"{save.sequence} {save.sha256}"
    msg.set_content(body(save, module, picture is not None, earlier or []))
    for item in [*(earlier or []), save]:
        msg.add_attachment(item.raw, maintype=SAVE_TYPE[0], subtype=SAVE_TYPE[1],
                           cte="base64", filename=attachment_name(item))
    if picture is not None:
        msg.add_attachment(picture, maintype="image", subtype="png",
                           filename=picture_name(save))
    return msg


def eml_bytes(msg: EmailMessage) -> bytes:
    """The message as a ``.eml`` file, with the CRLF line ends mail programs write."""
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))
