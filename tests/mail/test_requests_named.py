"""The mail and the watcher name a request by what it waits for: dice (a roll request) or
the other players' part of the hidden cards (a request)."""

from __future__ import annotations

from pbem.mail import requests
from pbem.savefile import SaveFile
from tests import fixed_games
from tests.security.kit import players, race


def made_requests(saves: list[SaveFile]) -> list[SaveFile]:
    """The saves that ask the other players' pbem to answer an action of their writer."""
    return [save for save in saves if save.pending is not None
            and save.pending["by"] == save.writer and save.pending["request"] is None]


def test_every_request_of_a_game_without_hidden_cards_is_a_roll_request() -> None:
    saves = race(players("alice", "bob"), saves_after_start=8, dice="witnessed")
    asked = made_requests(saves)
    assert len(asked) >= 3
    for request in asked:
        assert requests.kind(request) == requests.ROLL, request.short()
        answer = saves[saves.index(request) + 1]
        assert requests.answered(answer, request) == ("a roll request, answered by "
                                                      "revealing your next dice link")


def test_a_card_turned_face_up_asks_for_shares_and_a_reserve_draw_for_dice() -> None:
    saves = fixed_games.play("card-market", 4, 1, dice="witnessed").saves
    kinds = {(requests.kind(save), save.pending["action"]["do"])  # type: ignore[index]
             for save in made_requests(saves)}
    assert (requests.CARDS, "play") in kinds and (requests.ROLL, "scout") in kinds, kinds
    assert (requests.ROLL, "play") not in kinds and (requests.CARDS, "scout") not in kinds
    played = next(save for save in made_requests(saves)
                  if save.pending["action"]["do"] == "play")  # type: ignore[index]
    answer = saves[saves.index(played) + 1]
    assert requests.answered(answer, played).startswith("a request, answered with your part")
