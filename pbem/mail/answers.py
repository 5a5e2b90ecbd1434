"""After filing: answer what needs no decision (a roll request's witness answer) and post
the answers, including any written earlier that could not be sent then."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from pbem import (
    answering,
    answers_ahead,
    passes_ahead,
    paths,
    responses,
    savefile,
    shares_ahead,
    store,
    witness_answers,
)
from pbem.chain import START
from pbem.config import Config
from pbem.errors import MailError, PbemError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.mail import answer_letter, delivery, given_ahead, outbox, requests
from pbem.mail.network import MailSettingsError


def _sent_log() -> Path:
    return paths.data_dir() / "mail" / "sent.log"


def _sent() -> set[str]:
    try:
        return set(_sent_log().read_text(encoding="ascii").split())
    except (OSError, UnicodeDecodeError):
        return set()


def _mark_sent(sha: str) -> None:
    log = _sent_log()
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a", encoding="ascii") as handle:
        handle.write(sha + "\n")


def unsent(me: LocalIdentity, game: str | None = None) -> list[savefile.SaveFile]:
    """Answers this player's pbem wrote that are still the latest of their game (of
    ``game``, when given), unsent."""
    ledger = Ledger(me.key.public)
    sent = _sent()
    by_responses = responses.written()
    out = []
    for game_id in ledger.games() if game is None else [game]:
        save = answering.head_of(ledger, game_id)[0]
        waits = save is not None and not save.actions and save.pending is not None \
            and save.pending["action"]["do"] in answering.AUTOMATIC  # e.g. an opening
        if (save is not None and save.sha256 not in sent and (save.actions or waits)
                and (waits or save.actions[0]["do"] in answering.AUTOMATIC
                     or (len(save.actions) == 1 and "answers" in save.actions[0])
                     or all(a["do"] in passes_ahead.VERBS or a["do"] in answering.AUTOMATIC
                            or a["do"] == START for a in save.actions)
                     or save.sha256 in by_responses)
                and save.role_of(me.key.public) == save.writer):
            out.append(save)
    return out


def unsent_answers(me: LocalIdentity, game: str | None = None
                   ) -> list[tuple[witness_answers.Answer, savefile.SaveFile]]:
    """This player's witness answers, given side by side, to requests still waiting for
    them (in ``game`` only, when given), not yet sent."""
    ledger = Ledger(me.key.public)
    sent = _sent()
    out = []
    for game_id in ledger.games() if game is None else [game]:
        save = answering.head_of(ledger, game_id)[0]
        if save is None or not witness_answers.is_request(save):
            continue
        role = save.role_of(me.key.public)
        answer = answering.in_store(save).get(role or "")
        if answer is not None and _answer_id(answer) not in sent:
            out.append((answer, save))
    return out


def unsent_passes(me: LocalIdentity, game: str | None = None
                  ) -> list[tuple[passes_ahead.Pass, savefile.SaveFile]]:
    """This player's passes given ahead to saves still the latest of their game, not yet
    sent."""
    ledger = Ledger(me.key.public)
    sent = _sent()
    out = []
    for game_id in ledger.games() if game is None else [game]:
        save = answering.head_of(ledger, game_id)[0]
        role = None if save is None else save.role_of(me.key.public)
        if save is None or role is None:
            continue
        given = answers_ahead.passes_in_store(save).get(role)
        if given is not None and _pass_id(given) not in sent:
            out.append((given, save))
    return out


def unsent_shares(me: LocalIdentity, game: str | None = None
                  ) -> list[tuple[shares_ahead.Shares, savefile.SaveFile]]:
    """This player's shares files (:mod:`pbem.shares_ahead`) kept in the store and not yet
    sent, with the save each follows: those of the latest save of their game or of an
    earlier one, while she still owes a share they give (her next save gives them)."""
    ledger = Ledger(me.key.public)
    sent = _sent()
    out = []
    for game_id in ledger.games() if game is None else [game]:
        head = answering.head_of(ledger, game_id)[0]
        role = None if head is None else head.role_of(me.key.public)
        if head is None or role is None:
            continue
        owed = set(shares_ahead.owed(head, role))
        for given in shares_ahead.kept(game_id, [store.game_folder(game_id)]):
            if given.role != role or given.sequence > head.sequence \
                    or _shares_id(given) in sent or not owed & set(given.shares):
                continue
            request = given_ahead.saved(game_id, given.sequence, given.request)
            if request is not None:
                out.append((given, request))
    return out


def note_sent(given: passes_ahead.Pass | witness_answers.Answer | shares_ahead.Shares
              ) -> None:
    """Record a pass, witness answer or shares file posted by hand (pbem send), so that
    no later run of pbem inbox or pbem watch posts it again."""
    if isinstance(given, shares_ahead.Shares):
        _mark_sent(_shares_id(given))
    elif isinstance(given, passes_ahead.Pass):
        _mark_sent(_pass_id(given))
    else:
        _mark_sent(_answer_id(given))


def _pass_id(given: passes_ahead.Pass) -> str:
    return "pass:" + hashlib.sha256(given.dump()).hexdigest()


def _answer_id(answer: witness_answers.Answer) -> str:
    return "answer:" + hashlib.sha256(answer.dump()).hexdigest()


def _shares_id(given: shares_ahead.Shares) -> str:
    return "shares:" + hashlib.sha256(given.dump()).hexdigest()


def answer_and_post(me: LocalIdentity, cfg: Config, settings_fatal: bool = False,
                    game: str | None = None) -> list[str]:
    """Answer every request waiting for ``me`` (in ``game`` only, when given); post what
    is ready. One line each. A failure to post is a line (the next run tries again); with
    ``settings_fatal``, one that only the settings can fix (a refused login) is raised
    instead."""
    lines: list[str] = []
    for done in answering.answer_all(me, game):
        if done.save is None and done.given is None and done.passed is None \
                and done.shared is None:
            lines.append(f"{'not answered':<12} {done.request.short()}: {done.problem}")
    for answer, request in unsent_answers(me, game):
        line = (f"{'answered':<12} {request.short()}: a roll request, answered by revealing "
                f"your next dice link (side by side with the other witnesses)")
        name = witness_answers.file_name(answer.game_id, answer.sequence, answer.role)
        lines.append(_post(line, name, _answer_id(answer), cfg, settings_fatal,
                           lambda a=answer, r=request: answer_letter.prepare(
                               a, r, cfg, me.key.public)))
    for given, request in unsent_passes(me, game):
        line = {"seal": f"{'sealed':<12} {request.short()}: your answer, sealed, given side "
                        f"by side with the others asked",
                "unseal": f"{'opened':<12} {request.short()}: your sealed answer, opened "
                          f"side by side now that every answer is bound"}.get(
            str(given.answer.get("do")),
            f"{'passed':<12} {request.short()}: let go ahead of your turn, side by side "
            f"with the others asked")
        name = passes_ahead.file_name(given.game_id, given.sequence, given.role)
        lines.append(_post(line, name, _pass_id(given), cfg, settings_fatal,
                           lambda g=given, r=request: answer_letter.prepare_pass(
                               g, r, cfg, me.key.public)))
    by_responses = responses.written()
    for save in unsent(me, game):
        first = save.actions[0] if save.actions else {"do": ""}  # or a request alone
        label = "carried on" if "answers" in first \
            or first["do"] in passes_ahead.VERBS else "started" if first["do"] == START \
            else "answered"
        if save.sha256 in by_responses:
            label = "responded"
        line = f"{label:<12} {save.short()}: " \
               f"{requests.answered(save, outbox.before(save))}"
        name = savefile.file_name(save.game_id, save.sequence, save.writer)
        lines.append(_post(line, name, save.sha256, cfg, settings_fatal,
                           lambda s=save: delivery.prepare(s, cfg, me.key.public)))
    for shared, after in unsent_shares(me, game):
        line = (f"{'shared':<12} {after.short()}: your part of the cards the others hold, "
                f"sent ahead so each reads her own at once")
        name = shares_ahead.file_name(shared.game_id, shared.sequence, shared.role)
        lines.append(_post(line, name, _shares_id(shared), cfg, settings_fatal,
                           lambda g=shared, r=after: answer_letter.prepare_shares(
                               g, r, cfg, me.key.public)))
    return lines


def _post(line: str, name: str, sent_id: str, cfg: Config, settings_fatal: bool,
          prepare: Callable[[], delivery.Letter]) -> str:
    """Post one prepared message (noting it sent); the line that says what became of it."""
    if cfg.smtp is None or not cfg.address:
        return f"{line}; not sent (no SMTP server set up): pbem send {name}"
    try:
        letter = prepare()
        delivery.post(letter, cfg)
    except MailError as exc:
        if settings_fatal and isinstance(exc, MailSettingsError):
            raise
        return f"{line}; not sent yet ({exc.message}); the next run tries again"
    except PbemError as exc:
        return f"{line}; not sent ({exc.message})"
    _mark_sent(sent_id)
    return f"{line}; sent to {', '.join(letter.addressing.everyone)}"
