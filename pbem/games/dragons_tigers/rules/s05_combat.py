"""Section 5, Combat: the procedure from betrayal checks to retreat.

4.6 the active kingdom's armies must fight every hostile side in their areas, in the
order its player chooses; 5(A) friendly kingdoms in an area fight as one side; 5(B)
betrayal check, contest of strategy, contest of valor, battle, retreat; 5(C) battle
rounds repeat until a side retreats or has no armies. 5.1 betrayal and alliance checks,
5.2 contest of strategy, 5.3 contest of valor, 5.4 battle, 5.5 retreat, 5.6 end of
combat. A finished combat is handed to s05_aftermath as a ``combat-result`` step. The
Traitorous note to 5(C) and rules-notes entry 28 say who decides for a non-player side.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.flow import (
    Handler,
    Step,
    arg_counts,
    ask,
    button,
    handler,
    number,
    phase,
    require,
)
from pbem.games.dragons_tigers.numbers import numbers
from pbem.games.dragons_tigers.sides import (
    hostile_sides,
    loss_plan,
    members,
    queue_combat,
    say_shared_losses,
    side_armies,
    side_chars,
    side_label,
)
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import amount, n_armies, n_hits, odds

N = numbers()
MAX_BATTLE_DICE = N.battle_dice_most
OTHER = {"att": "def", "def": "att"}


# ---------------------------------------------------------------------- the combat phase


def pending(t: Table, turn: Step) -> list[tuple[str, str]]:
    """4.6: (area, hostile side) pairs where active armies must fight: the active
    kingdom's, and the friendly kingdoms' armies that moved with it under a faction chit
    (4.5.3(A)) into an area the turn entered."""
    kid = turn["kingdom"]
    side = t.side(kid)
    out = []
    for area in list(t.s["armies"]):
        moved_in = area in turn["entered"] and side_armies(t, area, side) > 0
        if t.armies(area, kid) <= 0 and not moved_in:
            continue
        for other in hostile_sides(t, area, side):
            out.append((area, other))
    order = list(t.cat.areas)
    return sorted(out, key=lambda pair: order.index(pair[0]))


def next_combat(t: Table, turn: Step) -> None:
    fights = pending(t, turn)
    if not fights:
        turn["phase"] = "end"
        return
    area, other = fights[0]
    begin(t, area, t.side(turn["kingdom"]), other, "battle")


@phase
class CombatPhase(Handler):
    """4.6: the active armies fight every hostile side in their areas, in the order the
    active player picks; then the turn ends."""

    name = "combat"

    def prompt(self, t: Table, turn: Step) -> Prompt | None:
        fights = pending(t, turn)
        if len(fights) <= 1:
            return None
        return ask(turn["player"], "combat-order", "choose the next combat",
                   [button("fight", f"Fight {side_label(t, area, other)} in {t.aname(area)}",
                           "4.6", area=area, against=other) for area, other in fights], "4.6")

    def act(self, t: Table, turn: Step, role: str, action: Mapping[str, Any]) -> None:
        begin(t, action["area"], t.side(turn["kingdom"]), action["against"], "battle")

    def run(self, t: Table, turn: Step) -> None:
        next_combat(t, turn)


def begin(t: Table, area: str, att: str, defender: str, kind: str) -> Step:
    """Push a combat in ``area`` between the sides ``att`` and ``defender``.

    ``kind`` is ``battle`` (the combat phase), ``break`` (4.3(C), after a change of
    allegiance), ``arrival`` (10.5(E), 4.8.1(B)) or ``overrun`` (a retreat onto lone
    hostile characters, rules-notes 29): only a ``battle`` attacker can retreat.
    """
    turn = t.turn()
    origins = list(turn["entered"].get(area, [])) if (turn and kind == "battle") else []
    step = t.push({"step": "combat", "area": area, "att": att, "def": defender, "kind": kind,
                   "phase": "begin", "round": 0, "checked": [], "turned": None,
                   "hits": None, "alloc": {}, "after": None, "origins": origins,
                   "offer": None, "loser": None, "retreated": None,
                   "kingdoms": t.kingdoms_in(area), "held": t.controller(area)})
    return step


@handler
class CombatQueue(Handler):
    """Fights that follow a change of allegiance, in the order the active player picks."""

    name = "combat-queue"

    def live(self, t: Table, step: Step) -> list[list[str]]:
        out = []
        for area, att, defender, kind in step["items"]:
            if side_armies(t, area, att) > 0 and (side_armies(t, area, defender) > 0
                                                   or side_chars(t, area, defender)):
                out.append([area, att, defender, kind])
        return out

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        items = self.live(t, step)
        if len(items) <= 1 or step["chooser"] is None:  # no turn: in the order queued
            return None
        return ask(step["chooser"], "combat-order", "choose which combat is fought first",
                   [button("fight", f"{side_label(t, a, s1)} against {side_label(t, a, s2)} in "
                                    f"{t.aname(a)}", "4.3(C)", area=a, against=s2)
                    for a, s1, s2, _ in items], "4.3(C)")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        for item in self.live(t, step):
            if item[0] == action["area"] and item[2] == action["against"]:
                step["items"].remove(item)
                begin(t, *item)
                return
        require(False, "no such combat is waiting", "4.3(C)")

    def run(self, t: Table, step: Step) -> None:
        items = self.live(t, step)
        if not items:
            t.pop()
            return
        step["items"].remove(items[0])
        begin(t, *items[0])


# ---------------------------------------------------------------------- the combat step


@handler
class Combat(Handler):
    """One combat, phase by phase (5(B))."""

    name = "combat"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        phase = step["phase"]
        if phase == "check-att" or phase == "check-def":
            return _check_prompt(t, step, phase[-3:])
        if phase == "losses":
            return _loss_prompt(t, step)
        if phase == "retreat-att" or phase == "retreat-def":
            return _retreat_prompt(t, step, phase[-3:])
        return None

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        phase = step["phase"]
        if phase in ("check-att", "check-def"):
            _check_act(t, step, phase[-3:], action)
        elif phase == "losses":
            _loss_act(t, step, action)
        elif phase in ("retreat-att", "retreat-def"):
            _retreat_act(t, step, phase[-3:], action)

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        """A check or a retreat asked for out of its place: one check per side (5.1(C)),
        at the start (5(C)); no retreat before a battle round or without a character (5.5)."""
        verb = action.get("do")
        who = "att" if _runner(t, step, "att") == role else "def"
        if verb == "retreat":
            if step["round"] < 1:
                return IllegalAction("no retreat before at least one round of battle", "5.5")
            if not side_chars(t, step["area"], step[who]):
                return IllegalAction("armies without a character cannot retreat", "5.5")
            return None
        if verb not in ("check", "no-check"):
            return None
        kid = action.get("target")
        if verb == "check" and isinstance(kid, str) and kid in t.cat.kingdoms:
            if t.is_traitorous(kid):
                return IllegalAction("the Traitorous kingdoms are never subject to betrayal "
                                     "checks", "8(B)")
            if t.owner(kid) is not None and t.kingdom(kid)["main"]:
                return IllegalAction("a main kingdom never betrays its player", "3.2(A)")
        if who in step["checked"]:
            return IllegalAction("a side makes at most one betrayal or alliance check in a "
                                 "combat", "5.1(C)")
        if step["phase"] == f"check-{who}":
            return IllegalAction("that character cannot make a check against that kingdom here",
                                 "5.1")
        return IllegalAction("betrayal and alliance checks are made only at the start of a "
                             "combat, before the contests", "5(C)")

    def run(self, t: Table, step: Step) -> None:
        phase = step["phase"]
        area = step["area"]
        if phase == "begin":
            t.heading(f"Combat in {t.aname(area)}: {side_label(t, area, step['att'])} attacks "
                      f"{side_label(t, area, step['def'])}", "5")
            step["phase"] = "check-att"
            if side_armies(t, area, step["def"]) == 0:
                _finish(t, step, "def", wiped=True)
        elif phase == "check-att":
            step["phase"] = "check-def"
            if _checkers(t, step, "att"):  # an attacker outside his turn: his order
                _ordered_check(t, step, "att")
        elif phase == "check-def":
            step["phase"] = "after-checks"
            if _checkers(t, step, "def"):
                _ordered_check(t, step, "def")
        elif phase == "decree":  # the Imperial Decree has answered (9(C))
            offer = step["offer"]
            step["offer"] = None
            if step.pop("decree", False):
                _roll_check(t, step, offer["who"], offer["character"], offer["target"], True)
            else:
                step["phase"] = offer["next"]
        elif phase == "after-checks":
            step["phase"] = "strategy"
            _still_on(t, step)
        elif phase == "strategy":
            step["phase"] = "valor"
            _strategy(t, step)
        elif phase == "valor":
            step["phase"] = "battle"
            _valor(t, step)
        elif phase == "battle":
            _battle(t, step)
        elif phase == "losses":
            _apply_losses(t, step)
        elif phase == "retreat-att":
            step["phase"] = "retreat-def"
        elif phase == "retreat-def":
            target = auto_retreat(t, step, "def")
            if retreat_targets(t, step, "def"):
                _say_retreat_order(t, step, target)
            if target is None:
                step["phase"] = "battle"
            else:
                retreat(t, step, "def", target)
        elif phase == "done":
            t.pop()
            t.push({"step": "combat-result", "combat": step})
        else:  # pragma: no cover
            raise RuntimeError(phase)


def _still_on(t: Table, step: Step) -> bool:
    """After checks: if the defender has no armies left, the combat is decided."""
    area = step["area"]
    if side_armies(t, area, step["def"]) == 0:
        if side_chars(t, area, step["def"]):
            _finish(t, step, "def", wiped=True)
        else:
            t.say("No opposing armies remain: the combat ends", "5.1(A)")
            step["phase"] = "done"
        return False
    if side_armies(t, area, step["att"]) == 0:
        _finish(t, step, "att", wiped=True)
        return False
    return True


# ---------------------------------------------------------------------- 5.1 checks


def _checkers(t: Table, step: Step, who: str) -> list[tuple[str, str]]:
    """(character, target kingdom) pairs ``who`` may try (5.1); empty if none."""
    area = step["area"]
    mine, theirs = step[who], step[OTHER[who]]
    if mine.startswith("k:") or who in step["checked"]:
        return []
    targets: list[tuple[str, int]] = []
    for k in members(t, area, theirs):
        if t.armies(area, k) <= 0 or t.is_traitorous(k):
            continue  # 8(B)
        if t.is_neutral(k):
            targets.append((k, N.alliance_check_diplomacy))
        elif not t.kingdom(k)["main"]:
            targets.append((k, N.betrayal_check_diplomacy))
    out = []
    for cid in side_chars(t, area, mine):
        for k, need in targets:
            if t.c(cid).diplomacy >= need:
                out.append((cid, k))
    return out


def _check_by_order(t: Table, step: Step, who: str) -> bool:
    """Does the standing order ``counter_check`` decide this side's check? For a defender
    always (unless it is ``ask``); for an attacker only outside his own turns (a restored
    kingdom arriving, a combat after a change of sides)."""
    role = step[who]
    return (who == "def" or role != t.mover()) and t.order(role, "counter_check") != "ask"


def _ordered_check(t: Table, step: Step, who: str) -> None:
    role = step[who]
    if t.order(role, "counter_check") == "always":
        t.by_order(role, "counter_check", "the check is made", "5.1(B)")
        auto_check(t, step, who)
    else:
        t.by_order(role, "counter_check", "no check is made", "5.1(B)")


def _check_prompt(t: Table, step: Step, who: str) -> Prompt | None:
    options = _checkers(t, step, who)
    if not options or _check_by_order(t, step, who):
        return None
    role = step[who]
    offers = []
    for cid, kid in options:
        kind = "alliance" if t.is_neutral(kid) else "betrayal"
        need = t.c(cid).diplomacy - (0 if kind == "alliance" else N.betrayal_penalty)
        offers.append(button("check", f"{t.cname(cid)}: {kind} check on {t.kname(kid)} "
                                      f"(succeeds {odds(need)})", "5.1(A)",
                             character=cid, target=kid))
    offers.append(button("no-check", "Make no check", "5.1"))
    return ask(role, "betrayal-check", "make a betrayal or alliance check?", offers, "5.1")


def _check_act(t: Table, step: Step, who: str, action: Mapping[str, Any]) -> None:
    step["checked"].append(who)
    if action["do"] == "no-check":
        step["phase"] = "check-def" if who == "att" else "after-checks"
        return
    _roll_check(t, step, who, action["character"], action["target"], False)


def auto_check(t: Table, step: Step, who: str) -> None:
    """The defender's standing order "always": the best character tries the best target."""
    options = _checkers(t, step, who)
    if not options:
        return
    cid, kid = max(options, key=lambda o: t.c(o[0]).diplomacy)
    step["checked"].append(who)
    _roll_check(t, step, who, cid, kid, False)


