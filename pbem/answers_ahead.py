"""Answers given ahead of one's turn, side by side with the other players asked: passes,
sealed answers (orders placed at once) and their openings, and the saves that fold them
in (docs/passes-ahead.md). :mod:`pbem.answering` runs them for ``pbem inbox``, ``pbem
watch`` and the table; ``pbem apply`` seals or passes with :func:`seal_now` and
:func:`pass_now`. A player's pbem decides for a game one thing at a time
(:func:`pbem.store.game_lock`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import (
    gameplay,
    games,
    keeping,
    nudge,
    passes_ahead,
    responses,
    savefile,
    sealed_orders,
    session,
    shares_ahead,
    store,
    witness_answers,
)
from pbem.chain import START, UNSEAL
from pbem.errors import PbemError, UsageError
from pbem.hidden_cards import seating
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.savefile import SaveFile


@dataclass
class Answer:
    """One answer written (or why it could not be)."""

    request: SaveFile
    save: SaveFile | None
    path: Path | None
    problem: str = ""
    given: witness_answers.Answer | None = None  # an answer given side by side
    passed: passes_ahead.Pass | None = None  # a pass given ahead of this player's turn
    shared: shares_ahead.Shares | None = None  # shares of others' cards, given ahead


def keep_made(request: SaveFile, made: SaveFile) -> Answer:
    """A save this player's pbem made on ``request``, written into the local store."""
    path = store.game_folder(made.game_id) / savefile.file_name(
        made.game_id, made.sequence, made.writer)
    keeping.write(made, path, request)
    return Answer(request, made, path)


def share_ahead(save: SaveFile, me: LocalIdentity, beside: Path | None = None
                ) -> Answer | None:
    """This player's shares of the face-down cards the others hold after ``save``, those
    not given yet, in a signed file kept in the store (and ``beside``, when given), so
    that each holder reads her cards before this player's next save (``None``: none
    owed)."""
    role = save.role_of(me.key.public)
    if role is None:
        return None
    folder = store.game_folder(save.game_id)
    try:
        made = shares_ahead.make(save, me.key, role,
                                 shares_ahead.given_by(save.game_id, role, [folder]))
        if made is None:
            return None
        path = shares_ahead.keep(made, folder)
        if beside is not None:
            path = shares_ahead.keep(made, beside)
    except PbemError as exc:
        return Answer(save, None, None, exc.line())
    return Answer(save, None, path, shared=made)


def starting_ahead(request: SaveFile, me: LocalIdentity) -> session.Composer | None:
    """The game's start, when this player's pbem may write it unattended: she is due to
    start the game, the start waits for nobody's dice, and the first question after it is
    one she answers side by side. Her answer then goes ahead, to the save of the start,
    like everyone's, and the others' shares of the cards the start dealt her come first.
    The composer holding the start; ``None`` otherwise."""
    if request.due is None or request.due["step"] != START \
            or request.role_of(me.key.public) != request.due["role"]:
        return None
    composer = session.Composer(request, me)
    if composer.pending_start or composer.pending is not None \
            or not composer.side_by_side_next():
        return None
    return composer


def start_ahead(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """The save of the game's start alone, written unattended (:func:`starting_ahead`);
    ``None`` when it is not one to write so."""
    try:
        composer = starting_ahead(request, me)
        return None if composer is None else keep_made(request, composer.finish())
    except PbemError as exc:
        return Answer(request, None, None, exc.line())


def passes_in_store(request: SaveFile) -> dict[str, passes_ahead.Pass]:
    """The passes given ahead to ``request`` that the local store holds."""
    module = games.get(request.kind)
    return passes_ahead.gathered(module, request, [store.game_folder(request.game_id)])


def pass_ahead(request: SaveFile, me: LocalIdentity) -> Answer | None:
    """The pass this player's standing responses give, side by side with the others
    asked, to a question she may let go ahead of her turn (``None``: they do not pass)."""
    module = games.get(request.kind)
    role = request.role_of(me.key.public)
    if role is None or role not in passes_ahead.queue(module, request) \
            or role in passes_in_store(request) \
            or not responses.effective(games.get(request.kind), request):
        return None
    try:
        composer = session.Composer(request, me)
        known = composer.known()
        asked = composer.prompt(known)
        if asked is None:
            return None
        if asked.role != role:
            asked = passes_ahead.as_asked(asked, role)
        action = responses.decide(module, request, composer.state, asked, known,
                                  composer.keys())
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
            or role in passes_in_store(request) \
            or not responses.effective(games.get(request.kind), request):
        return None
    try:
        module = games.get(request.kind)
        composer = session.Composer(request, me)
        asked = passes_ahead.game_prompt(module, request)
        if asked is None:
            return None
        action = responses.decide(module, request, composer.state,
                                  passes_ahead.as_asked(asked, role), composer.known(),
                                  composer.keys())
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
        if composer.opening_waits():  # nobody else can fold her opening in: it goes here
            composer.open_sealed()
        return keep_made(request, composer.finish())
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
        return keep_made(request, composer.finish())
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
                return keep_made(request, composer.finish())
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
