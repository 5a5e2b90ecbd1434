"""Reading saves: every corruption is refused with a one-line message, never a traceback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem import savefile, session, strict_yaml
from pbem.errors import FormatError, PbemError, SignatureError
from pbem.signing import NS_DICE, PrivateKey
from tests.engine.helpers import play_race


@pytest.fixture
def sample(alice, bob) -> savefile.SaveFile:
    return play_race(alice, bob, turns=1)[-1]


def test_round_trip(sample: savefile.SaveFile, tmp_path: Path) -> None:
    path = tmp_path / "s.pbem.yaml"
    savefile.write(path, sample.raw)
    again = savefile.read(path)
    assert again.doc == sample.doc
    assert again.sha256 == sample.sha256


def test_every_flipped_byte_is_refused(alice, bob) -> None:
    first = session.new_game("tiny-race", alice, [bob.identity])
    raw = first.raw
    for position in range(len(raw)):
        mutated = bytearray(raw)
        mutated[position] ^= 0x01
        with pytest.raises(PbemError) as info:
            savefile.parse(bytes(mutated), "flipped.pbem.yaml")
        assert "\n" not in info.value.line()
        assert info.value.line().startswith("flipped.pbem.yaml")


def test_truncation_at_random_lengths(sample: savefile.SaveFile) -> None:
    rng = random.Random(7)
    for length in [*sorted(rng.sample(range(len(sample.raw)), 150)), 0, len(sample.raw) - 1]:
        with pytest.raises(PbemError):
            savefile.parse(sample.raw[:length], "cut.pbem.yaml")


def test_signature_by_key_not_pinned(sample: savefile.SaveFile) -> None:
    stranger = PrivateKey.generate()
    raw = savefile.render(sample.doc, stranger)
    with pytest.raises(SignatureError, match="not the key the save names for red"):
        savefile.parse(raw, "x")


def test_right_key_other_namespace(sample: savefile.SaveFile, alice) -> None:
    body = sample.raw[:sample.raw.rfind(savefile.SIGNATURE_LINE) + 1]
    armor = alice.key.sign(body, NS_DICE).armor()
    raw = body + b"signature: |\n" + "".join(f"  {ln}\n" for ln in armor.splitlines()).encode()
    with pytest.raises(SignatureError, match="made for 'pbem-dice@pbem'"):
        savefile.parse(raw, "x")


def test_hundred_megabyte_file(tmp_path: Path) -> None:
    path = tmp_path / "big.pbem.yaml"
    with open(path, "wb") as handle:
        handle.truncate(100 * 1024 * 1024)
    with pytest.raises(FormatError, match="larger than 8 MiB"):
        savefile.read(path)


def test_non_utf8_body_is_caught_after_signature(sample: savefile.SaveFile, alice) -> None:
    doc = dict(sample.doc)
    raw = savefile.render(doc, alice.key)
    body_end = raw.rfind(savefile.SIGNATURE_LINE) + 1
    body = raw[:body_end].replace(b"# pbem save", b"# pbem \xff\xfe")
    armor = alice.key.sign(body, "pbem-save@pbem").armor()
    raw = body + b"signature: |\n" + "".join(f"  {ln}\n" for ln in armor.splitlines()).encode()
    with pytest.raises(FormatError, match="not UTF-8"):
        savefile.parse(raw, "x")


def _resign(doc: dict, key: PrivateKey) -> bytes:
    """Sign a (possibly broken) document without the summary comments."""
    body = strict_yaml.dump(doc).encode()
    armor = key.sign(body, "pbem-save@pbem").armor()
    return body + b"signature: |\n" + "".join(f"  {ln}\n" for ln in armor.splitlines()).encode()


def test_unknown_format_version(sample: savefile.SaveFile, alice, bob) -> None:
    doc = dict(sample.doc, format="pbem-save/9")
    key = alice.key if sample.writer == "red" else bob.key
    with pytest.raises(FormatError, match="format version 'pbem-save/9' is not supported"):
        savefile.parse(_resign(doc, key), "x")


@pytest.mark.parametrize(("change", "field"), [
    ({"sequence": "three"}, "sequence"),
    ({"previous": "abc"}, "previous"),
    ({"writer": "blue"}, "writer"),
    ({"actions": "none"}, "actions"),
    ({"extra": 1}, "extra"),
    ({"due": {"role": "x", "step": "s", "text": "t"}}, "due.role"),
])
def test_schema_messages_name_the_field(sample: savefile.SaveFile, alice, bob, change: dict,
                                        field: str) -> None:
    doc = dict(sample.doc, **change)
    key = alice.key if sample.writer == "red" else bob.key
    with pytest.raises(FormatError, match=f"field {field}"):
        savefile.parse(_resign(doc, key), "x")


def test_alias_bomb_inside_signed_body(sample: savefile.SaveFile, alice) -> None:
    body = (b"format: pbem-save/1\na: &a [x, x, x, x]\nb: [*a, *a, *a]\n")
    armor = alice.key.sign(body, "pbem-save@pbem").armor()
    raw = body + b"signature: |\n" + "".join(f"  {ln}\n" for ln in armor.splitlines()).encode()
    with pytest.raises(FormatError, match="anchors"):
        savefile.parse(raw, "x")


def test_never_overwrites(sample: savefile.SaveFile, tmp_path: Path) -> None:
    path = tmp_path / "s.pbem.yaml"
    savefile.write(path, sample.raw)
    with pytest.raises(PbemError, match="never overwritten"):
        savefile.write(path, b"other")
    assert path.read_bytes() == sample.raw


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                    HealthCheck.data_too_large])
@given(data=st.data())
def test_mutations_never_raise_anything_but_pbem_errors(data: st.DataObject) -> None:
    """Mutate a valid save (bytes and YAML structure, re-signed) and read it back."""
    from pbem import identity

    global _CACHE
    if _CACHE is None:
        a = identity.LocalIdentity("alice", PrivateKey.generate())
        b = identity.LocalIdentity("bob", PrivateKey.generate())
        _CACHE = (play_race(a, b, turns=2)[-1], a, b)
    save, a, b = _CACHE
    key = a.key if save.writer == "red" else b.key
    kind = data.draw(st.sampled_from(["bytes", "structure"]))
    if kind == "bytes":
        raw = bytearray(save.raw)
        for _ in range(data.draw(st.integers(1, 5))):
            pos = data.draw(st.integers(0, len(raw) - 1))
            raw[pos] = data.draw(st.integers(0, 255))
        candidate = bytes(raw)
    else:
        doc = strict_yaml.load(save.raw[:save.raw.rfind(savefile.SIGNATURE_LINE) + 1])
        path = _random_path(doc, data)
        replacement = data.draw(st.one_of(
            st.none(), st.integers(-5, 10**6), st.text(max_size=5), st.booleans(),
            st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3),
                                                                 st.integers(), max_size=2)))
        _set(doc, path, replacement)
        candidate = _resign(doc, key)
    try:
        savefile.parse(candidate, "m")
    except PbemError as exc:
        assert "\n" not in exc.line()


_CACHE = None


def _random_path(doc: object, data: st.DataObject) -> list:
    path: list = []
    node = doc
    while isinstance(node, dict | list) and node and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(list(node.keys()) if isinstance(node, dict)
                                        else list(range(len(node)))))
        path.append(key)
        node = node[key]
    return path or ["state"]


def _set(doc: dict, path: list, value: object) -> None:
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def test_a_save_met_again_is_handed_out_as_a_fresh_copy(sample: savefile.SaveFile) -> None:
    """A long-running pbem reads the same bytes again and again; what it remembers of
    them never changes because one reader changed the content it was given."""
    first = savefile.parse(sample.raw, "first")
    first.doc["state"]["spoiled"] = True
    first.doc["log"].append("spoiled")
    again = savefile.parse(sample.raw, "again")
    assert "spoiled" not in again.doc["state"] and again.doc["log"] == sample.doc["log"]
    assert again.doc == sample.doc and again.where == "again"
    assert again.signer.line == sample.signer.line


def test_bytes_checked_before_vouch_for_no_others(sample: savefile.SaveFile) -> None:
    """Only the very bytes that passed every check are spared the checks: a save that
    differs by one byte from one read a moment ago is checked in full, and refused."""
    savefile.parse(sample.raw, "good")
    at = sample.raw.index(b"sequence: ") + len(b"sequence: ")
    changed = sample.raw[:at] + b"9" + sample.raw[at + 1:]
    with pytest.raises(SignatureError):
        savefile.parse(changed, "changed")


def test_the_saves_remembered_stay_within_their_limit(alice, bob,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The memory of checked saves forgets the least recently met beyond its size limit."""
    saves = play_race(alice, bob, turns=3)
    monkeypatch.setattr(savefile, "_CHECKED", type(savefile._CHECKED)())
    monkeypatch.setattr(savefile, "_checked_bytes", 0)
    monkeypatch.setattr(savefile, "_CHECKED_LIMIT", 2 * max(len(s.raw) for s in saves))
    for save in saves:
        savefile.parse(save.raw, "x")
    assert 1 <= len(savefile._CHECKED) <= 2
    assert savefile._checked_bytes == sum(size for *_, size in savefile._CHECKED.values())
    assert savefile._checked_bytes <= savefile._CHECKED_LIMIT
