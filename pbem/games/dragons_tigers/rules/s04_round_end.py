"""4.8 End of Round: new warlords, succession, relocation of allies, main kingdoms.

4.8.1 at the end of Round 1 Dong Zhuo becomes Li Jue and Lü Bu's kingdom enters Xuzhou;
4.8.2 Liu Yan becomes Liu Zhang (Round 1), Sun Jian gives way to Sun Ce (Round 2) and Sun
Ce to Sun Quan (Round 4), an eliminated Sun Wu returning by 11.4; 4.8.3 allied armies
sharing an area move apart; 4.8.4 main kingdoms may change; 4.8.5 the interrupted player
goes first, then the marker, the chits and the Round marker are reset (11.6(D) Zuo Ci
returns to the pool). A kingdom arriving on occupied ground fights at once (a
``combat-queue`` step of section 5); an eliminated Sun Wu is restored by the
``three-generations`` step of section 11.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, require
from pbem.games.dragons_tigers.sides import hostile_sides, queue_combat
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import n_armies

DONG_ZHUO_RETAINERS = ("lu-bu", "hua-xiong", "li-ru")
KEEPABLE = ("hua-xiong", "li-ru")
LU_BU_HOME = "xuzhou"


def player_order(t: Table) -> list[str]:
    """4.8.5(A): the interrupted player first, then the others in seat order."""
    seats = list(t.s["seats"])
    first = t.s["interrupted"] if t.s["interrupted"] in seats else seats[0]
    index = seats.index(first)
    return seats[index:] + seats[:index]


def li_jue_appears(t: Table) -> bool:
    """4.8.1(A): at the end of Round 1 Dong Zhuo, if still alive, turns into Li Jue."""
    dong = t.kingdom("dong-zhuo")
    return (t.s["round"] == 1 and dong["status"] == "in-play"
            and dong["warlord"] == "dong-zhuo" and t.on_map("dong-zhuo"))


def keepers(t: Table) -> list[str]:
    """Li Ru and Hua Xiong serving a player's kingdom when Li Jue appears: their holder
    decides whether to keep them (4.8.1(A), rules-notes 44)."""
    if not li_jue_appears(t):
        return []
    out = []
    for cid in KEEPABLE:
        entry = t.s["chars"].get(cid)
        if (entry and entry["kingdom"] not in (None, "dong-zhuo") and t.on_map(cid)
                and t.owner(entry["kingdom"]) is not None):
            out.append(cid)
    return out


def new_warlords(t: Table, release: tuple[str, ...] | list[str] = ()) -> None:
    """4.8.1 (Round 1 only); ``release``: Li Ru or Hua Xiong, whose holders let them go
    back to Li Jue."""
    if t.s["round"] != 1:
        return
    t.heading("New warlords appear", "4.8.1")
    li_jue_area = None
    if li_jue_appears(t):
        li_jue_area = t.where("dong-zhuo")
        t.flip("dong-zhuo")
        t.news(f"Dong Zhuo 董卓 dies; Li Jue 李傕 takes his place in "
               f"{t.aname(str(li_jue_area))}", "4.8.1(A)")
    for cid in DONG_ZHUO_RETAINERS:
        entry = t.s["chars"].get(cid)
        if entry is None:
            continue
        serving = entry["kingdom"]
        if li_jue_area is None:
            if cid == "lu-bu" and entry["at"] != "out":  # dead or alive, he leaves for good
                t.place_char(cid, "out")
                entry["kingdom"] = None
                entry["recruited"] = False
                t.say("Lü Bu 呂布 leaves to lead his own kingdom", "4.8.1(B)")
            continue
        if serving == "dong-zhuo" and t.on_map(cid):
            back = t.flip(cid)
            t.say(f"{t.c(cid).name} turns over: {t.cname(back)} serves Li Jue", "4.8.1(A)")
        elif (entry["at"] == "dead" or cid in release
              or (cid == "lu-bu" and serving not in (None, "dong-zhuo"))):
            back = t.flip(cid)
            t.char(back)["kingdom"] = "dong-zhuo"
            t.char(back)["recruited"] = False
            t.place_char(back, str(li_jue_area))
            t.say(f"{t.cname(back)} joins Li Jue in {t.aname(str(li_jue_area))}", "4.8.1(A)")
        elif cid in KEEPABLE and serving not in (None, "dong-zhuo"):
            t.say(f"{t.cname(cid)} stays with {t.kname(serving)}", "4.8.1(A)")
    _lu_bu_enters(t)


def _lu_bu_enters(t: Table) -> None:
    """4.8.1(B): Lü Bu, Zhang Liao, Chen Gong and 10 armies in Xuzhou."""
    kingdom = t.cat.kingdoms["lu-bu"]
    k = t.kingdom("lu-bu")
    if k["status"] != "absent":
        return
    k["status"] = "in-play"
    for placement in kingdom.start:
        for cid in placement.characters:
            t.s["chars"][cid] = {"kingdom": "lu-bu", "at": "aside", "recruited": False}
            t.place_char(cid, placement.area)
        t.add_armies(placement.area, "lu-bu", placement.armies)
        t.news(f"Lü Bu 呂布 raises his own kingdom in {t.aname(placement.area)} with "
               f"{placement.armies} armies", "4.8.1(B)")
        side = t.side("lu-bu")
        for other in hostile_sides(t, placement.area, side):
            queue_combat(t, placement.area, side, other, "arrival")


def succession(t: Table) -> None:
    """4.8.2 and 11.4."""
    rnd = t.s["round"]
    liu = t.kingdom("liu-zhang")
    if rnd == 1 and liu["status"] == "in-play" and liu["warlord"] == "liu-yan":
        t.flip("liu-yan")
        t.news("Liu Yan 劉焉 dies; his son Liu Zhang 劉璋 succeeds him", "4.8.2(A)")
    sun = t.kingdom("sun-wu")
    if rnd == 2:
        if sun["status"] == "in-play" and sun["warlord"] == "sun-jian":
            area = str(t.where("sun-jian"))
            t.flip("sun-jian")
            t.char("zhou-yu")["kingdom"] = "sun-wu"
            t.char("sun-ce")["kingdom"] = "sun-wu"
            t.place_char("sun-ce", area)
            sun["warlord"] = "sun-ce"
            t.news(f"Sun Jian 孫堅 falls; Sun Ce 孫策 leads Sun Wu from {t.aname(area)}, with "
                   f"Zhou Yu 周瑜 at his side", "4.8.2(B)")
        elif sun["status"] == "eliminated":
            _sun_returns(t)
    elif rnd == 4:
        if sun["status"] == "in-play" and sun["warlord"] == "sun-ce":
            t.flip("sun-ce")
            t.news("Sun Ce 孫策 dies; Sun Quan 孫權 leads Sun Wu", "4.8.2(B)")
        elif sun["status"] == "eliminated":
            _sun_returns(t)


def _sun_returns(t: Table) -> None:
    """11.4: an eliminated Sun Wu returns in Jianye with Zhou Yu and 10 armies."""
    t.push({"step": "three-generations"})


# ---------------------------------------------------------------------- 4.8.3


def shared_areas(t: Table, role: str) -> list[str]:
    mine = set(t.kingdoms_of(role))
    out = []
    for area, stack in t.s["armies"].items():
        if len([k for k, n in stack.items() if n and k in mine]) > 1:
            out.append(area)
    return out


def relocation_moves(t: Table, role: str) -> list[tuple[str, str, str]]:
    """Legal relocations (from, kingdom, to): into an area a friendly kingdom controls
    that then holds armies of that kingdom only (rules-notes 47)."""
    mine = set(t.kingdoms_of(role))
    out = []
    for area in shared_areas(t, role):
        for kid in [k for k, n in t.armies_in(area).items() if n and k in mine]:
            for target in t.controlled_by_role(role):
                if target == area:
                    continue
                others = [k for k, n in t.armies_in(target).items() if n and k != kid]
                if not others:
                    out.append((area, kid, target))
    return out


def default_relocation(t: Table, role: str) -> tuple[str, str, str] | None:
    """The default plan: the controller stays, unless some other kingdom there could not
    leave while another choice lets every other kingdom go (4.8.3 "if possible"); each
    kingdom that leaves goes to an area it holds with most of its armies (else any friendly
    area free of other armies)."""
    moves = relocation_moves(t, role)
    for area in shared_areas(t, role):
        holder = t.controller(area)
        present = [k for k, n in t.armies_in(area).items() if n and t.owner(k) == role]
        candidates = sorted(present, key=lambda k: (k != holder, -t.armies(area, k)))

        def can_leave(kid: str, where: str = area) -> bool:
            return any(m[0] == where and m[1] == kid for m in moves)

        stay = next((c for c in candidates
                     if all(can_leave(k) for k in present if k != c)), candidates[0])
        for kid in present:
            if kid == stay:
                continue
            options = [m for m in moves if m[0] == area and m[1] == kid]
            if options:
                return max(options, key=lambda m: (t.controller(m[2]) == kid,
                                                   t.armies(m[2], kid),
                                                   -list(t.cat.areas).index(m[2])))
    return None


@handler
class RoundEnd(Handler):
    """The four round-end functions and the housekeeping of 4.8.5."""

    name = "round-end"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        phase = step["phase"]
        if phase == "keep" and step["keepers"]:
            cid = step["keepers"][0]
            kid = t.char(cid)["kingdom"]
            if t.answers(str(t.owner(kid)), "keep_retainer", mover_asked=False):
                return None
            back = t.cname(str(t.c(cid).flip))
            return ask(str(t.owner(kid)), "keep-retainer",
                       f"Dong Zhuo is dead: does {t.kname(kid)} keep {t.c(cid).name}?",
                       [button("keep", f"Keep {t.cname(cid)}", "4.8.1(A)", character=cid),
                        button("release", f"Let him go: he turns over and {back} joins "
                                          f"Li Jue", "4.8.1(A)", character=cid)], "4.8.1(A)")
        if phase == "relocation" and step["players"]:
            role = step["players"][0]
            moves = relocation_moves(t, role)
            if not moves or t.answers(role, "relocate", mover_asked=False):
                return None
            offers = [button("relocate", f"Move {n_armies(t.armies(a, k))} of {t.kname(k)} from "
                                         f"{t.aname(a)} to {t.aname(to)}", "4.8.3",
                             **{"from": a, "kingdom": k, "to": to}) for a, k, to in moves]
            return ask(role, "relocation", "relocate allied armies so that each area keeps "
                       "one kingdom's armies", offers, "4.8.3")
        if phase == "main" and step["players"]:
            role = step["players"][0]
            options = t.kingdoms_of(role)
            if len(options) <= 1 or t.answers(role, "main_change"):
                return None
            main = t.main_of(role)
            offers = [button("keep-main", "Keep the main kingdom", "4.8.4")]
            offers += [button("main", f"Make {t.kname(k)} the main kingdom", "4.8.4",
                              kingdom=k) for k in options if k != main]
            return ask(role, "main-kingdom", "the round is over: change your main kingdom?",
                       offers, "4.8.4")
        return None

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if step["phase"] == "keep":
            cid = step["keepers"].pop(0)
            if action["do"] == "release":
                step["release"].append(cid)
            return
        if step["phase"] == "relocation":
            move = (action["from"], action["kingdom"], action["to"])
            require(move in relocation_moves(t, role), "not a legal relocation", "4.8.3")
            _relocate(t, *move)
            return
        if action["do"] == "main":
            t.make_main(role, action["kingdom"], "4.8.4")
        step["players"].pop(0)

    def run(self, t: Table, step: Step) -> None:
        phase = step["phase"]
        if phase == "new-warlords":
            t.heading(f"End of Round {t.s['round']}", "4.8")
            step["keepers"] = keepers(t)
            step["release"] = []
            step["phase"] = "keep"
        elif phase == "keep" and step["keepers"]:  # the holder's standing order answers
            cid = step["keepers"].pop(0)
            role = str(t.owner(str(t.char(cid)["kingdom"])))
            if t.order(role, "keep_retainer") == "release":
                step["release"].append(cid)
                t.by_order(role, "keep_retainer", f"{t.cname(cid)} is let go to Li Jue",
                           "4.8.1(A)")
            else:
                t.by_order(role, "keep_retainer", f"{t.cname(cid)} is kept", "4.8.1(A)")
        elif phase == "keep":
            new_warlords(t, step["release"])
            step["phase"] = "succession"
        elif phase == "succession":
            succession(t)
            step["phase"] = "relocation"
            step["players"] = player_order(t)
        elif phase == "relocation":
            if not step["players"]:
                step["phase"] = "main"
                step["players"] = player_order(t)
                return
            role = step["players"][0]
            move = default_relocation(t, role)
            if move is None:
                step["players"].pop(0)
            else:
                t.by_order(role, "relocate", f"{t.kname(move[1])} leaves {t.aname(move[0])} "
                           f"for {t.aname(move[2])}", "4.8.3")
                _relocate(t, *move)
        elif phase == "main":
            if step["players"]:
                role = step["players"].pop(0)
                main = t.main_of(role)
                if len(t.kingdoms_of(role)) > 1 and main is not None:
                    t.by_order(role, "main_change", f"{t.kname(main)} stays the main "
                               f"kingdom", "4.8.4")
            else:
                step["phase"] = "housekeeping"
        else:
            housekeeping(t)
            t.pop()


def _relocate(t: Table, area: str, kid: str, to: str) -> None:
    n = t.armies(area, kid)
    t.remove_armies(area, kid, n)
    t.add_armies(to, kid, n)
    t.say(f"{n_armies(n)} of {t.kname(kid)} {'relocates' if n == 1 else 'relocate'} from "
          f"{t.aname(area)} to {t.aname(to)}",
          "4.8.3")


def housekeeping(t: Table) -> None:
    """4.8.5(B)/(C) and 11.6(D)."""
    entry = t.s["chars"].get("zuo-ci")
    if entry and entry["at"] == "court":
        entry.update({"at": "pool", "kingdom": None, "recruited": False})
        t.say("Zuo Ci 左慈 returns to the free retainer pool", "11.6(D)")
    t.s["mandate"] = [0, 0]
    t.say("The Mandate marker returns to the centre; every chit returns to the pool",
          "4.8.5(B)")
