"""The red cards in hand kept secret (chronicles-play-by-mail.md, "Hidden cards"): random
games in memory checked after every order, and the golden game between homes, where each
player's pbem reads her own hand and the cards turned face up, nothing more."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from pbem import gameplay, games, sealed_orders
from pbem.dice import ChainDice
from pbem.engine import Log
from pbem.games.chronicles import hand
from pbem.hidden_cards import model
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.games.chronicles import invariants
from tests.games.chronicles.kit import random_order
from tests.golden_replay import recorded, sample_players
from tests.hidden.kit import known

KIND = "chronicles-of-the-three-kingdoms"
MODULE = games.get(KIND)


def _play(seed: int, players: int) -> int:
    """A random game in memory to its end, the secrets checked after every order; the
    cards held face down by another seat, summed over the checks."""
    rng = random.Random(seed)
    state = gameplay.opening(MODULE, MODULE.options(players, {}), None)
    dice = ChainDice(hashlib.sha256(f"chronicles hidden {seed}".encode()).digest())
    log = Log()
    gameplay.start(MODULE, state, dice, log)
    hidden = 0
    while (prompt := gameplay.prompt(MODULE, state)) is not None:
        state = random_order(state, prompt, rng, dice, log, f"game {seed}: ")
        invariants.check(state)
        hidden += invariants.check_secrets(state, MODULE)
    return hidden


@pytest.mark.rule("chronicles:s2.2.2.red")
@pytest.mark.parametrize(("seed", "players"), [(3, 3), (4, 5), (5, 7)])
def test_no_view_ever_holds_a_red_card_another_seat_holds_face_down(seed: int,
                                                                    players: int) -> None:
    """Random games to their end (cards drawn, named in plans, offered, played, stolen,
    discarded at the hand limit, shuffled back): after every order no seat's view, text
    picture or knowledge names a red card another seat holds face down, nor does the
    game's state outside the hidden deck, and the question put to a seat is the same
    whatever she knows of the cards."""
    assert _play(seed, players) > 0


def _golden() -> tuple[list[SaveFile], dict[str, PrivateKey]]:
    saves = recorded("golden-chronicles", "make-golden-chronicles")
    players = sample_players("golden-chronicles", saves[0])
    return saves, {role: person.key for role, person in players.items()}


def test_each_players_pbem_reads_her_own_hand_and_no_other_in_the_golden_game() -> None:
    """Between homes: after every save of the golden game, what each player's pbem reads
    of the red cards, and the view it shows her, hold no card another player holds face
    down; and she reads the cards of her own hand once the others have given their part."""
    saves, keys = _golden()
    roles = list(keys)
    checked = read = 0
    for save in saves:
        data = model.of(save.state)
        if data is None or len(save.doc["dice"]["salts"]) < len(roles):
            continue
        sees = {role: known(save, role, keys[role]) for role in roles}
        truth = {h: c for seen in sees.values() for h, c in seen.items()}
        for role in roles:
            theirs = {h for h, e in data["cards"].items() if e["face"] is None
                      and e["holder"] not in (None, role) and role not in e["barred"]}
            assert not theirs & set(sees[role]), (save.sequence, role)
            view = gameplay.view(MODULE, save.state, role, sees[role])
            shown = json.dumps(view)
            for handle in theirs & set(truth):
                assert f'"{truth[handle]}"' not in shown, (save.sequence, role, handle)
            for other, realm in view["realms"].items():
                for item in realm["cards"] if other != role else ():
                    if item["entry"] not in save.state[hand.OPEN]:
                        assert item["card"] is None, (save.sequence, role, item)
            checked += len(theirs)
            read += sum(1 for e in save.state["realms"][role]["cards"] if e in sees[role])
    assert checked and read, "the golden game hid nothing, or nobody read a card"


def _held(state: dict[str, Any], role: str) -> list[str]:
    return [*state["realms"][role]["cards"], *state["realms"][role]["counters"]]


def test_a_card_an_opened_order_names_is_shown_by_its_own_players_pbem() -> None:
    """A red card named in a battle plan or offered in a trade, an action counter placed,
    turns face up when the order is opened, in its holder's own save (her share of it,
    which she alone holds), and the game then names it for everyone; the whole chain
    verifies."""
    saves, _ = _golden()
    shown = [(s, a) for s in saves for a in s.actions if a.get("reveals")]
    assert shown, "no opened order of the golden game names a red card"
    for save, action in shown:
        assert action["do"] in (sealed_orders.UNSEAL, "season", "muster")
        order = action["order"] if action["do"] == sealed_orders.UNSEAL else action
        for handle in action["reveals"]:
            entry = model.of(save.state)["cards"][handle]
            assert entry["face"] is not None and handle in json.dumps(order)
            later = [s for s in saves if s.sequence > save.sequence
                     and s.state["exchange"] != save.state["exchange"]]
            replaced = later and any(  # the rules refused it when taken: a default stood in
                f"{MODULE.role_label(save.writer)}'s answer cannot be carried out" in str(line)
                for line in later[0].doc["log"])
            if later and not replaced and handle in _held(later[0].state, save.writer):
                assert later[0].state[hand.OPEN][handle] == entry["face"]
