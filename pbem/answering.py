"""Answering what needs no decision: a roll request's witness answer (and, in games with
hidden cards, the other contributions the engine asks of a player's pbem).

``pbem inbox``, ``pbem watch`` and the terminal table call :func:`answer_all` after filing
what arrived: for every game whose latest accepted save asks this player for such an
answer, the answer is written, kept in the store and recorded in the ledger, ready to
send. Nobody is asked anything: revealing the next link of one's dice chain involves no
choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import (
    claims,
    gameplay,
    games,
    keeping,
    nudge,
    passes_ahead,
    responses,
    savefile,
    sealed_orders,
    session,
    store,
    witness_answers,
)
from pbem.chain import AUDIT, SHARE, SHUFFLE, UNSEAL, WITNESS
from pbem.errors import PbemError, UsageError
from pbem.hidden_cards import seating
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from pbem.signing import PublicKey

# step -> how a player's pbem answers it, unattended
AUTOMATIC: dict[str, Callable[[SaveFile, LocalIdentity], SaveFile]] = {
    WITNESS: session.witness,
    SHUFFLE: session.machine,
    SHARE: session.machine,
    AUDIT: session.machine,
    UNSEAL: session.unseal,
}


@dataclass
class Answer:
    """One answer written (or why it could not be)."""

    request: SaveFile
    save: SaveFile | None
    path: Path | None
    problem: str = ""
    given: witness_answers.Answer | None = None  # an answer given side by side
    passed: passes_ahead.Pass | None = None  # a pass given ahead of this player's turn


def is_automatic(save: SaveFile) -> bool:
    return save.due is not None and save.due["step"] in AUTOMATIC


_READ: dict[tuple[str, str], tuple[SaveFile, Path]] = {}  # (folder, sha256) -> save, file
_KEEP = 256


def head_of(ledger: Ledger, game_id: str) -> tuple[SaveFile | None, Path | None]:
    """The latest save the ledger accepted in this game, and its file in the store.

    A save never changes (its hash is its name in the ledger), so one read in a process
    is enough: ``pbem watch`` asks for the heads at every pass."""
    head = ledger.head(game_id)
    if head is None:
        return None, None
    sha = str(head["sha256"])
    folder = store.game_folder(game_id)
    known = _READ.get((str(folder), sha))
    if known is not None and known[1].is_file():
        return known
    name = savefile.file_name(game_id, int(head["sequence"]), str(head["writer"]))
    for path in (folder / name,
                 folder / name.replace(savefile.SUFFIX, f"-{sha[:12]}{savefile.SUFFIX}")):
        try:
            save = savefile.read(path)
        except PbemError:
            continue
        if save.sha256 == sha:
            if len(_READ) >= _KEEP:
                _READ.clear()
            _READ[(str(folder), sha)] = (save, path)
            return save, path
    return None, None


def _head_save(ledger: Ledger, game_id: str) -> SaveFile | None:
    return head_of(ledger, game_id)[0]


def answer(request: SaveFile, me: LocalIdentity) -> Answer:
    """Write this player's automatic answer to ``request`` (already accepted)."""
    ledger = Ledger(me.key.public)
    if ledger.already_moved(request, str(request.due["role"])) if request.due else True:
        return Answer(request, None, None, "answered before")
    try:
        made = AUTOMATIC[request.due["step"]](request, me)  # type: ignore[index]
        return _kept(request, made)
    except PbemError as exc:
        return Answer(request, None, None, exc.line())


