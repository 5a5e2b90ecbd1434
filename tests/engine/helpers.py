"""Building small tiny-race games for engine tests."""

from __future__ import annotations

from pathlib import Path

from pbem import identity, session
from pbem.savefile import SaveFile, file_name, write


def play_race(a: identity.LocalIdentity, b: identity.LocalIdentity, turns: int = 6,
              table: bool = False, table_values: list[int] | None = None,
              dice: str = "open") -> list[SaveFile]:
    """A tiny-race chain: creation, join, start and ``turns`` more saves (witnessed games
    count each request and each answer)."""
    first = session.new_game("tiny-race", a, [b.identity], dice="table" if table else dice)
    saves = [first, session.join(first, b)]
    who = {"red": a, "green": b}
    values = list(table_values or [])
    while len(saves) < turns + 2 and saves[-1].due is not None:
        current = saves[-1]
        if current.due["step"] == "witness":
            saves.append(session.witness(current, who[current.due["role"]]))
            continue
        composer = session.Composer(current, who[current.due["role"]])
        while composer.my_move():
            verb = composer.prompt().actions[0].verb
            action = {"do": verb}
            if table and verb == "start":
                action["dice"] = [1]
            if table and verb == "roll":
                action["dice"] = [values.pop(0)]
            composer.act(action)
        saves.append(composer.finish())
    return saves


def write_all(saves: list[SaveFile], folder: Path) -> list[Path]:
    paths = []
    for save in saves:
        path = folder / file_name(save.game_id, save.sequence, save.writer)
        write(path, save.raw)
        paths.append(path)
    return paths
