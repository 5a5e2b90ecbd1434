"""The draw pile runs out in a game between homes (notes 17): the discarded red cards need
every player's shuffle step before one is dealt again, so the discard pile joins the draw
pile at the end of a draw phase that leaves it short, and each player's step rides on a save
she writes anyway. The game then draws red cards from the new deck, and the chain
re-checks."""

from __future__ import annotations

import functools

import pytest

from pbem import savefile, selfplay
from pbem.games.chronicles import hand
from pbem.games.chronicles.board import Board
from tests.security.kit import labelled_key, salts

KIND = "chronicles-of-the-three-kingdoms"
JOINED = "The draw pile cannot supply the next round's draws"


def _joined_at(save: savefile.SaveFile) -> bool:
    return any(JOINED in line for line in save.doc["log"])


@functools.cache
def _game() -> tuple[savefile.SaveFile, ...]:
    """A game of three between homes, played until two rounds after the first
    refill."""
    seen: list[int] = []

    def until(save: savefile.SaveFile) -> bool:
        if not seen and _joined_at(save):
            seen.append(save.state["calendar"]["round"])
        return bool(seen) and save.state["calendar"]["round"] > seen[0] + 2

    result = selfplay.play(KIND, 3, 1, salts=salts("refill", 3),
                           keys=[labelled_key(f"refill {i}") for i in range(3)], until=until)
    selfplay.verify(result)
    return tuple(result.saves)


@pytest.mark.rule("chronicles:s4.1.2.reshuffle")
def test_the_discard_pile_joins_the_draw_pile_before_it_runs_out() -> None:
    """When a draw phase leaves fewer cards than the next round takes, the discard pile
    joins the draw pile at once: its black cards join the public list, its red cards go back
    into the red deck, which every player shuffles again before the next red card is
    dealt; the game goes on drawing and the whole chain re-checks."""
    saves = _game()
    at = next(i for i, s in enumerate(saves) if _joined_at(s))
    before, after = Board(saves[at - 1].state), Board(saves[at].state)
    assert hand.discard_size(before) > 0
    assert hand.discard_size(after) == 0
    red = after.s["secrets"]["decks"]["red"]
    assert red.get("later") is True  # every step owed rides on a save written anyway
    assert red["shuffled"] in ([], [saves[at].writer])  # the writer's, at its end
    later = [line for s in saves[at + 1:] for line in s.doc["log"]
             if "draws a red card and keeps it" in line]
    assert later, "no red card was drawn after the discard pile joined the draw pile"
    assert not any(s.due and s.due["step"] == "shuffle" for s in saves[at + 1:]), \
        "a save was asked only for a shuffle step"
