"""The rules' view of a Three Kingdoms Redux position: state, data, dice, log and secrets.

State layout (plain data, what a save holds; the engine owns ``secrets``):

* ``data`` (data-set hash or null for the built-in set), ``tutorial``, ``round``
* ``bid_order`` and ``action_order`` (roles), ``criterion`` (marker space -> criterion)
* ``alliance``: ``space`` (this round's), ``previous`` (last round's), ``holder`` (before
  round 1), ``joined`` (extra allies this round, by Yu Jin's skill)
* ``han``: ``holder`` (role or null), ``used`` (placed this round), ``winner`` (this
  round's winner of the control Han emperor space)
* ``face_down``: {role, general} left on the control Han emperor space, or null
* ``bids``: space -> list of bids; ``seq``: bid counter; ``won``: space -> winning roles
* ``states``: role -> resources, development, tracks, ``generals`` (ref -> entry),
  ``hand`` (card handles), ``built`` (card ids), ``stationed``, ``border_tokens``
* ``locations``: location -> null or the stationed {role, general, type, units}
* ``decks``: cards left in each shared enhancement deck (the game counts its deals)
* ``round_flags``: per round facts (tribal actions taken, trades, actions taken)
* ``stack`` (steps, innermost last), ``orders`` (standing orders), ``result``

A general's ``ref`` is its card id when public from the start (lords, the tutorial) and
the engine's handle while it may be hidden; ``card`` is null until it is revealed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pbem.engine import Log
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_redux import dataset
from pbem.games.three_kingdoms_redux.catalog import WEAPONS, Catalog, load_catalog
from pbem.games.three_kingdoms_redux.dataset import Card, DataSet, General

RESOURCE_NAMES = {"gold": "gold", "rice": "rice", "support": "popular support",
                  "untrained": "untrained army", "trained": "trained army", "spear": "spear",
                  "horse": "horse", "crossbow": "crossbow", "vessel": "vessel",
                  "deficit": "deficit token"}


def fresh_flags() -> dict[str, Any]:
    """What the rules remember about a state during one round."""
    return {"tribal": False, "traded": False, "taken": [], "benefits": [], "placed": 0}


def skill_works(entry: Mapping[str, Any], effect: Mapping[str, Any],
                stationed_ok: bool = False) -> bool:
    """Whether a face-up general's skill effect works where he is: once he is stationed,
    only if the effect says so (rules notes 17)."""
    return entry["at"] != "stationed" or stationed_ok or bool(
        effect.get("after_stationed") or effect.get("needs_stationed")
        or effect.get("stationed_with"))


class Table:
    """One position under the rules, for the length of one call."""

    def __init__(self, state: dict[str, Any], dice: Any = None, log: Log | None = None,
                 secrets: Any = None, known: Mapping[str, str] | None = None) -> None:
        self.s = state
        self.cat: Catalog = load_catalog()
        self.data: DataSet = dataset.get(state.get("data"))
        self._dice = dice
        self.log = log if log is not None else Log()
        self.secrets = secrets
        self.known: Mapping[str, str] = known or {}

    # ------------------------------------------------------------------ dice and log

    def draw(self, sides: int, purpose: str) -> int:
        if self._dice is None:  # pragma: no cover - dice are drawn inside apply
            raise RuntimeError("no dice outside an action")
        return int(self._dice.draw(sides, purpose))

    def say(self, text: str, rule: str | None = None) -> None:
        self.log.add(text, rule)

    def heading(self, text: str, rule: str | None = None) -> None:
        self.log.heading(text, rule)

    # ------------------------------------------------------------------ names

    def rname(self, role: str) -> str:
        return self.cat.states[role].name

    def sname(self, space: str) -> str:
        return self.cat.spaces[space].name

    def lname(self, loc: str) -> str:
        return self.data.locations[loc].name

    def gname(self, role: str, ref: str) -> str:
        """A general's name if public (or known to the viewer), else "a hidden general"."""
        cid = self.card_id(role, ref) or self.known.get(ref)
        return self.data.generals[cid].name if cid else "a hidden general"

    # ------------------------------------------------------------------ states

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(self.cat.states)

    def st(self, role: str) -> dict[str, Any]:
        return self.s["states"][role]

    def allies(self) -> list[str]:
        """The allied states of this round: bid seats 2 and 3, plus any who joined."""
        return [*self.s["bid_order"][1:], *self.s["alliance"]["joined"]]

    def flags(self, role: str) -> dict[str, Any]:
        return self.s["round_flags"][role]

    # ------------------------------------------------------------------ resources

    def amount(self, role: str, resource: str) -> int:
        return int(self.st(role)[resource])

    def gain(self, role: str, items: Mapping[str, int], rule: str | None = None,
             why: str = "") -> None:
        st = self.st(role)
        for key, n in items.items():
            if n:
                st[key] += n
        if any(items.values()) and why:
            self.say(f"{self.rname(role)} gains {self.amounts(items)} ({why})", rule)

    def can_pay(self, role: str, items: Mapping[str, int]) -> bool:
        return all(self.amount(role, k) >= n for k, n in items.items())

    def pay(self, role: str, items: Mapping[str, int], rule: str | None = None) -> None:
        for key, n in items.items():
            if self.amount(role, key) < n:
                raise IllegalAction(f"{self.rname(role)} has {self.amount(role, key)} "
                                    f"{RESOURCE_NAMES[key]}, not {n}", rule)
        for key, n in items.items():
            self.st(role)[key] -= n

    @staticmethod
    def amounts(items: Mapping[str, int]) -> str:
        parts = []
        for key, n in items.items():
            if n:
                name = RESOURCE_NAMES.get(key, key)
                if n != 1 and key not in ("gold", "rice", "support"):
                    name = name[:-1] + "ies" if name.endswith("y") else name + "s"
                parts.append(f"{n} {name}")
        return ", ".join(parts) or "nothing"

    def units_available(self, role: str, unit_type: str) -> int:
        """Army units a state could form now: trained armies with the matching weapon."""
        weapon = self.cat.weapon_of(unit_type)
        return min(self.amount(role, "trained"), self.amount(role, weapon))

    def weapons(self, role: str) -> int:
        return sum(self.amount(role, w) for w in WEAPONS)

    # ------------------------------------------------------------------ generals

    def generals(self, role: str) -> dict[str, dict[str, Any]]:
        return self.st(role)["generals"]

    def entry(self, role: str, ref: str, rule: str | None = None) -> dict[str, Any]:
        entry = self.generals(role).get(ref)
        if entry is None:
            raise IllegalAction(f"{self.rname(role)} has no general {ref!r}", rule)
        return entry

    def card_id(self, role: str, ref: str) -> str | None:
        return self.generals(role)[ref]["card"]

    def general(self, role: str, ref: str) -> General | None:
        """The public card of a general (``None`` while hidden)."""
        cid = self.card_id(role, ref)
        return self.data.generals[cid] if cid else None

    def viewer_general(self, role: str, ref: str) -> General | None:
        """The card as the viewer knows it (public, or their own hidden one)."""
        cid = self.card_id(role, ref) or self.known.get(ref)
        return self.data.generals[cid] if cid else None

    def reveal(self, role: str, ref: str) -> General:
        """Turn a general face up (it is the acting player's own) and return its card."""
        entry = self.entry(role, ref)
        if entry["card"] is None:
            if self.secrets is None:  # pragma: no cover - reveals happen inside apply
                raise RuntimeError("no secrets outside an action")
            entry["card"] = self.secrets.reveal(ref)
        return self.data.generals[entry["card"]]

    def available(self, role: str) -> list[str]:
        """Generals a state may still place this round (bid.once-per-round, bid.unavailable)."""
        rnd = self.s["round"]
        return [ref for ref, e in self.generals(role).items()
                if e["at"] == "supply" and e["placed"] != rnd]

    def bidders(self, step: Mapping[str, Any]) -> list[str]:
        """The generals the step's ``role`` placed on its action ``space`` this round."""
        return [b["general"] for b in self.s["bids"].get(step["space"], [])
                if b["role"] == step["role"]]

    def in_action_order(self, step: dict[str, Any]) -> str | None:
        """The state whose turn it is in this round's action order, by the step's ``index``
        (``None`` once every state has had it)."""
        order = self.s["action_order"]
        index = step.setdefault("index", 0)
        return order[index] if index < len(order) else None

    def stationed_count(self, role: str) -> int:
        return len(self.st(role)["stationed"])

    def stationed_units(self, role: str) -> int:
        return sum(s["units"] for s in self.st(role)["stationed"])

    def is_stationed(self, role: str, ref: str) -> bool:
        return self.generals(role)[ref]["at"] == "stationed"

    def return_general(self, role: str, ref: str) -> None:
        entry = self.generals(role)[ref]
        entry["at"] = "supply"
        entry.pop("space", None)

    # ------------------------------------------------------------------ cards

    def deck_left(self, deck: str) -> int:
        """Cards left in a shared enhancement deck (public: the game counts its deals)."""
        return int(self.s["decks"][deck])

    def deal(self, deck: str, role: str, count: int) -> list[str]:
        """Deal face-down cards from a shared deck to a state's hand."""
        count = min(count, self.deck_left(deck))
        if not count:
            return []
        self.s["decks"][deck] -= count
        return list(self.secrets.deal(deck, role, count))

    def card(self, cid: str) -> Card:
        return self.data.cards[cid]

    def built(self, role: str) -> list[Card]:
        return [self.data.cards[c] for c in self.st(role)["built"]]

    # ------------------------------------------------------------------ metrics

    def level(self, role: str, track: str) -> int:
        return int(self.st(role)[track]["level"])

    def domestic(self, role: str) -> int:
        return self.level(role, "farm") + self.level(role, "market")

    def border_counts(self, border: str) -> dict[str, int]:
        states = self.cat.borders[border].states
        counts = dict.fromkeys(states, 0)
        for loc, holder in self.s["locations"].items():
            if holder and self.data.locations[loc].border == border:
                counts[holder["role"]] += 1
        return counts

    def border_results(self, role: str) -> list[str]:
        """win, tie or loss at each of the state's two borders."""
        out = []
        for border in self.cat.borders_of(role):
            counts = self.border_counts(border)
            other = next(r for r in counts if r != role)
            mine, theirs = counts[role], counts[other]
            out.append("win" if mine > theirs else "tie" if mine == theirs else "loss")
        return out

    def metric(self, role: str, metric: str) -> int:
        """A public number about a state (prerequisites and end-of-game VP)."""
        st = self.st(role)
        tokens = st["border_tokens"]
        values = {
            "farm-level": lambda: self.level(role, "farm"),
            "market-level": lambda: self.level(role, "market"),
            "domestic": lambda: self.domestic(role),
            "tribal-level": lambda: st["tribal"],
            "support": lambda: st["support"],
            "rank": lambda: st["rank"],
            "military": lambda: st["military"],
            "stationed-generals": lambda: self.stationed_count(role),
            "stationed-units": lambda: self.stationed_units(role),
            "border-tokens": lambda: len(tokens),
            "border-vp-tokens": lambda: sum(1 for b in tokens if b["vp"]),
            "built-cards": lambda: len(st["built"]),
            "han-token": lambda: int(self.s["han"]["holder"] == role),
            "borders-won": lambda: self.border_results(role).count("win"),
            "trained": lambda: st["trained"],
            "untrained": lambda: st["untrained"],
            "gold": lambda: st["gold"],
            "rice": lambda: st["rice"],
            "border-locations": lambda: sum(1 for held in self.s["locations"].values()
                                            if held and held["role"] == role),
        }
        return int(values[metric]())

    # ------------------------------------------------------------------ effects

    def effects(self, role: str, kind: str, *, stationed_ok: bool = False
                ) -> Iterable[tuple[str, str, Mapping[str, Any]]]:
        """Active effects of ``kind`` for a state: (source kind, ref or card id, effect).

        A general's skill works once his card is face up, and not once he is stationed
        unless the effect says it does; the Beginners' Tutorial ignores skills."""
        if not self.s.get("tutorial"):
            for ref, entry in self.generals(role).items():
                if entry["card"] is None:
                    continue
                for effect in self.data.generals[entry["card"]].effects:
                    if effect["kind"] != kind:
                        continue
                    if not skill_works(entry, effect, stationed_ok):
                        continue
                    yield "general", ref, effect
        for cid in self.st(role)["built"]:
            for effect in self.data.cards[cid].effects:
                if effect["kind"] == kind:
                    yield "card", cid, effect
