"""A war by mail where nobody types after the attacker's save: two homes on local Dovecot,
`pbem watch` on both sides. The attacker declares war with `pbem apply --then PLAN` (her
war card, the end of her Main Phase, her Ending Phase); the defender has set no standing
response for it (only `window: pass`), so her watcher lets the attack go and lays a war
card drawn by default (docs/standing-orders.md); the
attacker's watcher then plays her plan (docs/plans.md), and the game is with the defender
for her own turn."""

from __future__ import annotations

from pathlib import Path

from pbem import gameplay, games, savefile
from pbem.savefile import SaveFile
from tests.games.three_kingdoms_card_game.steered import Steer
from tests.mail.kit import Player, homes, wrote
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import newest, stored
from tests.mail.watched import invite, play_by_watchers, start_watchers
from tests.mail.watching import Watching

NAMES = ["alice", "bob"]
KIND = "three-kingdoms-card-game"
PLAN = "- {do: war-card, card: infantry}\n- {do: end-main}\n- {do: done}\n"


def _can_make_war(save: SaveFile) -> bool:
    """A Main Phase whose player may attack a land (a war with the other player), with no
    more than seven cards in her hand (no discard to choose at the end of her turn)."""
    due = save.due
    if due is None or due["step"] != "main" or save.pending is not None \
            or len(save.state["hands"][due["role"]]) > 7:
        return False
    prompt = gameplay.prompt(games.get(KIND), save.state)
    return prompt is not None and any(spec.verb == "attack" for spec in prompt.actions)


def test_a_planned_war_goes_round_with_nobody_at_a_keyboard(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players["bob"]], workdir, KIND)
        game = first.game_id[:8]
        at_war = play_by_watchers(players, watchers, game, workdir, Steer(5),
                                  stop=_can_make_war)
        attacker_role = at_war.due["role"]
        name = at_war.player(attacker_role)["name"]
        other = next(n for n in NAMES if n != name)
        attacker, defender = players[name], players[other]
        prompt = gameplay.prompt(games.get(KIND), at_war.state)
        attack = next(spec for spec in prompt.actions if spec.verb == "attack")
        params = {p.name: p for p in attack.params}
        lands = [o.value for o in params["land"].options]
        war = workdir / "war.yaml"
        war.write_text(f"- {{do: attack, character: {params['character'].options[0].value},"
                       f" land: {lands[0]}, mode: war}}\n")
        plan = workdir / "plan.yaml"
        plan.write_text(PLAN)
        mine = workdir / "responses.yaml"
        mine.write_text("window: pass\n")  # (the war card is left to the default)
        defender.run("respond", stored(defender, newest(defender, first.game_id)), "--file",
                     mine)
        heard = {n: len(watch.out) for n, watch in watchers.items()}  # (from here on)
        out = attacker.run("apply", stored(attacker, at_war), war, "--then", plan).out
        assert "Plan kept on this machine only" in out, out
        declared = savefile.read(wrote(out))
        attacker.run("send", wrote(out))
        watchers[other].wait_for(rf"^responded .* {game}", after=heard[other], timeout=60)
        for _ in range(2):  # her war card; then, the sealed card opened, the rest
            _, carried = watchers[name].wait_for(rf"^responded .* {game}, save (\d+)",
                                                 after=heard[name], timeout=60)
            heard[name] = watchers[name].out.index(carried.string) + 1
        watchers[other].wait_for(rf"^your move .* {game} .*: .*(Main Phase|draw|event)",
                                 after=heard[other], timeout=60)
        latest = newest(defender, first.game_id)
        mine = [s for s in _chain(defender, latest) if s.writer == attacker_role
                and s.sequence > declared.sequence]
        verbs = [[a["do"] for a in s.actions] for s in mine]
        assert verbs[0] == ["war-card"] and ["end-main", "done"] in verbs, verbs
        theirs = [s for s in _chain(defender, latest) if s.writer != attacker_role
                  and s.sequence > declared.sequence]
        assert [a["do"] for a in theirs[0].actions] == ["pass", "seal"], theirs[0].actions
    finally:
        codes = {n: watch.stop() for n, watch in watchers.items()}
    for n, watch in watchers.items():
        assert codes[n] == 0 and watch.err == [], watch.transcript()


def _chain(player: Player, last: SaveFile) -> list[SaveFile]:
    """The saves of ``last``'s game in ``player``'s store, oldest first."""
    paths = sorted((player.data_dir / "games" / last.game_id).glob("*.pbem.yaml"))
    return [savefile.read(path) for path in paths]
