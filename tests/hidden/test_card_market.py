"""Hidden cards between players, through the same engine a real game uses: the test game
Card Market exercises every operation with two and four players; honest games pass their
audit; nobody's view holds another player's secret; cheating is caught and named."""

from __future__ import annotations

import collections
import contextlib
import copy
import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import chain, savefile
from pbem.errors import ChainError
from pbem.hidden_cards import model
from pbem.secrets import elgamal, group, private_deck, shuffle
from pbem.secrets.keys import GameKeys
from tests.hidden.kit import known, play

EVERY_VERB = {"draw", "play", "give", "steal", "discard", "recycle", "scout", "keep", "show",
              "bid", "open-bid"}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("dice", ["open", "witnessed"])
def test_every_operation_is_played_and_the_audit_passes(players: int, dice: str) -> None:
    """Deal, reveal, pass, random take, discard and reshuffle, private draw/keep/return
    and show, sealed bid and its reveal: all played, every save verified, and the audit
    re-checks every hidden step with the secrets opened at the end."""
    verbs: collections.Counter[str] = collections.Counter()
    for seed in range(8):
        saves, _ = play(players, seed, dice)
        verdict = chain.verify(saves[-1], saves[:-1], audit=True)
        assert "audit: every hidden step re-checked" in verdict.lines[4]
        assert verdict.over and saves[-1].state["winner"] is not None
        verbs.update(a["do"] for s in saves for a in s.actions)
        verbs.update(s.pending["action"]["do"] for s in saves if s.pending)
        data = model.of(saves[-1].state)
        assert sorted(data["openings"]) == sorted(p["role"] for p in saves[0].players)
    assert set(verbs) >= EVERY_VERB, EVERY_VERB - set(verbs)


def _hidden_from(save: savefile.SaveFile, role: str, truth: dict[str, str]) -> set[str]:
    """The handles of cards ``role`` must not read in ``save``: face-down cards held by
    others (that ``role`` never held), and the others' unrevealed private cards."""
    data = model.of(save.state)
    hidden = {handle for handle, entry in data["cards"].items()
              if entry["face"] is None and entry["holder"] not in (None, role)
              and role not in entry["barred"] and handle in truth}
    for key, deck in data["private"].items():
        if key.split("/")[0] != role:
            hidden |= {h for h in deck["held"] if h not in deck["reveals"] and h in truth}
    return hidden


@settings(max_examples=4)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10_000))
def test_no_view_ever_holds_another_players_secret(players: int, seed: int) -> None:
    """After every save, what each player's pbem can read, and the view it shows them,
    hold no card hidden from them; no save holds a player's secret key."""
    from pbem import gameplay, games

    saves, keys = play(players, seed)
    roles = list(keys)
    secrets = {role: GameKeys.derive(keys[role], _anchor(saves[-1], role), role)
               for role in roles}
    forbidden = [s.x.hex() for s in secrets.values()]
    forbidden += [s.opening().record()[k] for s in secrets.values()
                  for k in ("shuffle", "decks", "envelope")]
    module = games.get("card-market")
    checked = 0
    for index, save in enumerate(saves):
        text = save.raw.decode()
        if not any(a["do"] == "audit" for a in save.actions):
            assert not any(secret in text for secret in forbidden), index
        if (index % 2 and index != len(saves) - 1) or len(save.doc["dice"]["salts"]) < players:
            continue
        sees = {role: known(save, role, keys[role]) for role in roles}
        truth = {h: c for seen in sees.values() for h, c in seen.items()}
        for role in roles:
            hidden = _hidden_from(save, role, truth)
            assert not hidden & set(sees[role]), (index, role)
            shown = json.dumps(gameplay.view(module, save.state, role, sees[role]))
            for handle in hidden:
                assert f'"{handle}": "{truth[handle]}"' not in shown, (index, role, handle)
                if not truth[handle].startswith("r"):  # market cards are unique
                    assert f'"{truth[handle]}"' not in shown, (index, role, handle)
            checked += len(hidden)
    assert checked, "no card was ever hidden from anyone: the test checked nothing"


def _anchor(save: savefile.SaveFile, role: str) -> bytes:
    from pbem.hidden_cards import seating

    return seating.anchors(save.doc)[role]


def _cheater(saves: list[savefile.SaveFile], step: str) -> str:
    return next(s.writer for s in saves if s.contributions and step in s.contributions)


@contextlib.contextmanager
def _patched(module: Any, name: str, replacement: Any) -> Iterator[None]:
    original = getattr(module, name)
    setattr(module, name, replacement)
    try:
        yield
    finally:
        setattr(module, name, original)


def test_a_bad_decryption_share_is_refused_at_once_naming_its_player() -> None:
    """A player releases a share that is not theirs to give (a wrong point): every other
    pbem refuses that save at once, naming the player."""
    honest, _ = play(3, 5)
    victim = _cheater(honest, "shares")
    real = elgamal.make_share

    def wrong(keys: Any, ct: Any) -> elgamal.Share:
        share = real(keys, ct)
        return elgamal.Share(share.role, group.add(share.d, group.GENERATOR), share.proof)

    def cheat(prev: savefile.SaveFile) -> Any:
        if prev.due and prev.due["role"] == victim:
            return _patched(elgamal, "make_share", wrong)
        return None

    with pytest.raises(ChainError, match=f"{victim}'s share"):
        play(3, 5, cheat=cheat)


