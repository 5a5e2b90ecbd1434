"""Chronicles by mail between five homes, ``pbem watch`` on every side, on an owner's data
file: a whole year (Spring 196 to Spring 197) of orders placed at once. Whenever a watcher
says its player is asked a sealed question, the player seals her orders with ``pbem apply``
(a file, no save) and mails it with ``pbem send``; the watchers bind the sealed orders in
a save, open them side by side and carry the season out, unattended. A battle, a trade and
a disaster happen on the way, and a sixth machine, given only the saves the mail carried,
verifies the game with ``pbem verify``."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from pbem import (
    answers_ahead,
    games,
    passes_ahead,
    savefile,
    session,
    strict_yaml,
    witness_answers,
)
from pbem.engine import Action
from pbem.errors import IllegalAction
from pbem.games.chronicles import dataset
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules.trades import barred
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.selfplay import candidates
from tests.mail.kit import Player, homes, make_player
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import key_of
from tests.mail.watched import (
    MOVED_ON,
    apply_and_send,
    carried_saves,
    invite,
    next_line,
    seal_and_send,
    start_watchers,
    where_games_stand,
)
from tests.mail.watching import Watching

KIND = "chronicles-of-the-three-kingdoms"
NAMES = ["alice", "bob", "carol", "dave", "erin"]
OWNERS_FILE = Path(__file__).parents[1] / "games" / "chronicles" / "data" \
    / "owner-disasters.yaml"
YEAR = 4  # seasons
INVADING = 2  # the seasons in which an order with an invasion is preferred
LINE = (r"^(your move|asked)\s+.* {game} \(witnessed dice\), save (\d+): .*  ->  "
        r"pbem (play|join) (\S+)$")


class Orders:
    """The five players' orders: random ones that the rules accept, an invasion preferred
    in the first seasons, and in the first season a gift of gold between the
    first two seats who may trade (each side writes its half of the trade)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def sealed(self, save: SaveFile, me: LocalIdentity, path: Path) -> Action | None:
        """This player's sealed answer to ``save``'s question, tried by the rules first;
        ``None`` when her watcher has meanwhile moved the question on."""
        module = games.get(save.kind)
        role = save.role_of(me.key.public)
        asked = passes_ahead.game_prompt(module, save)
        assert asked is not None and role is not None
        prompt = passes_ahead.as_asked(asked, role)
        for order in self._tries(save.state, prompt, role):
            composer = session.Composer(save, me,
                                        passes=passes_ahead.around(module, save, path))
            try:
                composer.give_sealed(order)
            except IllegalAction as exc:
                if any(why in str(exc) for why in MOVED_ON):
                    return None
                continue
            return order
        raise AssertionError(f"no order of {role} was accepted at save {save.sequence}")

    def _tries(self, state: dict[str, Any], prompt: Any, role: str) -> list[Action]:
        """Orders to try, the preferred first."""
        module = games.get(KIND)
        tries = list(module.random_actions(state, prompt, self.rng))
        if prompt.step == "season" and state["calendar"]["round"] <= INVADING:
            for _ in range(12):
                tries[:0] = [o for o in module.random_actions(state, prompt, self.rng)
                             if o.get("muster")][:1]
        trade = _trade_half(state, role) if prompt.step == "season" else None
        if trade is not None:
            tries = [{**order, "trades": [trade]} for order in tries]
        return tries

    def clear(self, save: SaveFile, me: LocalIdentity, path: Path) -> list[Action]:
        """The actions of a turn played in a save (the game's start, a lone answer)."""
        module = games.get(save.kind)
        answers = witness_answers.gathered(save, [path.parent]) \
            if witness_answers.is_request(save) else None
        composer = session.Composer(save, me, answers,
                                    passes=passes_ahead.around(module, save, path))
        actions: list[Action] = []
        while composer.my_move():
            prompt = composer.prompt()
            assert prompt is not None
            suggested = self._tries(composer.state, prompt, composer.role)
            for action in candidates(prompt, self.rng, suggested):
                try:
                    composer.act(dict(action))
                except IllegalAction:
                    continue
                actions.append(action)
                break
            else:
                raise AssertionError(f"no offered action was accepted: {prompt.text}")
        return actions


def _trade_pair(state: dict[str, Any]) -> tuple[str, str] | None:
    """The first two seats, in seat order, who may trade with each other now."""
    b = Board(state)
    for index, one in enumerate(b.seats):
        for other in b.seats[index + 1:]:
            if not barred(b, one, other):
                return one, other
    return None


def _trade_half(state: dict[str, Any], role: str) -> dict[str, Any] | None:
    """In the first season, the giver's or the taker's half of a gift of 1 gold."""
    if state["calendar"]["round"] != 1 or (pair := _trade_pair(state)) is None:
        return None
    giver, taker = pair
    if role == giver:
        return {"with": taker, "give": {"gold": 1}, "get": {}}
    if role == taker:
        return {"with": giver, "give": {}, "get": {"gold": 1}}
    return None


