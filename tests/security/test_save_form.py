"""Attacks on a save's bytes: one byte form, a strict schema, bounded sizes, safe text.

Each forged save here is signed by the rightful writer's own key, so only the reader's
own rules stand between it and the game."""

from __future__ import annotations

import pytest

from pbem import savefile, strict_yaml
from pbem.errors import FormatError, PbemError, SignatureError
from pbem.signing import NS_DICE, PrivateKey
from tests.security.kit import body, forge, players, race, resign, sign_body, who_wrote


@pytest.fixture
def game():
    people = players("alice", "bob")
    saves = race(people)
    return people, saves


def _writer_key(save, people):
    return who_wrote(save, people).key


def _parse(raw: bytes) -> savefile.SaveFile:
    return savefile.parse(raw, "forged.pbem.yaml")


@pytest.mark.parametrize(("old", "new"), [
    (b"sequence: 5\n", b"sequence: +5\n"),
    (b"sequence: 5\n", b"sequence:  5\n"),
    (b"writer: ", b"writer:  "),
    (b"format: pbem-save/3\n", b"format: 'pbem-save/3'\n"),
    (b"format: pbem-save/3\n", b"format: pbem-save/3   \n"),
    (b"format: pbem-save/3\n", b"format: pbem-save/3\n# white resigns\n"),
    (b"# Check it with", b"# bob concedes the game\n# Check it with"),
])
def test_one_byte_form_per_save(game, old: bytes, new: bytes) -> None:
    """Re-spelt numbers, extra spaces, other quoting and free comment lines, re-signed by
    the writer: refused, so a save has exactly one byte form and one hash."""
    people, saves = game
    save = saves[5]
    assert old in body(save)
    forged = sign_body(body(save).replace(old, new, 1), _writer_key(save, people))
    with pytest.raises(FormatError, match="one form pbem writes"):
        _parse(forged)


def test_reordered_fields_are_refused(game) -> None:
    """The writer swaps two top-level fields (the same content, another byte form)."""
    people, saves = game
    save = saves[5]
    text = body(save).decode()
    seq = next(line for line in text.splitlines() if line.startswith("sequence: "))
    writer = next(line for line in text.splitlines() if line.startswith("writer: "))
    swapped = text.replace(seq, "@@").replace(writer, seq).replace("@@", writer)
    with pytest.raises(FormatError, match="not in their order"):
        _parse(sign_body(swapped.encode(), _writer_key(save, people)))


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(note="bob concedes"), "note"),
    (lambda d: d["dice"].update(note="x"), "dice.note"),
    (lambda d: d["dice"]["links"][d["writer"]].update(note="x"), "note"),
    (lambda d: d["game"].update(note="x"), "game.note"),
    (lambda d: d["players"][0].update(note="x"), "players[0].note"),
    (lambda d: d["due"].update(note="x"), "due.note"),
])
def test_unknown_keys_are_refused_everywhere(game, change, field: str) -> None:
    """An extra field in any engine section — which the opponent's pbem would copy into
    its own signed save — is refused, naming it."""
    people, saves = game
    save = saves[5]
    with pytest.raises(FormatError, match=f"field .*{field.split('.')[-1]}: is not a known"):
        _parse(forge(save, _writer_key(save, people), change))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["actions"][0].update(dice=None), "must be a list of rolls"),
    (lambda d: d["actions"][0].update(dice=5), "must be a list of rolls"),
    (lambda d: d["actions"][0].update(dice=[{"d": 7, "for": "x"}]), "die value|from 1 to 6"),
    (lambda d: d["actions"][0].update(dice=[{"d": 1, "for": "x", "extra": 1}]), "must hold d"),
    (lambda d: d.update(sequence=10 ** 17), "from 0 to"),
    (lambda d: d["dice"]["links"][d["writer"]].update(used=-1), "from 0 to"),
    (lambda d: d.update(sequence="5"), "whole number"),
    (lambda d: d.update(players=[]), "1 to 8 players"),
    (lambda d: d.update(log=["x" * 5000]), "longer than"),
    (lambda d: d.update(state=[]), "must be a mapping"),
    (lambda d: d.update(pending={"by": "red"}), "pending"),
])
def test_every_field_is_typed_and_bounded(game, change, message: str) -> None:
    """Wrong types, nulls and out-of-range values in any field, re-signed by the writer:
    a one-line refusal naming the field, never a crash."""
    people, saves = game
    save = next(s for s in saves[3:] if s.actions and s.actions[0]["do"] != "join")
    with pytest.raises(FormatError, match=message):
        _parse(forge(save, _writer_key(save, people), change))


