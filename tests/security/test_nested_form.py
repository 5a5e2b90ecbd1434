"""What a writer's pbem owes the others (keys, shuffle steps, decryption shares, envelopes,
commitments, sealed choices), and what an action shows of her hidden cards (its
``reveals``), has one written form. The writer adds a field to a share, or spells a hex
value in capitals, and signs the save again with her own key: the values read the same,
so only the form check can refuse it, and it must."""

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
    for kind, count in (("chronicles-of-the-three-kingdoms", 16),
                        ("three-kingdoms-redux", 24), ("three-kingdoms-card-game", 30)):
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
             doc: dict[str, Any], monkeypatch: pytest.MonkeyPatch | None = None) -> bool:
    """Whether ``doc``, signed by ``key``, is refused after ``prev``. With ``monkeypatch``
    the attacker runs a patched pbem first, to learn the position her change gives, and
    writes that position into the save, so that only the form checks stand."""
    if monkeypatch is not None:
        derived: list[Any] = []
        real_same = chain.same

        def spy(replayed: Any, stated: Any) -> bool:
            derived.append(copy.deepcopy(replayed))
            return bool(real_same(replayed, stated))
        with monkeypatch.context() as patched:
            patched.setattr(chain, "same", spy)
            if _refused(module, prev, save, key, doc) and derived:
                doc = {**doc, "state": derived[-1]}
    body = (savefile.comments(doc) + strict_yaml.dump(doc)).encode()
    try:
        forged = savefile.parse(sign_body(body, key), "forged.pbem.yaml")
        chain.check_next(module, prev, forged)
    except PbemError:
        return True
    return False


def _spoilt(module: Any, prev: savefile.SaveFile, save: savefile.SaveFile, key: Any,
            root: tuple[Any, ...], extra: list[tuple[Any, ...]],
            capital: list[tuple[Any, ...]], monkeypatch: pytest.MonkeyPatch | None = None,
            ) -> int:
    """Each change alone, below ``root`` in the save: a field added to each mapping at
    ``extra``, each hex value at ``capital`` in capitals; every one must be refused.
    Returns how many were tried."""
    for path in extra:
        doc = copy.deepcopy(save.doc)
        _at(doc, (*root, *path))["extra"] = "\u202e"
        assert _refused(module, prev, save, key, doc, monkeypatch), \
            f"an extra field at {[*root, *path]} was accepted"
    for path in capital:
        doc = copy.deepcopy(save.doc)
        parent = _at(doc, (*root, *path[:-1]))
        parent[path[-1]] = parent[path[-1]].upper()
        assert _refused(module, prev, save, key, doc, monkeypatch), \
            f"capital hex at {[*root, *path]} was accepted"
    return len(extra) + len(capital)


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
            extra = rng.sample(records, min(2, len(records)))
            leaves = _hex_leaves(given)
            capital = rng.sample(leaves, min(2, len(leaves)))
            tried += _spoilt(module, prev, save, key, ("contributions",), extra, capital)
    assert tried > 40, tried


def test_what_an_action_shows_with_a_field_too_many_or_capital_hex_is_refused(
        played, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every card an action turns up or shows (the holder's decryption shares, a private
    deck's card and salt): a field added to what it shows, or one hex value in capitals,
    with the position her patched pbem derives from that written in, signed again by the
    writer: refused."""
    rng = random.Random(12)
    tried = 0
    for module, saves, by_key in played:
        for prev, save in itertools.pairwise(saves):
            for index, action in enumerate(save.actions):
                shown = action.get("reveals")
                if not shown:
                    continue
                key = by_key[save.player(save.writer)["key"]]
                leaves = _hex_leaves(shown)
                tried += _spoilt(module, prev, save, key, ("actions", index, "reveals"),
                                 _mappings(shown), rng.sample(leaves, min(2, len(leaves))),
                                 monkeypatch)
    assert tried > 20, tried


def test_sealed_answers_and_openings_with_a_field_too_many_or_capital_hex_are_refused(
        played, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sealed answer (its commitment and envelope) or its opening (the answer and its
    nonce), with a field added anywhere in it or a hex value in capitals, and the position
    the writer's patched pbem derives written in, signed again by her: refused."""
    rng = random.Random(13)
    tried = 0
    for module, saves, by_key in played:
        for prev, save in itertools.pairwise(saves):
            for index, action in enumerate(save.actions):
                body = action.get("answer") or action
                if body.get("do") not in ("seal", "unseal"):
                    continue
                key = by_key[save.player(save.writer)["key"]]
                root = ("actions", index, *(("answer",) if "answer" in action else ()))
                extra = rng.sample(_mappings(body), min(3, len(_mappings(body))))
                capital = rng.sample(_hex_leaves(body), min(2, len(_hex_leaves(body))))
                tried += _spoilt(module, prev, save, key, root, extra, capital, monkeypatch)
    assert tried > 20, tried


def test_mappings_inside_actions_and_contributions_written_in_another_order_are_refused(
        played, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every mapping below an action's arguments (a placement, an opened order, what a card
    shows, an envelope) and inside the contributions, its keys written in the reverse
    order, with the position her patched pbem derives written in, signed again by the
    writer: refused, so a save keeps one byte form all the way down."""
    rng = random.Random(14)
    tried = 0
    for module, saves, by_key in played:
        for prev, save in itertools.pairwise(saves):
            key = by_key[save.player(save.writer)["key"]]
            places = [("actions", i, *p) for i, a in enumerate(save.actions)
                      for p in _mappings(a) if p]
            places += [("contributions", *p) for p in _mappings(save.doc["contributions"])]
            places = [p for p in places if len(_at(save.doc, p)) > 1]
            for path in rng.sample(places, min(5, len(places))):
                mapping = _at(save.doc, path)
                doc = copy.deepcopy(save.doc)
                _at(doc, path[:-1])[path[-1]] = dict(reversed(list(mapping.items())))
                assert _refused(module, prev, save, key, doc, monkeypatch), \
                    f"{list(path)} in reverse order was accepted"
                tried += 1
    assert tried > 100, tried
