"""Mutating valid saves the way the strongest attacker would, and judging the result.

The attacker is the save's rightful writer: after any change — to the structure, types,
values, keys, spelling or encoding — they sign the result with their own key. pbem must
then refuse it with one of its own errors (never a traceback), unless nothing but the
free ``written`` time changed. Used by the property test and by ``scripts/fuzz``.
"""

from __future__ import annotations

import copy
import hashlib
import random
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from freezegun import freeze_time

from pbem import chain, games, savefile, selfplay, strict_yaml
from pbem.engine import GameModule
from pbem.errors import PbemError
from pbem.signing import PrivateKey

WEIRD_TEXT = ["", " ", "\x1b[31m", "a\rb", "a\u2028b", "\u202e", "x" * 3000, "null", "~",
              "yes", "0x1F", "1e9", "-", "#", "'", '"', "\\", "é", "龍", "\t", "<<"]
WEIRD_VALUES: list[Any] = [None, True, False, 0, -1, 7, 10 ** 17, -(10 ** 17), [], {}, [1],
                           {"d": 1}, "x", *WEIRD_TEXT]


@dataclass
class Target:
    """A save to attack, the save before it, the writer's key and the game module."""

    prev: savefile.SaveFile | None
    save: savefile.SaveFile
    key: PrivateKey
    module: GameModule


def targets(seed: int = 3) -> list[Target]:
    """Saves of every kind: the first, joins, starts, turns, requests and witness answers
    (saves, and with three players answers given side by side carried by the actor's
    save), from a tiny race and Dragons & Tigers games, with open and witnessed dice; and
    the hidden-card saves of a Three Kingdoms Redux game (joint shuffles with their proofs,
    parts of hands, sealed choices)."""
    out: list[Target] = []
    for kind, mode, count, players in (
            ("tiny-race", "witnessed", 40, 2), ("tiny-race", "open", 20, 2),
            ("dragons-tigers", "witnessed", 30, 2), ("dragons-tigers", "open", 12, 2),
            ("dragons-tigers", "witnessed", 24, 3),
            ("three-kingdoms-redux", "open", 36, 3)):
        keys = [_key(f"{kind} {mode} {players} {seed} {i}") for i in range(players)]
        with freeze_time("2026-01-01T00:00:00Z"):  # the same saves, dice and all, every run
            result = _collected(kind, mode, keys, seed, count)
        by_key = {k.public.line: k for k in keys}
        module = games.get(kind)
        for prev, save in zip([None, *result[:-1]], result, strict=True):
            out.append(Target(prev, save, by_key[save.player(save.writer)["key"]], module))
    return out


def _key(label: str) -> PrivateKey:
    """A key made from a label: the attacked games are the same on every run."""
    raw = hashlib.sha256(label.encode()).digest()
    return PrivateKey(Ed25519PrivateKey.from_private_bytes(raw))


