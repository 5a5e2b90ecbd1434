"""Putting saves in the post: the message for a save, and sending it by SMTP."""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import EmailMessage

from pbem import gamedata
from pbem.chain import ANSWERS, UNSEAL, WITNESS
from pbem.config import Config
from pbem.errors import UsageError
from pbem.mail import compose, copies, outbox, passwords, picture, smtp
from pbem.savefile import SaveFile
from pbem.signing import PublicKey


@dataclass
class Letter:
    """A message ready to send, and what it holds."""

    message: EmailMessage
    addressing: compose.Addressing
    saves: list[SaveFile]
    picture: bytes | None
    notes: list[str] = field(default_factory=list)


def prepare(save: SaveFile, cfg: Config, mine: PublicKey | None,
            resend: tuple[int, int] | None = None) -> Letter:
    """The message carrying ``save`` and the earlier saves one of its recipients may lack
    (:func:`outbox.needed`; or, with ``resend``, saves first..last)."""
    module = gamedata.for_save(save)
    my_role = save.role_of(mine) if mine else None
    addressing = compose.address(save, cfg, my_role)
    roles = [r.role for r in addressing.to + addressing.cc]
    notes: list[str] = []
    if resend is not None:
        found = outbox.resend(save, *resend)
        if not found:
            raise UsageError(f"saves {resend[0]}-{resend[1]} of this game are not on this "
                             f"machine", save.where)
        carried = found if found[-1].sha256 == save.sha256 else [*found, save]
    else:
        carried = outbox.needed(save, [(r.role, r.address)
                                       for r in addressing.to + addressing.cc])
    if len(carried) > outbox.MAX_SAVES:
        skipped = carried[:-outbox.MAX_SAVES]
        carried = carried[-outbox.MAX_SAVES:]
        notes.append(f"saves {skipped[0].sequence}-{skipped[-1].sequence} are not in this "
                     f"message (too many); send them with pbem send --resend "
                     f"{skipped[0].sequence}..{skipped[-1].sequence} SAVE")
    png = None
    try:
        if worth_a_picture(save, roles):
            png = picture.map_png(module, save, carried[:-1])
    except Exception as exc:  # a drawing bug must not hold up the game
        notes.append(f"the map picture could not be drawn ({type(exc).__name__}); sending "
                     f"without it")
    message = compose.build(save, module, cfg, addressing, png, carried[:-1])
    return Letter(message, addressing, carried, png, notes)


def worth_a_picture(save: SaveFile, recipients: list[str]) -> bool:
    """Whether a person receiving ``save`` may look at its map: not for a roll request
    (the position is that of the save before it, and the recipient's pbem answers it), nor
    for the save of sealed answers alone (every pbem opens its own, unattended), nor for a
    witness's answer after which no recipient has anything to decide (their pbem files it
    and tidies it away). Drawing the map takes longer than the rest of the
    message, and a witnessed roll waits for it."""
    due = save.due
    if due is None:
        return True
    if due["step"] in (WITNESS, ANSWERS, UNSEAL):
        return False
    answer = bool(save.actions) and save.actions[0]["do"] == WITNESS
    return not answer or due["role"] in recipients


def post(letter: Letter, cfg: Config) -> None:
    """Send a prepared message by the configured SMTP server, and note that its
    recipients now hold its saves (:mod:`pbem.mail.copies`)."""
    if cfg.smtp is None:
        raise UsageError("no SMTP server set up: pbem config smtp HOST (or use --eml FILE)")
    secret = passwords.get("smtp", cfg.smtp)
    assert cfg.address is not None
    smtp.send(cfg.smtp, secret, letter.message, cfg.address, letter.addressing.everyone)
    sent(letter, cfg)


def sent(letter: Letter, cfg: Config) -> None:
    """Note that the recipients of a message sent (and its sender) hold its saves."""
    copies.record(letter.saves, [*letter.addressing.everyone, cfg.address or ""])
