"""Chronicles of the Three Kingdoms attacked by a seat of the game: every save of a
three-seat game is changed by its own writer and signed again with her key, and must be
refused as it arrives (never a traceback, never a changed save accepted); and one seat
opens her sealed season orders as other orders than the ones she sealed."""

from __future__ import annotations

import copy
import random

import pytest

from pbem import games, savefile, strict_yaml
from tests.security.kit import sign_body
from tests.security.mutations import Target, _collected, _key, forge, judge

KIND = "chronicles-of-the-three-kingdoms"


@pytest.fixture(scope="module")
def attacked() -> list[Target]:
    keys = [_key(f"chronicles attacked {i}") for i in range(3)]
    saves = _collected(KIND, "open", keys, 5, 30)
    by_key = {k.public.line: k for k in keys}
    module = games.get(KIND)
    return [Target(prev, save, by_key[save.player(save.writer)["key"]], module)
            for prev, save in zip([None, *saves[:-1]], saves, strict=True)]


def test_saves_changed_and_signed_again_by_their_writer_never_pass(
        attacked: list[Target]) -> None:
    """400 changes with a fixed seed to the saves of a Chronicles game (its orders, its
    position, its structure), each signed again by the save's own writer: none is
    accepted, none crashes pbem."""
    verdicts: dict[str, int] = {}
    rng = random.Random(2026)
    for _ in range(400):
        target = attacked[rng.randrange(len(attacked))]
        verdict = judge(target, forge(target, rng))  # raises on a crash or a breach
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
    assert verdicts.get("refused", 0) > 250, verdicts


def test_season_orders_opened_as_other_orders_are_refused(attacked: list[Target]) -> None:
    """A seat that sealed her season orders opens them, once the others' are known, as
    orders she never sealed (a whole extra order part), signed with her own key: refused
    as the save arrives."""
    openings = [t for t in attacked if t.prev is not None and any(
        (a.get("answer") or a).get("do") == "unseal" for a in t.save.actions)]
    assert openings, "the game opened no sealed orders"
    target = openings[0]
    doc = copy.deepcopy(target.save.doc)
    for action in doc["actions"]:
        opened = action.get("answer") or action
        if opened.get("do") == "unseal":
            opened["order"] = {**opened["order"], "welcome": ["sun-ce", "liu-biao"]}
            break
    body = (savefile.comments(doc) + strict_yaml.dump(doc)).encode()
    assert judge(target, sign_body(body, target.key)) == "refused"
