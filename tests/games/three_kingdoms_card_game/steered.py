"""A random legal player of the Card Game steered so that a game stays short and still
holds what a test wants to see: she plays at most one character a turn (and no other
event or artifact), makes war on the cheapest-defended public land a character of hers can
keep (others' lands once none is public), spreads her characters over her lands so that
their Political Power covers them, bribes and offers a trade at most once in the game
(the first trade offered is accepted), and answers with a counter when she holds one (a
bribe only once another bribe has been bid for). Used by scripts/make-golden-cardgame and
the games played by mail.

``Steer(rng, chain=True)`` makes a chain of counters instead (a counter answering a
counter): until there is one, a counter is played only where it will be answered, and
none once there is (see :class:`Steer`)."""

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
CHAIN = "chain"
"""What a game steered with ``chain=True`` holds besides: a counter answering a counter."""


def _on_entry(rec: Character) -> bool:
    return rec.ability is not None and rec.ability.use == "on-entry"


class Steer:
    """The steered player's choices, and what has happened so far in the game.

    With ``chain`` (off by default: scripts/make-golden-cardgame plays without it), the
    players make a chain of counters, one object steering them all as players might agree
    in their mail. Until there is one, a player answers a play with a counter only if the
    play's player is known (from her own last action) to hold a counter that answers a
    counter, and that player then answers hers: the chain. A player due to make war who
    holds such a counter makes war at once if the player her war asks is known to hold one
    too; else, holding two, she first gives that player one (a trade, one card asked back:
    the first trade offered, and accepted) and then makes war. Before the chain no counter
    leaves a hand otherwise: a player offers no other trade, bribes only if she holds a
    card that is no counter, bids, gives and discards such cards first, and plays no
    character whose ability works on entry (one draws cards). Once the chain is made,
    nobody plays a counter again, and the rest is as without ``chain``."""

    def __init__(self, rng: random.Random | int, chain: bool = False) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.done: Counter[str] = Counter()
        self.offered: set[str] = set()
        self.plans: dict[tuple[int, str], list[Action]] = {}
        self.last: Action = {}
        self.chain = chain
        self.held: dict[str, int] = {}
        """(``chain``) Role -> counters in her hand that can answer a counter, as she last
        acted (none leaves her hand before the chain but in it: a lower bound)."""
        self.gift: tuple[str, str] | None = None
        """(``chain``) The trade of a counter offered, not yet answered: (giver, taker)."""
        self.gifting: tuple[Action, str, str] | None = None  # (the offer, giver, taker)

    def choose(self, composer: session.Composer) -> None:
        """One action for the player due in ``composer``."""
        known = composer.known()
        prompt = composer.prompt(known)
        assert prompt is not None
        t = Table(composer.state, known=known)
        if self.chain:
            self.held[prompt.role] = len(self._counters(t, prompt.role, known, "instant"))
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
        if self.gifting is not None and action is self.gifting[0]:
            self.gift = self.gifting[1:]
        if verb == "play":
            self.done["counter"] += 1
            chain = composer.state["chain"]
            if len(chain) >= 2 and all("answers" in (e.get("args") or {}) for e in chain[-2:]):
                self.done[CHAIN] += 1  # a counter answering a counter
        if verb in ("accept-trade", "refuse-trade") and self.gift is not None:
            if verb == "accept-trade":  # she holds the counter given
                self.held[self.gift[1]] = max(1, self.held.get(self.gift[1], 0))
            self.gift = None
        if verb in ("accept-trade", "bribe", "bid", "attack"):
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
        if self.chain and not self.done[CHAIN] and \
                step in ("window", "trade", "bribe-bid", "discard", "main"):
            chained = self._chaining(t, prompt, cards)
            if step != "main":
                return chained
            out += chained  # (then as ever, should these fail)
        if step == "window" and self.chain:
            return [{"do": "pass"}]  # (the chain is made: no counter any more)
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
        early = self.chain and not self.done[CHAIN]  # (no counter leaves a hand yet)
        if "offer-trade" in verbs and role not in self.offered and not early and \
                not self.done["accept-trade"] and t.s["turn"]["number"] >= 3:
            self.offered.add(role)
            to = rng.choice([o.value for o in verbs["offer-trade"].params[0].options])
            give = rng.sample(list(t.hand(role)), 1) if t.hand(role) else []
            out.append({"do": "offer-trade", "to": to, "give": give, "ask": 1})
        turn = t.s["turn"]
        if "play-character" in verbs and turn["plays"]["characters"] == 0 \
                and "event" not in turn["left"]:
            chars = [e for e, c in cards.items() if isinstance(t.record(c), Character)
                     and not getattr(t.record(c), "instant", False)
                     and not (early and _on_entry(t.record(c)))]
            if chars:
                out.append({"do": "play-character", "card": rng.choice(chars)})
        if "bribe" in verbs and not self.done["bribe"] and not (early and all(
                self._answers(t.record(c), "instant") for c in cards.values())):
            target = verbs["bribe"].params[0]
            out.append({"do": "bribe", "target": rng.choice(target.options).value})
        if "attack" in verbs:
            attack = self._attack(t, role)
            if attack is not None:
                out.append(attack)
        out.append({"do": "end-main"})
        return out

    @staticmethod
    def _answers(rec: object, kind: str) -> bool:
        """Whether a card of this record is a counter that can answer a play of ``kind``
        (a counter is played as an ``instant``)."""
        return isinstance(rec, Event) and bool(rec.effects) and rec.requires is None \
            and rec.effects[0]["kind"] == "counter" and kind in rec.effects[0]["against"]

    def _counters(self, t: Table, role: str, known: Mapping[str, str], kind: str) -> list[str]:
        """The cards of ``role``'s hand she knows to be counters that answer ``kind``."""
        return [e for e in t.hand(role) if (card := t.public_card(e) or known.get(e))
                and self._answers(t.record(card), kind)]

    def _chaining(self, t: Table, prompt: Prompt, cards: Mapping[str, str]) -> list[Action]:
        """(``chain``, no chain yet) The choices that make the chain or keep the counters
        for it; in the Main Phase, those to try before the steered ones."""
        role, step, rng = prompt.role, prompt.step, self.rng
        verbs = {spec.verb: spec for spec in prompt.actions}
        counters = [e for e, c in cards.items() if self._answers(t.record(c), "instant")]
        others = [e for e in cards if not self._answers(t.record(cards[e]), "instant")]
        if step == "window":
            chain = t.s["chain"]
            top = chain[-1] if chain else None
            if top is None or ("answers" not in (top.get("args") or {})
                               and self.held.get(top["role"], 0) < 1):
                return [{"do": "pass"}]  # nothing to answer, or it would not be answered
            return [*({"do": "play", "card": e} for e, c in cards.items()
                      if self._answers(t.record(c), top["kind"])), {"do": "pass"}]
        if step == "trade":
            if "accept-trade" in verbs and (self.gift == (t.s["stack"][-1]["role"], role)
                                            or not self.done["accept-trade"]):
                want = verbs["accept-trade"].params[0].minimum
                return [{"do": "accept-trade", "give": self._parting(others, counters, want)},
                        {"do": "refuse-trade"}]
            return [{"do": "refuse-trade"}]
        if step == "bribe-bid":
            bribe = t.s["stack"][-1]
            count = min(len(others), 2 if role == bribe["role"] else rng.randint(0, 1))
            return [{"do": "bid", "cards": rng.sample(others, count)}]
        if step == "discard":
            want = verbs["discard"].params[0].minimum
            return [{"do": "discard", "cards": self._parting(others, counters, want)}]
        if "attack" not in verbs:  # (the Main Phase)
            return []
        attack = self._attack(t, role)
        if attack is None or not counters:
            return []
        land = t.s["lands"][attack["land"]]
        defender = land["owner"] if land["owner"] is not None else t.left_of(role)
        if self.held.get(defender, 0) >= 1:
            return [attack]  # she will answer it, and be answered: war at once
        gifts = [e for e in counters if self._answers(t.record(cards[e]), "battle")]
        if len(counters) >= 2 and gifts and "offer-trade" in verbs:
            offer: Action = {"do": "offer-trade", "to": defender, "give": [gifts[0]], "ask": 1}
            self.gifting = (offer, role, defender)
            return [offer]
        return []

    def _parting(self, first: list[str], kept: list[str], count: int) -> list[str]:
        """``count`` cards to part with: cards of ``first`` (at random), then of ``kept``."""
        picked = self.rng.sample(first, min(count, len(first)))
        return picked + kept[:count - len(picked)]

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
        """What of :data:`WANTED` (and :data:`CHAIN`, with ``chain``) has not happened yet."""
        wanted = (*WANTED, CHAIN) if self.chain else WANTED
        return [what for what in wanted if not self.done[what]]

    def __call__(self, prev: SaveFile, me: LocalIdentity) -> list[Action]:
        """The actions of ``me``'s part after ``prev`` (a planner of the games by mail)."""
        composer = session.Composer(prev, me)
        actions: list[Action] = []
        while composer.my_move():
            self.choose(composer)
            actions.append(self.last)
        return actions
