"""What a save asks of the players' pbem when no person decides: a roll request, a request
for other players' part of the hidden cards, a step of a joint shuffle, the audit's
opening; and the words mail and the watcher use for each."""

from __future__ import annotations

from pbem import chain, games
from pbem.errors import NeedContribution, NeedWitness, PbemError
from pbem.savefile import SaveFile
from pbem.steps import guard, try_pending, verifier_seat

ROLL = "roll request"
CARDS = "request"


def kind(request: SaveFile) -> str:
    """``roll request`` when the pending action waits for dice, ``request`` when it waits
    for other players' part of the hidden cards (shares, a shuffle, a card handed over)."""
    pending = request.pending
    if pending is None:
        return CARDS
    try:
        seat = verifier_seat(request.doc, request.writer, request.state)
        guard(request.where, "the pending action", try_pending, games.get(request.kind),
              request.state, pending, seat)
    except NeedContribution:
        return CARDS
    except NeedWitness:
        return ROLL
    except PbemError:  # a request this pbem cannot replay: the generic word
        return CARDS
    return CARDS


def answered(answer: SaveFile, request: SaveFile | None) -> str:
    """What an answer written by this player's pbem did, in words."""
    step = answer.actions[0]["do"] if answer.actions else ""
    if answer.actions and "answers" in answer.actions[0]:
        return ("every witness had answered your roll request: your pbem made the rolls "
                "and carried your action on")
    if step == chain.SHARE:
        return "your pbem's part of another player's hidden cards, for them to read"
    if step == chain.SHUFFLE:
        return "your pbem's step of the joint shuffle of the hidden cards"
    if step == chain.AUDIT:
        return "the game is over: your pbem opened your game secrets for the audit"
    if request is not None and kind(request) == CARDS:
        return ("a request, answered with your part of the hidden cards and your next "
                "dice link")
    return "a roll request, answered by revealing your next dice link"
