"""Malformed action files: every verb the games offer, each argument written wrongly.

A player's action file is untrusted input. Seeded games of Dragons & Tigers, Three
Kingdoms Redux and the test games are played to the end; the first time a step offers a
verb with a given set of arguments, each argument (in a random fill, and in the fullest
fill when the offer has numbers) is replaced by a value of the wrong type, a list, a
mapping, a huge number, a list holding a huge number and, for a name, a name that does
not exist, or left out; an unknown argument is added; standing orders are written wrongly
too. Each such action must be refused as an illegal action (exit 6, one line) leaving the
position as it was, or, when leaving an argument out leaves a complete action (a
default, the only offer's fixed argument), be carried out; never an internal error (exit
70). The walk works on the composer `pbem apply` uses; a sweep through the command line
itself checks the exit code, the one line and that nothing is written, at positions
started from scenarios (among them the Imperial Decree and a faction-chit move). Every
value an offer fixes or lists must also pass the game's unknown-name check.

Everything is seeded (keys, salts, game ids, choices): every run fuzzes the same actions.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Any

import pytest
import typer.testing
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from freezegun import freeze_time

from pbem import chain, identity, savefile, selfplay, session
from pbem.arguments import check_names
from pbem.cli.main import app
from pbem.engine import Action, ActionSpec, copy_state
from pbem.errors import IllegalAction
from pbem.identity import LocalIdentity
from pbem.signing import PrivateKey, PublicKey
from tests.cli.actionfiles import DT_KINGDOMS, apply, dt_pieces, new_game, tree

HUGE = 10 ** 30
HUGE_IN_A_FILE = 10 ** 17  # a file's numbers have at most 18 digits (longer: a bad file)


def _key(i: int) -> PrivateKey:
    return PrivateKey(Ed25519PrivateKey.from_private_bytes(
        hashlib.sha256(f"action fuzz {i}".encode()).digest()))


def _wrong_type(value: Any) -> Any:
    if isinstance(value, bool):
        return "maybe"
    if isinstance(value, int):
        return "many"
    return 7


def fullest(spec: ActionSpec, rng: random.Random) -> Action:
    """``spec`` filled with every number at its most, so that the arguments that count
    only with another (the type of the army units bid) are read too."""
    action = selfplay.fill(spec, rng)
    action.update({p.name: p.maximum for p in spec.params if p.kind == "int"})
    return action


def mutations(spec: ActionSpec, rng: random.Random, huge: int = HUGE
              ) -> list[tuple[str, Action, bool]]:
    """(what, action, must be refused) for every argument of ``spec`` written wrongly,
    in a random fill and, for an offer with numbers, in its fullest fill."""
    out = _mutations(spec, selfplay.fill(spec, rng), huge)
    if any(p.kind == "int" for p in spec.params):
        out += _mutations(spec, fullest(spec, rng), huge)
    return out


def _mutations(spec: ActionSpec, base: Action, huge: int) -> list[tuple[str, Action, bool]]:
    out: list[tuple[str, Action, bool]] = []
    for name in [*spec.fixed, *(p.name for p in spec.params)]:
        value = base.get(name)
        as_list = [value] if isinstance(value, list) else [value, value]
        for what, wrong in (("of the wrong type", _wrong_type(value)),
                            ("a list", as_list if not isinstance(value, list) else [as_list]),
                            ("a mapping", {"x": value}), ("a huge number", huge),
                            ("a huge list", [huge])):
            out.append((f"{name} {what}", {**base, name: wrong}, True))
        if isinstance(value, str):
            out.append((f"{name} naming nothing", {**base, name: "no-such-name"}, True))
        out.append((f"{name} left out", {k: v for k, v in base.items() if k != name}, False))
    out.append(("an unknown argument", {**base, "nonsense": [1, {"a": 2}]}, True))
    return out


def offered_names_are_known(ids: Any, spec: ActionSpec) -> None:
    """Every value an offer fixes or lists passes the unknown-name check: the game's
    ``argument_ids`` never refuses what its rules offer."""
    check_names(ids, {"do": spec.verb, **spec.fixed})
    for param in spec.params:
        for option in param.options:
            check_names(ids, {"do": spec.verb, param.name: option.value})


class Walk:
    """A seeded game between local players, fuzzing each newly offered verb."""

    def __init__(self, kind: str, players: int, seed: int,
                 options: dict[str, Any] | None = None, ask: bool = True) -> None:
        self.kind, self.rng, self.ask = kind, random.Random(seed), ask
        self.people = [LocalIdentity(f"fuzz-{i}", _key(i)) for i in range(players)]
        game_id = hashlib.sha256(f"action fuzz {kind} {seed}".encode()).hexdigest()[:32]
        salts = [f"{seed:08x}{i:024x}" for i in range(players)]
        self.saves = [session.new_game(kind, self.people[0],
                                       [p.identity for p in self.people[1:]], options, None,
                                       dice="open", game_id=game_id, salt=salts[0])]
        for person, salt in zip(self.people[1:], salts[1:], strict=True):
            self.saves.append(session.join(self.saves[-1], person, salt))
        self.fuzzed: set[tuple[str, ...]] = set()  # (step, verb, argument names)
        self.ordered: set[str] = set()
        self.tries = 0

    def _writer(self) -> LocalIdentity:
        prev = self.saves[-1]
        assert prev.due is not None
        key = prev.player(prev.due["role"])["key"]
        return next(p for p in self.people if p.key.public.line == key)

    def play(self, actions: int) -> None:
        done = 0
        while self.saves[-1].due is not None and done < actions:
            prev, writer = self.saves[-1], self._writer()
            assert prev.due is not None
            if prev.due["step"] == chain.WITNESS:
                self.saves.append(session.witness(prev, writer))
                continue
            if prev.due["step"] in (chain.SHUFFLE, chain.AUDIT, chain.SHARE):
                self.saves.append(session.machine(prev, writer))
                continue
            if prev.due["step"] == chain.UNSEAL:
                self.saves.append(session.unseal(prev, writer))
                continue
            composer = session.Composer(prev, writer)
            made: list[Action] = []
            asked = composer.prompt()
            if writer.name not in self.ordered and composer.my_move() \
                    and not (asked and asked.sealed):  # orders wait for a sealed round
                composer = self._orders(composer, made)
                self.ordered.add(writer.name)
            while composer.my_move():
                prompt = composer.prompt()
                assert prompt is not None
                for spec in prompt.actions:
                    form = (prompt.step, spec.verb, *sorted(spec.fixed),
                            *(p.name for p in spec.params))
                    if form not in self.fuzzed:
                        self.fuzzed.add(form)
                        offered_names_are_known(composer.module.argument_ids(), spec)
                        composer = self._fuzz(composer, spec, made)
                for action in selfplay.candidates(prompt, self.rng):
                    try:
                        composer.act(action)
                    except IllegalAction:
                        continue
                    made.append(action)
                    break
                done += 1
            self.saves.append(composer.finish())

    def _orders(self, composer: session.Composer, made: list[Action]) -> session.Composer:
        """Standing orders written wrongly; then every order that can ask set to ask, so
        that the walk meets the questions they answer."""
        orders = composer.module.standing_orders()
        asking = {name: "ask" for name, (values, _, _) in orders.items() if "ask" in values}
        if ("any", "orders") not in self.fuzzed and orders:
            self.fuzzed.add(("any", "orders"))
            name = next(iter(orders))
            wrongs = [{}, {"set": None}, {"set": [name]}, {"set": name},
                      {"set": {name: [orders[name][1]]}}, {"set": {name: {"x": 1}}},
                      {"set": {name: HUGE}}, {"set": {"no-such-order": "ask"}},
                      {"set": {HUGE: "ask"}}, {"set": {name: "ask"}, "nonsense": 1}]
            spec = ActionSpec("orders", "Standing orders")
            composer = self._fuzz(composer, spec, made,
                                  [(f"orders {w}", {"do": "orders", **w}, True)
                                   for w in wrongs])
        if asking and self.ask:
            action = {"do": "orders", "set": asking}
            composer.act(action)
            made.append(action)
        return composer

    def _fuzz(self, composer: session.Composer, spec: ActionSpec, made: list[Action],
              cases: list[tuple[str, Action, bool]] | None = None) -> session.Composer:
        for what, action, must_refuse in cases or mutations(spec, self.rng):
            state, count = copy_state(composer.state), len(composer.actions)
            self.tries += 1
            where = f"{self.kind}: {spec.verb} with {what}: {action}"
            try:
                composer.act(action)
            except IllegalAction as refusal:
                assert "\n" not in refusal.message, where
                assert composer.state == state and len(composer.actions) == count, where
                continue
            except Exception as exc:  # the bug this test exists to catch
                pytest.fail(f"{where}: {type(exc).__name__}: {exc}")
            assert not must_refuse, f"{where}: accepted"
            composer = session.Composer(composer.prev, composer.me)  # take it back
            for earlier in made:
                composer.act(earlier)
        return composer


@pytest.mark.parametrize(("kind", "players", "ask", "options", "least"), [
    ("dragons-tigers", 2, True, None, 20),     # every standing order that can ask, asks
    ("dragons-tigers", 4, False, None, 20),
    ("three-kingdoms-redux", 3, True, None, 20),
    ("tiny-race", 2, True, {"target": 20}, 3),
    ("card-market", 2, True, None, 3),
])
def test_every_offered_verb_with_malformed_arguments_is_refused(
        kind: str, players: int, ask: bool, options: dict[str, Any] | None,
        least: int) -> None:
    with freeze_time("2026-01-01T00:00:00Z"):  # the same game (its dice too) on every run
        walk = Walk(kind, players, 11, options, ask)
        walk.play(2000)
    assert walk.saves[-1].due is None  # played to the end
    verbs = {form[1] for form in walk.fuzzed}
    assert len(verbs) >= least, verbs
    assert walk.tries >= len(walk.fuzzed)


# ---------------------------------------------------------------- through the command line


def _positions(tmp_path: Path) -> list[tuple[Path, list[Action]]]:
    """Saves started from scenarios, with the actions that lead to a question."""
    turn = {"kingdom": "cao-cao", "faction": True}
    dt: dict[str, Any] = {"kingdoms": DT_KINGDOMS, "emperor": "luoyang",
                          "pieces": dt_pieces(
                              yanzhou={"armies": {"cao-cao": 10, "liu-bei": 6},
                                       "characters": ["cao-cao", "xiahou-dun", "guan-yu"]},
                              luoyang={"armies": {"cao-cao": 6}, "characters": ["cao-ren"]})}
    out = []
    for phase, lead in (("diplomacy", [{"do": "negotiate", "character": "cao-cao",
                                        "target": "liu-biao", "dice": [4]}]),
                        ("levy", []), ("movement", [])):
        save = new_game(tmp_path / phase, "dragons-tigers",
                        {**dt, "turn": {**turn, "phase": phase}}, "--table-dice")
        out.append((save, [{"do": "start"}, *lead]))
    redux = {"round": 2, "start": "bidding", "bid_order": ["wei", "shu", "wu"], "han": "wei",
             "states": {"wei": {"trained": 4, "spear": 2, "horse": 2, "support": 2,
                                "gold": 2, "generals": ["jia-xu", "xu-chu"]}}}
    out.append((new_game(tmp_path / "redux", "three-kingdoms-redux", redux, "--players", "3"),
                []))
    return out


def _offers(save: Path, lead: list[Action]) -> list[ActionSpec]:
    """The first offer of each verb once ``lead`` is applied to ``save``, as its player's
    pbem sees them."""
    prev = savefile.read(save)
    assert prev.due is not None
    writer = identity.find_local(PublicKey.from_line(prev.player(prev.due["role"])["key"]))
    assert writer is not None
    composer = session.Composer(prev, writer)
    for action in lead:
        composer.act(action)
    prompt = composer.prompt()
    assert prompt is not None
    for spec in prompt.actions:
        offered_names_are_known(composer.module.argument_ids(), spec)
    return list({spec.verb: spec for spec in reversed(prompt.actions)}.values())


def test_malformed_action_files_exit_6_in_one_line_and_write_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = typer.testing._get_command(app)  # built once: invoked many times
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: built)
    rng = random.Random(3)
    tried = 0
    for save, lead in _positions(tmp_path):
        before = tree(save.parent)
        for spec in _offers(save, lead):
            for what, action, must_refuse in mutations(spec, rng, HUGE_IN_A_FILE):
                dice = {"dice": [3]} if save.parent.parent.name == "diplomacy" else {}
                code, _, err = apply(save, [*lead, {**action, **dice}])
                tried += 1
                assert code in ((6,) if must_refuse else (0, 6, 9)), (what, err)
                if code:
                    assert err.startswith("pbem: illegal action: ") or code == 9, err
        first = mutations(_offers(save, lead)[0], rng)[0][1]
        code, _, err = apply(save, [*lead, first], dry=False)
        assert code == 6, err
        assert tree(save.parent) == before
    assert tried > 100
