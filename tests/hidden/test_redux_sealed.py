"""Three Kingdoms Redux with sealed cards, as played between players: each state's kept
generals and hand of enhancement cards are hidden from the others in every save and every
view, and the whole game passes its audit."""

from __future__ import annotations

import hashlib
import json

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem import chain, gameplay, games
from pbem.games.three_kingdoms_redux.dataset import builtin
from pbem.hidden_cards import model
from pbem.signing import PrivateKey
from tests import fixed_games
from tests.hidden.kit import known

KIND = "three-kingdoms-redux"


def _keys(seed: int) -> list[PrivateKey]:
    return [PrivateKey(Ed25519PrivateKey.from_private_bytes(
        hashlib.sha256(f"redux sealed {seed} {n}".encode()).digest())) for n in range(3)]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1])
def test_hands_and_generals_stay_hidden_and_the_audit_passes(seed: int) -> None:
    """After every save, no state's view names a general or a card another state holds
    hidden; the game ends with every state's secrets opened and the audit passing."""
    keys = _keys(seed)
    result = fixed_games.play(KIND, 3, seed, keys)
    saves = result.saves
    roles = [p["role"] for p in saves[0].players]
    by_role = dict(zip(roles, keys, strict=True))
    module = games.get(KIND)
    data_set = builtin()
    names = {c.id: c.name for c in data_set.cards.values()}
    names.update({g.id: g.name for g in data_set.generals.values()})
    hidden_checked = 0
    for index, save in enumerate(saves):
        if len(save.doc["dice"]["salts"]) < 3 or index % 5:
            continue
        sees = {role: known(save, role, by_role[role]) for role in roles}
        hidden_cards = model.of(save.state)
        for role in roles:
            others = {h: c for r in roles if r != role for h, c in sees[r].items()
                      if h not in sees[role] and _held_hidden(hidden_cards, h)}
            shown = json.dumps(gameplay.view(module, save.state, role, sees[role]),
                               ensure_ascii=False)
            for handle, card in others.items():
                assert names[card] not in shown, (index, role, handle, card)
            hidden_checked += len(others)
    assert hidden_checked > 20
    verdict = chain.verify(saves[-1], saves[:-1], audit=True)
    assert "audit: every hidden step re-checked" in verdict.lines[4]


def _held_hidden(data: dict, handle: str) -> bool:
    """A card of a shared deck held face down, or a private card not shown."""
    if handle in data["cards"]:
        return data["cards"][handle]["face"] is None
    key = handle.split("#")[0]
    deck = data["private"].get(key)
    return deck is not None and handle in deck["held"] and handle not in deck["reveals"]
