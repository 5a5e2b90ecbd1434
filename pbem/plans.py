"""Plans: what a player does the next time the game comes back to her, said in advance and
kept on her own machine (``<config>/plans/<game id>.yaml``), never in a save.

A player whose save hands the game to others for a moment (a trade offered, a war
declared, a play the others may answer) may add what she does once it is hers again: "then
end my Main Phase". The next time she is asked after that save, ``pbem watch``, ``pbem
inbox`` and the table try the planned actions in order, each through the rules like any
action she types: when every one is allowed and together they carry her move to another
player, they write and send that save unattended, signed by her. Otherwise nothing is
written, she is asked as ever, and the plan is dropped. A plan serves once, but for
answers nobody decides (a sealed answer opened, a roll witnessed): what is left of it then
waits for the move to come back (pbem/responses.py). Like a standing
response, nobody else learns it: what it plays reads like any answer typed by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbem import atomic, paths, strict_yaml
from pbem.engine import Action
from pbem.errors import PbemError, UsageError
from pbem.savefile import SaveFile

MOST = 32
"""The most actions a plan holds."""


def _path(game_id: str) -> Path:
    return paths.config_dir() / "plans" / f"{game_id}.yaml"


def checked(given: Any, where: str) -> list[Action]:
    """``given`` as the actions of a plan, or a one-line refusal naming where."""
    if not isinstance(given, list) or not given:
        raise UsageError(f"{where}: a plan is a non-empty YAML list of actions (- do: VERB)")
    if len(given) > MOST:
        raise UsageError(f"{where}: a plan holds at most {MOST} actions")
    for index, action in enumerate(given):
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            raise UsageError(f"{where}[{index}]: an action is a mapping with 'do: VERB'")
    return [dict(action) for action in given]


def store(after: SaveFile, actions: list[Action], where: str) -> Path:
    """Keep ``actions`` as the plan for the next time the game comes back to the writer of
    ``after`` (atomically; it replaces any earlier plan of that game)."""
    doc = {"after": {"sequence": after.sequence, "sha256": after.sha256},
           "role": after.writer, "then": checked(actions, where)}
    path = _path(after.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_replace(path, strict_yaml.dump(doc).encode("utf-8"), 0o600)
    return path


def load(game_id: str) -> dict[str, Any] | None:
    """This machine's plan for a game (``None``: none, or none that can be read)."""
    try:
        raw = _path(game_id).read_bytes()
        doc = strict_yaml.load(strict_yaml.decode(raw, "plan"), "plan")
        after = doc["after"]
        return {"after": {"sequence": int(after["sequence"]), "sha256": str(after["sha256"])},
                "role": str(doc["role"]), "then": checked(doc["then"], "plan")}
    except (OSError, PbemError, KeyError, TypeError, ValueError):
        return None


def forget(game_id: str) -> None:
    """Drop a game's plan."""
    _path(game_id).unlink(missing_ok=True)


def due(request: SaveFile, role: str | None) -> list[Action] | None:
    """The planned actions ``role`` tries on ``request``: her plan for its game, when
    ``request`` is the save the plan follows or a later one (``None``: no plan is due)."""
    plan = load(request.game_id)
    if plan is None or plan["role"] != role:
        return None
    after = plan["after"]
    if request.sequence < after["sequence"] or (request.sequence == after["sequence"]
                                                 and request.sha256 != after["sha256"]):
        return None  # (her own save asks others first: the plan serves once they are in)
    return list(plan["then"])


def words(game_id: str) -> str | None:
    """The plan of a game in a line, for ``pbem respond``."""
    plan = load(game_id)
    if plan is None:
        return None
    verbs = ", ".join(str(action["do"]) for action in plan["then"])
    return f"after save {plan['after']['sequence']}, the next time you are asked: {verbs}"
