"""Section 11, the characters' special abilities.

11.1 Cao Cao's Edict Seeking Talented Individuals, 11.2 Liu Bei's Three Visits, 11.3 the
Oath of the Peach Garden (in s10_events.restore), 11.4 Three Generations of Sun Wu (called
by s04_round_end at the end of Rounds 2 and 4), 11.5 Zhang Lu's Five Pecks of Rice rebellion,
11.6 Zuo Ci the Wizard.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers.flow import ask, button, require
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.rules import s10_events
from pbem.games.dragons_tigers.table import Table

Step = dict[str, Any]
EDICT_LIMIT = numbers().edict_free_retainers_below  # 11.1
EDICT_ON = numbers().edict_pull_on  # 11.1
THREE_VISITS_FROM = numbers().three_visits_from_round  # 11.2
THREE_VISITS_AREA = numbers().three_visits_area  # 11.2
SUN_WU_HOME = numbers().sun_wu_returns_in  # 11.4


def start_of_mandate(t: Table, turn: Step) -> None:
    """Abilities at the start of the Mandate phase, in the order 11.2 then 11.1."""
    kid = turn["kingdom"]
    if (kid == "liu-bei" and t.warlord(kid) == "liu-bei" and t.where("liu-bei") == THREE_VISITS_AREA
            and t.s["round"] >= THREE_VISITS_FROM and not t.s["flags"]["zhuge_liang"]
            and t.where("zhuge-liang") == "aside"):
        t.s["flags"]["zhuge_liang"] = True
        t.char("zhuge-liang")["kingdom"] = "liu-bei"
        t.place_char("zhuge-liang", THREE_VISITS_AREA)
        t.say("Three Visits: Liu Bei 劉備 is in Xiangyang 襄陽; Zhuge Liang 諸葛亮 joins him",
              "11.2")
    if kid == "cao-cao" and t.warlord(kid) == "cao-cao" and t.on_map("cao-cao"):
        free = [c for c, e in t.s["chars"].items() if e["kingdom"] == kid and e["recruited"]
                and e["at"] not in ("pool", "dead", "out")]
        if len(free) < EDICT_LIMIT:
            die = t.roll("Cao Cao's edict seeking talent")
            if die <= EDICT_ON:
                t.say(f"Edict Seeking Talented Individuals: Cao Cao 曹操 ({len(free)} free "
                      f"retainers) rolls {die}: he pulls a free retainer", "11.1")
                t.push({"step": "event", "event": "recruit-retainer", "phase": "start",
                        "turn_kingdom": kid, "player": turn["player"]})
            else:
                t.say(f"Edict Seeking Talented Individuals: Cao Cao 曹操 rolls {die}: nobody "
                      f"answers", "11.1")


def three_generations(t: Table) -> None:
    """11.4 (at the end of Rounds 2 and 4): an eliminated Sun Wu returns in Jianye by the
    10.5 procedure, with Zhou Yu and 10 armies. Sun Wu's owner (the interrupted player if
    it is neutral) picks the other surviving retainer who comes back (rules-notes 62)."""
    owner = t.owner("sun-wu")
    chooser = owner if owner is not None else (t.s["interrupted"] or t.s["seats"][0])
    t.say("Three Generations of Sun Wu: the kingdom returns", "11.4")
    t.push({"step": "event", "event": "family-restoration", "phase": "retainer",
            "choice": SUN_WU_HOME, "kingdom": "sun-wu", "rule": s10_events.THREE_GENERATIONS,
            "turn_kingdom": None, "player": chooser})


def rebellion_possible(t: Table, turn: Step) -> bool:
    kid = turn["kingdom"]
    return (kid == "zhang-lu" and t.warlord(kid) == "zhang-lu" and t.on_map("zhang-lu")
            and bool(s10_events.uprising_targets(t, kid)))


def rebellion_prompt(t: Table, turn: Step) -> Prompt:
    kid = turn["kingdom"]
    offers = [button("rebellion", f"Raise the rebellion in {t.aname(a)}", "11.5", area=a)
              for a in s10_events.uprising_targets(t, kid)]
    offers.append(button("no-rebellion", "No rebellion this turn", "11.5"))
    return ask(turn["player"], "rebellion", "Zhang Lu may raise the Five Pecks of Rice "
               "rebellion (as the Yellow Turbans)", offers, "11.5")


def rebellion_act(t: Table, turn: Step, action: Mapping[str, Any]) -> None:
    turn["phase"] = "mandate"
    if action["do"] == "no-rebellion":
        return
    area = action["area"]
    require(area in s10_events.uprising_targets(t, turn["kingdom"]),
            "the rebellion strikes an area an opposing player controls", "11.5")
    t.say("Five Pecks of Rice: Zhang Lu 張魯's followers rise", "11.5")
    t.push({"step": "event", "event": "yellow-turbans", "phase": "strike", "choice": area,
            "turn_kingdom": turn["kingdom"], "player": turn["player"]})


def has_wizard(t: Table, kid: str) -> bool:
    """11.6(A): Zuo Ci serves this kingdom (he is never on the map, 11.6(C))."""
    entry = t.s["chars"].get("zuo-ci")
    return bool(entry) and entry["kingdom"] == kid and entry["at"] == "court"


def wizard_prompt(t: Table, turn: Step) -> Prompt:
    dice = sorted(set(turn["mandate_dice"]))
    offers = []
    for die in dice:
        direction = t.cat.mandate.directions[die]
        q, r = t.s["mandate"]
        target = t.cat.mandate.step(q, r, die)
        where = "off the display (ends the round)" if target is None else (
            t.cat.mandate.events[e].name if (e := t.cat.mandate.event_at(*target)) else
            "no event")
        offers.append(button("mandate-die", f"Use {die}: {direction.name}, {where}", "11.6(A)",
                             die=die))
    return ask(turn["player"], "wizard", "Zuo Ci: choose which die moves the Mandate marker",
               offers, "11.6(A)")


def wizard_act(t: Table, turn: Step, action: Mapping[str, Any]) -> None:
    from pbem.games.dragons_tigers.rules.s04_turns import move_mandate

    move_mandate(t, turn, action["die"])
