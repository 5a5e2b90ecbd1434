"""The text picture of a Chronicles position: the calendar and the open exchange, each
realm's treasury and forces, and the 20 territories with their areas as a readable map.
Reconstructed data is marked ``*`` (docs/chronicles-data.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import inner_seals
from pbem.games.chronicles import counters, hand, objects
from pbem.games.chronicles.board import Board, units_total
from pbem.games.chronicles.rules import parts
from pbem.games.chronicles.wording import counted
from pbem.hidden import SECRETS_KEY

UNIT_SHORT = {"infantry": "inf", "cavalry-1": "cav1", "cavalry-2": "cav2", "naval-1": "nav1",
              "naval-2": "nav2"}


def units_text(units: dict[str, int]) -> str:
    shown = [f"{n} {UNIT_SHORT.get(k, k)}" for k, n in units.items() if n]
    return ", ".join(shown) if shown else "no units"


def header(b: Board) -> list[str]:
    lines = [f"{b.when()} (round {b.round})"]
    result = b.s.get("result")
    if result is not None:
        winner = result.get("winner")
        lines.append(f"Game over: {b.name(winner) if winner else 'nobody'} wins "
                     f"({result.get('why', '')})")
        return lines
    ex = b.s.get("exchange")
    if ex:
        given = [b.name(r) for r in ex["asked"] if r in ex["given"]]
        left = [b.name(r) for r in ex["asked"] if r not in ex["given"]]
        lines.append(f"Asked now: {', '.join(left)}" + (f" (answered: {', '.join(given)})"
                                                        if given else ""))
    return lines


def card_lines(b: Board, role: str, viewer: str | None) -> list[str]:
    """``role``'s red cards as ``viewer`` may read them: his own by name and entry (an
    entry he cannot read yet as such), another's face-up cards by name and the rest as a
    number."""
    shown, down = [], 0
    for entry in hand.entries(b, role):
        card = hand.seen(b, entry, b.known) if role == viewer else hand.face(b, entry)
        if card is not None:
            name = b.data.stratagems[card].name
            shown.append(name if entry == card else f"{name} ({entry})")
        elif role == viewer:
            shown.append(f"{entry} (not readable yet)")
        else:
            down += 1
    shown += [f"{down} face down"] if down else []
    return [f"  red cards: {', '.join(shown)}"] if shown else []


def counter_lines(b: Board, role: str, viewer: str | None) -> list[str]:
    """``role``'s action counters as ``viewer`` may read them: his own by action and entry,
    another's face-up ones by action and the rest as a number."""
    return _held_lines("action counters", counters.view(b, role, viewer, b.known), "action",
                       b.data.actions, role == viewer)


def object_lines(b: Board, role: str, viewer: str | None) -> list[str]:
    """``role``'s objects as ``viewer`` may read them: her own by name and entry, another's
    face-up ones by name and the rest as a number."""
    return _held_lines("objects", objects.view(b, role, viewer, b.known), "object",
                       b.data.objects, role == viewer)


def _held_lines(label: str, items: list[dict[str, Any]], word: str,
                records: Mapping[str, Any], own: bool) -> list[str]:
    """One line of what a realm holds: each entry read by its name (and entry), one of
    the viewer's own not readable yet as such, the others' face-down ones as a number."""
    shown, down = [], 0
    for item in items:
        entry, held = item["entry"], item[word]
        if held is not None:
            name = records[held].name
            shown.append(name if entry == held else f"{name} ({entry})")
        elif own:
            shown.append(f"{entry} (not readable yet)")
        else:
            down += 1
    shown += [f"{down} face down"] if down else []
    return [f"  {label}: {', '.join(shown)}"] if shown else []


def realm_lines(b: Board, role: str) -> list[str]:
    realm = b.realm(role)
    generals = b.generals_of(role)
    lines = [f"{b.name(role)}: {realm['gold']} gold, Influence {realm['influence']}, "
             f"{units_text(realm['units'])}",
             f"  generals ({len(generals)}): " + ", ".join(b.name(g) for g in generals)]
    lines += parts.describe(b, role)
    held = [counted(len(realm['cards']), "stratagem card"),
            counted(len(realm['objects']), "object"),
            counted(len(realm['counters']), "action counter")]
    lines.append("  holds " + ", ".join(held))
    return lines


