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
from pathlib import Path

from pbem import (
    claims,
    games,
    passes_ahead,
    responses,
    savefile,
    session,
    shares_ahead,
    store,
    witness_answers,
)
from pbem.answers_ahead import (
    Answer,
    carry_folded,
    keep_made,
    open_ahead,
    open_in_a_save,
    opened_side_by_side,
    pass_ahead,
    passes_in_store,
    seal_again,
    seal_by_response,
    share_ahead,
    start_ahead,
)
from pbem.chain import AUDIT, SHARE, SHUFFLE, UNSEAL, WITNESS
from pbem.errors import PbemError, UsageError
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
        return keep_made(request, made)
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
    return None if made is None else keep_made(request, made)


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


def claim(prev: SaveFile, me: LocalIdentity,
          answers: dict[str, witness_answers.Answer] | None = None,
          absent: bool = False) -> SaveFile:
    """The claim ``me`` signs on ``prev`` (pbem/claims.py: the answer lapses where the game
    lets it, unless ``absent``); where the player due passed ahead of her turn, the save
    that carries the passes given on instead, so that the question (and its deadline) moves
    on to the first player asked who has not passed."""
    try:
        return claims.make(prev, me, answers, absent=absent)
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
        return keep_made(request, composer.finish())
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
    """:func:`answer_all` for one game, under its lock; then this player's shares of the
    cards the others hold, given ahead (:mod:`pbem.shares_ahead`)."""
    out = _answer_requests(ledger, game_id, me)
    head = _head_save(ledger, game_id)
    if head is None:
        return out
    shares_ahead.prune(head)  # (files whose shares the chain now holds)
    shared = share_ahead(head, me)
    return out if shared is None else [*out, shared]


def _answer_requests(ledger: Ledger, game_id: str, me: LocalIdentity) -> list[Answer]:
    """Every request of the game waiting for this player, answered as far as they go."""
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
        carried = carry_folded(save, me) or start_ahead(save, me)
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
