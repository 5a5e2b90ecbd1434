"""A player attacks the shares files given ahead (pbem/shares_ahead.py): she edits them,
signs them with her own key, passes them off as another's, or sends one beside a save by
hand. A holder never reads a card wrong from such a file: the file is refused on arrival,
and a share that does not prove itself for the card as it stands reads nothing."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from pbem import gameplay, savefile, shares_ahead, store
from pbem.errors import ChainError
from pbem.games.chronicles.board import Board
from pbem.signing import PrivateKey
from tests.engine.test_shares_ahead import _game
from tests.security.kit import cli, save_files


def _setting() -> tuple[savefile.SaveFile, dict[str, PrivateKey], str, str]:
    """The head save, every role's key, a holder and another player who owes her shares."""
    saves, keys = _game()
    head = saves[-1]
    by_role = {str(p["role"]): k for p, k in zip(head.players, keys, strict=True)}
    for holder in by_role:
        mine = set(Board(head.state).realm(holder)["counters"])
        for giver in by_role:
            if giver != holder and mine & set(shares_ahead.owed(head, giver)):
                return head, by_role, holder, giver
    raise AssertionError("nobody owes anybody a share")


def _signed(given: shares_ahead.Shares, key: PrivateKey) -> shares_ahead.Shares:
    unsigned = dataclasses.replace(given, signature="")
    return dataclasses.replace(unsigned, signature=key.raw_sign(unsigned.message()).hex())


def _readable(head: savefile.SaveFile, role: str, key: PrivateKey) -> dict[str, str | None]:
    known = gameplay.viewer_knowledge(head.doc, head.state, role, key)
    return {e: known.get(e) for e in Board(head.state).realm(role)["counters"]}


def _others_honest(head: savefile.SaveFile, keys: dict[str, PrivateKey], but: str) -> None:
    """Every player but ``but`` gives honest shares."""
    for role, key in keys.items():
        made = shares_ahead.make(head, key, role) if role != but else None
        if made is not None:
            shares_ahead.keep(made, store.game_folder(head.game_id))


def test_a_file_passed_off_as_anothers_is_refused() -> None:
    """Signed with the attacker's own key, a file naming another player is refused."""
    head, keys, holder, giver = _setting()
    attacker = next(r for r in keys if r not in (holder, giver))
    honest = shares_ahead.make(head, keys[giver], giver)
    assert honest is not None
    forged = _signed(honest, keys[attacker])
    with pytest.raises(ChainError, match="pinned key"):
        shares_ahead.check(forged, head, "mail")
    assert shares_ahead.for_holder(head.doc, head.state, holder, [forged]) == {}


def test_an_edited_share_is_refused_and_reads_nothing() -> None:
    """The giver herself swaps one share for another card's and signs again: the file is
    refused, and a holder who finds it in her store anyway reads that card as unread,
    never as another card."""
    head, keys, holder, giver = _setting()
    honest = shares_ahead.make(head, keys[giver], giver)
    assert honest is not None
    mine = [h for h in honest.shares if h in Board(head.state).realm(holder)["counters"]]
    other = next(h for h in honest.shares if h != mine[0])
    edited = dict(honest.shares)
    edited[mine[0]] = honest.shares[other]
    bad = _signed(dataclasses.replace(honest, shares=edited), keys[giver])
    with pytest.raises(ChainError, match="proof fails"):
        shares_ahead.check(bad, head, "mail")
    _others_honest(head, keys, but=giver)
    shares_ahead.keep(bad, store.game_folder(head.game_id))  # dropped in by hand
    read = _readable(head, holder, keys[holder])
    assert read[mine[0]] is None
    for entry in mine[1:]:
        assert read[entry] is not None  # the honest shares of the same file still count


def test_shares_of_cards_not_owed_are_refused() -> None:
    """A file holding a share of the giver's own card, or one she does not owe, is
    refused: a file gives exactly what her next save would."""
    head, keys, _holder, giver = _setting()
    honest = shares_ahead.make(head, keys[giver], giver)
    assert honest is not None
    own = Board(head.state).realm(giver)["counters"][0]
    extra = {**honest.shares, own: next(iter(honest.shares.values()))}
    with pytest.raises(ChainError, match="owes none"):
        shares_ahead.check(_signed(dataclasses.replace(honest, shares=extra), keys[giver]),
                           head, "mail")


def test_a_bad_file_beside_a_save_is_not_kept(tmp_path: Path) -> None:
    """By hand: a forged file beside the save is left out of the store when the save is
    checked, and the holder's table shows her card unread."""
    head, keys, holder, giver = _setting()
    saves, _ = _game()
    folder = tmp_path / "passed"
    folder.mkdir()
    path = save_files(folder, list(saves))
    attacker = next(r for r in keys if r not in (holder, giver))
    honest = shares_ahead.make(head, keys[giver], giver)
    assert honest is not None
    shares_ahead.keep(_signed(honest, keys[attacker]), folder)
    key_file = tmp_path / "holder.key"
    key_file.write_bytes(keys[holder].to_openssh())
    code, out, err = cli("show", path, "--json", "--key", key_file)
    assert code == 0, err
    view = json.loads(out)
    assert view["viewer"] == holder
    assert shares_ahead.kept(head.game_id, [store.game_folder(head.game_id)]) == []
    mine = set(Board(head.state).realm(holder)["counters"]) & set(honest.shares)
    assert not mine & set(gameplay.viewer_knowledge(head.doc, head.state, holder,
                                                    keys[holder], folder))
