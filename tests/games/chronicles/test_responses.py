"""Chronicles' standing responses: kept on the player's machine, they answer a muster (or
the season orders) sealed, unattended, like any answer; the game takes only those it
knows, each refused in one line otherwise."""

from __future__ import annotations

import pytest

from pbem import answers_ahead, games, identity, passes_ahead, responses, selfplay
from pbem.errors import UsageError
from tests.security.kit import labelled_key

KIND = "chronicles-of-the-three-kingdoms"


def _at_a_muster() -> tuple[object, dict[str, identity.LocalIdentity]]:
    keys = [labelled_key(f"chronicles responses {n}") for n in range(3)]
    for seed in range(1, 40):
        result = selfplay.play(KIND, 3, seed, keys=keys,
                               until=lambda s: bool(s.due and s.due["step"] == "muster"))
        last = result.saves[-1]
        if last.due and last.due["step"] == "muster":
            people = {last.role_of(k.public): identity.LocalIdentity(f"p{n}", k)
                      for n, k in enumerate(keys)}
            return last, people  # type: ignore[return-value]
    raise AssertionError("no random game reached a muster")


def test_a_muster_passed_by_standing_response_is_sealed_unattended() -> None:
    """A seat asked the muster whose standing response is ``muster: pass`` has her pbem
    seal an order placing nothing; with ``ask`` nothing is given for her."""
    save, people = _at_a_muster()
    module = games.get(KIND)
    asked = passes_ahead.queue(module, save)  # type: ignore[arg-type]
    role = asked[-1]
    me = people[role]
    responses.store(module, save, {"muster": "ask"}, "responses.yaml")  # type: ignore[arg-type]
    assert answers_ahead.seal_by_response(save, me) is None  # type: ignore[arg-type]
    responses.store(module, save, {"muster": "pass"}, "responses.yaml")  # type: ignore[arg-type]
    given = answers_ahead.seal_by_response(save, me)  # type: ignore[arg-type]
    assert given is not None and given.passed is not None and given.path is not None
    assert given.passed.role == role and given.passed.answer["do"] == "seal"
    assert b"do: muster" not in given.path.read_bytes()  # (sealed: the order is not shown)
    assert answers_ahead.seal_by_response(save, me) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("bad, says", [({"battle": "pass"}, "not 'battle'"),
                                       ({"muster": "always"}, "'always' is not one of")])
def test_unknown_standing_responses_are_refused_in_one_line(bad: dict[str, str],
                                                            says: str) -> None:
    module = games.get(KIND)
    with pytest.raises(UsageError, match=says):
        module.check_responses(bad, "responses.yaml", {})