def _roll_check(t: Table, step: Step, who: str, cid: str, kid: str, reroll: bool) -> None:
    alliance = t.is_neutral(kid)
    dipl = t.c(cid).diplomacy
    die = t.roll(f"{'alliance' if alliance else 'betrayal'} check: {t.c(cid).name} on "
                 f"{t.cat.kingdoms[kid].name}" + (" (Imperial Decree reroll)" if reroll else ""))
    total = die if alliance else die + N.betrayal_penalty
    shown = f"{die}" if alliance else f"{die}+1={total}"
    nxt = "check-def" if who == "att" else "after-checks"
    role = step[who]
    if total > dipl:
        t.say(f"{t.cname(cid)}, diplomacy {dipl}, rolls {shown}: the "
              f"{'alliance' if alliance else 'betrayal'} check fails", "5.1(A)")
        if not reroll:
            step["offer"] = {"who": who, "character": cid, "target": kid, "next": nxt}
            step["phase"] = "decree"
            t.push({"step": "imperial-decree", "what": "betrayal check", "player": role})
        else:
            step["phase"] = nxt
        return
    former = t.owner(kid)
    t.news(f"{t.cname(cid)}, diplomacy {dipl}, rolls {shown}: {t.kname(kid)} changes sides "
           f"and joins {t.rname(role)}", "5.1(A)")
    t.join(kid, role)
    if who == "att":
        step["turned"] = kid
    step["phase"] = nxt
    turn = t.turn()
    if turn is not None and turn["kingdom"] == kid and turn["phase"] != "end":
        turn["phase"] = "end"  # its player no longer holds it (rules-notes 30)
        t.say(f"{t.kname(kid)} has changed sides in its own turn: the turn ends once this "
              f"combat is over", "5.1(A)")
    if former is not None:
        for area in list(t.s["armies"]):
            if area == step["area"]:
                continue
            stack = t.s["armies"][area]
            if stack.get(kid, 0) and any(t.owner(k) == former and n for k, n in stack.items()):
                queue_combat(t, area, role, former, "break", after_current=True)


