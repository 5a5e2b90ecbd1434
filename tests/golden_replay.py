"""Rebuilding a recorded game save by save, for the golden-game tests: every save made
again from the one before it, with the same keys, salts and clock, must come out identical
to the byte."""

from __future__ import annotations

import itertools
from pathlib import Path

from freezegun import freeze_time

from pbem import answering, identity, savefile, session
from pbem.signing import PrivateKey

SAVES = Path(__file__).resolve().parents[1] / "saves"


def recorded(folder: str, script: str) -> list[savefile.SaveFile]:
    """The saves of a recorded game in ``saves/<folder>``, in order (``script`` makes it)."""
    files = sorted((SAVES / folder).glob("*.pbem.yaml"))
    assert files, f"saves/{folder} holds no saves (run scripts/{script})"
    return [savefile.read(path) for path in files]


def sample_players(folder: str, first: savefile.SaveFile) -> dict[str, identity.LocalIdentity]:
    """The recorded game's players with the published sample keys of ``saves/<folder>/keys``
    (each checked against the key pinned in the first save)."""
    out = {}
    for player in first.players:
        key = PrivateKey.from_openssh((SAVES / folder / "keys" / player["role"]).read_bytes())
        assert key.public.line == player["key"]
        out[player["role"]] = identity.LocalIdentity(player["name"], key)
    return out


def rebuild(saves: list[savefile.SaveFile],
            players: dict[str, identity.LocalIdentity]) -> int:
    """Rebuild every save from its predecessor; assert each is identical; return how many
    saves were answers that needed no decision (witnesses, shuffles, the audit)."""
    first = saves[0]
    creator, *others = [players[p["role"]] for p in first.players]
    with freeze_time(first.doc["written"]):
        again = session.new_game(first.kind, creator, [o.identity for o in others],
                                 first.game["options"], first.game["scenario"],
                                 dice=first.dice_mode, game_id=first.game_id,
                                 salt=first.doc["dice"]["salts"][first.writer])
    assert again.raw == first.raw, "the first save differs when rebuilt"
    automatic = 0
    for prev, save in itertools.pairwise(saves):
        me = players[save.writer]
        with freeze_time(save.doc["written"]):
            step = prev.due["step"]
            if step == "join":
                again = session.join(prev, me, save.doc["dice"]["salts"][save.writer])
            elif step in answering.AUTOMATIC:
                again = answering.AUTOMATIC[step](prev, me)
                automatic += 1
            else:
                composer = session.Composer(prev, me)
                for action in save.actions[1 if step == "carry-on" else 0:]:
                    if action["do"] != "start":
                        composer.act({k: v for k, v in action.items()
                                      if k not in ("dice", "reveals")})
                if save.pending is not None and save.pending["action"]["do"] != "start":
                    composer.act(save.pending["action"])
                again = composer.finish()
        assert again.raw == save.raw, f"save {save.sequence} differs when rebuilt"
    return automatic
