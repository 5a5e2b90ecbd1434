"""Chronicles between homes, attacked by a seat about forces placed face down (9.1, notes
5): the golden game (saves/golden-chronicles; its players' keys are published) read by
another seat, and changed by its own writer and signed again. Nobody reads a placement
before the last muster opens; placements written in the open, left unopened or opened as
other forces are refused as the save arrives."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from pbem import gameplay, identity, inner_seals, session
from pbem.errors import IllegalAction, NeedWitness
from pbem.games.chronicles import random_orders
from pbem.games.chronicles.rules.sealed_forces import shape_of
from pbem.hidden_cards import seating
from pbem.savefile import SaveFile
from pbem.secrets.keys import GameKeys
from tests.security.chronicles_golden import game, refused

RULE = "chronicles:s9.1.face-down"


def _answers(save: SaveFile) -> Iterator[dict[str, Any]]:
    """Every order a save carries in clear: its own actions, answers folded in, and the
    orders its openings show."""
    for action in save.actions:
        for found in (action, action.get("answer"), (action.get("answer") or {}).get("order"),
                      action.get("order")):
            if isinstance(found, dict) and found.get("do") in ("season", "muster"):
                yield found


def _own_clear(key: str) -> tuple[SaveFile, SaveFile, int]:
    """A save whose writer gives, as its own action in clear, an order carrying ``key``:
    (previous save, save, the action's index)."""
    saves, _ = game()
    for prev, save in itertools.pairwise(saves):
        for index, action in enumerate(save.actions):
            if action.get("do") in ("season", "muster") and action.get(key):
                return prev, save, index
    raise AssertionError(f"no save of the golden game gives an order with {key} in clear")


@pytest.mark.rule(RULE)
def test_no_save_shows_what_a_placement_sends_before_the_last_muster() -> None:
    """In every save, a placement not yet turned over is only its shape, and what it sends
    lies in an envelope no other seat's keys open."""
    saves, keys = game()
    seen = 0
    for save in saves:
        for battle in (save.state.get("round") or {}).get("battles", []):
            for force in battle["forces"]:
                if "sealed" in force:
                    seen += 1
                    assert "units" not in force and "generals" not in force
        anchors = seating.anchors(save.doc)
        for order in _answers(save):
            inner = order.get("inner")
            if not isinstance(inner, dict):
                continue
            assert all(set(shape) <= {"area", "side", "helps", "generals"}
                       and isinstance(shape["generals"], int) for shape in order["muster"])
            for role, key in keys.items():
                if role == save.writer or role == _writer_of(save, order):
                    continue
                others = GameKeys.derive(key, anchors[role], role)
                with pytest.raises(IllegalAction):
                    inner_seals.unwrap(order, others)
    assert seen, "the golden game places no force face down"


def _writer_of(save: SaveFile, order: dict[str, Any]) -> str | None:
    for action in save.actions:
        if order in (action.get("answer"), (action.get("answer") or {}).get("order"),
                     action.get("order")):
            return action.get("role") or save.writer
    return save.writer


@pytest.mark.rule(RULE)
def test_placements_written_in_the_open_are_refused() -> None:
    """The writer of a season or muster order given in clear puts what her placement sends
    in the open, beside its shape, and signs again: refused as it arrives."""
    prev, save, index = _own_clear("inner")
    _, keys = game()

    def change(doc: dict[str, Any]) -> None:
        doc["actions"][index]["muster"][0]["units"] = {"infantry": 1}

    why = refused(prev, save, keys[save.writer], change)
    assert "shows only" in why


@pytest.mark.rule(RULE)
def test_an_order_that_does_not_open_what_its_writer_sealed_is_refused() -> None:
    """The last muster's answer in clear leaves out the openings of its writer's earlier
    placements (to take them back after seeing the others' shapes), signed again: refused
    as it arrives."""
    prev, save, index = _own_clear("opened")
    _, keys = game()

    def change(doc: dict[str, Any]) -> None:
        del doc["actions"][index]["opened"]

    why = refused(prev, save, keys[save.writer], change)
    assert "opens the" in why


@pytest.mark.rule(RULE)
def test_an_opening_of_other_forces_than_were_sealed_is_refused() -> None:
    """The last muster's answer opens an earlier placement as other forces (one more unit)
    than it sealed, signed again: refused as it arrives."""
    prev, save, index = _own_clear("opened")
    _, keys = game()

    def change(doc: dict[str, Any]) -> None:
        value = doc["actions"][index]["opened"][0]["value"]
        placed = (value.get("muster") or [{}])[0]
        placed.setdefault("units", {})
        placed["units"]["infantry"] = int(placed["units"].get("infantry", 0)) + 1
        value["muster"] = [placed, *value.get("muster", [])[1:]]

    why = refused(prev, save, keys[save.writer], change)
    assert "not the choice sealed earlier" in why
    assert json.dumps(save.actions[index]["opened"])  # the original opens as it should


@pytest.mark.rule(RULE)
def test_every_sealed_order_has_the_same_length() -> None:
    """A seat who reads the others' sealed orders before writing hers cannot tell from
    their length who placed forces and who passed: every sealed order of the golden game,
    empty or full, is padded to the same length."""
    saves, _ = game()
    lengths = {len(found["envelope"]["box"]) for save in saves for action in save.actions
               for found in (action, action.get("answer") or {})
               if found.get("do") == "seal"}
    full = [o for save in saves for o in _answers(save) if o.get("inner")]
    assert full, "the golden game seals no placement"
    assert len(lengths) == 1, lengths


@pytest.mark.rule(RULE)
def test_an_order_waiting_for_its_dice_keeps_its_placements_sealed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The last seat's season orders, given in clear, roll dice that wait for the others'
    answers (witnessed dice): the order the save keeps as pending is the order as sent,
    its placements shown only by their shape, never as she composed them."""
    saves, keys = game()
    for prev in saves:
        due = prev.due or {}
        rnd = (prev.state.get("sealed_orders") or {}).get("round") or {}
        if due.get("step") != "season" or not rnd or \
                len([r for r in rnd["roles"] if r not in rnd["orders"]]) != 1:
            continue
        role = due["role"]
        me = identity.LocalIdentity(role, keys[role])
        composer = session.Composer(prev, me)
        rng = random.Random(3)
        placed = next((o["muster"][0] for _ in range(30) for o in
                       random_orders.season_orders(prev.state, role, rng, composer.known())
                       if o.get("muster") and o["muster"][0].get("generals")), None)
        if placed is None:
            continue

        def rolls(*_args: Any, **_kwargs: Any) -> None:
            raise NeedWitness("a roll")

        monkeypatch.setattr(gameplay, "apply", rolls)
        composer.act({"do": "season", "muster": [placed]})
        assert composer.pending is not None
        waiting = composer.pending
        assert waiting["muster"] == [shape_of(placed)] and "inner" in waiting
        assert placed["generals"][0] not in json.dumps(waiting)
        return
    raise AssertionError("the golden game has no last seat to answer the season orders")
