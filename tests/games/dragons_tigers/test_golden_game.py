"""The golden game (saves/golden): a complete 8-round game, replayed byte for byte.

Every save is rebuilt from the one before it with the same actions, the same keys and the
same clock, and must come out identical to the byte: rules, dice, log, YAML and signature.
When a rules change is meant to change games, regenerate it with scripts/make-golden.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from freezegun import freeze_time

from pbem import chain, identity, savefile, session
from pbem.signing import PrivateKey

GOLDEN = Path(__file__).resolve().parents[3] / "saves" / "golden"


def _saves() -> list[savefile.SaveFile]:
    files = sorted(GOLDEN.glob("*.pbem.yaml"))
    assert files, "saves/golden holds no saves (run scripts/make-golden)"
    return [savefile.read(path) for path in files]


def _locals(first: savefile.SaveFile) -> dict[str, identity.LocalIdentity]:
    out = {}
    for player in first.players:
        key = PrivateKey.from_openssh((GOLDEN / "keys" / player["role"]).read_bytes())
        assert key.public.line == player["key"]
        out[player["role"]] = identity.LocalIdentity(player["name"], key)
    return out


def test_golden_game_is_complete_and_verifies() -> None:
    saves = _saves()
    verdict = chain.verify(saves[-1], saves[:-1])
    assert verdict.over and len(verdict.chain) == len(saves)
    result = saves[-1].state["result"]
    assert result is not None and result["reason"] != "elimination"
    assert saves[-1].state["round"] == 8


@pytest.mark.slow
def test_golden_game_replays_byte_for_byte() -> None:
    saves = _saves()
    players = _locals(saves[0])
    first = saves[0]
    creator, *others = [players[p["role"]] for p in first.players]
    with freeze_time(first.doc["written"]):
        rebuilt = session.new_game(first.kind, creator, [o.identity for o in others],
                                   first.game["options"], first.game["scenario"],
                                   dice=first.dice_mode, game_id=first.game_id,
                                   salt=first.doc["dice"]["salts"][first.writer])
    assert rebuilt.raw == first.raw
    index = 1
    for local in others:
        save = saves[index]
        with freeze_time(save.doc["written"]):
            again = session.join(saves[index - 1], local, save.doc["dice"]["salts"][save.writer])
        assert again.raw == save.raw
        index += 1
    witnessed = 0
    for prev, save in zip(saves[index - 1:], saves[index:], strict=False):
        with freeze_time(save.doc["written"]):
            if prev.due["step"] == "witness":
                again = session.witness(prev, players[save.writer])
                witnessed += 1
            else:
                composer = session.Composer(prev, players[save.writer])
                for action in save.actions:
                    if action["do"] != "start":
                        composer.act({k: v for k, v in action.items() if k != "dice"})
                if save.pending is not None and save.pending["action"]["do"] != "start":
                    composer.act(save.pending["action"])
                again = composer.finish()
        assert again.raw == save.raw, f"save {save.sequence} differs when replayed"
    assert witnessed > 20  # the dice were made by witnesses, and replayed