def _next_line(watchers: dict[str, Watching], game: str, cursors: dict[str, int]
               ) -> tuple[str, re.Match[str]]:
    """The next line, of any watcher, saying that its player is to move or is asked."""
    return next_line(watchers, re.compile(LINE.format(game=game)), cursors)


def _play_a_year(players: dict[str, Player], watchers: dict[str, Watching], game: str,
                 workdir: Path, orders: Orders) -> SaveFile:
    """Answer every watcher's call until a save reaches the fifth season; that save."""
    cursors = dict.fromkeys(watchers, 0)
    done: set[tuple[str, int]] = set()
    game_id = ""
    while True:
        try:
            name, found = _next_line(watchers, game, cursors)
        except AssertionError as exc:
            raise AssertionError(f"{where_games_stand(players, game_id)}\n{exc}") from None
        player, sequence, path = players[name], int(found.group(2)), Path(found.group(4))
        if (name, sequence) in done:
            continue
        done.add((name, sequence))
        save = savefile.read(path)
        game_id = save.game_id
        if found.group(3) == "join":
            joined = savefile.read(_wrote(player.run("join", path).out))
            player.run("send", _stored(player, joined))
            continue
        if save.state.get("calendar", {}).get("round", 0) > YEAR:
            return save
        me = key_of(player)
        if answers_ahead.sealed_question(save, me):
            module = games.get(save.kind)
            if save.role_of(me.key.public) in passes_ahead.gathered(module, save, [path.parent]):
                continue  # (her pbem gave her answer again, to a save that moved it on)
            turn = workdir / f"{name}-{sequence}.yaml"
            order = orders.sealed(save, me, path)
            if order is None:
                continue
            turn.write_text(strict_yaml.dump([order]))
            seal_and_send(player, path, turn)
        else:
            apply_and_send(player, save, orders.clear(save, me, path), workdir)


def _wrote(out: str) -> Path:
    found = re.search(r"Wrote (\S+?)[.:]?(\s|$)", out)
    assert found, out
    return Path(found.group(1))


def _stored(player: Player, save: SaveFile) -> Path:
    return (player.data_dir / "games" / save.game_id
            / savefile.file_name(save.game_id, save.sequence, save.writer))


@pytest.mark.slow
@pytest.mark.rule("chronicles:s4.0.simultaneous")
def test_five_homes_play_a_year_by_mail_and_a_sixth_machine_verifies_it(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    """Five homes play Spring 196 to Spring 197 by mail, each season's orders sealed in a
    file of their own and opened by the watchers together; a battle is fought, a trade is
    made and a disaster strikes; a sixth machine, which never saw the game nor its owner's
    data, verifies the whole chain from the saves the mail carried."""
    owners = dataset.load_data(OWNERS_FILE)
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players[n] for n in NAMES[1:]], workdir, KIND,
                       data=OWNERS_FILE)
        assert first.game["options"]["data"] == owners.hash
        reached = _play_a_year(players, watchers, first.game_id[:8], workdir, Orders(5))
    finally:
        codes = {name: watch.stop() for name, watch in watchers.items()}
    for name, watch in watchers.items():
        assert codes[name] == 0 and watch.err == [], watch.transcript()
    assert reached.state["calendar"]["season"] == "spring"
    saves = carried_saves(smtp_server, tmp_path / "sixth-received")
    chain = sorted(saves.values(), key=lambda s: s.sequence)
    assert [s.sequence for s in chain] == list(range(reached.sequence + 1))
    log = "\n".join(line for s in chain for line in s.doc["log"])
    assert "draws the disaster" in log
    assert re.search(r" gives \S.* for ", log), \
        [line for line in log.splitlines() if "offer" in line or "trade" in line]
    assert re.search(r"^battle b\d+: .* against ", log, re.MULTILINE) \
        and re.search(r" Influence [+-]\d+ \(battle (won|lost)\)", log), "a battle was fought"
    assert "face down" in log and "are shown:" in log, "forces went to battle face down"
    for save in chain:  # an order waiting for its dice is kept as sent: placements sealed
        waiting = (save.pending or {}).get("action") or {}
        for shape in waiting.get("muster") or [] if waiting.get("do") == "season" else []:
            assert set(shape) <= {"area", "side", "helps", "generals"}, waiting
    sixth = make_player(tmp_path, "frank")
    target = tmp_path / "sixth-received" / savefile.file_name(
        reached.game_id, reached.sequence, reached.writer)
    out = sixth.run("verify", target).out
    assert "every action re-applied" in out, out