# ---------------------------------------------------------------------- 5.2 - 5.4 damage


def _strategy(t: Table, step: Step) -> None:
    """5.2: held if the side of the kingdom taking its turn has a strategist, attacking or
    defending (the attacker's side when that kingdom is not in the combat, rules-notes
    32); then every strategist rolls."""
    area = step["area"]
    active = t.active_kingdom()
    side = t.side(active) if active is not None else None
    trigger = side if side in (step["att"], step["def"]) else step["att"]
    if not any(t.c(c).strategist for c in side_chars(t, area, trigger)):
        return
    hits = {"att": 0, "def": 0}
    for who in ("att", "def"):
        for cid in side_chars(t, area, step[who]):
            c = t.c(cid)
            if not c.strategist:
                continue
            die = t.roll(f"contest of strategy: {c.name}")
            per = t.cat.tables.strategy_contest[die]
            stars = c.command + c.diamonds
            hits[who] += per * stars
            t.say(f"{t.cname(cid)} ({amount(stars, 'star', 'stars')}) rolls {die}: "
                  f"{per} x {stars} = {n_hits(per * stars)}", "5.2(A)")
    _inflict(t, step, hits, "valor")


def _valor(t: Table, step: Step) -> None:
    """5.3: each side's most valorous character rolls; a roll at or under valor hits."""
    area = step["area"]
    hits = {"att": 0, "def": 0}
    rolled = False
    for who in ("att", "def"):
        chars = [c for c in side_chars(t, area, step[who]) if t.c(c).valor >= 1]
        if not chars:
            continue
        best = max(chars, key=lambda c: t.c(c).valor)
        valor = t.c(best).valor
        die = t.roll(f"contest of valor: {t.c(best).name}")
        rolled = True
        if die <= valor:
            hits[who] = die
            t.say(f"{t.cname(best)}, valor {valor}, rolls {die}: {n_hits(die)}", "5.3(B)")
        else:
            t.say(f"{t.cname(best)}, valor {valor}, rolls {die}: no hits", "5.3(B)")
    if rolled:
        _inflict(t, step, hits, "battle")


