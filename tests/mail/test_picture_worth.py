"""Which saves carry a map picture in their message: not those nobody decides anything on."""

from __future__ import annotations

from pbem.mail.delivery import worth_a_picture
from tests.engine.test_sealed_side_by_side import played


def test_the_save_of_sealed_answers_alone_carries_no_picture() -> None:
    """The save binding the sealed bids asks every pbem to open its own, unattended: no
    map; the save asking for the bids, a decision of every player, has one."""
    game = played()
    assert game.bound.due is not None and game.bound.due["step"] == "unseal"
    assert not worth_a_picture(game.bound, ["red", "green", "blue"])
    assert worth_a_picture(game.asking, ["green", "blue"])
