"""Orders placed at once, side by side, attacked by a player of the game (threat model,
"Orders placed at once, side by side"): nobody reads another's sealed answer before every
answer is bound, nobody gives or changes another's, and an opening must be the answer
sealed. Each cheat is refused when the save or file carrying it arrives. Tiny Bids
(tests/sealedgame.py) between three homes, as tests/engine/test_sealed_side_by_side.py
plays it honestly."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pbem import answers_ahead, chain, games, passes_ahead, saving, session, store
from pbem.errors import ChainError, PbemError
from pbem.hidden_cards import seating
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.secrets.errors import SecretsError
from tests.engine.test_sealed_side_by_side import KIND, played

MODULE = games.get(KIND)


def _resigned(save: SaveFile, actions: list[dict[str, Any]], who: LocalIdentity) -> SaveFile:
    """``save`` with other actions, signed again by ``who`` (a player's own key)."""
    doc = dict(save.doc, actions=actions)
    doc.pop("signature", None)
    return saving.seal(doc, who.key, "edited")


def test_a_sealed_answer_signed_with_another_key_is_refused() -> None:
    """Red, who writes the save of the sealed answers, cannot put her own answer in green's
    name: each must carry its role's pinned key's signature."""
    game = played()
    forged = passes_ahead.make(game.asking, game.people["red"].key, "green",
                               game.seals["red"].answer)
    with pytest.raises(ChainError, match="not signed by green"):
        passes_ahead.check(MODULE, forged, game.asking, "test")
    actions = [dict(a) for a in game.bound.actions]
    actions[1] = forged.record()
    with pytest.raises(ChainError, match="not signed by green"):
        chain.check_next(MODULE, game.asking, _resigned(game.bound, actions,
                                                        game.people["red"]))


def test_a_sealed_answer_from_another_save_is_refused() -> None:
    """An answer is bound to the save that asks: one given to another save is not taken."""
    game = played()
    stale = replace(game.seals["green"], request="0" * 64)
    with pytest.raises(ChainError, match="names another save"):
        passes_ahead.check(MODULE, stale, game.asking, "test")


def test_the_sealed_answers_are_taken_in_order() -> None:
    """Red may not reorder the answers: they must be the first roles', in order."""
    game = played()
    actions = [dict(a) for a in game.bound.actions]
    swapped = [actions[1], actions[0], actions[2]]
    with pytest.raises(ChainError, match="in order"):
        chain.check_next(MODULE, game.asking, _resigned(game.bound, swapped,
                                                        game.people["red"]))


def test_an_answer_left_out_is_given_again_unchanged() -> None:
    """Red, holding all three sealed bids, writes a save of hers and green's alone, leaving
    blue's out: the question moves on to blue (as a save of passes alone may), and blue's
    pbem answers it with the bid she sealed, unattended (the last to answer, in clear:
    the others are bound); she cannot be made to answer twice, nor lose her answer."""
    game = played()
    red = session.Composer(game.asking, game.people["red"],
                           passes={r: game.seals[r] for r in ("red", "green")})
    short = red.finish()
    chain.check_next(MODULE, game.asking, short)
    assert short.due is not None and short.due["role"] == "blue"
    passes_ahead.keep(game.seals["blue"], store.game_folder(game.asking.game_id))
    again = answers_ahead.seal_again(short, game.people["blue"])
    assert again is not None and again.save is not None, again
    chain.check_next(MODULE, short, again.save)
    assert again.save.actions == [{"do": "bid", "amount": 3}]
    assert answers_ahead.seal_again(again.save, game.people["blue"]) is None


def test_an_answer_in_clear_is_never_taken_ahead() -> None:
    """A bid given ahead in clear would show it before the others are bound: refused."""
    game = played()
    clear = passes_ahead.make(game.asking, game.people["blue"].key, "blue",
                              {"do": "bid", "amount": 3})
    with pytest.raises(ChainError, match="takes only a 'seal'"):
        passes_ahead.check(MODULE, clear, game.asking, "test")
    actions = [dict(a) for a in game.bound.actions]
    actions[2] = clear.record()
    with pytest.raises(ChainError, match="takes only a 'seal'"):
        chain.check_next(MODULE, game.asking, _resigned(game.bound, actions,
                                                        game.people["red"]))


def test_an_opening_must_be_the_answer_sealed() -> None:
    """Blue, seeing the others' bids opened, cannot open another bid than the one she
    sealed (the commitment binds it): refused, naming her."""
    game = played()
    honest = game.openings["blue"].answer
    changed = {**honest, "order": {**honest["order"], "amount": 1}}
    lying = passes_ahead.make(game.bound, game.people["blue"].key, "blue", changed)
    actions = [dict(a) for a in game.next.actions]
    index = next(i for i, a in enumerate(actions) if a.get("role") == "blue")
    actions[index] = lying.record()
    with pytest.raises(PbemError, match="blue's opened answer is not the one they sealed"):
        chain.check_next(MODULE, game.bound, _resigned(game.next, actions,
                                                       game.people["red"]))


def test_nobody_opens_another_players_sealed_answer() -> None:
    """Red holds every sealed bid once they are in; her keys open none but her own."""
    game = played()
    red_keys = seating.seat(game.bound.doc, "red", game.people["red"].key).keys
    assert red_keys is not None
    from pbem import sealed_orders

    state = game.bound.state
    assert sealed_orders.own_order(state, "red", red_keys) == {"do": "bid", "amount": 2}
    rnd = state[sealed_orders.KEY]["round"]
    with pytest.raises((SecretsError, ValueError, KeyError)):
        sealed_orders._opened(rnd, rnd["orders"]["green"], red_keys)


def test_an_opening_is_not_given_before_every_answer_is_bound() -> None:
    """While answers are still being given, nobody's pbem gives an opening: the question
    then takes only sealed answers ahead."""
    game = played()
    green = session.Composer(game.asking, game.people["green"], passes={})
    assert green.give_opening() is None
    early = passes_ahead.make(game.asking, game.people["green"].key, "green",
                              {"do": "unseal", "order": {"do": "bid", "amount": 2},
                               "nonce": "00" * 32})
    with pytest.raises(ChainError, match="takes only a 'seal'"):
        passes_ahead.check(MODULE, early, game.asking, "test")


def test_an_answer_sealed_ahead_then_given_again_in_a_save_is_refused_on_arrival() -> None:
    """Red seals her bid ahead, then (with a patched pbem) bids again in a save of her own:
    whoever holds her sealed answer refuses that save when it arrives. Opening her own
    sealed answer in a save of her own, when she gave that opening ahead too, is no second
    answer: it is the very same opening (a game whose openings roll dice needs it)."""
    from pbem.mail import given_ahead

    game = played()
    folder = store.game_folder(game.asking.game_id)
    for save in (game.asking, game.bound):
        store.keep(save)
    for given in (*game.seals.values(), *game.openings.values()):
        passes_ahead.keep(given, folder)
    again = session.Composer(game.asking, game.people["red"], passes={})
    again.act({"do": "bid", "amount": 3})
    cheat = again.finish()
    with pytest.raises(ChainError, match="answers it again in a save"):
        given_ahead.keeps_own_pass(cheat)
    opening = session.Composer(game.bound, game.people["red"], passes={})
    opening.open_sealed()
    own = opening.finish()
    chain.check_next(MODULE, game.bound, own)
    given_ahead.keeps_own_pass(own)  # (the same opening: taken)


def test_a_folded_answer_carries_no_field_but_the_dice_it_rolled() -> None:
    """A folded answer may carry the dice its consequences rolled (open dice), and only
    those: a die made up by the writer of the save that folds it, or any other field
    added to it, is refused when the save arrives."""
    game = played()
    actions = [dict(a) for a in game.next.actions]
    index = next(i for i, a in enumerate(actions) if a.get("do") == "given")
    made_up = [dict(a) for a in actions]
    made_up[index]["dice"] = [{"d": 3, "of": 20, "for": "a die nobody rolled"}]
    with pytest.raises(ChainError, match="recorded dice differ"):
        chain.check_next(MODULE, game.bound, _resigned(game.next, made_up,
                                                       game.people["red"]))
    extra = [dict(a) for a in actions]
    extra[index]["note"] = "hello"
    with pytest.raises(PbemError, match="an answer given ahead holds do, answer, role"):
        chain.check_next(MODULE, game.bound, _resigned(game.next, extra,
                                                       game.people["red"]))