def test_a_five_thousand_digit_number_is_refused_by_the_reader(game) -> None:
    """A number too long to be a number in a save: refused by the YAML reader itself."""
    people, saves = game
    save = saves[5]
    forged = body(save).replace(b"sequence: 5\n", b"sequence: " + b"9" * 5000 + b"\n")
    with pytest.raises(FormatError, match="more than 18 digits"):
        _parse(sign_body(forged, _writer_key(save, people)))


@pytest.mark.parametrize("bad", ["a\rb", "a\u2028b", "a\u2029b", "\x1b[32mOK: verified\x1b[0m",
                                 "a\u202eb", "x" * 3000])
def test_titles_names_and_lines_are_safe_text(game, bad: str) -> None:
    """A carriage return, a line separator, an ANSI escape or a bidi override in a title,
    a name or a log line is refused (it could break YAML or fool a reader)."""
    people, saves = game
    save = saves[5]
    key = _writer_key(save, people)
    for change in (lambda d: d["game"].update(title=bad),
                   lambda d: d["log"].append(bad),
                   lambda d: d["due"].update(text=bad),
                   lambda d: d["players"][0].update(name=bad)):
        with pytest.raises(FormatError):
            _parse(forge(save, key, change))


def test_padding_cannot_block_the_reader(game, tmp_path) -> None:
    """A save padded past the size cap is refused before it is read whole; padding inside
    the position is refused because it is not what the actions give."""
    people, saves = game
    save = saves[5]
    huge = tmp_path / "huge.pbem.yaml"
    with open(huge, "wb") as handle:
        handle.write(save.raw)
        handle.seek(100 * 1024 * 1024)
        handle.write(b"\n")
    with pytest.raises(FormatError, match="larger than 8 MiB"):
        savefile.read(huge)
    from pbem import chain

    padded = _parse(resign(save, _writer_key(save, people),
                           lambda d: d["state"].update(pad="x" * 100000)))
    with pytest.raises(PbemError, match="not what the actions give"):
        chain.check_next(chain.check_first(saves[0]), saves[4], padded)


def test_byte_flips_and_truncation_are_refused(game) -> None:
    """Any flipped byte or a cut-off file: the signature no longer matches or the block
    is malformed."""
    _, saves = game
    raw = saves[5].raw
    for index in range(0, len(raw), max(1, len(raw) // 97)):
        flipped = bytearray(raw)
        flipped[index] ^= 0x01
        with pytest.raises(PbemError):
            _parse(bytes(flipped))
    for length in range(0, len(raw), max(1, len(raw) // 53)):
        with pytest.raises(PbemError):
            _parse(raw[:length])


def test_alias_bombs_deep_nesting_and_tags_are_refused() -> None:
    """YAML's anchors and aliases, tags and very deep nesting never reach a parser that
    could be attacked with them."""
    bomb = b'a: &a ["x","x"]\nb: &b [*a,*a]\nc: [*b,*b]\n'
    for text, message in ((bomb, "anchors"), (b"a: !!python/object x\n", "tags"),
                          (b"[" * 100 + b"]" * 100, "deeper"),
                          (b"a: 1\n---\nb: 2\n", "more than one")):
        with pytest.raises(FormatError, match=message):
            strict_yaml.load(text, "x")
    # far deeper still: refused (by pbem or by the YAML library first), never parsed
    with pytest.raises(FormatError):
        strict_yaml.load(b"[" * 100000 + b"]" * 100000, "x")


def test_a_signature_made_for_another_purpose_is_refused(game) -> None:
    """A signature from the dice or identity namespace cannot pass as a save's."""
    people, saves = game
    save = saves[5]
    key = _writer_key(save, people)
    signed = body(save)
    other = signed + b"signature: |\n" + savefile._indented(key.sign(signed, NS_DICE).armor())
    with pytest.raises(SignatureError, match="made for 'pbem-dice@pbem'"):
        _parse(other)


def test_a_second_signature_spelling_is_refused(game) -> None:
    """The same body signed with SSHSIG's sha256 variant would be a second byte form."""
    from pbem import signing

    people, saves = game
    save = saves[5]
    key = _writer_key(save, people)
    signed = body(save)
    original = signing._HASH
    try:
        signing._HASH = "sha256"  # as another SSHSIG tool might sign
        variant = signed + b"signature: |\n" + savefile._indented(
            key.sign(signed, signing.NS_SAVE).armor())
    finally:
        signing._HASH = original
    with pytest.raises(PbemError):
        _parse(variant)


def test_a_save_signed_by_a_key_that_is_not_the_writers_is_refused(game) -> None:
    """Signed by a stranger, or by the other player in the writer's name."""
    people, saves = game
    save = saves[5]
    for key in (PrivateKey.generate(), next(p.key for p in people
                                            if p is not who_wrote(save, people))):
        with pytest.raises(SignatureError, match="not the key the save names"):
            _parse(resign(save, key))