def _collected(kind: str, mode: str, keys: list[PrivateKey], seed: int,
               count: int) -> list[savefile.SaveFile]:
    """Replay the random game step by step, keeping the saves as they are made."""
    collected: list[savefile.SaveFile] = []
    real_new, real_join = selfplay.session.new_game, selfplay.session.join
    real_finish, real_witness = selfplay.session.Composer.finish, selfplay.session.witness
    real_machine = selfplay.session.machine

    class Enough(Exception):
        pass

    def keep(make: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if len(collected) >= count:
                raise Enough
            made = make(*args, **kwargs)
            collected.append(made)
            return made
        return wrapper

    selfplay.session.new_game = keep(real_new)  # type: ignore[assignment]
    selfplay.session.join = keep(real_join)  # type: ignore[assignment]
    selfplay.session.Composer.finish = keep(real_finish)  # type: ignore[method-assign]
    selfplay.session.witness = keep(real_witness)  # type: ignore[assignment]
    selfplay.session.machine = keep(real_machine)  # type: ignore[assignment]
    try:
        selfplay.play(kind, len(keys), seed, keys=keys, dice=mode,
                      salts=[f"{seed:08x}{i:024x}" for i in range(len(keys))])
    except Enough:
        pass
    finally:
        selfplay.session.new_game = real_new  # type: ignore[assignment]
        selfplay.session.join = real_join  # type: ignore[assignment]
        selfplay.session.Composer.finish = real_finish  # type: ignore[method-assign]
        selfplay.session.witness = real_witness  # type: ignore[assignment]
        selfplay.session.machine = real_machine  # type: ignore[assignment]
    return collected


# ------------------------------------------------------------------ mutating


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def mutate_doc(doc: dict[str, Any], rng: random.Random) -> None:
    """One structural change somewhere in the document."""
    paths = _paths(doc)
    weights = [3 if path and path[0] != "state" else 1 for path in paths]
    path = rng.choices(paths, weights)[0]
    parent = _get(doc, path[:-1]) if path else None
    here = _get(doc, path)
    move = rng.randrange(9)
    if move == 0 and parent is not None:
        del parent[path[-1]]
    elif move == 1 and isinstance(here, dict):
        here[rng.choice(["note", "dice", "do", "extra", "x1", "pending"])] = rng.choice(
            WEIRD_VALUES)
    elif move == 2 and isinstance(here, dict) and len(here) > 1:
        items = list(here.items())
        rng.shuffle(items)
        here.clear()
        here.update(items)
    elif move == 3 and isinstance(here, list) and here:
        here.insert(rng.randrange(len(here) + 1), copy.deepcopy(rng.choice(here)))
    elif move == 4 and isinstance(here, list) and len(here) > 1:
        i, j = rng.sample(range(len(here)), 2)
        here[i], here[j] = here[j], here[i]
    elif move == 5 and type(here) is int and parent is not None:
        parent[path[-1]] = here + rng.choice([-1, 1, 2, -100, 10 ** 15])
    elif move == 6 and isinstance(here, str) and parent is not None:
        parent[path[-1]] = here + rng.choice(["", "x", " ", "0"]) if rng.random() < 0.5 \
            else rng.choice(WEIRD_TEXT)
    elif parent is not None:
        parent[path[-1]] = copy.deepcopy(rng.choice(WEIRD_VALUES))
    else:
        doc[rng.choice(["note", "format"])] = rng.choice(WEIRD_VALUES)


def mutate_bytes(body: bytes, rng: random.Random) -> bytes:
    """One change to the text itself: spelling, spaces, comments, lines, encodings."""
    lines = body.split(b"\n")
    index = rng.randrange(len(lines))
    line = lines[index]
    move = rng.randrange(8)
    if move == 0:
        lines.insert(index, b"# " + rng.choice([b"bob resigns", b"ok", b""]))
    elif move == 1:
        lines[index] = line + b" "
    elif move == 2 and line:
        at = rng.randrange(len(line))
        lines[index] = line[:at] + bytes([rng.randrange(32, 127)]) + line[at + 1:]
    elif move == 3:
        lines.insert(index, line)
    elif move == 4 and len(lines) > 2:
        del lines[index]
    elif move == 5:
        lines[index] = line.replace(b": ", b":  ", 1)
    elif move == 6:
        return body.replace(b"\n", b"\r\n")
    else:
        lines[index] = line.replace(b"'", b'"') if b"'" in line else b"  " + line
    return b"\n".join(lines)


def forge(target: Target, rng: random.Random) -> bytes:
    """The attacker's save: the target changed at random, signed by its rightful writer."""
    from tests.security.kit import sign_body

    save = target.save
    if rng.random() < 0.6:
        doc = copy.deepcopy(save.doc)
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            mutate_doc(doc, rng)
        try:
            head = savefile.comments(doc) if rng.random() < 0.5 else savefile.comments(save.doc)
        except Exception:
            head = savefile.comments(save.doc)
        try:
            body = (head + strict_yaml.dump(doc)).encode("utf-8", "surrogatepass")
        except Exception:
            body = save.raw[:save.raw.rfind(savefile.SIGNATURE_LINE) + 1]
    else:
        body = mutate_bytes(save.raw[:save.raw.rfind(savefile.SIGNATURE_LINE) + 1], rng)
    return sign_body(body, target.key)


# ------------------------------------------------------------------ judging


class Breach(AssertionError):
    """pbem crashed, or accepted a changed save."""


def judge(target: Target, raw: bytes) -> str:
    """``refused``, ``same`` or ``free`` (only the time, or the writer's choice of an action
    with the same outcome, changed); raise
    :class:`Breach` on a traceback or an accepted change."""
    try:
        forged = savefile.parse(raw, "forged.pbem.yaml")
        if target.prev is None:
            chain.check_first(forged)
        else:
            chain.check_next(target.module, target.prev, forged)
    except PbemError:
        return "refused"
    except Exception as exc:  # the point of the test: no other exception may escape
        raise Breach(f"{type(exc).__name__}: {exc} (save {target.save.sequence})") from exc
    if forged.raw == target.save.raw:
        return "same"
    if target.prev is None or target.save.actions == [{"do": "join"}]:
        return "free"  # a new game or a join: its salt, commitments and time are free
    if _without_time(forged.raw) == _without_time(target.save.raw):
        return "free"
    if (_outcome(forged) == _outcome(target.save)
            and (forged.pending is None) == (target.save.pending is None)
            and [a.get("dice") for a in forged.actions]
            == [a.get("dice") for a in target.save.actions]):
        return "free"  # the writer chose another legal action that gives the same position
    raise Breach(f"a changed save was accepted (save {target.save.sequence} of "
                 f"{target.save.kind})")


def _outcome(save: savefile.SaveFile) -> dict[str, object]:
    """Everything a save says but its writer's free choices (actions, the action a request
    waits on, time): the position, log, dice and links pbem derives from them."""
    return {k: v for k, v in save.doc.items() if k not in ("actions", "pending", "written")}


def _without_time(raw: bytes) -> list[bytes]:
    """A save's signed lines but the one holding the free ``written`` time."""
    body = raw[:raw.rfind(savefile.SIGNATURE_LINE) + 1]
    return [line for line in body.split(b"\n") if not line.startswith(b"written: ")]