def test_a_stacked_shuffle_is_refused_at_once_naming_the_shuffler() -> None:
    """A player re-orders their shuffle step as they please (the form right, the proof the
    one made for the honest order, their own pbem patched to skip its check): the next
    pbem refuses that save at once, naming them; the honest game passes."""
    honest, _ = play(3, 7)
    chain.verify(honest[-1], honest[:-1])
    cheater = honest[3].writer  # the first player to shuffle after the keys are in
    real = shuffle.shuffle_step

    def stacked(*args: Any) -> shuffle.ShuffleStep:
        step = real(*args)
        out = step.output
        return dataclasses.replace(step, output=(out[1], out[0], *out[2:]))

    @contextlib.contextmanager
    def patched() -> Iterator[None]:
        with _patched(shuffle, "shuffle_step", stacked), \
                _patched(shuffle, "check_step", lambda *args: None):
            yield

    def cheat(prev: savefile.SaveFile) -> Any:
        if prev.due and prev.due["role"] == cheater and prev.due["step"] == "shuffle":
            return patched()
        return None

    saves, _ = play(3, 7, cheat=cheat)
    assert saves[3].writer == cheater and saves[3].raw != honest[3].raw
    with pytest.raises(ChainError, match=f"{cheater}'s shuffle .*: the proof of shuffle"):
        chain.verify(saves[-1], saves[:-1])
    with pytest.raises(ChainError, match=f"{cheater}'s shuffle .*: the proof of shuffle"):
        chain.verify(saves[3], saves[:3])


def test_a_private_deck_stacked_by_its_owner_is_named_at_the_audit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The owner commits to another order of their deck than the one their seed makes
    (still each card once): the draws take positions by outside input alone, so the order
    gains nothing, and its commitments look like any others until the audit re-makes it."""
    cheater = "east"
    real = private_deck.order

    def stacked(seed: bytes, label: str, size: int) -> list[int]:
        made = real(seed, label, size)
        return made[::-1] if label.startswith(f"{cheater}/") else made

    monkeypatch.setattr(private_deck, "order", stacked)  # from east's join on
    for seed in range(12):
        saves, _ = play(2, seed)
        scouted = any(a["do"] == "scout" and s.writer == cheater for s in saves
                      for a in s.actions)
        if scouted:
            break
    else:  # pragma: no cover - the random players never scouted
        pytest.fail("east never scouted")
    monkeypatch.undo()  # the verifier's pbem is an honest one
    with pytest.raises(ChainError, match=f"audit found .*{cheater}"):
        chain.verify(saves[-1], saves[:-1], audit=True)


def test_a_wrong_sealed_reveal_is_refused_at_once() -> None:
    """The bidder shows another value than the one committed (and signs the save again):
    refused by every pbem, naming the player."""
    for seed in range(40):
        saves, keys = play(2, seed)
        found = [(i, j) for i, s in enumerate(saves) for j, a in enumerate(s.actions)
                 if a["do"] == "open-bid"]
        if found:
            break
    else:  # pragma: no cover - the random players never revealed a bid
        pytest.fail("nobody revealed a bid in 40 games")
    index, at = found[0]
    save = saves[index]
    doc = copy.deepcopy(save.doc)
    shown = next(iter(doc["actions"][at]["reveals"].values()))
    shown["value"] = str((int(shown["value"]) + 1) % 4)
    forged = savefile.parse(savefile.render(doc, keys[save.writer]), "forged.pbem.yaml")
    module = chain.check_first(saves[0])
    with pytest.raises(ChainError, match=f"{save.writer}.*does not match the commitment"):
        chain.check_next(module, saves[index - 1], forged)


def test_a_note_only_its_recipient_can_read() -> None:
    """A note sealed in a save: its recipient reads it, nobody else can, and verifiers
    refuse a note to a player the game does not allow."""
    from pbem import games, identity, session
    from pbem.hidden_cards import notes, seating
    from pbem.secrets.errors import SecretsError
    from tests import fixed_games
    from tests.cardgame import CardMarket

    class Friendly(CardMarket):
        kind = "card-market-friendly"

        def may_note(self, state: dict, sender: str, recipient: str) -> bool:
            return recipient != "south"

    games.register(Friendly.kind, Friendly)
    keys = fixed_games.player_keys("card-market notes", 3)
    people = [identity.LocalIdentity(n, k) for n, k in zip(("n", "e", "s"), keys, strict=True)]
    result = fixed_games.play(Friendly.kind, 3, 1, keys)
    prev = next(s for s in result.saves if s.due and s.due["step"] == "turn"
                and s.due["role"] != "south")
    writer = next(p for p in people if prev.role_of(p.key.public) == prev.due["role"])
    role = prev.due["role"]
    friend = next(r for r in ("north", "east") if r != role)
    composer = session.Composer(prev, writer)
    composer.notes = [(friend, "meet me at the market")]
    composer.act({"do": "end"})
    save = composer.finish()
    module = chain.check_first(result.saves[0])
    chain.check_next(module, prev, save)
    by_role = {p["role"]: k for p, k in zip(result.saves[0].players, keys, strict=True)}
    got = notes.read(save.doc, seating.seat(save.doc, friend, by_role[friend]), save.sequence)
    assert got == [(role, "meet me at the market")]
    other = next(r for r in by_role if r not in (role, friend))
    assert notes.read(save.doc, seating.seat(save.doc, other, by_role[other]),
                      save.sequence) == []
    stolen = {**save.doc["contributions"]["notes"][0], "to": other}
    with pytest.raises(SecretsError):
        notes.read({**save.doc, "contributions": {"notes": [stolen]}},
                   seating.seat(save.doc, other, by_role[other]), save.sequence)
    doc = copy.deepcopy(save.doc)
    doc["contributions"]["notes"][0]["to"] = "south"
    forged = savefile.parse(savefile.render(doc, writer.key), "forged")
    with pytest.raises(ChainError, match="may not write to 'south'"):
        chain.check_next(module, prev, forged)
