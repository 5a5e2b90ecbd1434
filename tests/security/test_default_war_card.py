"""The attacker who wants to foresee the war card a defender's pbem lays for her by default
(`war-card: random`, docs/standing-orders.md): she knows every public byte of the game and
holds her own keys, but not the defender's. Every pick she can compute from those does no
better than chance against the one the defender's pbem draws."""

from __future__ import annotations

import hashlib

from pbem import responses
from pbem.hidden_cards import seating
from pbem.secrets.private_pick import PrivatePick
from tests.engine.test_default_responses import TYPES, _people, _picked, _war

WARS = 36


def test_the_attacker_cannot_foresee_the_defenders_default_card() -> None:
    """Over many wars, the attacker's best guesses from public data or her own keys match
    the defender's drawn card about a third of the time, never always."""
    hits = {"public hash": 0, "her own keys": 0, "her seat's label": 0}
    drawn: set[str] = set()
    for war in range(WARS):
        save, bo = _war("xu-chu", tag=f"fore{war}", game=f"{war + 0x100:04x}")
        ann = _people(f"fore{war}")[0]
        label = f"standing-response:{save.sha256}:war-card:seat2"
        made = responses.answer(save, bo)  # the defender's pbem, as her watcher runs it
        assert made is not None
        card = _picked(made, bo)
        drawn.add(card["card"])
        public = PrivatePick(hashlib.sha256(label.encode()).digest())
        mine = seating.seat(save.doc, "seat1", ann.key).keys  # the attacker's own keys
        guesses = {
            "public hash": public.choose(list(TYPES), "war card"),
            "her own keys": PrivatePick(mine.nonce_seed(label)).choose(list(TYPES),
                                                                     "war card"),
            "her seat's label": PrivatePick(mine.nonce_seed(
                label.replace("seat2", "seat1"))).choose(list(TYPES), "war card"),
        }
        for way, guess in guesses.items():
            hits[way] += guess == card["card"]
    assert drawn == set(TYPES)
    for way, count in hits.items():
        assert count <= WARS * 2 // 3, f"{way} foresaw {count} of {WARS} cards"