def command(t: Table, area: str, side: str) -> tuple[int, str]:
    """5.4(A): the best commander plus one other strategist's stars; 1 only when the side
    has no character at all (a lone command-0 character fights at 0, rules-notes 4)."""
    chars = side_chars(t, area, side)
    if not chars:
        return 1, "no character: command 1"
    best, text = -1, ""
    for cid in chars:
        rating = t.c(cid).command
        helpers = [s for s in chars if s != cid and t.c(s).strategist]
        bonus_by = max(helpers, key=lambda s: t.c(s).command, default=None)
        bonus = t.c(bonus_by).command if bonus_by else 0
        if rating + bonus > best:
            best = rating + bonus
            text = f"{t.c(cid).name} commands ({rating})"
            if bonus:
                text += f" + {t.c(bonus_by).name} {bonus} = {best}"  # type: ignore[union-attr]
    return best, text


def _battle(t: Table, step: Step) -> None:
    """5.4(B): one die per army, at most five; each at or under command is a hit."""
    area = step["area"]
    step["round"] += 1
    t.say(f"Battle round {step['round']}", "5.4")
    hits = {"att": 0, "def": 0}
    for who in ("att", "def"):
        side = step[who]
        rating, text = command(t, area, side)
        count = min(MAX_BATTLE_DICE, side_armies(t, area, side))
        dice = [t.roll(f"battle round {step['round']}: {side_label(t, area, side)} die "
                       f"{i + 1} of {count}") for i in range(count)]
        hits[who] = sum(1 for d in dice if d <= rating)
        shown = " ".join(str(d) for d in dice)
        t.say(f"{side_label(t, area, side)}: {text}; {amount(count, 'die', 'dice')} [{shown}] "
              f"at or under {rating}: {n_hits(hits[who])}", "5.4(B)")
    _inflict(t, step, hits, "retreat-att")


