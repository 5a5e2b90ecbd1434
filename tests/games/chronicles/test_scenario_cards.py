"""Chronicles scenarios with red cards in hand: each realm's cards come out of the red deck
before it is shuffled, face up (the scenario names them for all), and the game plays on
from there; a wrong card is refused in one line naming its field."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pbem import savefile
from pbem.errors import UsageError
from pbem.games.chronicles import dataset, hand
from pbem.hidden import SECRETS_KEY
from tests.cli.test_commands import pbem
from tests.games.chronicles.test_scenario import KIND, _started
from tests.games.chronicles.test_scenario_counters import MODULE, _opened, _play_on

SCENE: dict[str, Any] = {
    "year": 199, "season": "winter",
    "realms": {"cao-cao": {"cards": ["fire-trap", "water-trap", "fire-trap"]},
               "sun-ce": {"cards": ["fire-trap"]}},
}


def _red_cards(state: dict[str, Any]) -> Counter[str]:
    """Every red card of the game wherever it is: the deck, the hands, the pile."""
    secrets = state[SECRETS_KEY]
    cards = Counter(hand.kind(c) for c in secrets["decks"][hand.DECK])
    cards.update(hand.kind(entry["card"]) for handle, entry in secrets["cards"].items()
                 if handle.startswith(f"{hand.DECK}#"))
    return cards


def test_a_scenario_puts_red_cards_in_hand_face_up() -> None:
    """Cao Cao holds two Fire Traps and the Water Trap, oldest first, and Sun Ce the third
    Fire Trap: the red deck holds no more Fire Trap nor Water Trap, every red card is
    still counted once, and everybody reads the scenario's cards."""
    state, _dice, _log = _opened(SCENE, 1)
    data = dataset.get(state.get("data"))
    cao, sun = state["realms"]["cao-cao"]["cards"], state["realms"]["sun-ce"]["cards"]
    assert [state[hand.OPEN][e].split(hand.COPY)[0] for e in cao[:3]] == \
        ["fire-trap", "water-trap", "fire-trap"]
    assert hand.kind(state[hand.OPEN][sun[0]]) == "fire-trap"
    left = Counter(hand.kind(c) for c in state[SECRETS_KEY]["decks"][hand.DECK])
    assert left["fire-trap"] == 0 and left["water-trap"] == 0
    assert _red_cards(state) == Counter({c.id: c.copies for c in data.stratagems.values()})
    text = MODULE.describe(state)
    assert "Fire Trap" in text and "Water Trap" in text


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_from_a_scenario_with_cards_in_hand_plays_on(seed: int) -> None:
    """Two rounds of random legal orders from the scenario, every invariant holding after
    each order and every red card counted once."""
    state, dice, log = _opened(SCENE, seed)
    data = dataset.get(state.get("data"))
    state = _play_on(state, dice, log, seed, rounds=2)
    assert state["calendar"]["round"] > 16
    assert _red_cards(state) == Counter({c.id: c.copies for c in data.stratagems.values()})


def test_pbem_new_with_cards_in_hand_and_pbem_show(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`pbem new --scenario` writes the game, the chain re-checks, and each seat's
    `pbem show --json` names Cao Cao's cards, which the scenario made public."""
    monkeypatch.chdir(tmp_path)
    scene = tmp_path / "scene.yaml"
    scene.write_text("year: 199\nseason: winter\nrealms:\n"
                     "  cao-cao: {cards: [fire-trap, water-trap]}\n")
    pbem("new", KIND, "--players", "3", "--hotseat", "--scenario", str(scene))
    save = max(tmp_path.glob("*/*.pbem.yaml"), key=lambda p: savefile.read(p).sequence)
    view = json.loads(pbem("show", str(save), "--json")[1])["view"]
    shown = json.dumps(view["realms"]["cao-cao"])
    assert "fire-trap" in shown and "water-trap" in shown, shown
    assert "every action re-applied" in pbem("verify", str(save))[1]


def test_a_scenario_with_cards_through_the_session_verifies() -> None:
    """New, join and the first seat's orders: the chain of a game whose scenario deals
    cards re-checks from its first save."""
    started = _started(SCENE)
    assert len(started.state["realms"]["cao-cao"]["cards"]) >= 3


CARDS = "scenario field realms.cao-cao.cards"


@pytest.mark.parametrize("cards, says", [
    ("fire-trap", CARDS + ": is a list of stratagem ids"),
    (["sky-lantern"], CARDS + "[0]: 'sky-lantern' is not a stratagem"),
    (["water-trap", "water-trap"], CARDS + "[1]: every water-trap card is already in a hand"),
    ([["fire-trap"]], CARDS + "[0]: ['fire-trap'] is not a stratagem"),
])
def test_a_wrong_card_is_refused_naming_its_field(cards: Any, says: str) -> None:
    with pytest.raises(UsageError, match=re.escape(says)):
        _started({"realms": {"cao-cao": {"cards": cards}}})