def territory_line(b: Board, tid: str) -> str:
    territory = b.territory(tid)
    land = b.s["lands"][tid]
    mark = "*" if territory.is_reconstructed else ""
    parts = []
    for area in territory.areas:
        facts = b.s["areas"][area.id]
        holder = facts["holder"]
        who = b.name(holder) if holder else "empty"
        armies = facts.get("armies")
        extra = f", {counted(units_total(armies), 'unit')}" if isinstance(armies, dict) else ""
        parts.append(f"{area.name} ({who}, def {facts['defence']}{extra})")
    return (f"{territory.number:>2} {territory.name}{mark} [land {land['land_value']}, "
            f"flood {land['flood_prevention']}]: " + "; ".join(parts))


def force_text(b: Board, force: Mapping[str, Any]) -> str:
    """One placement as everyone sees it: its shape while face down (and, to its writer,
    what she sealed in it), else what it sent."""
    side = force["side"] + (f" for {b.name(force['helps'])}" if force.get("helps") else "")
    if "sealed" in force:
        shape = f"{b.name(force['who'])} ({side}): " \
                f"{counted(force['shown_generals'], 'general')}, face down"
        mine = own_sealed(b, force)
        if mine is None:
            return shape
        gold = int(mine.get("gold") or 0)
        return f"{shape}; you sent {_sent(b, mine)}" + (f", {gold} gold" if gold else "")
    return f"{b.name(force['who'])} ({side}): {_sent(b, force)}"


def _sent(b: Board, force: Mapping[str, Any]) -> str:
    gens = ", ".join(b.name(g) for g in force.get("generals") or []) or "no general"
    return f"{gens}; {units_text(dict(force.get('units') or {}))}"


def own_sealed(b: Board, force: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The placement a face-down force stands for, when the viewer sealed it herself."""
    value = inner_seals.read_in(b.known, force["who"], force["sealed"].get("inner"))
    entries = (value or {}).get("muster") or []
    index = force["sealed"].get("entry")
    entry = entries[index] if isinstance(index, int) and 0 <= index < len(entries) else None
    return entry if isinstance(entry, Mapping) else None


def battle_lines(b: Board) -> list[str]:
    """The battles waiting to be fought this round, with every placement in them."""
    waiting = [x for x in (b.s.get("round") or {}).get("battles", [])
               if x["status"] in ("pending", "carried")]
    if not waiting:
        return []
    lines = ["", "Battles this round:"]
    for x in waiting:
        holder = b.holder(x["area"])
        lines.append(f"  {b.area(x['area']).name} ({b.name(holder) if holder else 'empty'})"
                     f": {b.name(x['invader'])} invades")
        lines += [f"    {force_text(b, f)}" for f in x["forces"]]
    return lines


def position(state: dict[str, Any], role: str | None = None,
             known: Mapping[str, str] | None = None) -> str:
    b = Board(state, known=known)
    lines = [*header(b), ""]
    for seat in b.seats:
        lines += realm_lines(b, seat) + card_lines(b, seat, role) + \
            counter_lines(b, seat, role) + object_lines(b, seat, role)
    lines += battle_lines(b)
    lines += ["", "Territories (* reconstructed):"]
    lines += [territory_line(b, tid) for tid in b.data.territories]
    return "\n".join(lines)


def view(state: dict[str, Any], role: str | None, known: Mapping[str, str]) -> dict[str, Any]:
    """The position as ``role`` may see it (the module's ``view``): the engine's secrets
    left out, every hand a list of ``{entry, card}`` (``card`` null when the viewer may
    not read it), every realm's action counters a list of ``{entry, action}`` (``action``
    null likewise), its objects a list of ``{entry, object}`` (``object`` null likewise)."""
    b = Board(state, known=known)
    realms = {}
    for seat, realm in state["realms"].items():
        cards = []
        for entry in hand.entries(b, seat):
            card = hand.seen(b, entry, known) if seat == role else hand.face(b, entry)
            cards.append({"entry": entry, "card": card})
        realms[seat] = {**realm, "cards": cards,
                        "counters": counters.view(b, seat, role, known),
                        "objects": objects.view(b, seat, role, known)}
    calendar = state["calendar"]
    first, last = int(b.data.rule("start-year")), int(b.data.rule("end-year"))
    public = {k: v for k, v in state.items() if k not in (SECRETS_KEY, hand.OPEN)}
    return {**public, "realms": realms, "round": calendar["round"],
            "rounds": (last - first + 1) * 4, "this_round": state["round"],
            "stage": f"{calendar['season'].capitalize()} {calendar['year']}"}
