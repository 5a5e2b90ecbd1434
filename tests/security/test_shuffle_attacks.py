"""The last shuffler of a Three Kingdoms Redux game stacks the deck.

Wu's pbem makes the last step of the joint shuffle. The attacker is Wu running a patched
pbem: it writes a step of its own choosing (fresh encryptions of cards in an order Wu
chose, a card twice, a card dropped, the deck as it came, a proof made for another step
or game), skips its own checks, and signs the save with Wu's key. Every other pbem
refuses the save when it arrives, in one line naming Wu's step, and keeps nothing of it.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem import chain, savefile, session
from pbem.errors import ChainError, PbemError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from pbem.secrets import elgamal, group, shuffle, shuffle_proof
from pbem.secrets.elgamal import Ciphertext
from pbem.secrets.keys import GameKeys
from pbem.secrets.shuffle import ShuffleStep
from pbem.signing import PrivateKey
from pbem.verification import check
from tests.security import mutations
from tests.security.kit import accept_all, cli, resign, tree


def _key(i: int) -> PrivateKey:
    return PrivateKey(Ed25519PrivateKey.from_private_bytes(
        hashlib.sha256(f"shuffle attacks {i}".encode()).digest()))


PEOPLE = [LocalIdentity(name, _key(i)) for i, name in enumerate(("wei", "wu", "shu"))]
WU = PEOPLE[1]
HONEST = shuffle.shuffle_step
Cheat = Callable[[GameKeys, str, Sequence[Ciphertext], group.Point, int], ShuffleStep]


@pytest.fixture(scope="module")
def before_last_shuffle() -> list[SaveFile]:
    """A Redux game up to the save on which Wu makes the last shuffle step."""
    saves = [session.new_game("three-kingdoms-redux", PEOPLE[0],
                              [p.identity for p in PEOPLE[1:]], None, None, dice="open",
                              game_id="cd" * 16, salt="0" * 32)]
    for person, salt in zip(PEOPLE[1:], ("1" * 32, "2" * 32), strict=True):
        saves.append(session.join(saves[-1], person, salt))
    saves.append(session.machine(saves[-1], PEOPLE[0]))
    due = saves[-1].due
    assert due is not None and due["step"] == chain.SHUFFLE and due["role"] == "wu"
    return saves


def _step(keys: GameKeys, label: str, before: Sequence[Ciphertext], after: list[Ciphertext],
          proof: shuffle_proof.ShuffleProof) -> ShuffleStep:
    seed = keys.shuffle_seed(label)
    return ShuffleStep(keys.role, label, tuple(after),
                       shuffle.seed_commitment(seed, keys.role, label), proof)


def _context(keys: GameKeys, label: str, index: int) -> tuple:
    return shuffle.proof_context(keys.anchor, label, index, keys.role)


def stacked(keys: GameKeys, label: str, before: Sequence[Ciphertext], joint: group.Point,
            index: int) -> ShuffleStep:
    """Fresh encryptions of the deck's cards in the order Wu chose (last card first), with
    a proof computed honestly for the statement Wu can prove: a shuffle of that fresh,
    publicly encrypted deck."""
    deck = label.split("/")[0]
    fresh = list(reversed(elgamal.initial_deck(deck, len(before), joint)))
    _, masks = shuffle.plan(len(before), keys.shuffle_seed(label))
    order = list(range(len(before)))  # the chosen order stays as chosen
    after = [elgamal.remask(fresh[j], joint, m) for j, m in zip(order, masks, strict=True)]
    proof = shuffle_proof.prove(fresh, after, joint, order, masks, keys.shuffle_seed(label),
                                _context(keys, label, index))
    return _step(keys, label, before, after, proof)


def duplicated(keys: GameKeys, label: str, before: Sequence[Ciphertext],
               joint: group.Point, index: int) -> ShuffleStep:
    """The first input card twice (the second copy masked again), the last card gone; the
    prover run on that order all the same."""
    order, masks = shuffle.plan(len(before), keys.shuffle_seed(label))
    order = [order[0], *order[:-1]]
    after = [elgamal.remask(before[j], joint, m) for j, m in zip(order, masks, strict=True)]
    proof = shuffle_proof.prove(before, after, joint, order, masks,
                                keys.shuffle_seed(label), _context(keys, label, index))
    return _step(keys, label, before, after, proof)


def dropped(keys: GameKeys, label: str, before: Sequence[Ciphertext], joint: group.Point,
            index: int) -> ShuffleStep:
    """An honest step with its last card (and the proof's last entries) left out."""
    honest = HONEST(keys, label, before, joint, index)
    proof = honest.proof
    short = shuffle_proof.ShuffleProof(proof.commit[:-1], proof.chain[:-1], proof.challenge,
                                       proof.s, proof.s_hat[:-1], proof.s_prime[:-1])
    return _step(keys, label, before, list(honest.output[:-1]), short)


def identical(keys: GameKeys, label: str, before: Sequence[Ciphertext], joint: group.Point,
              index: int) -> ShuffleStep:
    """The deck as it came, byte for byte, with a proof that holds (identity permutation,
    zero masks): refused because no card was masked again."""
    zero = [group.scalar_from_int(0)] * len(before)
    proof = shuffle_proof.prove(before, before, joint, range(len(before)), zero,
                                keys.shuffle_seed(label), _context(keys, label, index))
    assert shuffle_proof.check(proof, before, before, joint, _context(keys, label, index))
    return _step(keys, label, before, list(before), proof)


def _elsewhere(change: Callable[[GameKeys, str, int], tuple]) -> Cheat:
    """An honest step whose proof was made for another transcript."""
    def cheat(keys: GameKeys, label: str, before: Sequence[Ciphertext], joint: group.Point,
              index: int) -> ShuffleStep:
        seed = keys.shuffle_seed(label)
        order, masks = shuffle.plan(len(before), seed)
        after = [elgamal.remask(before[j], joint, m) for j, m in zip(order, masks,
                                                                      strict=True)]
        proof = shuffle_proof.prove(before, after, joint, order, masks, seed,
                                    change(keys, label, index))
        return _step(keys, label, before, after, proof)
    return cheat


CHEATS: dict[str, tuple[Cheat, str]] = {
    "stacked": (stacked, "the proof of shuffle does not hold"),
    "duplicated": (duplicated, "the proof of shuffle does not hold"),
    "dropped": (dropped, r"\d+ cards out of \d+"),
    "identical": (identical, "card 0 is an input card not re-masked"),
    "another game": (_elsewhere(lambda k, label, i: shuffle.proof_context(
        b"\x07" * 32, label, i, k.role)), "the proof of shuffle does not hold"),
    "another step": (_elsewhere(lambda k, label, i: _context(k, label, i - 1)),
                     "the proof of shuffle does not hold"),
    "another deck": (_elsewhere(lambda k, label, i: _context(k, label + "x", i)),
                     "the proof of shuffle does not hold"),
    "another shuffler": (_elsewhere(lambda k, label, i: shuffle.proof_context(
        k.anchor, label, i, "wei")), "the proof of shuffle does not hold"),
}


def _forged(prev: SaveFile, cheat: Cheat, monkeypatch: pytest.MonkeyPatch) -> SaveFile:
    """Wu's save made by a pbem patched to write ``cheat``'s step and skip the checks."""
    with monkeypatch.context() as patched:
        patched.setattr(shuffle, "shuffle_step", cheat)
        patched.setattr(shuffle, "check_step", lambda *args: None)
        patched.setattr(shuffle, "check_step_form", lambda *args: None)
        forged = session.machine(prev, WU)
    assert forged.writer == "wu"
    return forged


@pytest.mark.parametrize("name", list(CHEATS))
def test_a_cheating_last_shuffle_is_refused_on_arrival(
        name: str, before_last_shuffle: list[SaveFile], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    saves = before_last_shuffle
    cheat, problem = CHEATS[name]
    forged = _forged(saves[-1], cheat, monkeypatch)
    pattern = rf"wu's shuffle \w+/0: .*{problem}"
    # the next player's pbem, as a save arrives: refused, nothing kept
    ledger = Ledger(PEOPLE[2].key.public)
    accept_all(ledger, saves)
    head = ledger.head(saves[0].game_id)
    with pytest.raises(ChainError, match=pattern):
        check(forged, ledger, [], None)
    assert ledger.head(saves[0].game_id) == head
    # `pbem verify` from the command line: one line naming Wu's step, nothing written
    os.chdir(tmp_path)
    for save in [*saves, forged]:
        savefile.write(tmp_path / savefile.file_name(save.game_id, save.sequence,
                                                     save.writer), save.raw)
    files = tree(tmp_path)
    last = tmp_path / savefile.file_name(forged.game_id, forged.sequence, forged.writer)
    code, _, err = cli("verify", last)
    assert code != 0
    assert err.count("\n") == 1
    assert re.search(pattern, err), err
    assert tree(tmp_path) == files


def test_the_honest_last_shuffle_is_accepted(before_last_shuffle: list[SaveFile],
                                             tmp_path: Path) -> None:
    """The same path accepts Wu's honest step (so the refusals above are the cheats')."""
    saves = before_last_shuffle
    honest = session.machine(saves[-1], WU)
    ledger = Ledger(PEOPLE[2].key.public)
    accept_all(ledger, [*saves, honest])
    assert ledger.head(saves[0].game_id)["sha256"] == honest.sha256
    os.chdir(tmp_path)
    for save in [*saves, honest]:
        savefile.write(tmp_path / savefile.file_name(save.game_id, save.sequence,
                                                     save.writer), save.raw)
    code, out, _ = cli("verify", tmp_path / savefile.file_name(
        honest.game_id, honest.sequence, honest.writer))
    assert code == 0 and out.startswith("OK")


def test_mutated_shuffle_records_resigned_by_their_writer_never_pass(
        before_last_shuffle: list[SaveFile]) -> None:
    """Any change to Wu's shuffle records (proof and cards: keys dropped or added, lists
    grown, swapped or cut, values of another type, text changed), re-signed by Wu: a
    one-line refusal, never a traceback; accepted only if the steps read the same."""
    saves = before_last_shuffle
    honest = session.machine(saves[-1], WU)
    labels = {name: f"{name}/0" for name in honest.doc["contributions"]["shuffles"]}
    expected = {name: ShuffleStep.from_record(record, "wu", labels[name])
                for name, record in honest.doc["contributions"]["shuffles"].items()}
    ledger = Ledger(PEOPLE[2].key.public)
    accept_all(ledger, saves)
    rng = random.Random(11)
    refused = 0
    for _ in range(40):
        def change(doc: dict) -> None:
            mutations.mutate_doc(doc["contributions"]["shuffles"], rng)

        try:
            forged = savefile.parse(resign(honest, WU.key, change), "forged.pbem.yaml")
            check(forged, ledger, [], None)
        except PbemError as refusal:
            assert "\n" not in refusal.line(), refusal.line()
            refused += 1
            continue
        shuffles = forged.doc["contributions"]["shuffles"]
        assert {name: ShuffleStep.from_record(shuffles[name], "wu", labels[name])
                for name in shuffles} == expected
    assert refused >= 30
