"""The events of characters: 10.1 Retainer Dies, 10.2 Recruit Retainer, 10.4 Emperor
Xian Flees, 10.9 Assassinate Retainer."""

from __future__ import annotations

from pbem.games.dragons_tigers.flow import Step
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.rules.s10_events.common import choose, ratings
from pbem.games.dragons_tigers.table import Table

ASSASSINATION_ON = numbers().assassination_on


def retainer_candidates(t: Table, kid: str) -> list[str]:
    """10.1(B): retainers serving ``kid`` (on the map, or Zuo Ci at court)."""
    return [cid for cid, e in t.s["chars"].items() if e["kingdom"] == kid
            and t.c(cid).rank == "retainer" and (e["at"] not in ("pool", "dead", "aside", "out"))]


def retainer_dies(t: Table, step: Step) -> None:
    """10.1: a kingdom of the row rolled loses a retainer, chosen by its owner."""
    phase = step["phase"]
    if phase == "start":
        die = t.roll("Retainer Dies: which row of the table")
        row = t.cat.tables.retainer_death[die]
        kids = [k for k in row if t.in_play(k)]
        t.say(f"Rolls {die}: " + ", ".join(t.kname(k) for k in row), "10.1(A)")
        if not any(retainer_candidates(t, k) for k in kids):
            t.say("None of them has a retainer: no effect", "10.1(A)")
            t.pop()
            return
        # any kingdom of the row, even one without a retainer (rules-notes 52)
        choose(t, step, [(k, t.kname(k)) for k in kids],
                     "choose the kingdom that loses a retainer", "choose-kingdom", "kingdom",
                     "10.1(A)", "retainer")
    elif phase == "retainer":
        kid = step["choice"]
        owner = t.owner(kid)
        chooser = owner if owner is not None else step["player"]
        options = retainer_candidates(t, kid)
        if not options:
            t.say(f"{t.kname(kid)} has no retainer: no effect", "10.1(A)")
            t.pop()
            return
        weakest = min(options, key=lambda c: (ratings(t, c), c))
        choose(t, step, [(c, t.cname(c)) for c in options],
                     f"choose which retainer of {t.cat.kingdoms[kid].name} dies",
                     "choose-retainer", "character", "10.1(B)", "kill", chooser=chooser,
                     order="retainer_death" if owner is not None else None, default=weakest)
    elif phase == "kill":
        cid = step["choice"]
        if t.c(cid).wizard:
            t.news(f"{t.cname(cid)} cannot die: he returns to the free retainer pool",
                   "11.6(E)")
        else:
            t.news(f"{t.cname(cid)} dies", "10.1(B)")
        t.kill(cid)
        t.pop()


def recruit_retainer(t: Table, step: Step) -> None:
    """10.2: a free retainer joins the active kingdom, placed with its armies."""
    if step["phase"] == "start":
        cid = draw_free_retainer(t, step["turn_kingdom"], "10.2(A)")
        if cid is None:
            t.pop()
            return
        step["recruit"] = cid
        if t.c(cid).wizard:
            t.pop()
            return
        places = placement_areas(t, step["turn_kingdom"])
        choose(t, step, [(a, t.aname(a)) for a in places],
                     f"choose where {t.c(cid).name} joins your armies", "place", "area",
                     "10.2(B)", "place")
    else:
        place_recruit(t, step["recruit"], step["choice"], "10.2(B)")
        t.pop()


def emperor_flees(t: Table, step: Step) -> None:
    """10.4: Emperor Xian leaves his player for the next one (for a random player when
    no player holds him), who places him with one of their warlords."""
    if step["phase"] == "start":
        holder = t.emperor_holder()
        owner = t.owner(holder) if holder else None
        players = t.players_in_game()
        if owner is not None:
            receiver = t.next_seat(owner)
            t.say(f"The Emperor leaves {t.rname(owner)} for {t.rname(receiver)}", "10.4")
        else:
            if not players:
                t.pop()
                return
            receiver = players[t.dice.draw(len(players), "Emperor Xian flees: to which "
                                                         "player") - 1]
            t.say(f"No player holds the Emperor: he flees to {t.rname(receiver)}, "
                  f"chosen at random", "10.4")
        warlords = flee_targets(t, receiver)
        if not warlords:
            t.say(f"{t.rname(receiver)} has no warlord on the map: he stays", "10.4")
            t.pop()
            return
        choose(t, step, [(c, f"{t.cname(c)} in {t.aname(str(t.where(c)))}")
                               for c in warlords],
                     "choose the warlord Emperor Xian joins", "place-emperor", "character",
                     "10.4", "place", chooser=receiver, order="emperor",
                     default=emperor_host(t, receiver, warlords))
    else:
        area = t.where(step["choice"])
        t.s["emperor"] = area
        t.keep_emperor(None)
        t.s["flags"]["emperor_fled"] = True  # 9(C)
        t.news(f"Emperor Xian is placed with {t.cname(step['choice'])} in "
               f"{t.aname(str(area))}", "10.4")
        t.pop()


