"""Forces placed face down (9.1, notes 5): in the season orders and the second muster a
placement shows only its shape (who, where, for which side, how many generals); what it
sends, and the battle plans, stay sealed inside the order (pbem/inner_seals.py) until the
last muster opens, when every writer opens them and they are placed in the order they were
given.

The game's option ``forces`` says so: ``face-down`` (the default) or ``open``, where each
muster's placements are shown as it opens. Games begun before forces were sealed have no
such option and play as ``open``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem import inner_seals
from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import muster
from pbem.games.chronicles.wording import counted

FLAG = "sealed_forces"
FACE_DOWN = "face-down"
OPTIONS = (FACE_DOWN, "open")
INNER = ("muster", "plans")
SHAPE_KEYS = {"area", "side", "helps", "generals"}
RULE = "s9.1.face-down"


def active(b: Board) -> bool:
    """Whether this game seals the forces placed until the last muster."""
    return bool(b.s.get(FLAG))


def shape_of(entry: Mapping[str, Any]) -> dict[str, Any]:
    """What every player sees of a placement before the last muster opens."""
    out = {"area": entry.get("area"), "side": entry.get("side"),
           "generals": len(list(entry.get("generals") or []))}
    if entry.get("side") == "help":
        out["helps"] = entry.get("helps")
    return out


def inner_shape(b: Board, role: str, values: Mapping[str, Any],
                earlier: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The shapes of the placements ``values`` holds, once the rules accept them as the
    position stands, with the placements ``earlier`` sealed this round spoken for (the
    plans show nothing)."""
    placed = [e for value in earlier for e in value.get("muster") or []
              if isinstance(e, Mapping)]
    muster.check_muster(b, role, {"muster": values.get("muster") or [],
                                  "plans": values.get("plans") or []}, placed)
    placements = values.get("muster") or []
    return {"muster": [shape_of(e) for e in placements]} if placements else {}


def check_shapes(b: Board, role: str, order: Mapping[str, Any]) -> None:
    """The public side of a season order's or second muster's placements."""
    if order.get("plans"):
        raise IllegalAction("battle plans are sealed inside the order until the last "
                            "muster", RULE)
    shapes = order.get("muster") or []
    if not isinstance(shapes, list):
        raise IllegalAction("muster: a list of placements", "s9.0.invade")
    if shapes and not isinstance(order.get("inner"), int):
        raise IllegalAction("placements come with what they send, sealed inside the order",
                            RULE)
    for shape in shapes:
        _check_shape(b, role, shape)
    muster.check_muster(b, role, {"let_through": order.get("let_through")})


def _check_shape(b: Board, role: str, shape: Any) -> None:
    if not isinstance(shape, Mapping) or set(shape) - SHAPE_KEYS:
        raise IllegalAction("a placement shows only its area, side, the leader it helps and "
                            "how many generals it sends", RULE)
    area, side, count = shape.get("area"), shape.get("side"), shape.get("generals")
    if area not in b.s["areas"]:
        raise IllegalAction(f"there is no area {area!r}", "s9.0.invade")
    if side not in muster.SIDES:
        raise IllegalAction(f"side: one of {', '.join(muster.SIDES)}", "s9.0.invade")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise IllegalAction("generals: how many, a whole number", RULE)
    if side == "invade" and b.holder(area) == role:
        raise IllegalAction(f"{b.name(role)} already holds {b.area(area).name}", "s9.0.invade")
    if side == "defend" and b.holder(area) != role:
        raise IllegalAction(f"{b.name(role)} does not hold {b.area(area).name}",
                            "s9.6.home-defence")
    helped = shape.get("helps")
    if side == "help" and (helped not in b.data.leaders or helped == role):
        raise IllegalAction("helps: the leader helped", "s9.2.army-reinforce")


# ------------------------------------------------------------------ placing