def _inflict(t: Table, step: Step, hits: Mapping[str, int], after: str) -> None:
    """Hits land together (5.4(C)); each side's owner then allocates its losses."""
    area = step["area"]
    taken = {}
    for who in ("att", "def"):
        against = OTHER[who]
        taken[against] = min(hits[who], side_armies(t, area, step[against]))
    step["hits"] = taken
    step["alloc"] = {}
    step["after"] = after
    step["phase"] = "losses"


def _needs_choice(t: Table, step: Step, who: str) -> bool:
    area = step["area"]
    with_armies = [k for k in members(t, area, step[who]) if t.armies(area, k) > 0]
    return step["hits"][who] > 0 and len(with_armies) > 1 and who not in step["alloc"]


def _runner(t: Table, step: Step, who: str) -> str:
    return t.runner(step[who], step[OTHER[who]])


def _loss_prompt(t: Table, step: Step) -> Prompt | None:
    for who in ("att", "def"):
        if not _needs_choice(t, step, who):
            continue
        role = _runner(t, step, who)
        kind = "proxy" if step[who].startswith("k:") else "losses"
        if not standing.wants_question(t.orders(role), kind):
            continue
        area = step["area"]
        hits = step["hits"][who]
        kings = [k for k in members(t, area, step[who]) if t.armies(area, k) > 0]
        plan = loss_plan(t, area, kings, hits, role)
        params = tuple(number(f"losses.{k}", f"Armies of {t.cat.kingdoms[k].name} lost", 0,
                              min(hits, t.armies(area, k)), plan.get(k, 0)) for k in kings)
        spec = ActionSpec("losses", f"Allocate {hits} losses in {t.aname(area)}", "5.4(C)",
                          params=params)
        return ask(role, "losses", f"choose which armies take {n_hits(hits)} in {t.aname(area)}",
                   [spec], "5.4(C)")
    return None


