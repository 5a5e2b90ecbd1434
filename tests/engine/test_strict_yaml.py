"""The strict YAML reader refuses what saves never need, with a located one-line message."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import strict_yaml
from pbem.errors import FormatError

ALIAS_BOMB = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]"
       for i in range(8)]) + "\n"


@pytest.mark.parametrize(("text", "message"), [
    (ALIAS_BOMB, "anchors"),
    ("a: &x [1, *x]\n", "anchors"),  # recursive alias
    ("b: *x\n", "malformed YAML|aliases"),
    ("a: 1\nb: 2\na: 3\n", "duplicate key 'a'"),
    ("base: {x: 1}\nc:\n  <<: {x: 1}\n", "merge keys"),
    ("a: !python/object:os.system ls\n", "tags"),
    ("a: !!binary aGk=\n", "tags"),
    ("a: 1.5\n", "float"),
    ("a: 2026-11-22\n", "timestamp"),
    ("a: 0x1f\n", "plain decimal"),
    ("a: 1\n---\nb: 2\n", "more than one"),
    ("a: [1, 2\n", "malformed YAML"),
    ("a:\n\tb: 1\n", "malformed YAML"),
    ("? [1, 2]\n: x\n", "keys must be"),
])
def test_refused(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        strict_yaml.load(text, "f.yaml")


def test_message_names_file_line_and_column() -> None:
    with pytest.raises(FormatError) as info:
        strict_yaml.load("a: 1\nb: 2\nb: 3\n", "game.yaml")
    assert info.value.line() == "game.yaml:3:1: duplicate key 'b'"


def _nested(opener: str, depth: int) -> str:
    if opener == "- ":
        return "".join("  " * i + "-\n" for i in range(depth)) + "  " * depth + "- x\n"
    closer = {"[": "]", "{a: ": "}"}[opener]
    return opener * depth + "1" + closer * depth


@pytest.mark.parametrize("opener", ["[", "{a: ", "- "])
@pytest.mark.parametrize("depth", [65, 200, 30000])
def test_deep_nesting_is_refused_without_crashing(opener: str, depth: int) -> None:
    """Nesting past 64 levels is refused with the file and the place, however deep it goes
    (very deep nesting may be refused by the YAML library before pbem counts the levels:
    the refusal is what matters, not whose words it is in)."""
    if opener == "- " and depth > 200:
        depth = 2000
    with pytest.raises(FormatError) as refused:
        strict_yaml.load(_nested(opener, depth), "deep.yaml")
    assert refused.value.line().startswith("deep.yaml:")


@pytest.mark.parametrize("opener", ["[", "{a: ", "- "])
def test_nesting_just_past_the_limit_names_the_limit(opener: str) -> None:
    """pbem's own limit, below any the YAML library has, is named in pbem's words."""
    with pytest.raises(FormatError, match="nesting deeper than 64"):
        strict_yaml.load(_nested(opener, 65), "deep.yaml")


def test_depth_64_is_fine() -> None:
    assert strict_yaml.load("[" * 64 + "]" * 64, "ok") is not None


def test_non_utf8_and_nul() -> None:
    with pytest.raises(FormatError, match="not UTF-8 text .*offset 3"):
        strict_yaml.load(b"a: \xff\n", "x")
    with pytest.raises(FormatError, match="NUL"):
        strict_yaml.load("a: \x00\n", "x")


def test_plain_types() -> None:
    data = strict_yaml.load("a: 12\nb: -3\nc: true\nd: ~\ne: 'yes'\nf: hello\ng: ''\n", "x")
    assert data == {"a": 12, "b": -3, "c": True, "d": None, "e": "yes", "f": "hello", "g": ""}


scalars = st.one_of(st.integers(-10**12, 10**12), st.booleans(), st.none(),
                    st.text(max_size=20), st.sampled_from(["yes", "No", "~", "null", "1e3",
                                                            "0x1f", "- x", "a: b", "#c", "@x",
                                                            "2026-11-22", "1.5", "<<", "'q'"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.text(min_size=1, max_size=8), st.integers(0, 99)), inner,
                    max_size=4)), max_leaves=20)


@settings(max_examples=1000, deadline=None)
@given(values)
def test_dump_load_round_trip(value: object) -> None:
    text = strict_yaml.dump(value)
    assert strict_yaml.load(text, "x") == value
