"""5.2 - 5.4, the damage: contest of strategy, contest of valor, battle rounds, and the
hits landing together, each side's owner allocating its losses (5.4(C))."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.games.dragons_tigers import orders as standing
from pbem.games.dragons_tigers.flow import Step, arg_counts, ask, number, require
from pbem.games.dragons_tigers.rules.s05_combat.common import OTHER, N, finish, runner
from pbem.games.dragons_tigers.sides import (
    loss_plan,
    members,
    say_shared_losses,
    side_armies,
    side_chars,
    side_label,
)
from pbem.games.dragons_tigers.table import Table
from pbem.games.dragons_tigers.words import amount, n_armies, n_hits

MAX_BATTLE_DICE = N.battle_dice_most


def strategy(t: Table, step: Step) -> None:
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


def valor(t: Table, step: Step) -> None:
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


def battle(t: Table, step: Step) -> None:
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


def loss_prompt(t: Table, step: Step) -> Prompt | None:
    for who in ("att", "def"):
        if not _needs_choice(t, step, who):
            continue
        role = runner(t, step, who)
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


def loss_act(t: Table, step: Step, action: Mapping[str, Any]) -> None:
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


def apply_losses(t: Table, step: Step) -> None:
    area = step["area"]
    for who in ("att", "def"):
        hits = step["hits"][who]
        if not hits:
            continue
        kings = [k for k in members(t, area, step[who]) if t.armies(area, k) > 0]
        plan = step["alloc"].get(who)
        if not plan:
            role = runner(t, step, who)
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
        # the loser's characters, alone here for a moment, are not told as taking the area
        step["hold_news"] = {"area": area, "held": step.get("held")}
        finish(t, step, "att", wiped=True, mutual=True)
    elif def_left == 0:
        finish(t, step, "def", wiped=True)
    elif att_left == 0:
        finish(t, step, "att", wiped=True)
    else:
        step["phase"] = step["after"]