def _loss_act(t: Table, step: Step, action: Mapping[str, Any]) -> None:
    area = step["area"]
    for who in ("att", "def"):
        if _needs_choice(t, step, who):
            counts = arg_counts(action, "losses", "5.4(C)") if "losses" in action else {}
            counts.update({k.split(".", 1)[1]: v for k, v in action.items()
                           if k.startswith("losses.") and isinstance(v, int) and v})
            hits = step["hits"][who]
            kings = [k for k in members(t, area, step[who]) if t.armies(area, k) > 0]
            require(set(counts) <= set(kings)
                    and all(0 <= n <= t.armies(area, k) for k, n in counts.items())
                    and sum(counts.values()) == hits,
                    f"the losses must add up to {n_armies(hits)} of this side", "5.4(C)")
            step["alloc"][who] = t.by_kingdom(counts)
            return


def _apply_losses(t: Table, step: Step) -> None:
    area = step["area"]
    for who in ("att", "def"):
        hits = step["hits"][who]
        if not hits:
            continue
        kings = [k for k in members(t, area, step[who]) if t.armies(area, k) > 0]
        plan = step["alloc"].get(who)
        if not plan:
            role = _runner(t, step, who)
            plan = loss_plan(t, area, kings, hits, role)
            if len(kings) > 1:  # several kingdoms of one player: a side has one owner
                say_shared_losses(t, role, plan, "5.4(C)")
        for k, n in plan.items():
            _, extra = t.lose(area, k, n)
            t.say(f"{t.kname(k)} loses {n_armies(n)}" + (f", and {extra} more for want of "
                                                      f"counters to make change" if extra else ""),
                  "5.4(C)")
    att_left = side_armies(t, area, step["att"])
    def_left = side_armies(t, area, step["def"])
    if att_left == 0 and def_left == 0:
        t.say("Both sides are wiped out at once: the attacker loses", "5.6(C)")
        _finish(t, step, "att", wiped=True, mutual=True)
    elif def_left == 0:
        _finish(t, step, "def", wiped=True)
    elif att_left == 0:
        _finish(t, step, "att", wiped=True)
    else:
        step["phase"] = step["after"]


def _finish(t: Table, step: Step, loser: str, wiped: bool, mutual: bool = False) -> None:
    step["loser"] = {"who": loser, "wiped": wiped, "mutual": mutual}
    step["phase"] = "done"


# ---------------------------------------------------------------------- 5.5 retreat


def retreat_targets(t: Table, step: Step, who: str) -> list[str]:
    """5.5(B): attackers go back to an area they attacked from (where a group stood before
    its move, rules-notes 36), defenders to an adjacent area with no unfriendly armies;
    either only to an area free of unfriendly armies; a side without characters cannot
    retreat (5.5)."""
    area = step["area"]
    side = step[who]
    if not side_chars(t, area, side) or step["round"] < 1:
        return []
    if who == "att":
        if step["kind"] != "battle":
            return []
        candidates = step["origins"]
    else:
        candidates = list(t.neighbours(area))
    out = []
    for target in candidates:
        unfriendly = [k for k, n in t.armies_in(target).items() if n and t.side(k) != side]
        if not unfriendly:
            out.append(target)
    return out


