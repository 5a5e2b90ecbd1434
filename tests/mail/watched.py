"""Games played between homes with ``pbem watch`` running on every side: each player's
scripted turn is applied when their own watcher says it is their move, and mailed with
``pbem send``; everything else (joins aside) is done by the watchers, unattended."""

from __future__ import annotations

import email
import email.policy
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pbem import savefile, session, strict_yaml
from pbem.engine import Action, ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.selfplay import fill
from tests.mail.kit import Player, wrote
from tests.mail.servers import SmtpServer
from tests.mail.turns import key_of, newest, stored
from tests.mail.watching import WAIT, Watching, fake_notifier, start

MOVE = r"^your move    .* {game} \(witnessed dice\), save (\d+): .*  ->  pbem (play|join) (\S+)$"
OVER = r"^game over    .* {game} \(witnessed dice\), save (\d+)$"
PASSED = re.compile(r"ahead of your turn: wrote (\S+\.pbem-ahead\.yaml)\.")
Planner = Callable[[SaveFile, LocalIdentity], list[Action]]


def start_watchers(players: dict[str, Player], watchers: dict[str, Watching],
                   bin_folder: Path) -> None:
    """``pbem watch`` started for every player (into ``watchers``, so that a caller's
    ``finally`` can stop those already running), each waited for until it watches."""
    notifier, _ = fake_notifier(bin_folder)
    for name, player in players.items():
        watchers[name] = start(player, "--no-notify", path=notifier)
    for watch in watchers.values():
        watch.wait_for(r"^Watching ")


def invite(creator: Player, others: list[Player], workdir: Path, kind: str,
           options: list[str] = (),  # type: ignore[assignment]
           data: Path | None = None) -> SaveFile:
    """``pbem new KIND --opponent ...`` by ``creator`` (on the owner's data file ``data``,
    if given), mailed with ``pbem send``."""
    args: list[Any] = ["new", kind]
    for other in others:
        card = workdir / f"{other.name}.id"
        card.write_text(other.id_line + "\n")
        args += ["--opponent", card]
    for option in options:
        args += ["--option", option]
    if data is not None:
        args += ["--data", data]
    first = workdir / f"{kind}.pbem.yaml"
    creator.run(*args, "-o", first)
    creator.run("send", first)
    return savefile.read(first)


def next_event(watchers: dict[str, Watching], game: str, after: int,
               cursors: dict[str, int]) -> tuple[str, re.Match[str] | None]:
    """Whichever watcher first says that it is its player's move on save ``after`` or a
    later one, or that the game is over: (player's name, the "your move" match or None)."""
    move, over = re.compile(MOVE.format(game=game)), re.compile(OVER.format(game=game))
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        for name, watch in watchers.items():
            with watch.changed:
                lines = watch.out[cursors[name]:]
                for offset, line in enumerate(lines):
                    if (found := move.search(line)) and int(found.group(1)) >= after:
                        cursors[name] += offset + 1
                        return name, found
                    if over.search(line):
                        cursors[name] += offset + 1
                        return name, None
                if watch.process.poll() is not None:
                    raise AssertionError(watch.transcript())
                watch.changed.wait(0.05)
    raise AssertionError("no watcher said whose move it is:\n"
                         + "\n".join(w.transcript() for w in watchers.values()))


def where_games_stand(players: dict[str, Player], game_id: str) -> str:
    """Each player's latest save of the game and who it waits for (for failures)."""
    lines = []
    for name, player in players.items():
        try:
            save = newest(player, game_id)
        except (IndexError, OSError) as exc:
            lines.append(f"{name}: {exc!r}")
            continue
        lines.append(f"{name}: save {save.sequence} by {save.writer}, "
                     f"{[a['do'] for a in save.actions]}, pending {save.pending}, "
                     f"due {save.due}")
    return "\n".join(lines)


def apply_and_send(player: Player, prev: SaveFile, actions: list[Action],
                   workdir: Path) -> SaveFile:
    """``pbem apply`` of ``actions`` on ``prev`` in ``player``'s store, then ``pbem send``."""
    file = workdir / f"{player.name}-{prev.game_id[:8]}-{prev.sequence + 1}.yaml"
    file.write_text(strict_yaml.dump(actions))
    out = player.run("apply", stored(player, prev), file).out
    passed = PASSED.search(out)
    if passed is not None:  # a pass given ahead of the player's turn: no save
        player.run("send", passed.group(1))
        return prev
    written = wrote(out)
    save = savefile.read(written)
    player.run("send", written)
    return save


