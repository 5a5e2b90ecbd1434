"""A random legal player of the Card Game steered so that a game stays short and still
holds what a test wants to see: she plays at most one character a turn (and no other
event or artifact), makes war on the cheapest-defended public land a character of hers can
keep (others' lands once none is public), spreads her characters over her lands so that
their Political Power covers them, bribes and offers a trade at most once in the game
(the first trade offered is accepted), and answers with a counter when she holds one (a
bribe only once another bribe has been bid for). Used by scripts/make-golden-cardgame and
the games played by mail."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from pbem import selfplay, session
from pbem.engine import Action, Prompt
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_card_game.records import Character, Event
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile

WANTED = ("accept-trade", "war", "bid", "counter")
"""What a steered game is made to hold: a trade accepted, a war, a bribe's bids, a
counter."""


class Steer:
    """The steered player's choices, and what has happened so far in the game."""

    def __init__(self, rng: random.Random | int) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.done: Counter[str] = Counter()
        self.offered: set[str] = set()
        self.plans: dict[tuple[int, str], list[Action]] = {}
        self.last: Action = {}

    def choose(self, composer: session.Composer) -> None:
        """One action for the player due in ``composer``."""
        known = composer.known()
        prompt = composer.prompt(known)
        assert prompt is not None
        t = Table(composer.state, known=known)
        for action in self._wishes(t, prompt, known):
            if self._try(composer, action):
                return
        for action in selfplay.candidates(prompt, self.rng):
            if action["do"] in ("play-event", "play-artifact", "use-ability", "offer-trade",
                                "bribe", "play"):
                continue  # only the steered wishes play these
            if self._try(composer, action):
                return
        raise RuntimeError(f"no offered action was accepted at {prompt.step}")

    def _try(self, composer: session.Composer, action: Action) -> bool:
        try:
            composer.act(action)
        except IllegalAction:
            return False
        self.last = dict(action)
        verb = action["do"]
        if verb == "play":
            self.done["counter"] += 1
        elif verb in ("accept-trade", "bribe", "bid", "attack"):
            self.done[verb] += 1
            if verb == "attack" and action.get("mode") == "war":
                self.done["war"] += 1
        return True

    def _wishes(self, t: Table, prompt: Prompt, known: Mapping[str, str]) -> list[Action]:
        role, step, rng = prompt.role, prompt.step, self.rng
        verbs = {spec.verb: spec for spec in prompt.actions}
        hand = [e for e in t.hand(role) if (t.public_card(e) or known.get(e))]
        cards = {e: t.public_card(e) or known[e] for e in hand}
        out: list[Action] = []
        if step == "window":
            top = t.s["chain"][-1]["kind"] if t.s["chain"] else None
            if (not self.done["counter"] or rng.random() < 0.3) \
                    and (top != "bribe" or self.done["bid"]):  # a bribe bid for first
                for entry, card in cards.items():
                    rec = t.record(card)
                    if isinstance(rec, Event) and rec.effects and \
                            rec.effects[0]["kind"] == "counter":
                        out.append({"do": "play", "card": entry})
            return [*out, {"do": "pass"}]
        if step == "trade":
            if not self.done["accept-trade"] and "accept-trade" in verbs:
                want = verbs["accept-trade"].params[0]
                give = rng.sample([o.value for o in want.options], want.minimum)
                out.append({"do": "accept-trade", "give": give})
            return [*out, {"do": "refuse-trade"}]
        if step == "bribe-bid":
            bribe = t.s["stack"][-1]
            mine = list(t.hand(role))
            count = min(len(mine), 2 if role == bribe["role"] else rng.randint(0, 1))
            return [{"do": "bid", "cards": rng.sample(mine, count)}]
        if step == "rearrange":
            return [self._rearrange(t, role)]
        if step != "main":
            return []
        if "offer-trade" in verbs and role not in self.offered and \
                not self.done["accept-trade"] and t.s["turn"]["number"] >= 3:
            self.offered.add(role)
            to = rng.choice([o.value for o in verbs["offer-trade"].params[0].options])
            give = rng.sample(list(t.hand(role)), 1) if t.hand(role) else []
            out.append({"do": "offer-trade", "to": to, "give": give, "ask": 1})
        turn = t.s["turn"]
        if "play-character" in verbs and turn["plays"]["characters"] == 0 \
                and "event" not in turn["left"]:
            chars = [e for e, c in cards.items() if isinstance(t.record(c), Character)
                     and not getattr(t.record(c), "instant", False)]
            if chars:
                out.append({"do": "play-character", "card": rng.choice(chars)})
        if "bribe" in verbs and not self.done["bribe"]:
            target = verbs["bribe"].params[0]
            out.append({"do": "bribe", "target": rng.choice(target.options).value})
        if "attack" in verbs:
            attack = self._attack(t, role)
            if attack is not None:
                out.append(attack)
        out.append({"do": "end-main"})
        return out

    def _spare(self, t: Table, cid: str) -> int:
        """What is left of a character's Political Power once its lands are paid."""
        return t.political_power(cid) - sum(t.data.lands[lid].value
                                            for lid in t.char(cid)["lands"])

    def _attack(self, t: Table, role: str) -> Action | None:
        """War on the cheapest-defended land that a character of hers can keep: public
        lands first."""
        mine = t.chars_of(role)
        public = [lid for lid, land in t.s["lands"].items() if land["owner"] is None]
        others = [lid for lid, land in t.s["lands"].items() if land["owner"] not in (None, role)]
        if not mine or not (public or others):
            return None
        pairs = [(cid, lid) for cid in mine for lid in (public or others)]
        fitting = [(c, lid) for c, lid in pairs if self._spare(t, c) >= t.data.lands[lid].value]
        cid, land = min(fitting or pairs, key=lambda p: (
            t.data.lands[p[1]].defensive_power, -t.data.lands[p[1]].value,
            -t.fighting_spirit(p[0], ("war", "attacking")), p))
        return {"do": "attack", "character": cid, "land": land, "mode": "war"}

    def _rearrange(self, t: Table, role: str) -> Action:
        """Characters spread over her lands so that their Political Power covers them."""
        key = (t.s["turn"]["number"], role)
        if key not in self.plans:
            mine = sorted(t.chars_of(role), key=lambda c: (-t.political_power(c), c))
            spare = {c: t.political_power(c) for c in mine}
            want: dict[str, list[str]] = {c: [] for c in mine}
            for lid in sorted(t.lands_of(role), key=lambda x: (-t.data.lands[x].value, x)):
                value = t.data.lands[lid].value
                able = [c for c in mine if spare[c] >= value]
                if able:
                    best = min(able, key=lambda c: (spare[c], c))
                    spare[best] -= value
                    want[best].append(lid)
            plan: list[Action] = []
            if any(sorted(t.char(c)["lands"]) != sorted(want[c]) for c in mine):
                plan += [{"do": "move", "character": c, "lands": []} for c in mine
                         if t.char(c)["lands"]]
                plan += [{"do": "move", "character": c, "lands": want[c]} for c in mine
                         if want[c]]
            self.plans[key] = plan
        plan = self.plans[key]
        return plan.pop(0) if plan else {"do": "done"}

    def missing(self) -> list[str]:
        """What of :data:`WANTED` has not happened yet."""
        return [what for what in WANTED if not self.done[what]]

    def __call__(self, prev: SaveFile, me: LocalIdentity) -> list[Action]:
        """The actions of ``me``'s part after ``prev`` (a planner of the games by mail)."""
        composer = session.Composer(prev, me)
        actions: list[Action] = []
        while composer.my_move():
            self.choose(composer)
            actions.append(self.last)
        return actions
