"""The rules' view of a Chronicles position: state, data, dice and log, for one call.

State layout (plain data, what a save holds):

* ``data`` (data-set hash or null); ``seats``: the leaders played by people, in the order
  of the game's players list (a role is its leader's id);
* ``calendar``: ``year``, ``season`` (spring...winter), ``round`` (1 for Spring 196);
* ``realms``: role -> ``gold``, ``influence``, ``units`` (army kind -> units in the pool),
  ``cards`` (red cards held, oldest first: hand entries, :mod:`.hand`), ``objects``
  (handles of the hidden deck ``objects`` in a game, :mod:`.objects`; plain object ids in
  a position built by hand or by a scenario naming the objects), ``counters`` (action
  counters for this round: handles of the round's hidden action deck in a game,
  :mod:`.counters`; plain ids in a position built by hand), ``taxed`` (round of the last
  special tax or null), ``leader`` (the general leading the realm: Sun Quan after Sun
  Ce's death),
  ``exile`` (null, or ``{host, area}``), ``loans`` (``{from, kind, amount, due}``),
  ``decree_paid`` (the Secret Blood Decree's Influence already lost once, or never due
  since Cao Cao attacked him first); ``parts`` (only while the realm is cut in two,
  rules/parts.py): the groups other than the main one, each ``{territories, gold, units,
  generals}``; the realm's own gold, units and unlisted generals are the main group's;
* ``relations``: holder -> other leader -> level (the holder's own table; non-humans
  included as columns; Ma Teng has none);
* ``areas``: area -> ``holder`` (a role, a non-human's id or null), ``defence`` (its
  defensive value now), ``armies`` (a non-human's rolled units there, or null);
* ``lands``: territory id -> ``land_value``, ``flood_prevention``;
* ``generals``: general -> ``employer`` (a role, a non-human's id, ``free``), ``status``
  (``ready``, ``undiscovered``, ``free``, ``captive``, ``injured``, ``dead``,
  ``removed``), ``at`` (an area, for a free general found on the map, a general on an
  action or in battle; null in his realm's pool), ``captor``, ``healed`` (round he is
  back), ``task`` (``action:<n>`` or ``battle:<id>`` this round, else null), ``guest``
  (made on first use: the area an X-loyalty leader found by a search stays on, 15.0 point 4);
* ``non_human``: id -> ``active``, ``objects`` (objects lying with him);
* ``pile``: ``draw`` (player cards left, ids: the black ones when the red cards are the
  hidden deck ``red``), ``discard`` (cards seen going there), ``removed``, ``red_pile``
  and ``red_down`` (red cards discarded, and of them face down, in a hidden-deck game);
* ``open_cards`` (made on first use): hand entry -> card, for red cards, action counters
  and objects turned face up;
* ``supply``: ``actions`` (action counters for the draws, ids; empty when they are the
  hidden decks), ``objects`` (free objects, ids; empty when they are the hidden deck),
  ``used`` (objects used this round, face up, back after the next draws), ``dealt`` (in a
  game: the handles dealt from this round's action deck, gathered at the next draws);
* ``bad_luck``: the numbers still in the cup (drawn ones are put back, notes 50);
* ``round``: this round's facts: ``orders`` (role -> season order taken), ``actions``
  (placed actions), ``battles``, ``effects`` (events in force: tun tian, manpower...);
* ``lasting`` (made on first use): events in force beyond their round, by event id:
  ``secret-blood-decree`` and ``fake-emperor-yuan-shu`` -> ``{since, target, ...}``
  (rules/events.py; the fake emperor's entry is removed when it ends);
* ``exchange``: the open sealed question: ``kind`` (season, muster), ``number`` (1-3),
  ``asked`` (roles in the round seat order), ``given`` (role -> answer);
* ``orders`` (standing orders), ``result`` (null until the game ends).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pbem.engine import Log
from pbem.errors import IllegalAction
from pbem.games.chronicles import dataset
from pbem.games.chronicles.catalog import ChroniclesData
from pbem.games.chronicles.records import FREE, SEASONS, Area, General, Territory

INFLUENCE_AT_NINE = "s14.dr.nine"


class Board:
    """One Chronicles position under the rules, for the length of one call."""

    def __init__(self, state: dict[str, Any], dice: Any = None, log: Log | None = None,
                 secrets: Any = None, known: Mapping[str, str] | None = None) -> None:
        self.s = state
        self.data: ChroniclesData = dataset.get(state.get("data"))
        self._dice = dice
        self.log = log if log is not None else Log()
        self.secrets = secrets  # pbem.hidden.Secrets, inside start and apply
        self.known: Mapping[str, str] = known or {}  # what the viewer reads of the handles

    # ------------------------------------------------------------------ dice and log

    def roll(self, purpose: str) -> int:
        """One die, 1-6, logged with what it decides."""
        if self._dice is None:  # pragma: no cover - dice are drawn inside apply
            raise RuntimeError("no dice outside an action")
        return int(self._dice.roll(purpose))

    def roll2(self, purpose: str) -> int:
        """Two dice added (2-12)."""
        return self.roll(purpose + " (die 1)") + self.roll(purpose + " (die 2)")

    def pick(self, items: list[Any], purpose: str) -> Any:
        """One of ``items`` chosen by the dice (``items`` non-empty)."""
        if not items:
            raise ValueError("nothing to pick from")
        if len(items) == 1:
            return items[0]
        return items[int(self._dice.draw(len(items), purpose)) - 1]

    def note(self, text: str, rule: str | None = None) -> None:
        self.log.add(text, rule)

    # ------------------------------------------------------------------ calendar

    @property
    def year(self) -> int:
        return int(self.s["calendar"]["year"])

    @property
    def season(self) -> str:
        return str(self.s["calendar"]["season"])

    @property
    def round(self) -> int:
        return int(self.s["calendar"]["round"])

    def when(self) -> str:
        return f"{self.season.capitalize()} {self.year}"

    def next_season(self) -> tuple[int, str]:
        index = SEASONS.index(self.season)
        if index == len(SEASONS) - 1:
            return self.year + 1, SEASONS[0]
        return self.year, SEASONS[index + 1]

    # ------------------------------------------------------------------ who is who

    @property
    def seats(self) -> list[str]:
        return list(self.s["seats"])

    def round_order(self) -> list[str]:
        """The round seat order (notes 2): seats from ((round - 1) mod N) + 1 on."""
        seats = self.seats
        first = (self.round - 1) % len(seats)
        return seats[first:] + seats[:first]

    def is_human(self, who: str | None) -> bool:
        return who in self.s["realms"]

    def is_non_human(self, who: str | None) -> bool:
        return who is not None and bool(self.s["non_human"].get(who, {}).get("active"))

    def name(self, who: str | None) -> str:
        """A leader's, a non-human's, a general's name, or a black card's (the raiders of a
        disaster or an event fight under their card's name)."""
        if who is None:
            return "nobody"
        if who == FREE:
            return "no one"
        for section in ("leaders", "generals", "disasters", "events"):
            record = getattr(self.data, section).get(who)
            if record is not None:
                return str(record.name)
        if who.startswith("territory-"):
            return f"the lord of territory {who.removeprefix('territory-')}"
        return who

    def realm(self, role: str) -> dict[str, Any]:
        try:
            return self.s["realms"][role]
        except KeyError:
            raise IllegalAction(f"{role!r} is not a leader in this game") from None

    # ------------------------------------------------------------------ the map

    def territory(self, tid: str) -> Territory:
        return self.data.territories[tid]

    def territory_of(self, area: str) -> Territory:
        return self.data.area(area)[0]

    def area(self, area: str) -> Area:
        return self.data.area(area)[1]

    def holder(self, area: str) -> str | None:
        return self.s["areas"][area]["holder"]

    def areas_of(self, who: str) -> list[str]:
        """The areas ``who`` holds, in the data's order."""
        return [a for a, facts in self.s["areas"].items() if facts["holder"] == who]

    def holds_whole(self, who: str, tid: str) -> bool:
        """Does ``who`` hold every area of territory ``tid`` (2.1)?"""
        return all(self.holder(a) == who for a in self.territory(tid).area_ids())

    def territories_touched(self, who: str) -> list[str]:
        """Territories where ``who`` holds at least one area, in the data's order."""
        return [t.id for t in self.data.territories.values()
                if any(self.holder(a) == who for a in t.area_ids())]

    def neighbours(self, tid: str) -> list[str]:
        """Territories sharing a border with ``tid``, by id."""
        number = self.territory(tid).number
        return [self.data.territory(n).id for n in self.data.neighbours(number)]

    # ------------------------------------------------------------------ generals

    def general(self, gid: str) -> General:
        try:
            return self.data.generals[gid]
        except KeyError:
            raise IllegalAction(f"there is no general {gid!r}") from None

    def general_state(self, gid: str) -> dict[str, Any]:
        return self.s["generals"][gid]

    def generals_of(self, who: str, status: Iterable[str] = ("ready",)) -> list[str]:
        wanted = set(status)
        return [g for g, facts in self.s["generals"].items()
                if facts["employer"] == who and facts["status"] in wanted]

    # ------------------------------------------------------------------ gold

    def gold(self, role: str) -> int:
        return int(self.realm(role)["gold"])

    def pay(self, role: str, amount: int, why: str, rule: str | None = None) -> None:
        """Take ``amount`` gold from ``role``; refused (nothing changes) if he lacks it."""
        if amount < 0:
            raise ValueError("a payment is not negative")
        if self.gold(role) < amount:
            raise IllegalAction(f"{self.name(role)} has {self.gold(role)} gold, not the "
                                f"{amount} {why} costs", rule)
        self.realm(role)["gold"] -= amount

    def earn(self, role: str, amount: int) -> None:
        self.realm(role)["gold"] += amount

    # ------------------------------------------------------------------ standing

    def relation(self, holder: str, other: str) -> int:
        """``holder``'s level toward ``other`` on his table (0 when he has no table)."""
        return int(self.s["relations"].get(holder, {}).get(other, 0))

    def shift_relation(self, holder: str, other: str, delta: int, why: str,
                       rule: str | None = None, both: bool = False) -> None:
        """Move ``holder``'s level toward ``other`` by ``delta`` (kept within the table's
        range); with ``both``, ``other``'s level toward ``holder`` too. Reaching 9 gains a
        human 1 Influence, dropping back below 9 loses it (14.0)."""
        pairs = [(holder, other)] + ([(other, holder)] if both else [])
        low, high = self.data.rule("relation-range")
        for a, b in pairs:
            table = self.s["relations"].get(a)
            if table is None or b not in table:
                continue
            before = int(table[b])
            after = max(low, min(high, before + delta))
            if after == before:
                continue
            table[b] = after
            self.note(f"{self.name(a)}'s relations with {self.name(b)}: {before} -> {after} "
                      f"({why})", rule)
            if self.is_human(a) and before < high <= after:
                self.shift_influence(a, 1, f"relations with {self.name(b)} reach {high}",
                                     INFLUENCE_AT_NINE)
            elif self.is_human(a) and after < high <= before:
                self.shift_influence(a, -1, f"relations with {self.name(b)} fall below "
                                     f"{high}", INFLUENCE_AT_NINE)

    def influence(self, role: str) -> int:
        return int(self.realm(role)["influence"])

    def shift_influence(self, role: str, delta: int, why: str, rule: str | None = None) -> None:
        if not self.is_human(role) or delta == 0:
            return
        realm = self.realm(role)
        realm["influence"] += delta
        sign = "+" if delta > 0 else ""
        self.note(f"{self.name(role)} Influence {sign}{delta} ({why}): {realm['influence']}",
                  rule)

    # ------------------------------------------------------------------ round facts

    @property
    def this_round(self) -> dict[str, Any]:
        return self.s["round"]

    def effect(self, name: str) -> Any:
        """An event's effect in force this round (``tun-tian``: the drawer; ...)."""
        return self.s["round"]["effects"].get(name)


def units_total(units: Mapping[str, int]) -> int:
    return sum(int(n) for n in units.values())