def play_by_watchers(players: dict[str, Player], watchers: dict[str, Watching], game: str,
                     workdir: Path, planner: Planner,
                     stop: Callable[[SaveFile], bool] | None = None) -> SaveFile:
    """Apply each player's planned turn when their watcher says it is their move, until
    the game is over (the last save) or ``stop`` says so of a save to be played.

    Every line a watcher wrote counts, those written before this call too: a watcher may
    already have said that the first move is its player's while the game was being sent
    out. Only lines about ``game`` and its saves from ``after`` on are read."""
    cursors = dict.fromkeys(watchers, 0)
    after = 0
    last: SaveFile | None = None
    game_id = ""
    while True:
        try:
            name, found = next_event(watchers, game, after, cursors)
        except AssertionError as exc:
            raise AssertionError(f"{where_games_stand(players, game_id)}\n{exc}") from None
        player = players[name]
        if found is None:
            assert last is not None
            return newest(player, last.game_id)
        current = savefile.read(found.group(3))
        game_id = current.game_id
        assert Path(found.group(3)) == stored(player, current)
        if stop is not None and stop(current):
            return current
        if found.group(2) == "join":
            last = savefile.read(wrote(player.run("join", found.group(3)).out))
            player.run("send", stored(player, last))
        else:
            last = apply_and_send(player, current, planner(current, key_of(player)), workdir)
        after = last.sequence


def _ranked(prompt: Prompt, rng: random.Random, used: Counter[str],
            taken: int) -> list[Action]:
    """The offers to try, the verbs used least so far first (so that a short game plays
    every kind of action); ending a turn only after a few actions."""
    def rank(spec: ActionSpec) -> tuple[float, float]:
        late = spec.verb.startswith("end") and taken < 3 and len(prompt.actions) > 1
        return (used[spec.verb] + (1000 if late else 0), rng.random())

    out: list[Action] = []
    for spec in sorted(prompt.actions, key=rank):
        out += [fill(spec, rng) for _ in range(3)] + [spec.complete()]
    return out


class RandomPlanner:
    """A player who takes legal actions at random, preferring those played least so far,
    until the turn passes to someone else (or waits for the others' answers); ``used``
    counts the actions played, by verb."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.used: Counter[str] = Counter()

    def __call__(self, prev: SaveFile, me: LocalIdentity) -> list[Action]:
        composer = session.Composer(prev, me)
        actions: list[Action] = []
        while composer.my_move():
            prompt = composer.prompt()
            assert prompt is not None
            for action in _ranked(prompt, self.rng, self.used, len(actions)):
                try:
                    composer.act(dict(action))
                except IllegalAction:
                    continue
                break
            else:
                raise AssertionError(f"no offered action was accepted: {prompt.text}")
            actions.append(action)
            self.used[action["do"]] += 1
        return actions


def carried_saves(smtp_server: SmtpServer, folder: Path) -> dict[str, SaveFile]:
    """Every save attached to the mail, written into ``folder``, by file name."""
    folder.mkdir()
    saves: dict[str, SaveFile] = {}
    for delivered in smtp_server.received:
        msg = email.message_from_bytes(delivered.data, policy=email.policy.default)
        for part in msg.iter_attachments():
            if not str(part.get_filename() or "").endswith(savefile.SUFFIX):
                continue
            raw: Any = part.get_payload(decode=True)
            save = savefile.parse(raw, "mail")
            name = savefile.file_name(save.game_id, save.sequence, save.writer)
            (folder / name).write_bytes(raw)
            saves[name] = save
    return saves


def next_line(watchers: dict[str, Watching], pattern: re.Pattern[str],
              cursors: dict[str, int]) -> tuple[str, re.Match[str]]:
    """The next line of any watcher that ``pattern`` finds (``cursors``: where each
    watcher's output was read up to), with the watcher's player's name."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        for name, watch in watchers.items():
            with watch.changed:
                lines = watch.out[cursors[name]:]
                for offset, line in enumerate(lines):
                    if found := pattern.search(line):
                        cursors[name] += offset + 1
                        return name, found
                cursors[name] += len(lines)
                if watch.process.poll() is not None:
                    raise AssertionError(watch.transcript())
                watch.changed.wait(0.05)
    raise AssertionError("no watcher said what its player is to do:\n"
                         + "\n".join(w.transcript() for w in watchers.values()))


SEALED = re.compile(r"Your answer is sealed .*: wrote (\S+\.pbem-ahead\.yaml)\.")
MOVED_ON = ("already signed the save after this one, which moved the question on to you",
            "this question is not answered sealed ahead of one's turn here (or you "
            "answered it already)")
"""What pbem says to an answer whose question her watcher has just moved on: refused
before or after her pbem looks for the save it signed, depending on the moment."""


def seal_and_send(player: Player, save_path: Path, turn: Path) -> bool:
    """``player``'s sealed answer in ``turn``, given with ``pbem apply`` to the save at
    ``save_path`` and mailed with ``pbem send``; False when her watcher had meanwhile
    moved the question on (pbem then refuses it, saying so)."""
    said = player.run("apply", save_path, turn, ok=None)
    if said.code != 0:
        assert any(why in said.err for why in MOVED_ON), said.err
        return False
    sealed = SEALED.search(said.out)
    assert sealed, said.out
    player.run("send", sealed.group(1))
    return True