def place_shapes(b: Board, answers: Mapping[str, Mapping[str, Any]], round_no: int) -> None:
    """Record one round's shapes (invasions first, each in the round seat order); a shape
    with no battle to join is dropped."""
    muster.consent(b, answers)
    seats = [r for r in b.round_order() if r in answers]
    for invading in (True, False):
        for role in seats:
            for index, shape in enumerate(answers[role].get("muster") or []):
                if (shape.get("side") == "invade") == invading:
                    _place_shape(b, role, shape, round_no,
                                 {"inner": answers[role].get("inner"), "entry": index})


def _place_shape(b: Board, role: str, shape: Mapping[str, Any], round_no: int,
                 sealed: dict[str, Any]) -> None:
    area = b.area(shape["area"]).name
    battle = muster.battle_for(b, role, shape)
    if battle is None:
        b.note(f"{b.name(role)}'s placement in {area} is dropped: no battle is fought there",
               "s9.0.invade")
        return
    battle["forces"].append({"who": role, "side": shape["side"], "helps": shape.get("helps"),
                             "shown_generals": shape["generals"], "round": round_no,
                             "sealed": sealed})
    b.note(f"{b.name(role)} places {counted(shape['generals'], 'general')} in {area} "
           f"({shape['side']}), face down", RULE)


def reveal(b: Board, last: Mapping[str, Mapping[str, Any]]) -> None:
    """The last muster opens: the sealed placements of the first two rounds are placed in
    their order (invasions first, in the round seat order), then the last muster's own;
    then every plan, oldest first, the last for a battle counting."""
    waiting = [(x, f) for x in muster.live(b) for f in x["forces"] if "sealed" in f]
    for x, force in waiting:
        x["forces"].remove(force)
    if waiting:
        b.log.heading(f"{b.when()}: the forces placed face down are turned over", RULE)
    for round_no in (1, 2):
        for invading in (True, False):
            for role in b.round_order():
                for x, force in waiting:
                    if force["who"] == role and force["round"] == round_no \
                            and (force["side"] == "invade") == invading:
                        _turn_over(b, x, force)
    muster.place_round(b, last, 3)
    for role in b.round_order():
        for opened in _opened(b, role):
            muster.take_plans(b, role, opened.get("plans"))
        if role in last:
            muster.take_plans(b, role, last[role].get("plans"))


def opened_placements(b: Board, role: str) -> list[Mapping[str, Any]]:
    """``role``'s placements of this round opened already (their generals, units and gold
    are spoken for when he places more)."""
    return [e for value in _opened(b, role) for e in value.get("muster") or []
            if isinstance(e, Mapping)]


def _opened(b: Board, role: str) -> list[dict[str, Any]]:
    return [v for c in inner_seals.choices(b.s, role)
            if (v := inner_seals.value(b.s, role, c["number"])) is not None]


def _turn_over(b: Board, battle: Mapping[str, Any], force: Mapping[str, Any]) -> None:
    role, area = force["who"], b.area(battle["area"]).name
    opened = inner_seals.value(b.s, role, force["sealed"]["inner"])
    if opened is None:
        b.note(f"{b.name(role)}'s placement in {area} was never opened: it sends nothing",
               RULE)
        return
    entries = opened.get("muster") or []
    index = force["sealed"]["entry"]
    entry = entries[index] if isinstance(index, int) and 0 <= index < len(entries) else None
    if not isinstance(entry, Mapping) or shape_of(entry) != _shown(force, battle):
        b.note(f"{b.name(role)}'s placement in {area} is dropped: what it sends is not what "
               "it showed", RULE)
        return
    muster.place_or_drop(b, role, entry, int(force["round"]), revealed=True)


def _shown(force: Mapping[str, Any], battle: Mapping[str, Any]) -> dict[str, Any]:
    out = {"area": battle["area"], "side": force["side"],
           "generals": force["shown_generals"]}
    if force["side"] == "help":
        out["helps"] = force.get("helps")
    return out


def drop_unopened(b: Board) -> None:
    """Placements still face down when battles begin (no last muster asked their writer)
    send nothing."""
    for x in muster.live(b):
        for force in [f for f in x["forces"] if "sealed" in f]:
            x["forces"].remove(force)
            b.note(f"{b.name(force['who'])}'s placement in {b.area(x['area']).name} was "
                   "never opened: it sends nothing", RULE)