def _retreat_prompt(t: Table, step: Step, who: str) -> Prompt | None:
    targets = retreat_targets(t, step, who)
    if not targets:
        return None
    role = _runner(t, step, who)
    if who == "def":
        kind = "proxy" if step["def"].startswith("k:") else "retreat"
        if kind == "retreat" and t.orders(role).get("retreat", "never") != "ask":
            return None
        if kind == "proxy" and not standing.wants_question(t.orders(role), "proxy"):
            return None
    offers = [button("retreat", f"Retreat to {t.aname(a)}", "5.5(B)", to=a) for a in targets]
    offers.append(button("fight-on", "Fight another battle round", "5.6(B)"))
    label = "attacker" if who == "att" else "defender"
    return ask(role, "retreat", f"as {label} in {t.aname(step['area'])}: retreat or fight on?",
               offers, "5.5(A)")


def _retreat_act(t: Table, step: Step, who: str, action: Mapping[str, Any]) -> None:
    if action["do"] == "fight-on":
        step["phase"] = "retreat-def" if who == "att" else "battle"
        return
    target = action["to"]
    require(target in retreat_targets(t, step, who), "cannot retreat there", "5.5(B)")
    retreat(t, step, who, target)


def auto_retreat(t: Table, step: Step, who: str) -> str | None:
    """The defender's standing order (or the default for a non-player side)."""
    targets = retreat_targets(t, step, who)
    if not targets:
        return None
    role = _runner(t, step, who)
    order = t.orders(role).get("retreat", "never")
    if step[who].startswith("k:") or order == "never":
        return None
    ratio = int(order.rsplit("-", 1)[1])
    area = step["area"]
    if side_armies(t, area, step[OTHER[who]]) < ratio * side_armies(t, area, step[who]):
        return None
    side = step[who]
    return max(targets, key=lambda a: (sum(t.armies(a, k) for k in t.kingdoms_in(a)
                                           if t.side(k) == side),
                                       -list(t.cat.areas).index(a)))


def _say_retreat_order(t: Table, step: Step, target: str | None) -> None:
    """The defender could retreat: say which standing order kept it or sent it away."""
    role = _runner(t, step, "def")
    area = step["area"]
    label = side_label(t, area, step["def"])
    if step["def"].startswith("k:"):
        t.by_order(role, "proxy", f"{label} never retreats", "5.5")
        return
    if target is not None:
        t.by_order(role, "retreat", f"{label} is outnumbered and falls back", "5.5")
    elif t.order(role, "retreat") == "never":
        t.by_order(role, "retreat", f"{label} stands and fights", "5.5")
    else:
        t.by_order(role, "retreat", f"{label} is not outnumbered that far and stays", "5.5")


def retreat(t: Table, step: Step, who: str, target: str) -> None:
    """Move the retreating side's pieces out, every kingdom's armies going with the
    side's characters (rules-notes 35); no attrition (5.5(B) note)."""
    area = step["area"]
    side = step[who]
    for k in members(t, area, side):
        n = t.armies(area, k)
        chars = t.chars_in(area, k)
        if n:
            t.remove_armies(area, k, n)
            t.add_armies(target, k, n)
        for cid in chars:
            t.place_char(cid, target)
    t.say(f"{side_label(t, target, side)} retreats to {t.aname(target)}", "5.5(B)")
    step["retreated"] = {"who": who, "to": target}
    for other in hostile_sides(t, target, side):  # rules-notes 29: lone characters there
        if side_armies(t, target, other) == 0 and side_armies(t, target, side) > 0:
            queue_combat(t, target, side, other, "overrun", after_current=True)
    if side_armies(t, area, side) == 0:
        _finish(t, step, who, wiped=False)
    else:
        step["phase"] = "battle"
