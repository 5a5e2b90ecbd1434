"""Conflict Phase 1, Recruit Generals (conflict.recruit*), and the initial recruitment.

In rounds 3, 5 and 9 each state draws from its own face-down general deck and keeps two
fewer than it drew (conflict.recruit.counts); the kept cards stay secret until placed and
may bid at once, the rest go back unseen (conflict.recruit.usable). The Beginners'
Tutorial gives fixed generals instead (tutorial.generals).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.games.three_kingdoms_redux.flow import (
    Handler,
    Step,
    arg_list,
    ask,
    handler,
    no_extra,
    require,
    subset,
)
from pbem.games.three_kingdoms_redux.table import Table

GENERAL_DECK = "generals"


def _entry(card: str | None, recruited: int) -> dict[str, Any]:
    return {"card": card, "at": "supply", "recruited": recruited, "placed": None}


@handler
class Recruit(Handler):
    name = "recruit"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        rnd = t.s["round"]
        table = t.cat.recruitment.get(rnd)
        if table is None:
            return
        t.heading(f"Recruit generals (round {rnd})", "conflict.recruit")
        if t.s["tutorial"]:
            t.s["stack"].append({"step": "tutorial-recruits"})
            return
        for role in reversed(t.s["bid_order"]):
            draw, keep = table[role]
            drawn = t.secrets.draw_private(role, GENERAL_DECK, draw)
            t.s["stack"].append({"step": "keep-generals", "role": role, "drawn": drawn,
                                 "keep": keep, "rule": "conflict.recruit.counts"})
            t.say(f"{t.rname(role)} draws {draw} general cards and will keep {keep}",
                  "conflict.recruit.counts")


@handler
class KeepGenerals(Handler):
    """A state keeps some of the cards it drew, in secret (setup.L, conflict.recruit)."""

    name = "keep-generals"

    def prompt(self, t: Table, step: Step) -> Prompt:
        role, keep = step["role"], step["keep"]
        options = []
        for handle in step["drawn"]:
            card = t.known.get(handle)
            label = _describe(t, card) if card else f"hidden card {handle}"
            options.append((handle, label))
        spec = subset("keep", f"Keep {keep} of the {len(step['drawn'])} drawn generals",
                      options, keep, keep)
        prompt = ask(role, "recruit", f"{t.rname(role)}: keep {keep} of "
                     f"{len(step['drawn'])} drawn generals", [
                         ActionSpec("keep", "Keep these generals", step["rule"],
                                    params=(spec,))], step["rule"])
        # setup.K deals the enhancement cards before setup.L's choice, and players may read
        # them: the first recruits are chosen with the hand in view
        return replace(prompt, needs_hand=step["rule"] == "setup.L")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        no_extra(action, ("keep",), step["rule"])
        kept = arg_list(action, "keep", step["rule"])
        require(len(set(kept)) == len(kept) == step["keep"]
                and all(h in step["drawn"] for h in kept),
                f"keep exactly {step['keep']} of the drawn cards", step["rule"])
        rest = [h for h in step["drawn"] if h not in kept]
        for handle in kept:
            t.generals(role)[handle] = _entry(None, t.s["round"])
        t.secrets.return_private(rest)
        t.s["stack"].pop()
        t.say(f"{t.rname(role)} keeps {len(kept)} generals face down and returns "
              f"{len(rest)} unseen", step["rule"])


@handler
class TutorialRecruits(Handler):
    """The Beginners' Tutorial: the listed generals join, face up, nothing drawn."""

    name = "tutorial-recruits"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        rnd = t.s["round"]
        for role in t.s["bid_order"]:
            names = []
            for gid in t.cat.tutorial.get(rnd, {}).get(role, ()):
                if gid not in t.generals(role):
                    t.generals(role)[gid] = _entry(gid, rnd)
                    names.append(t.data.generals[gid].name)
            if names:
                t.say(f"{t.rname(role)} recruits {', '.join(names)}", "tutorial.generals")


def _describe(t: Table, card: str) -> str:
    g = t.data.generals[card]
    return (f"{g.name} (adm {g.administration}, com {g.combat}, lead {g.leadership}, "
            f"{'/'.join(g.specialisations)})")
