"""Reading an action's arguments against its offer (pbem/arguments.py), game-free."""

from __future__ import annotations

import pytest

from pbem.arguments import check_fixed, check_names, check_sealed, closest, read
from pbem.engine import ActionSpec, Option, Param, Prompt, complete_action
from pbem.errors import IllegalAction


def opts(*values: object) -> tuple[Option, ...]:
    return tuple(Option(v, str(v)) for v in values)


OFFER = ActionSpec("send", "Send", "R1", fixed={"from": "home"}, params=(
    Param("armies", "int", "Own", maximum=9, default=9),
    Param("armies.ally", "int", "Ally's", maximum=4, default=4),
    Param("road", "choice", "Road", opts(["a"], ["a", "b"])),
    Param("flag", "choice", "Flag", opts("no", "yes"), default="no"),
    Param("escort", "choice", "Escort", opts(True, False), default=False),
    Param("who", "choices", "Who", opts("x", "y"), minimum=1, maximum=2),
), extra=("drop", "drop."))


def refusal(given: dict) -> str:
    with pytest.raises(IllegalAction) as caught:
        read(OFFER, given)
    return caught.value.message


def test_defaults_fill_only_families_left_out() -> None:
    assert read(OFFER, {})["armies.ally"] == 4
    assert read(OFFER, {"armies": 3}).get("armies.ally") is None
    assert read(OFFER, {"armies.ally": 1}).get("armies") is None
    assert read(OFFER, {"armies": {"ally": 2}})["armies"] == {"ally": 2}
    assert read(OFFER, {"armies": {"ally": 2}}).get("armies.ally") is None


def test_mapping_forms_are_checked_by_their_members_kind() -> None:
    assert read(OFFER, {"drop": {"ally": 1}})["drop"] == {"ally": 1}
    assert "'armies.ally' must be a whole number" in refusal({"armies": {"ally": "two"}})
    assert "'armies' maps names" in refusal({"armies": {3: 1}})
    assert "'armies.ally' must be a whole number" in refusal({"armies.ally": [1]})


def test_shapes() -> None:
    assert "'armies' must be a whole number or a mapping" in refusal({"armies": True})
    assert "'flag' takes one value, not a list" in refusal({"flag": ["yes"]})
    assert "'who' is a list of names, not a mapping" in refusal({"who": {"x": 1}})
    assert "'who' is a list of names, each one value" in refusal({"who": [["x"]]})
    assert "'road' is a name or a list of names" in refusal({"road": {"a": 1}})
    assert read(OFFER, {"road": "a", "who": "x"})["road"] == "a"


def test_yes_and_no_as_yaml_writes_them() -> None:
    assert read(OFFER, {"flag": True})["flag"] == "yes"
    assert read(OFFER, {"flag": False})["flag"] == "no"
    assert read(OFFER, {"escort": "Yes"})["escort"] is True
    assert read(OFFER, {"escort": "no"})["escort"] is False
    assert read(OFFER, {"escort": "maybe"})["escort"] == "maybe"  # left to the rules


def test_required_and_fixed_arguments_left_out() -> None:
    must = ActionSpec("bid", "Bid", params=(Param("general", "choice", "General",
                                                   opts("a", "b"), default="a",
                                                   required=True),))
    with pytest.raises(IllegalAction, match="add 'general' \\(General\\): one of a, b"):
        read(must, {})
    assert must.complete()["general"] == "a"  # a form still preselects it
    levies = [ActionSpec("levy", "Levy", fixed={"area": a}) for a in ("p", "q")]
    with pytest.raises(IllegalAction, match="add 'area': one of p, q"):
        check_fixed(levies, {"do": "levy"})
    with pytest.raises(IllegalAction, match="'area' takes one value, not a list"):
        check_fixed(levies, {"do": "levy", "area": ["p"]})
    check_fixed(levies[:1], {"do": "levy"})  # one offer: its area is the obvious one
    prompt = Prompt("r", "s", "t", (OFFER,))
    with pytest.raises(IllegalAction, match="takes no argument 'nonsense'"):
        complete_action(prompt, {"do": "send", "nonsense": 1})
    assert complete_action(prompt, {"do": "send", "armies.other": 1})["armies.other"] == 1


def test_sealed_values_must_be_offered() -> None:
    bid = Param("amount", "int", "Bid", maximum=3, secret=True)
    check_sealed(bid, 3)
    for wrong in (4, -1, "3", True, [1]):
        with pytest.raises(IllegalAction, match="'amount' must be a whole number from 0 to 3"):
            check_sealed(bid, wrong)


def test_unknown_names_and_the_closest_ids() -> None:
    ids = {"area": ("area", ("changsha", "xuchang", "luoyang")),
           "armies": ("kingdom", ("cao-cao", "liu-bei"))}
    assert closest("Changsha", ids["area"][1]) == ["changsha"]
    assert closest("Xu Chang", ids["area"][1]) == ["xuchang"]
    assert closest("zzzz", ids["area"][1]) == []
    check_names(ids, {"do": "x", "area": "luoyang", "armies": 3, "armies.liu-bei": 1})
    for action, message in (
            ({"area": "Changsha"}, "unknown area 'Changsha'; did you mean changsha?"),
            ({"area": ["luoyang", "nowhere"]}, "unknown area 'nowhere'"),
            ({"armies": {"caocao": 1}}, "unknown kingdom 'caocao'; did you mean cao-cao?"),
            ({"armies.liubei": 1}, "unknown kingdom 'liubei'; did you mean liu-bei?")):
        with pytest.raises(IllegalAction) as caught:
            check_names(ids, {"do": "x", **action})
        assert caught.value.message == message


def test_a_group_is_a_mapping_of_its_fields() -> None:
    """A ``group`` argument (a mapping part of a whole order) is taken as a mapping, for
    the game's rules to read its fields; any other shape is refused, naming it."""
    part = ActionSpec("part", "Part", None, params=(Param("flag", "choice", "Flag"),))
    offer = ActionSpec("order", "Order", "R2", params=(
        Param("extras", "group", "Extras", items=(part,)),))
    assert read(offer, {"extras": {"flag": True}})["extras"] == {"flag": True}
    assert "extras" not in read(offer, {})
    for wrong in ([{"flag": True}], "flag", 3):
        with pytest.raises(IllegalAction) as caught:
            read(offer, {"extras": wrong})
        assert "'extras' is a mapping of its fields" in caught.value.message
        assert caught.value.rule == "R2"
    assert offer.to_dict()["params"][0]["items"][0]["do"] == "part"
