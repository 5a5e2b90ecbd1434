"""The rules' view of a Three Kingdoms Card Game position: state, data, dice, log, secrets.

State layout (plain data, what a save holds; the engine owns ``secrets``):

* ``data`` (data-set hash or null), ``seats`` (roles, clockwise), ``turn`` (this turn's
  facts: ``role``, ``number``, ``stage``, ``left`` stages, ``plays`` per kind, ``battles``,
  ``bribes``, ``returned``)
* ``lands``: land -> {``owner`` role or null, ``since`` (when it was gained)}
* ``characters``: card -> {``controller``, ``owner`` (whose it is when a control with an
  ending ends), ``handle`` (its hidden card, null for a lord), ``lands``, ``rotated``,
  ``artifacts``, ``held`` (a control that can end: {by, ends}) or null}
* ``lords``: role -> its lord's card or null; ``lord_lost``: role -> whether her lord died
* ``hands``: role -> hand entries (hidden-card handles; ``lord:<card>`` for a lord taken
  back to hand); ``open_hand``: handle -> card for a face-up card back in a hand
* ``discard``: the Discard Pile's cards seen going there (``face_down``: how many went
  unseen); ``aside`` (lords out of play); ``deck``: {``left``, ``runs``}
* ``chain`` (plays waiting to take effect, the last on top), ``stack`` (steps, innermost
  last), ``orders`` (standing orders), ``result``, ``clock`` (a counter of gains)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pbem.engine import Log
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_card_game import dataset
from pbem.games.three_kingdoms_card_game.catalog import CardData
from pbem.games.three_kingdoms_card_game.records import Artifact, Character, Record

MAIN = "main"
PILE = "discard"
LORD = "lord:"
STAGES = ("event", "battle", "bribery")
_RECORDS: dict[tuple[str, str], Record] = {}  # (data set, card) -> its record


def seat_name(role: str) -> str:
    return f"Seat {role.removeprefix('seat')}"


class Table:
    """One position under the rules, for the length of one call."""

    def __init__(self, state: dict[str, Any], dice: Any = None, log: Log | None = None,
                 secrets: Any = None, known: Mapping[str, str] | None = None) -> None:
        self.s = state
        self.data: CardData = dataset.get(state.get("data"))
        self._dice = dice
        self.log = log if log is not None else Log()
        self.secrets = secrets
        self.known: Mapping[str, str] = known or {}

    # ------------------------------------------------------------------ dice and log

    def roll(self, purpose: str) -> int:
        if self._dice is None:  # pragma: no cover - dice are drawn inside apply
            raise RuntimeError("no dice outside an action")
        return int(self._dice.draw(self.data.rules.die_sides, purpose))

    def draw(self, sides: int, purpose: str) -> int:
        if self._dice is None:  # pragma: no cover
            raise RuntimeError("no dice outside an action")
        return int(self._dice.draw(sides, purpose))

    def say(self, text: str, rule: str | None = None) -> None:
        self.log.add(text, rule)

    def heading(self, text: str, rule: str | None = None) -> None:
        self.log.heading(text, rule)

    # ------------------------------------------------------------------ names

    def rname(self, role: str) -> str:
        return seat_name(role)

    def record(self, card: str) -> Record:
        key = (self.data.hash, card)
        rec = _RECORDS.get(key)
        if rec is None:
            rec = _RECORDS[key] = self.data.record(card)
        return rec

    def cname(self, card: str) -> str:
        return self.record(card).name

    def lname(self, land: str) -> str:
        return self.data.lands[land].name

    # ------------------------------------------------------------------ seats

    @property
    def seats(self) -> list[str]:
        return list(self.s["seats"])

    def left_of(self, role: str) -> str:
        """The next player clockwise (the one on ``role``'s left)."""
        seats = self.seats
        return seats[(seats.index(role) + 1) % len(seats)]

    def others_from(self, role: str) -> list[str]:
        """Every other player, clockwise from the one on ``role``'s left."""
        seats = self.seats
        start = seats.index(role)
        return [seats[(start + k) % len(seats)] for k in range(1, len(seats))]

    @property
    def active(self) -> str:
        return str(self.s["turn"]["role"])

    def order(self, role: str, name: str) -> str:
        return str(self.s["orders"][role][name])

    # ------------------------------------------------------------------ hands

    def hand(self, role: str) -> list[str]:
        return self.s["hands"][role]  # type: ignore[no-any-return]

    def card_in_hand(self, role: str, entry: str) -> str:
        """Turn a card of ``role``'s hand face up (they act) and return its card."""
        if entry not in self.hand(role):
            raise IllegalAction(f"{entry} is not a card in {self.rname(role)}'s hand")
        if entry.startswith(LORD):
            return entry.removeprefix(LORD)
        if entry in self.s["open_hand"]:
            return str(self.s["open_hand"][entry])
        return str(self.secrets.reveal(entry))

    def label(self, entry: str) -> str:
        """A hand entry as its viewer may name it."""
        card = self.public_card(entry) or self.known.get(entry)
        return self.card_label(card) if card else f"a face-down card ({entry})"

    def public_card(self, entry: str) -> str | None:
        if entry.startswith(LORD):
            return entry.removeprefix(LORD)
        return self.s["open_hand"].get(entry)

    def card_label(self, card: str) -> str:
        rec = self.record(card)
        mark = " (instant)" if getattr(rec, "instant", False) else ""
        if isinstance(rec, Character):
            return (f"{rec.name}{mark}: character, PP {rec.political_power}, FS "
                    f"{rec.fighting_spirit}{', strategist' if rec.strategist else ''}, "
                    f"{rec.hearts} heart(s)")
        if isinstance(rec, Artifact):
            return f"{rec.name}{mark}: artifact"
        return f"{rec.name}{mark}: event"

    def take_from_hand(self, role: str, entry: str, played: bool = False) -> None:
        """A card leaves ``role``'s hand; her lord taken back to hand and then discarded,
        bid or traded away is her lord no more (rules notes 16)."""
        card = self.public_card(entry)
        self.hand(role).remove(entry)
        self.s["open_hand"].pop(entry, None)
        if not played and card is not None and self.s["lords"][role] == card:
            self.s["lords"][role] = None
            self.s["lord_lost"][role] = True
            self.say(f"{self.rname(role)}'s lord {self.cname(card)} has left the hand: "
                     f"{self.rname(role)} has no lord", "character.lord.appoint")

    def deal(self, role: str, count: int, rule: str) -> int:
        """Draw ``count`` cards into ``role``'s hand; the Main Deck running out is shuffled
        anew once, and ends the game the second time (win.deck.*). Returns how many."""
        drawn = 0
        while drawn < count and not self.s["result"]:
            if self.s["deck"]["left"] == 0:
                if self.deck_ran_out():  # the rest is drawn once every player has shuffled
                    self.s["stack"].append({"step": "owed-draw", "role": role,
                                            "count": count - drawn, "rule": rule})
                    break
                continue
            take = min(count - drawn, self.s["deck"]["left"])
            self.hand(role).extend(self.secrets.deal(MAIN, role, take))
            self.s["deck"]["left"] -= take
            drawn += take
        if drawn:
            self.say(f"{self.rname(role)} draws {drawn} card{'s' if drawn != 1 else ''}", rule)
        return drawn

    def deck_ran_out(self) -> bool:
        """The Main Deck is empty: shuffle the Discard Pile into a new one (true) or, the
        second time, end the game."""
        deck = self.s["deck"]
        deck["runs"] += 1
        if deck["runs"] >= self.data.rules.deck_runs_to_end:
            self.say("The Main Deck runs out for the second time: the game ends",
                     "win.deck.second")
            self.end_by_land_value("win.deck.second")
            return False
        pile = self.secrets.remaining(PILE) if self.s["discard"]["hidden"] else 0
        self.say(f"The Main Deck runs out: the Discard Pile ({pile} cards) is shuffled into a "
                 f"new Main Deck", "win.deck.first")
        if pile:
            self.secrets.reshuffle(PILE, MAIN)
        self.s["deck"]["left"] = pile
        self.s["discard"] = {"cards": [], "hidden": 0, "face_down": 0}
        if pile == 0:
            return self.deck_ran_out()
        return True

    def to_pile(self, card: str | None, handle: str | None) -> None:
        """A card goes to the Discard Pile: seen (``card``) or face down."""
        pile = self.s["discard"]
        if handle is not None and not handle.startswith(LORD):
            self.secrets.discard([handle], PILE)
            pile["hidden"] += 1
        if card is None:
            pile["face_down"] += 1
        elif self.record(card).id in self.data.characters and \
                self.data.characters[self.record(card).id].lord:
            self.s["aside"].append(card)  # a lord never joins the Main Deck (notes 25)
            pile["cards"].append(card)
        else:
            pile["cards"].append(card)

    # ------------------------------------------------------------------ lands

    def lands_of(self, role: str) -> list[str]:
        return [lid for lid, land in self.s["lands"].items() if land["owner"] == role]

    def land_value(self, role: str) -> int:
        return sum(self.data.lands[lid].value for lid in self.lands_of(role))

    def holders(self, land: str) -> list[str]:
        """The characters controlling ``land``."""
        return [cid for cid, c in self.s["characters"].items() if land in c["lands"]]

    def gain_land(self, role: str, land: str) -> None:
        self.s["clock"] += 1
        self.s["lands"][land] = {"owner": role, "since": self.s["clock"]}

    def lose_land(self, land: str) -> None:
        self.s["lands"][land] = {"owner": None, "since": 0}
        for c in self.s["characters"].values():
            if land in c["lands"]:
                c["lands"].remove(land)

    def end_by_land_value(self, rule: str) -> None:
        values = {role: self.land_value(role) for role in self.seats}
        best = max(values.values())
        winners = [r for r in self.seats if values[r] == best]
        self.s["result"] = {"winners": winners, "winner": winners[0] if len(winners) == 1
                            else None, "reason": rule, "land_values": values}
        self.say("Land values: " + ", ".join(f"{self.rname(r)} {v}" for r, v in values.items())
                 + f"; {' and '.join(self.rname(w) for w in winners)} win"
                 + ("s" if len(winners) == 1 else ""), rule)

    # ------------------------------------------------------------------ characters

    def chars(self) -> dict[str, dict[str, Any]]:
        return self.s["characters"]  # type: ignore[no-any-return]

    def char(self, cid: str) -> dict[str, Any]:
        return self.s["characters"][cid]  # type: ignore[no-any-return]

    def crec(self, cid: str) -> Character:
        rec = self.record(cid)
        assert isinstance(rec, Character)
        return rec

    def chars_of(self, role: str) -> list[str]:
        return [cid for cid, c in self.chars().items() if c["controller"] == role]

    def is_lord(self, cid: str) -> bool:
        return cid in self.s["lords"].values()

    def place_character(self, role: str, cid: str, handle: str | None,
                        land: str | None) -> None:
        self.s["characters"][cid] = {"controller": role, "owner": role, "handle": handle,
                                     "lands": [land] if land else [], "rotated": False,
                                     "artifacts": [], "held": None}

    def effects_on(self, cid: str) -> Iterable[tuple[str, Mapping[str, Any]]]:
        """The permanent effects that reach ``cid``: (where from, effect)."""
        entry = self.char(cid)
        rec = self.crec(cid)
        if rec.ability and rec.ability.use == "permanent":
            for e in rec.ability.effects:
                if e.get("to", "self") == "self":
                    yield cid, e
        for aid in entry["artifacts"]:
            art = self.record(aid)
            assert isinstance(art, Artifact)
            if art.ability and art.ability.use == "permanent":
                for e in art.ability.effects:
                    yield aid, e
        for other in self.chars_of(entry["controller"]):
            orec = self.crec(other)
            if other != cid and orec.ability and orec.ability.use == "permanent":
                for e in orec.ability.effects:
                    if e.get("to") == "others":
                        yield other, e

    def bonus(self, cid: str, stat: str, when: Iterable[str] = ()) -> int:
        moments = {"always", *when}
        return sum(int(e["amount"]) for _, e in self.effects_on(cid)
                   if e["kind"] == "bonus" and e["stat"] == stat and e["when"] in moments)

    def fighting_spirit(self, cid: str, when: Iterable[str] = ()) -> int:
        return self.crec(cid).fighting_spirit + self.bonus(cid, "fighting-spirit", when)

    def political_power(self, cid: str) -> int:
        return self.crec(cid).political_power + self.bonus(cid, "political-power")

    def hearts(self, cid: str) -> int:
        return self.crec(cid).hearts + self.bonus(cid, "hearts")

    def strategist(self, cid: str) -> bool:
        return self.crec(cid).strategist or any(
            e["kind"] == "strategist" for _, e in self.effects_on(cid))

    def leave_table(self, cid: str, to: str, rule: str) -> None:
        """A character leaves the table (``to``: ``pile`` or ``hand``) with its artifacts;
        what it held through an ending control goes back (card.diao-chan.release)."""
        entry = self.s["characters"].pop(cid)
        # to hand: its player's, the one it returns to when a control that can end ends
        controller = entry["owner"] if entry["held"] else entry["controller"]
        for aid in entry["artifacts"]:
            art = self.s["artifacts"].pop(aid)
            if to == "hand":
                self.return_to_hand(controller, aid, art["handle"])
            else:
                self.to_pile(aid, art["handle"])
        if to == "hand":
            self.return_to_hand(controller, cid, entry["handle"])
        else:
            self.to_pile(cid, entry["handle"])
            for role, lord in self.s["lords"].items():
                if lord == cid:
                    self.s["lords"][role] = None
                    self.s["lord_lost"][role] = True
                    self.say(f"{self.rname(role)} has lost their lord", "character.lord.appoint")
        self.release_held_by(cid, "holder-returns-to-hand" if to == "hand" else "holder-dies")
        if entry["held"] and to == "pile":
            holder = entry["held"]["by"]
            if holder in self.s["characters"]:
                self.char(holder)["rotated"] = True
                self.say(f"{self.cname(holder)} keeps her place, still turned",
                         "card.diao-chan.victim-dies")

    def return_to_hand(self, role: str, card: str, handle: str | None) -> None:
        if handle is None:
            self.hand(role).append(LORD + card)
        else:
            self.hand(role).append(handle)
            self.s["open_hand"][handle] = card

    def release_held_by(self, holder: str, why: str) -> None:
        for cid, entry in self.chars().items():
            held = entry["held"]
            if held and held["by"] == holder and why in held["ends"]:
                entry["held"] = None
                entry["controller"] = entry["owner"]
                entry["lands"] = []
                self.say(f"{self.cname(cid)} returns to {self.rname(entry['owner'])}",
                         "card.diao-chan.release")

    def change_controller(self, cid: str, role: str, held: dict[str, Any] | None) -> None:
        """``role`` takes ``cid`` (off its land, with its artifacts, artifact.follow)."""
        entry = self.char(cid)
        entry["controller"] = role
        entry["lands"] = []
        entry["held"] = held
        if held is None:
            entry["owner"] = role
