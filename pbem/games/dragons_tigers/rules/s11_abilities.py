"""Section 11, the characters' special abilities.

11.1 Cao Cao's Edict Seeking Talented Individuals and 11.2 Liu Bei's Three Visits (the
``abilities`` phase at the start of the Mandate phase), 11.3 the Oath of the Peach Garden
(in s10_events, with Family Restoration), 11.4 Three Generations of Sun Wu (the
``three-generations`` step the end of Rounds 2 and 4 pushes), 11.5 Zhang Lu's Five Pecks of
Rice rebellion (the ``rebellion`` phase), 11.6 Zuo Ci the Wizard (the ``wizard`` phase).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, phase, require
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.sides import enemy_player_areas
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import amount

EDICT_LIMIT = numbers().edict_free_retainers_below  # 11.1
EDICT_ON = numbers().edict_pull_on  # 11.1
THREE_VISITS_FROM = numbers().three_visits_from_round  # 11.2
THREE_VISITS_AREA = numbers().three_visits_area  # 11.2
SUN_WU_HOME = numbers().sun_wu_returns_in  # 11.4


@phase
class Abilities(Handler):
    """Abilities at the start of the Mandate phase, in the order 11.2 then 11.1."""

    name = "abilities"

    def run(self, t: Table, turn: Step) -> None:
        turn["phase"] = "rebellion"
        kid = turn["kingdom"]
        if (kid == "liu-bei" and t.warlord(kid) == "liu-bei"
                and t.where("liu-bei") == THREE_VISITS_AREA
                and t.s["round"] >= THREE_VISITS_FROM and not t.s["flags"]["zhuge_liang"]
                and t.where("zhuge-liang") == "aside"):
            t.s["flags"]["zhuge_liang"] = True
            t.char("zhuge-liang")["kingdom"] = "liu-bei"
            t.place_char("zhuge-liang", THREE_VISITS_AREA)
            t.news("Three Visits: Liu Bei 劉備 is in Xiangyang 襄陽; Zhuge Liang 諸葛亮 joins "
                   "him", "11.2")
        if kid == "cao-cao" and t.warlord(kid) == "cao-cao" and t.on_map("cao-cao"):
            free = [c for c, e in t.s["chars"].items() if e["kingdom"] == kid
                    and e["recruited"] and e["at"] not in ("pool", "dead", "out")]
            if len(free) < EDICT_LIMIT:
                die = t.roll("Cao Cao's edict seeking talent")
                if die <= EDICT_ON:
                    t.say(f"Edict Seeking Talented Individuals: Cao Cao 曹操 "
                          f"({amount(len(free), 'free retainer', 'free retainers')}) rolls "
                          f"{die}: he pulls a free retainer", "11.1")
                    t.push({"step": "event", "event": "recruit-retainer", "phase": "start",
                            "turn_kingdom": kid, "player": turn["player"]})
                else:
                    t.say(f"Edict Seeking Talented Individuals: Cao Cao 曹操 rolls {die}: "
                          f"nobody answers", "11.1")


@handler
class ThreeGenerations(Handler):
    """11.4 (at the end of Rounds 2 and 4): an eliminated Sun Wu returns in Jianye by the
    10.5 procedure, with Zhou Yu and 10 armies. Sun Wu's owner (the interrupted player if
    it is neutral) picks the other surviving retainer who comes back (rules-notes 62)."""

    name = "three-generations"

    def run(self, t: Table, step: Step) -> None:
        t.pop()
        owner = t.owner("sun-wu")
        chooser = owner if owner is not None else (t.s["interrupted"] or t.s["seats"][0])
        t.say("Three Generations of Sun Wu: the kingdom returns", "11.4")
        t.push({"step": "event", "event": "family-restoration", "phase": "retainer",
                "choice": SUN_WU_HOME, "kingdom": "sun-wu", "rule": "11.4",
                "turn_kingdom": None, "player": chooser})


@phase
class Rebellion(Handler):
    """11.5: Zhang Lu may raise the Five Pecks of Rice rebellion at the start of each of
    his Mandate phases, resolved as the Yellow Turbans (10.7)."""

    name = "rebellion"

    def possible(self, t: Table, turn: Step) -> bool:
        kid = turn["kingdom"]
        return (kid == "zhang-lu" and t.warlord(kid) == "zhang-lu" and t.on_map("zhang-lu")
                and bool(enemy_player_areas(t, kid, turn["player"])))

    def prompt(self, t: Table, turn: Step) -> Prompt | None:
        if not self.possible(t, turn):
            return None
        kid = turn["kingdom"]
        offers = [button("rebellion", f"Raise the rebellion in {t.aname(a)}", "11.5", area=a)
                  for a in enemy_player_areas(t, kid, turn["player"])]
        offers.append(button("no-rebellion", "No rebellion this turn", "11.5"))
        return ask(turn["player"], "rebellion", "Zhang Lu may raise the Five Pecks of Rice "
                   "rebellion (as the Yellow Turbans)", offers, "11.5")

    def act(self, t: Table, turn: Step, role: str, action: Mapping[str, Any]) -> None:
        turn["phase"] = "mandate"
        if action["do"] == "no-rebellion":
            return
        area = action["area"]
        require(area in enemy_player_areas(t, turn["kingdom"], turn["player"]),
                "the rebellion strikes an area an opposing player controls", "11.5")
        t.say("Five Pecks of Rice: Zhang Lu 張魯's followers rise", "11.5")
        t.push({"step": "event", "event": "yellow-turbans", "phase": "strike", "choice": area,
                "turn_kingdom": turn["kingdom"], "player": turn["player"]})

    def run(self, t: Table, turn: Step) -> None:
        turn["phase"] = "mandate"


@phase
class Wizard(Handler):
    """11.6(A): the warlord Zuo Ci serves rolls two dice for the Mandate and picks one."""

    name = "wizard"

    def run(self, t: Table, turn: Step) -> None:
        turn["mandate_dice"] = [t.roll("Mandate of Heaven (Zuo Ci, die 1 of 2)"),
                                t.roll("Mandate of Heaven (Zuo Ci, die 2 of 2)")]
        t.say(f"Zuo Ci 左慈 lets {t.kname(turn['kingdom'])} roll two dice: "
              f"{turn['mandate_dice'][0]} and {turn['mandate_dice'][1]}", "11.6(A)")

    def prompt(self, t: Table, turn: Step) -> Prompt | None:
        if not turn["mandate_dice"]:
            return None
        offers = []
        for die in sorted(set(turn["mandate_dice"])):
            direction = t.cat.mandate.directions[die]
            q, r = t.s["mandate"]
            target = t.cat.mandate.step(q, r, die)
            where = "off the display (ends the round)" if target is None else (
                t.cat.mandate.events[e].name if (e := t.cat.mandate.event_at(*target)) else
                "no event")
            offers.append(button("mandate-die", f"Use {die}: {direction.name}, {where}",
                                 "11.6(A)", die=die))
        return ask(turn["player"], "wizard", "Zuo Ci: choose which die moves the Mandate "
                   "marker", offers, "11.6(A)")

    def act(self, t: Table, turn: Step, role: str, action: Mapping[str, Any]) -> None:
        turn["mandate_dice"] = [action["die"]]
        turn["phase"] = "mandate"
