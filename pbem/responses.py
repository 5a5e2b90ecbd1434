"""Standing responses: a player's answers, kept on her own machine, to questions the game
puts to her while another player acts (a reaction window, a trade offer...).

Unlike standing orders (part of the position, seen by everyone), a standing response is
never written in a save: nobody learns it until it fires, and then only the answer it
gives, which reads like any other. ``pbem watch``, ``pbem inbox`` and the table answer with
it unattended; where it does not decide (or says ``ask``), the player is asked as ever.

They are kept per game in ``<config>/responses/<game id>.yaml``: a mapping of a prompt's
step to what the game module understands (:meth:`pbem.engine.GameModule.respond`), set with
``pbem respond SAVE --file FILE`` (docs/standing-orders.md, "Standing responses").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbem import atomic, games, paths, plans, strict_yaml
from pbem.engine import Action, GameModule
from pbem.errors import IllegalAction, PbemError, UsageError
from pbem.hidden import Known
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.secrets.private_pick import PrivatePick
from pbem.steps import UNATTENDED_STEPS

ASK = "ask"


def _path(game_id: str) -> Path:
    return paths.config_dir() / "responses" / f"{game_id}.yaml"


def load(game_id: str) -> dict[str, Any]:
    """This machine's standing responses for a game (``{}``: none)."""
    path = _path(game_id)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    doc = strict_yaml.load(strict_yaml.decode(raw, str(path)), str(path))
    if not isinstance(doc, dict):
        raise UsageError(f"{path}: standing responses are a mapping of step to response")
    return doc


def store(module: GameModule, save: SaveFile, given: Any, where: str) -> Path:
    """Check ``given`` with the rules of ``save``'s game, then keep it (atomically)."""
    if not isinstance(given, dict):
        raise UsageError(f"{where}: standing responses are a mapping of step to response")
    module.check_responses(given, where, save.game.get("options") or {})
    game_id = save.game_id
    path = _path(game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_replace(path, strict_yaml.dump(given).encode("utf-8"), 0o600)
    return path


def forget(game_id: str) -> None:
    """Drop a game's standing responses (the player is asked again)."""
    _path(game_id).unlink(missing_ok=True)


def effective(module: GameModule, save: SaveFile) -> dict[str, Any]:
    """The standing responses that answer for this machine's player: the game's defaults
    (:meth:`GameModule.default_responses`), each replaced by hers where she set one."""
    defaults = module.default_responses(save.game.get("options") or {})
    try:
        return {**defaults, **load(save.game_id)}
    except PbemError:
        return defaults


def decide(module: GameModule, save: SaveFile, state: dict[str, Any], prompt: Any,
           known: Known, keys: Any = None) -> Action | None:
    """The answer this machine's standing response gives to ``prompt``, or ``None``.
    ``keys`` (the player's keys in the game) draw what a rule leaves to chance."""
    rule = effective(module, save).get(prompt.step)
    if rule is None or rule == ASK:
        return None
    pick = None
    if keys is not None:
        pick = PrivatePick(keys.nonce_seed(
            f"standing-response:{save.sha256}:{prompt.step}:{prompt.role}"))
    return module.respond(state, prompt, known, rule, pick)


def _written_log() -> Path:
    return paths.data_dir() / "responses" / "written.log"


def written() -> set[str]:
    """The saves (by hash) this machine's standing responses wrote, to be sent like any
    unattended answer."""
    try:
        return set(_written_log().read_text(encoding="ascii").split())
    except (OSError, UnicodeDecodeError):
        return set()


def note_written(sha: str) -> None:
    log = _written_log()
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a", encoding="ascii") as handle:
        handle.write(sha + "\n")


def answer(request: SaveFile, me: LocalIdentity) -> SaveFile | None:
    """The save this player's pbem writes unattended where her standing responses, and then
    her plan (pbem/plans.py), answer every question put to her in a row (``None``: a
    question is left for her). A plan that is due is used or dropped here; what is left of
    it when her move passes on (to a machine's answer, say) is kept for the next time."""
    planned = plans.due(request, request.role_of(me.key.public))
    if planned is not None:
        plans.forget(request.game_id)  # (used now, or dropped)
    if not effective(games.get(request.kind), request) and not planned:
        return None
    rest = list(planned or [])
    made = _answered(request, me, rest)
    if made is not None:
        note_written(made.sha256)
        if rest:  # (only where machines answer next: see _answered)
            plans.store(made, rest, "the rest of the plan")
    return made


def _machines_answer(pending: Any, due: dict[str, Any] | None) -> bool:
    """Whether the game goes on, from a save with this ``pending`` request and ``due``,
    through answers no person decides (a sealed answer opened, a roll witnessed, a share
    of a card): the move comes back to its player with nothing learned that a plan could
    not foresee."""
    return pending is not None or (due is not None and due["step"] in UNATTENDED_STEPS)


def _answered(request: SaveFile, me: LocalIdentity, planned: list[Action]) -> SaveFile | None:
    from pbem import session

    composer = session.Composer(request, me)
    acted = False
    for _ in range(16 + len(planned)):
        if not composer.my_move():
            break
        prompt = composer.prompt(composer.known())
        action = decide(composer.module, request, composer.state, prompt, composer.known(),
                        composer.keys())
        if action is None and planned:
            action = planned.pop(0)
        if action is None:
            return None
        try:
            composer.act(action)
        except IllegalAction:
            return None  # the rules refuse it now: the player decides
        acted = True
    if not acted or composer.my_move() or not composer.can_finish()[0]:
        return None  # (a plan that stops while she still has to act leaves her the move)
    if planned and not _machines_answer(composer.pending, composer.due()):
        return None  # (nor one that goes on once her move has passed to another person)
    return composer.finish()
