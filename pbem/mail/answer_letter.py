"""The message that carries a witness answer given side by side (docs/dice.md): short, to
the actor with the other players copied, the answer attached as it was signed."""

from __future__ import annotations

import datetime as dt
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from pbem import games
from pbem.config import Config
from pbem.errors import UsageError
from pbem.mail import compose, headers, quoted
from pbem.mail.delivery import Letter
from pbem.mail.printable import printable
from pbem.savefile import SaveFile
from pbem.signing import PublicKey
from pbem.witness_answers import Answer, file_name

ANSWER_TYPE = ("application", "octet-stream")


def _name(request: SaveFile, role: str) -> str:
    return printable(str(request.player(role)["name"]), 64)


def text(answer: Answer, request: SaveFile) -> str:
    """The body: what the answer is and that nobody needs to do anything."""
    actor = str(request.pending["by"]) if request.pending else ""
    return (f"{_name(request, answer.role)}'s pbem answered {_name(request, actor)}'s roll "
            f"request (save {request.sequence}) by revealing its next dice link, given side "
            f"by side with the other witnesses' answers.\n\n"
            f"Nothing to do: your pbem files it (pbem inbox, pbem watch, or the table). Once "
            f"every answer is in, {_name(request, actor)}'s pbem makes the rolls and carries "
            f"the action on.\n")


def prepare(answer: Answer, request: SaveFile, cfg: Config, mine: PublicKey) -> Letter:
    """The message carrying ``answer`` to every other player of the game."""
    if not cfg.address:
        raise UsageError("your own address is not set: pbem config me ADDRESS")
    module = games.get(request.kind)
    addressing = compose.address(request, cfg, request.role_of(mine))
    msg = EmailMessage()
    subject = (f"{compose.topic(request, module)} — save {request.sequence} — answer of "
               f"{_name(request, answer.role)} for {_name(request, str(request.due['role']))}"
               f"'s pbem (witnessed dice)" if request.due else "")
    msg.set_raw("Subject", headers.encode("Subject", subject))
    msg["From"] = compose._address(cfg.name or cfg.address.partition("@")[0], cfg.address)
    msg["To"] = [compose._address(r.name, r.address) for r in addressing.to]
    if addressing.cc:
        msg["Cc"] = [compose._address(r.name, r.address) for r in addressing.cc]
    msg["Date"] = format_datetime(dt.datetime.now(dt.UTC))
    msg["Message-ID"] = make_msgid(
        idstring=f"pbem.{request.game_id[:16]}.{request.sequence}.{answer.role}",
        domain="pbem.invalid")
    msg["In-Reply-To"] = compose.thread_root(request)
    msg["References"] = compose.thread_root(request)
    msg.set_raw("Thread-Topic", headers.encode("Thread-Topic", compose.topic(request, module)))
    msg["X-Pbem-Game"] = request.game_id
    msg["X-Pbem-Answer"] = f"{request.sequence} {answer.role}"
    msg.set_content(text(answer, request))
    msg.make_mixed()
    part = EmailMessage()
    part["Content-Type"] = "/".join(ANSWER_TYPE)
    part.add_header("Content-Disposition", "attachment",
                    filename=file_name(answer.game_id, answer.sequence, answer.role))
    part["Content-Transfer-Encoding"] = "quoted-printable"
    part.set_payload(quoted.encode(answer.dump()))
    msg.attach(part)
    return Letter(msg, addressing, [], None)
