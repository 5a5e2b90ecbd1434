"""What a writer's pbem owes the others (keys, shuffle steps, decryption shares, envelopes,
commitments, sealed choices) has one written form. The writer adds a field to a share, or
spells a hex value in capitals, and signs the save again with her own key: the values
read the same, so only the form check can refuse it, and it must."""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import pytest

from pbem import chain, games, savefile, strict_yaml
from pbem.errors import PbemError
from tests.security.kit import sign_body
from tests.security.mutations import _collected, _key


def _games() -> list[tuple[Any, list[savefile.SaveFile], dict[str, Any]]]:
    out = []
    for kind, count in (("chronicles-of-the-three-kingdoms", 14),
                        ("three-kingdoms-redux", 12)):
        keys = [_key(f"contribution form {kind} {i}") for i in range(3)]
        saves = _collected(kind, "open", keys, 7, count)
        out.append((games.get(kind), saves, {k.public.line: k for k in keys}))
    return out


@pytest.fixture(scope="module")
def played() -> list[Any]:
    return _games()


def _mappings(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if isinstance(value, dict) else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _mappings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _mappings(item, (*path, index))
    return found


def _hex_leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, str):
        letters = any(c in "abcdef" for c in value)
        plain = len(value) >= 16 and all(c in "0123456789abcdef" for c in value)
        return [path] if plain and letters else []
    found: list[tuple[Any, ...]] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()
    for key, item in items:
        found += _hex_leaves(item, (*path, key))
    return found


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _refused(module: Any, prev: savefile.SaveFile, save: savefile.SaveFile, key: Any,
             doc: dict[str, Any]) -> bool:
    body = (savefile.comments(doc) + strict_yaml.dump(doc)).encode()
    try:
        forged = savefile.parse(sign_body(body, key), "forged.pbem.yaml")
        chain.check_next(module, prev, forged)
    except PbemError:
        return True
    return False


def test_contributions_with_a_field_too_many_or_capital_hex_are_refused(played) -> None:
    """In every save that carries contributions, in two games with hidden cards: a field
    added to any record of them (a share, its proof, an envelope, a commitment...), or
    one hex value written in capitals, signed again by the writer: refused."""
    rng = random.Random(11)
    tried = 0
    for module, saves, by_key in played:
        for prev, save in itertools.pairwise(saves):
            given = save.doc.get("contributions")
            if not given:
                continue
            key = by_key[save.player(save.writer)["key"]]
            records = [p for p in _mappings(given) if p]
            for path in rng.sample(records, min(4, len(records))):
                doc = copy.deepcopy(save.doc)
                _at(doc["contributions"], path)["extra"] = "\u202e"
                assert _refused(module, prev, save, key, doc), \
                    f"an extra field at contributions{list(path)} was accepted"
                tried += 1
            leaves = _hex_leaves(given)
            for path in rng.sample(leaves, min(3, len(leaves))):
                doc = copy.deepcopy(save.doc)
                parent = _at(doc["contributions"], path[:-1])
                parent[path[-1]] = parent[path[-1]].upper()
                assert _refused(module, prev, save, key, doc), \
                    f"capital hex at contributions{list(path)} was accepted"
                tried += 1
    assert tried > 40, tried
