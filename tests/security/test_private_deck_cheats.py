"""A stacked private deck: the owner runs a patched pbem that always comes up with the best
card of their five-card reserve (Card Market). Either it shows the best card whatever its
draw took, or it commits to an order holding the best card at every position so that each
show would open its commitment. Both saves are refused the moment they arrive, in one line
naming the owner and the deck, and the receiving player's files do not change."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from freezegun import freeze_time

from pbem import chain, savefile
from pbem.engine import Action, Prompt
from pbem.hidden_cards import obligations
from pbem.identity import LocalIdentity
from pbem.secrets import private_deck
from pbem.signing import PrivateKey
from tests.security.kit import cli, open_game, save_files, step, tree

CHEATER = "east"
BEST = 4  # r5, worth 10: the best card of the reserve
REAL_ORDER = private_deck.order
REAL_REVEAL = private_deck.PrivateDeck.reveal
RESERVE_FIRST = {"show": 0, "keep": 1, "scout": 2}
LIED: list[bool] = []  # for each card the patched pbem showed: was it not the one drawn?


def _mine(label: str) -> bool:
    return label.startswith(f"{CHEATER}/")


def _best_everywhere(seed: bytes, label: str, size: int) -> list[int]:
    """The patched order: the best card at every position of the cheater's deck."""
    return [BEST] * size if _mine(label) else REAL_ORDER(seed, label, size)


def _best_shown(self: private_deck.PrivateDeck, slot: private_deck.Slot
                ) -> private_deck.CardReveal:
    """The patched reveal: the best card, with the salt of the position the draw took."""
    real = REAL_REVEAL(self, slot)
    if not _mine(self.label):
        return real
    LIED.append(real.card != BEST)
    return private_deck.CardReveal(real.slot, real.position, BEST, real.salt)


def _reserve_first(prompt: Prompt, tries: list[Action]) -> None:
    """The cheater makes the most of their reserve."""
    if prompt.role == CHEATER:
        tries.sort(key=lambda action: RESERVE_FIRST.get(action["do"], 3))


def _shows(save: savefile.SaveFile) -> list[str]:
    """The reserve cards the cheater shows in ``save``."""
    if save.writer != CHEATER:
        return []
    return [str(record["card"]) for action in save.actions
            for handle, record in (action.get("reveals") or {}).items()
            if handle.startswith(f"{CHEATER}/")]


def _key(label: str) -> PrivateKey:
    """A key made from a label (with fixed ids, salts and times: the same games on every
    run)."""
    raw = hashlib.sha256(label.encode()).digest()
    return PrivateKey(Ed25519PrivateKey.from_private_bytes(raw))


def _play_to(done: Callable[[savefile.SaveFile, list[str]], bool], cheat: pytest.MonkeyPatch
             ) -> tuple[list[savefile.SaveFile], dict[str, LocalIdentity]]:
    """Games of Card Market, the cheater's patched pbem in play (it skips its own checks of
    the order it commits and the cards it shows), until a save for which ``done(save,
    cards shown so far)`` holds; then the patches (``cheat``'s alone) are taken away."""
    cheat.setattr(obligations, "_check_private_reveals", lambda data: None)
    cheat.setattr(private_deck, "check_order", lambda *args: None)
    for seed in range(30):
        rng = random.Random(seed)
        people = [LocalIdentity(n, _key(f"{n} {seed}")) for n in ("nora", "eli")]
        saves, by_role = open_game("card-market", people, f"{seed:032x}",
                                   ("0" * 32, "1" * 32))
        shown: list[str] = []
        if done(saves[-1], shown):  # (the joiner's own order is committed as they join)
            cheat.undo()
            return saves, by_role
        while saves[-1].due is not None:
            saves.append(step(saves[-1], by_role[saves[-1].due["role"]], rng,
                              _reserve_first))
            cards = _shows(saves[-1])
            if done(saves[-1], [*shown, *cards]):
                cheat.undo()
                return saves, by_role
            shown += cards
    pytest.fail("the cheater never showed such a card")  # pragma: no cover


def _arrives(tmp_path: Path, saves: list[savefile.SaveFile],
             by_role: dict[str, LocalIdentity], problem: str,
             monkeypatch: pytest.MonkeyPatch) -> None:
    """The receiving player's pbem checks the cheater's save: refused in one line naming
    the cheater's deck and the problem; nothing written anywhere."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "game"
    folder.mkdir()
    arrived = save_files(folder, saves)
    key = tmp_path / "north.key"
    key.write_bytes(by_role["north"].key.to_openssh())
    turn = tmp_path / "turn.yaml"
    turn.write_text("- do: end\n")
    before = tree(tmp_path)
    code, _, err = cli("verify", arrived)
    assert code != 0 and f"{CHEATER}'s private deck {CHEATER}/reserve" in err, err
    assert problem in err, err
    assert saves[-1].due is not None
    answer = ("apply", arrived, turn) if saves[-1].due["step"] == "turn" else (
        "witness", arrived)
    code, _, err = cli(*answer, "--key", key)
    assert code != 0 and problem in err, err
    assert tree(tmp_path) == before
    chain.verify(saves[-2], saves[:-2])  # the game as it stood is untouched


def test_showing_the_best_card_instead_of_the_one_drawn_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The patched pbem shows r5 although the position its draw took holds another card."""
    LIED.clear()
    with pytest.MonkeyPatch.context() as cheat, freeze_time("2026-01-01T00:00:00Z"):
        cheat.setattr(private_deck.PrivateDeck, "reveal", _best_shown)
        saves, by_role = _play_to(lambda save, shown: bool(_shows(save)) and bool(LIED)
                                  and LIED[-1], cheat)
    assert _shows(saves[-1])[-1] == "r5"
    _arrives(tmp_path, saves, by_role, "is not the one committed there", monkeypatch)


def test_an_order_with_the_best_card_at_every_position_is_refused_when_committed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The patched pbem commits to r5 at every position of its five-card reserve (so that
    every draw would come up r5, and each show would open its commitment): the save that
    carries that order is refused as it arrives, before any card is drawn, because its
    proof cannot show an order of the deck's cards."""
    with pytest.MonkeyPatch.context() as cheat, freeze_time("2026-01-01T00:00:00Z"):
        cheat.setattr(private_deck, "order", _best_everywhere)
        saves, by_role = _play_to(lambda save, shown: save.writer == CHEATER and "commitments"
                                  in (save.contributions or {}), cheat)
    assert not any(_shows(save) for save in saves)
    _arrives(tmp_path, saves, by_role, "the committed order is not an order of the deck",
             monkeypatch)