def assassinate_retainer(t: Table, step: Step) -> None:
    """10.9: a retainer of another kingdom is targeted; a low roll kills."""
    kid = step["turn_kingdom"]
    if step["phase"] == "start":
        targets = [c for c, e in t.s["chars"].items() if e["kingdom"] not in (None, kid)
                   and t.c(c).rank == "retainer" and (t.on_map(c) or e["at"] == "court")]
        if not targets:
            t.say("No retainer to target: no effect", "10.9(A)")
            t.pop()
            return
        targets.sort(key=lambda c: (list(t.s["kingdoms"]).index(t.char(c)["kingdom"]), c))
        choose(t, step, [(c, f"{t.cname(c)} of "
                                   f"{t.cat.kingdoms[t.char(c)['kingdom']].name}")
                               for c in targets],
                     "choose the retainer to assassinate", "assassinate", "character",
                     "10.9(A)", "strike")
    else:
        cid = step["choice"]
        die = t.roll(f"assassination of {t.c(cid).name}")
        if die <= ASSASSINATION_ON and t.c(cid).wizard:
            t.news(f"Rolls {die}: {t.cname(cid)} cannot die: he returns to the free "
                   f"retainer pool", "11.6(E)")
            t.kill(cid)
        elif die <= ASSASSINATION_ON:
            t.news(f"Rolls {die}: {t.cname(cid)} is assassinated", "10.9(B)")
            t.kill(cid)
        else:
            t.say(f"Rolls {die}: {t.cname(cid)} survives", "10.9(B)")
        t.pop()


def emperor_host(t: Table, role: str, warlords: list[str]) -> str:
    """The standing order ``emperor: capital``: a warlord standing in Luoyang, Chang'an or
    Xuchang (where the Imperial Decree can be used, 9(B)), else the one with most of the
    player's armies around him; the first listed on a tie."""
    def armies(cid: str) -> int:
        area = str(t.where(cid))
        return sum(t.armies(area, k) for k in t.kingdoms_of(role))
    capitals = numbers().decree_areas
    return max(warlords, key=lambda c: (t.where(c) in capitals, armies(c),
                                        -warlords.index(c)))


def flee_targets(t: Table, role: str) -> list[str]:
    """10.4: warlords of ``role``'s kingdoms on the map, with whom he may be placed."""
    out = []
    for kid in t.kingdoms_of(role):
        warlord = t.warlord(kid)
        if warlord and t.on_map(warlord):
            out.append(warlord)
    return out


def placement_areas(t: Table, kid: str) -> list[str]:
    """10.2(B): where a recruit may be placed: with the kingdom's armies, or
    else with its warlord."""
    areas = t.areas_with_armies(kid)
    if areas:
        order = list(t.cat.areas)
        return sorted(areas, key=order.index)
    warlord = t.warlord(kid)
    return [str(t.where(warlord))] if warlord and t.on_map(warlord) else []


def draw_free_retainer(t: Table, kid: str, rule: str) -> str | None:
    """10.2(A)/(C): a random free retainer joins ``kid``; an empty pool is refilled from
    the dead first."""
    pool = sorted(c for c, e in t.s["chars"].items() if e["at"] == "pool")
    if not pool:
        dead = sorted(c for c, e in t.s["chars"].items() if e["at"] == "dead")
        if not dead:
            t.say("The free retainer pool and the dead pile are empty: no effect", "10.2(C)")
            return None
        for cid in dead:
            t.char(cid)["at"] = "pool"
            t.char(cid)["kingdom"] = None
        t.say("The free retainer pool is empty: the dead retainers return to it", "10.2(C)")
        pool = dead
    cid = pool[t.dice.draw(len(pool), "free retainer pull") - 1]
    entry = t.char(cid)
    entry["kingdom"] = kid
    entry["recruited"] = True
    if t.c(cid).wizard:
        entry["at"] = "court"
        t.say(f"{t.cname(cid)} joins {t.kname(kid)}; he stays off the map", "11.6(C)")
        return cid
    places = placement_areas(t, kid)
    if not places:
        entry["at"] = "pool"
        entry["kingdom"] = None
        entry["recruited"] = False
        t.say(f"{t.cname(cid)} finds no army of {t.kname(kid)} to join and goes back", rule)
        return None
    entry["at"] = "aside"
    t.say(f"{t.cname(cid)} joins {t.kname(kid)}", rule)
    return cid


def place_recruit(t: Table, cid: str, area: str, rule: str) -> None:
    """10.2(B): the recruit joins the kingdom's pieces in ``area``."""
    t.place_char(cid, area)
    t.say(f"{t.cname(cid)} is placed in {t.aname(area)}", rule)
