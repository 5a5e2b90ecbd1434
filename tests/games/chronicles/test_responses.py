"""Chronicles' standing responses: kept on the player's machine, they answer a muster (or
the season orders) sealed, unattended, like any answer; the game takes only those it
knows, each refused in one line otherwise."""

from __future__ import annotations

from typing import Any

import pytest

from pbem import answers_ahead, games, identity, passes_ahead, responses, selfplay
from pbem.errors import UsageError
from tests.security.kit import labelled_key

KIND = "chronicles-of-the-three-kingdoms"


def _asks_several(save: Any) -> bool:
    """A save asking a muster of two seats or more, side by side."""
    return bool(save.due and save.due["step"] == "muster"
                and len(passes_ahead.queue(games.get(KIND), save)) >= 2)


def _at_a_muster() -> tuple[Any, dict[str, identity.LocalIdentity]]:
    """The first save of a seeded random game (fixed keys and salts: the same on every
    run) that asks a muster of several seats."""
    keys = [labelled_key(f"chronicles responses {n}") for n in range(3)]
    salts = [f"{n:032x}" for n in range(3)]
    for seed in range(1, 40):
        result = selfplay.play(KIND, 3, seed, keys=keys, salts=salts, until=_asks_several)
        last = result.saves[-1]
        if _asks_several(last):
            people = {last.role_of(k.public): identity.LocalIdentity(f"p{n}", k)
                      for n, k in enumerate(keys)}
            return last, people
    raise AssertionError("no random game reached a muster asked of several seats")


def test_a_muster_passed_by_standing_response_is_sealed_unattended() -> None:
    """A seat asked the muster whose standing response is ``muster: pass`` has her pbem
    seal an order placing nothing; with ``ask`` nothing is given for her."""
    save, people = _at_a_muster()
    module = games.get(KIND)
    asked = passes_ahead.queue(module, save)
    role = asked[-1]
    me = people[role]
    responses.store(module, save, {"muster": "ask"}, "responses.yaml")
    assert answers_ahead.seal_by_response(save, me) is None
    responses.store(module, save, {"muster": "pass"}, "responses.yaml")
    given = answers_ahead.seal_by_response(save, me)
    assert given is not None and given.passed is not None and given.path is not None
    assert given.passed.role == role and given.passed.answer["do"] == "seal"
    assert b"do: muster" not in given.path.read_bytes()  # (sealed: the order is not shown)
    assert answers_ahead.seal_by_response(save, me) is None


@pytest.mark.parametrize("bad, says", [({"battle": "pass"}, "not 'battle'"),
                                       ({"muster": "always"}, "'always' is not one of")])
def test_unknown_standing_responses_are_refused_in_one_line(bad: dict[str, str],
                                                            says: str) -> None:
    module = games.get(KIND)
    with pytest.raises(UsageError, match=says):
        module.check_responses(bad, "responses.yaml", {})