def by_response(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """The answer this player's standing responses give to ``request``, written and kept
    (``None``: they do not decide it, and the player is asked)."""
    if Ledger(me.key.public).already_moved(request, str(request.role_of(me.key.public))) \
            if request.due else True:
        return None
    try:
        made = responses.answer(request, me)
    except PbemError as exc:
        return Answer(request, None, None, exc.line())
    return None if made is None else _kept(request, made)


def _kept(request: SaveFile, made: SaveFile) -> Answer:
    """A save this player's pbem made on ``request``, written into the local store."""
    path = store.game_folder(made.game_id) / savefile.file_name(
        made.game_id, made.sequence, made.writer)
    keeping.write(made, path, request)
    return Answer(request, made, path)


def passes_in_store(request: SaveFile) -> dict[str, passes_ahead.Pass]:
    """The passes given ahead to ``request`` that the local store holds."""
    module = games.get(request.kind)
    return passes_ahead.gathered(module, request, [store.game_folder(request.game_id)])


def my_turn(save: SaveFile, me: PublicKey, path: Path | None = None) -> bool:
    """Whether ``save`` waits for the player with key ``me``: she is due, or is asked once
    the passes given ahead that this machine holds (in the store, or beside ``path``) fold
    in."""
    role = save.role_of(me)
    if save.due is None or role is None:
        return False
    module = games.get(save.kind)
    if not passes_ahead.queue(module, save):
        return role == save.due["role"]
    given = passes_ahead.around(module, save, path) if path else passes_in_store(save)
    return role == passes_ahead.asked_after(module, save, given)


def pass_ahead(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """The pass this player's standing responses give, side by side with the others
    asked, to a question she may let go ahead of her turn (``None``: they do not pass)."""
    module = games.get(request.kind)
    role = request.role_of(me.key.public)
    if role is None or role not in passes_ahead.queue(module, request) \
            or role in passes_in_store(request) or not responses.load(request.game_id):
        return None
    try:
        composer = session.Composer(request, me)
        known = composer.known()
        asked = composer.prompt(known)
        if asked is None:
            return None
        if asked.role != role:
            asked = passes_ahead.as_asked(asked, role)
        action = responses.decide(module, request, composer.state, asked, known)
        if action != passes_ahead.PASS:
            return None
        given = composer.give_pass()
        if given is None:
            return None
        path = passes_ahead.keep(given, store.game_folder(request.game_id))
    except PbemError as exc:
        return Answer(request, None, None, exc.line())
    return Answer(request, None, path, passed=given)


def seal_by_response(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """This player's answer to a question answered sealed side by side, given by her
    standing response, sealed and kept to be sent (``None``: none decides it, or she has
    answered already)."""
    role = request.role_of(me.key.public)
    if role is None or not sealed_question(request, me) \
            or role in passes_in_store(request) or not responses.load(request.game_id):
        return None
    try:
        module = games.get(request.kind)
        composer = session.Composer(request, me)
        asked = passes_ahead.game_prompt(module, request)
        if asked is None:
            return None
        action = responses.decide(module, request, composer.state,
                                  passes_ahead.as_asked(asked, role), composer.known())
        if action is None:
            return None
        path = seal_now(request, me, action)
    except PbemError as exc:
        return Answer(request, None, None, exc.line())
    return Answer(request, None, path, passed=passes_ahead.read(path))


def open_ahead(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """The opening of this player's sealed answer, given side by side with the others once
    every answer is bound (no decision: it is given unattended), kept in the store to be
    sent; ``None`` when the request does not ask it of her, or she gave it already."""
    module = games.get(request.kind)
    role = request.role_of(me.key.public)
    if role is None or role not in passes_ahead.queue(module, request) \
            or role in passes_in_store(request):
        return None
    try:
        given = session.Composer(request, me).give_opening()
        if given is None:
            return None
        path = passes_ahead.keep(given, store.game_folder(request.game_id))
    except PbemError as exc:
        return Answer(request, None, None, exc.line())
    return Answer(request, None, path, passed=given)


def carry_folded(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """The save of the answers given ahead alone, written unattended by the player the game
    asks next when that is a question the players answer side by side (the others then
    answer it ahead, to this save); ``None`` when it is not hers to write."""
    if not passes_ahead.queue(games.get(request.kind), request):
        return None
    try:
        composer = session.Composer(request, me)
        if not composer.carries_folded_on():
            return None
        return _kept(request, composer.finish())
    except PbemError as exc:
        return Answer(request, None, None, exc.line())


def open_in_a_save(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """This player's sealed answer opened in a save of her own, unattended (no decision),
    once the openings before hers are in, when hers cannot be folded in ahead: what it sets
    off needs witnessed dice. ``None`` when the openings do not stop at hers."""
    try:
        composer = session.Composer(request, me)
        prompt = composer.prompt()
        if prompt is None or prompt.step != UNSEAL or prompt.role != composer.role:
            return None
        composer.open_sealed()
        return _kept(request, composer.finish())
    except PbemError as exc:
        return Answer(request, None, None, exc.line())


def opened_side_by_side(save: SaveFile) -> bool:
    """Whether the sealed answers of ``save``'s round are opened side by side (each given
    ahead as a file) rather than in a save each."""
    return save.due is not None and save.due["step"] == UNSEAL \
        and bool(passes_ahead.queue(games.get(save.kind), save))


def sealed_question(request: SaveFile, me: LocalIdentity) -> bool:
    """Whether ``request`` asks this player, with others, a question answered sealed side
    by side (her answer is then given ahead, as a signed file)."""
    module = games.get(request.kind)
    prompt = passes_ahead.game_prompt(module, request)
    return prompt is not None and passes_ahead.kind_of(prompt) == passes_ahead.SEAL \
        and request.role_of(me.key.public) in [prompt.role, *prompt.ahead]


def seal_now(request: SaveFile, me: LocalIdentity, order: dict[str, Any],
             path: Path | None = None) -> Path:
    """This player's answer to a question answered sealed side by side: tried by the rules,
    sealed (only she opens it), signed, kept in the store (and beside ``path``) for pbem
    inbox or pbem watch to send. ``request`` must be verified already."""
    module = games.get(request.kind)
    with store.game_lock(request.game_id):
        _not_moved_on(request, me)
        composer = session.Composer(request, me,
                                    passes=passes_ahead.around(module, request, path))
        return _keep_given(composer.give_sealed(order), request, path)


def _not_moved_on(request: SaveFile, me: LocalIdentity) -> None:
    """Refuse an answer given ahead to ``request`` once this player's pbem has signed the
    save after it (it folded the others' answers in and moved the question on to her)."""
    role = request.role_of(me.key.public)
    moved = Ledger(me.key.public).already_moved(request, role) if role else None
    if moved is not None:
        raise UsageError(f"your pbem already signed the save after this one, which moved the "
                         f"question on to you (kept in {moved}): answer to that save",
                         request.where)


def seal_again(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """This player's sealed answer, given ahead to an earlier save of the same round but
    not folded there (a save of the others' answers alone moved the question on), given
    again unchanged to ``request``: ahead, while others are still to answer; in clear, in a
    save of her own, when she is the last (no decision: it is the answer she gave). ``None``
    when there is none to give again."""
    module = games.get(request.kind)
    role = request.role_of(me.key.public)
    asked = gameplay.game_prompt(module, request.state)
    if role is None or request.due is None or asked is None or role not in asked.sealed \
            or not sealed_orders.side_by_side(asked) or role in passes_in_store(request):
        return None
    ahead = sealed_question(request, me)
    if not ahead and request.due["role"] != role:
        return None
    folder = store.game_folder(request.game_id)
    for path in sorted(folder.glob(f"*-{role}{passes_ahead.SUFFIX}"), reverse=True):
        try:
            earlier = passes_ahead.read(path)
            if earlier.game_id != request.game_id or earlier.sequence >= request.sequence \
                    or earlier.answer.get("do") != passes_ahead.SEAL:
                continue
            keys = seating.seat(request.doc, role, me.key).keys
            order = sealed_orders.reopen(request.state, asked, earlier.answer, keys)
            if not ahead:
                composer = session.Composer(request, me)
                composer.act(order)
                return _kept(request, composer.finish())
            given = passes_ahead.make(request, me.key, role, earlier.answer)
            kept = passes_ahead.keep(given, folder)
        except PbemError:
            continue
        return Answer(request, None, kept, passed=given)
    return None


def pass_now(request: SaveFile, me: LocalIdentity, path: Path | None = None
             ) -> Path | None:
    """This player's pass, given ahead of her turn to a question put to several players
    in turn (pbem/passes_ahead.py): signed, kept in the store (and beside ``path``) for
    pbem inbox or pbem watch to send; ``None`` when the question cannot be let go so (her
    pass then goes in a save, as ever). ``request`` must be verified already."""
    module = games.get(request.kind)
    if not passes_ahead.queue(module, request):
        return None
    with store.game_lock(request.game_id):
        _not_moved_on(request, me)
        composer = session.Composer(request, me,
                                    passes=passes_ahead.around(module, request, path))
        given = composer.give_pass()
        return None if given is None else _keep_given(given, request, path)


def _keep_given(given: passes_ahead.Pass, request: SaveFile, path: Path | None) -> Path:
    """An answer given ahead, kept in the store (and beside ``path``, whose copy is named)."""
    kept = passes_ahead.keep(given, store.game_folder(request.game_id))
    nudge.touch()
    if path is None:
        return kept
    beside = path.resolve().parent / kept.name
    if beside != kept.resolve():
        passes_ahead.keep(given, beside.parent)
    return beside


def claim(prev: SaveFile, me: LocalIdentity,
          answers: dict[str, witness_answers.Answer] | None = None) -> SaveFile:
    """The claim ``me`` signs on ``prev`` (pbem/claims.py); where the player due passed
    ahead of her turn, the save that carries the passes given on instead, so that the
    question (and its deadline) moves on to the first player asked who has not passed."""
    try:
        return claims.make(prev, me, answers)
    except claims.PassedAhead as exc:
        composer = session.Composer(prev, me, passes=exc.passed)
        if not composer.carries_passes_on():
            raise UsageError(f"{exc.message}; their passes cannot be carried on from here",
                             prev.where) from None
        return composer.finish()


def in_store(request: SaveFile) -> dict[str, witness_answers.Answer]:
    """The answers to a request answered side by side that the local store holds."""
    return witness_answers.gathered(request, [store.game_folder(request.game_id)])


def give(request: SaveFile, me: LocalIdentity, role: str) -> Answer:
    """This player's answer to a request answered side by side: their next link, signed,
    kept in the store (the ledger first records which request the link answers)."""
    try:
        made = witness_answers.make(request, me, role)
        Ledger(me.key.public).reveal_once(request.game_id, role, made.used, request.sha256)
        path = witness_answers.keep(made, store.game_folder(request.game_id))
    except PbemError as exc:
        return Answer(request, None, None, exc.line())
    return Answer(request, None, path, given=made)


def carry_on(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """Once every answer to this player's request is in: the save that carries the action
    out, written by their pbem when the action needs no more decision of theirs (else
    ``None``: the player carries on at the table, or with pbem apply)."""
    answers = in_store(request)
    if witness_answers.missing(request, answers):
        return None
    try:
        composer = session.Composer(request, me, answers)
        if composer.my_move() or not composer.can_finish()[0]:
            return None
        return _kept(request, composer.finish())
    except PbemError as exc:
        return Answer(request, None, None, exc.line())


def _side_by_side(save: SaveFile, me: LocalIdentity) -> Answer | None:
    """What this player's pbem does at a request answered side by side, if anything."""
    role = save.role_of(me.key.public)
    assert save.pending is not None
    if role == save.pending["by"]:
        return carry_on(save, me)
    if role in witness_answers.witnesses_of(save) and role not in in_store(save):
        return give(save, me, role)
    return None


def answer_all(me: LocalIdentity, game: str | None = None) -> list[Answer]:
    """Answer every request waiting for this player (in ``game`` only, when given), game by
    game, as far as they go (an answer may be due again from the same player, for a later
    roll of the same action)."""
    ledger = Ledger(me.key.public)
    out: list[Answer] = []
    for game_id in ledger.games() if game is None else [game]:
        if ledger.fork(game_id):
            continue
        with store.game_lock(game_id):
            out += _answer_game(ledger, game_id, me)
    return out


def _answer_game(ledger: Ledger, game_id: str, me: LocalIdentity) -> list[Answer]:
    """:func:`answer_all` for one game, under its lock."""
    out: list[Answer] = []
    for _ in range(16):
        save = _head_save(ledger, game_id)
        if save is not None and witness_answers.is_request(save):
            done = _side_by_side(save, me)
            if done is not None:
                out.append(done)
            if done is None or done.save is None:
                break
            continue
        if save is not None and save.due is not None:
            for ahead in (pass_ahead(save, me), open_ahead(save, me),
                          seal_again(save, me), seal_by_response(save, me)):
                if ahead is not None:
                    out.append(ahead)
        if save is None or save.due is None or not my_turn(save, me.key.public):
            break
        carried = carry_folded(save, me)
        if carried is not None:
            out.append(carried)
            if carried.save is None:
                break
            continue
        if opened_side_by_side(save) and (opened := open_in_a_save(save, me)) is not None:
            out.append(opened)
            if opened.save is None:
                break
            continue
        if not is_automatic(save) or opened_side_by_side(save):
            done = by_response(save, me)
            if done is None:
                break
            out.append(done)
            if done.save is None:
                break
            continue
        done = answer(save, me)
        out.append(done)
        if done.save is None:
            break
    return out
