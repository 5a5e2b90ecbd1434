"""Chains of saves for the review tests: a game between random legal players, as long as
a test needs, written save by save (witnessed dice, as games between two homes play).

The players sign with the published sample keys of saves/golden/keys, so a chain is the
same on every run (the dice follow from the keys)."""

from __future__ import annotations

import random
from pathlib import Path

from pbem import answering, identity, savefile, session
from pbem.errors import IllegalAction
from pbem.selfplay import candidates
from pbem.signing import PrivateKey
from tests.tui.conftest import GAME_ID

KEYS = Path(__file__).resolve().parents[2] / "saves" / "golden" / "keys"


def sample_players() -> tuple[identity.LocalIdentity, identity.LocalIdentity]:
    """cao and liu with the sample keys (not written on this machine)."""
    return tuple(identity.LocalIdentity(name, PrivateKey.from_openssh((KEYS / role).read_bytes()))
                 for name, role in (("cao", "blue"), ("liu", "white")))  # type: ignore[return-value]


def random_chain(folder: Path, saves: int, seed: int = 8,
                 dice: str = "witnessed") -> list[Path]:
    """The first ``saves`` saves of a Dragons & Tigers game between random legal players,
    written into ``folder``; their paths in order."""
    players = sample_players()
    cao, liu = players
    by_key = {p.key.public.line: p for p in players}
    rng = random.Random(seed)
    made = [session.new_game("dragons-tigers", cao, [liu.identity], None, None, dice=dice,
                             game_id=GAME_ID, salt="0" * 32)]
    made.append(session.join(made[-1], liu, "1" * 32))
    while len(made) < saves and made[-1].due is not None:
        prev = made[-1]
        assert prev.due is not None
        writer = by_key[prev.player(prev.due["role"])["key"]]
        if prev.due["step"] in answering.AUTOMATIC:  # a witness answer, a sealed answer opened
            made.append(answering.AUTOMATIC[prev.due["step"]](prev, writer))
            continue
        composer = session.Composer(prev, writer)
        while composer.my_move():
            prompt = composer.prompt()
            assert prompt is not None
            for action in candidates(prompt, rng):
                try:
                    composer.act(action)
                    break
                except IllegalAction:
                    continue
        made.append(composer.finish())
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for save in made:
        path = folder / savefile.file_name(save.game_id, save.sequence, save.writer)
        savefile.write(path, save.raw)
        paths.append(path)
    return paths
