"""The message that carries a witness answer given side by side (docs/dice.md), a pass
given ahead of its player's turn (pbem/passes_ahead.py) or a player's shares of the cards
the others hold (pbem/shares_ahead.py): short, to the players due with the others copied,
the file attached as it was signed."""

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
from pbem.passes_ahead import Pass
from pbem.passes_ahead import file_name as pass_file_name
from pbem.savefile import SaveFile
from pbem.shares_ahead import Shares
from pbem.shares_ahead import file_name as shares_file_name
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
    subject = (f"answer of {_name(request, answer.role)} for "
               f"{_name(request, str(request.due['role']))}'s pbem (witnessed dice)"
               if request.due else "")
    return _letter(request, cfg, mine, subject, text(answer, request), answer.role,
                   file_name(answer.game_id, answer.sequence, answer.role), answer.dump())


def pass_text(given: Pass, request: SaveFile) -> str:
    """The body of a pass given ahead: who let which moment go, and that nothing is owed
    (or, for a sealed question, whose answer is sealed or opened)."""
    who = _name(request, given.role)
    if given.answer.get("do") == "seal":
        return (f"{who} answers the question of save {request.sequence}, sealed: nobody "
                f"reads it before every player asked has answered.\n\nNothing to do: your "
                f"pbem files it. Give your own answer if you have not yet; once every answer "
                f"is in, each pbem opens its own by itself.\n")
    if given.answer.get("do") == "unseal":
        return (f"{who} opens their sealed answer to save {request.sequence}'s question, now "
                f"that every answer is bound.\n\nNothing to do: your pbem files it, and "
                f"once every answer is open the game carries them out.\n")
    return (f"{who} lets the moment of save {request.sequence} go "
            f"(a pass given ahead of their turn, side by side with the other players "
            f"asked).\n\nNothing to do: your pbem files it (pbem inbox, pbem watch, or the "
            f"table). Whoever is asked once the players before them have passed carries "
            f"on.\n")


def prepare_pass(given: Pass, request: SaveFile, cfg: Config, mine: PublicKey) -> Letter:
    """The message carrying a pass given ahead to every other player of the game."""
    verb = {"seal": "answers, sealed", "unseal": "opens a sealed answer"}.get(
        str(given.answer.get("do")), "passes")
    subject = f"{_name(request, given.role)} {verb}"
    return _letter(request, cfg, mine, subject, pass_text(given, request), given.role,
                   pass_file_name(given.game_id, given.sequence, given.role), given.dump())


def shares_text(given: Shares, request: SaveFile) -> str:
    """The body of a shares file: whose part of which cards, and that nothing is owed."""
    who = _name(request, given.role)
    cards = f"{len(given.shares)} face-down card" + ("s" if len(given.shares) != 1 else "")
    return (f"{who}'s pbem gives {who}'s part of {cards} the other players hold after save "
            f"{given.sequence}, sent ahead so that each of you reads her own at once, "
            f"before anyone's next save.\n\nNothing to do: your pbem files it (pbem inbox, "
            f"pbem watch) and reads your cards with it. The same shares still go in "
            f"{who}'s next save.\n")


def prepare_shares(given: Shares, request: SaveFile, cfg: Config, mine: PublicKey
                   ) -> Letter:
    """The message carrying a shares file to every other player of the game."""
    subject = f"{_name(request, given.role)} shares the cards the others hold"
    return _letter(request, cfg, mine, subject, shares_text(given, request), given.role,
                   shares_file_name(given.game_id, given.sequence, given.role), given.dump())


def _letter(request: SaveFile, cfg: Config, mine: PublicKey, what: str, body: str,
            role: str, name: str, data: bytes) -> Letter:
    if not cfg.address:
        raise UsageError("your own address is not set: pbem config me ADDRESS")
    module = games.get(request.kind)
    addressing = compose.address(request, cfg, request.role_of(mine))
    msg = EmailMessage()
    subject = f"{compose.topic(request, module)} — save {request.sequence} — {what}"
    msg.set_raw("Subject", headers.encode("Subject", subject))
    msg["From"] = compose._address(cfg.name or cfg.address.partition("@")[0], cfg.address)
    msg["To"] = [compose._address(r.name, r.address) for r in addressing.to]
    if addressing.cc:
        msg["Cc"] = [compose._address(r.name, r.address) for r in addressing.cc]
    msg["Date"] = format_datetime(dt.datetime.now(dt.UTC))
    msg["Message-ID"] = make_msgid(
        idstring=f"pbem.{request.game_id[:16]}.{request.sequence}.{role}",
        domain="pbem.invalid")
    msg["In-Reply-To"] = compose.thread_root(request)
    msg["References"] = compose.thread_root(request)
    msg.set_raw("Thread-Topic", headers.encode("Thread-Topic", compose.topic(request, module)))
    msg["X-Pbem-Game"] = request.game_id
    msg["X-Pbem-Answer"] = f"{request.sequence} {role}"
    msg.set_content(body)
    msg.make_mixed()
    part = EmailMessage()
    part["Content-Type"] = "/".join(ANSWER_TYPE)
    part.add_header("Content-Disposition", "attachment", filename=name)
    part["Content-Transfer-Encoding"] = "quoted-printable"
    part.set_payload(quoted.encode(data))
    msg.attach(part)
    return Letter(msg, addressing, [], None)
