"""The season orders and the musters as a form (docs/chronicles-engine.md, "The season
order"): the parts a table fills in entry by entry — action counters, trades, loans,
deals, guards, answers to others' actions, envoys welcomed, the exile part, placements for
battle, battle plans (with their cards), helpers let through — described as ``list``,
``group`` and ``choices`` parameters of the exchange's offer, with the choices the
position gives (:mod:`.season_form` builds the trades, loans, deals, guards, answers and
the exile part; :mod:`.plan_form` the plans).

An entry the form offers may still be refused when the order is given (a territory not
held whole, too little gold): the rules check the whole order then, as for one typed. The
entries are drawn for the seat the exchange asks first; a seat answering ahead of it by
file writes its own.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from pbem.engine import ActionSpec
from pbem.games.chronicles import counters, form_params, hand, plan_form, season_form
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import muster
from pbem.offers import Param

MOST_UNITS = 30
"""The most units of one kind a form's entry sends or recruits (a file may say more)."""


def _choices(name: str, label: str, pairs: list[tuple[str, str]]) -> Param:
    return form_params.some(name, label, tuple(pairs))


def _gold(b: Board, role: str, label: str = "Gold added") -> Param:
    return form_params.amount("gold", label, int(b.s["realms"][role]["gold"]))


def _units(b: Board) -> tuple[Param, ...]:
    return tuple(form_params.amount(f"units.{kind}", f"Units: {kind}", MOST_UNITS)
                 for kind in b.data.armies)


def _pick(name: str, label: str, pairs: list[tuple[str, str]]) -> Param | None:
    return form_params.one(name, label, tuple(pairs))


class _Form:
    """The choices one seat has, read from the position."""

    def __init__(self, b: Board, role: str) -> None:
        self.b, self.role = b, role
        s = b.s
        self.generals = [(gid, b.name(gid)) for gid, f in s["generals"].items()
                         if f["employer"] == role and f["status"] == "ready"
                         and not f.get("task")]
        self.areas = [(aid, b.area(aid).name) for aid in s["areas"] if b.holder(aid) == role]
        held = dict.fromkeys(b.territory_of(aid).id for aid, _ in self.areas)
        self.territories = [(tid, b.territory(tid).name) for tid in held]
        self.held = held
        self.leaders = [(who, b.name(who)) for who in [*s["realms"], *s["non_human"]]
                        if who != role and (who in s["realms"]
                                            or s["non_human"][who].get("active"))]

    @cached_property
    def whole(self) -> list[tuple[str, str]]:
        """The territories the seat holds whole, with land to develop."""
        b, lands = self.b, self.b.s["lands"]
        return [(tid, name) for tid, name in self.territories
                if b.holds_whole(self.role, tid) and lands[tid]["land_value"] > 0]

    @cached_property
    def free(self) -> list[tuple[str, str]]:
        """The free generals on the board."""
        return [(gid, self.b.name(gid)) for gid, f in self.b.s["generals"].items()
                if f["status"] == "free" and f.get("at")]

    @cached_property
    def all_areas(self) -> list[tuple[str, str]]:
        """Every area (the musters only)."""
        return [(aid, self.b.area(aid).name) for aid in self.b.s["areas"]]

    @cached_property
    def others(self) -> list[tuple[str, str]]:
        """The territories where the seat holds no area."""
        return [(tid, self.b.territory(tid).name) for tid in self.b.data.territories
                if tid not in self.held]

    def spec(self, verb: str, label: str, fixed: dict[str, str],
             *params: Param | None) -> ActionSpec | None:
        """An entry kind, or None when one of its choices has no option."""
        if any(p is None for p in params):
            return None
        return ActionSpec(verb, label, "s8.0.placement", fixed,
                          tuple(p for p in params if p is not None))

    def actions(self) -> list[ActionSpec]:
        b, role = self.b, self.role
        general = _pick("general", "General", self.generals)
        gold = _gold(b, role)
        seen = {e: counters.seen(b, e, b.known) for e in counters.entries(b, role)}
        if not seen:
            return []
        kinds: list[tuple[str, ActionSpec | None]] = [
            ("land", self.spec("land", "Develop land", {"counter": "land"}, general,
                               _pick("territory", "Territory held whole", self.whole),
                               gold)),
            ("defence", self.spec("defence", "Build defences", {"counter": "defence"},
                                  general, _pick("area", "Area", self.areas),
                                  gold)),
            ("prevent-flood", self.spec("prevent-flood", "Prevent floods",
                                        {"counter": "prevent-flood"}, general,
                                        _pick("territory", "Territory", self.territories),
                                        gold)),
            ("recruit-armies", self.spec("recruit-armies", "Recruit armies",
                                         {"counter": "recruit-armies"}, general,
                                         _pick("territory", "Territory", self.territories),
                                         *_units(b))),
            ("special-tax", self.spec("special-tax", "Raise a special tax",
                                      {"counter": "special-tax"}, general)),
            ("diplomacy", self.spec("search", "Search for talent", {"counter": "diplomacy"},
                                    general, _pick("search", "In the territory",
                                                   self.territories))),
            ("diplomacy", self.spec("recruit", "Recruit a free general",
                                    {"counter": "diplomacy"}, general,
                                    _pick("recruit", "The general", self.free),
                                    gold)),
            ("diplomacy", self.spec("court", "Court a leader", {"counter": "diplomacy"},
                                    general, _pick("court", "The leader", self.leaders),
                                    gold)),
            ("espionage", self.spec("espionage", "Spy", {"counter": "espionage"}, general,
                                    _pick("territory", "In the territory", self.others),
                                    _pick("take", "To take",
                                          [(t, t) for t in ("gold", "armies", "card",
                                                            "object")]))),
        ]
        down = [e for e, action in seen.items() if action is None]
        out = []
        for kind, spec in kinds:
            mine = [e for e, action in seen.items() if action == kind]
            if spec is None or not (mine or down):
                continue
            if hand.hidden(b):
                labels = [(e, f"{e} ({b.data.actions[kind].name})") for e in mine]
                labels += [(e, f"{e} (not readable yet)") for e in down]
                counter = form_params.one("entry", "Counter", tuple(labels))
                assert counter is not None  # (a counter of hers is offered)
                spec = replace(spec, params=(*spec.params, counter))
            out.append(spec)
        return out

    def muster(self) -> list[ActionSpec]:
        gens = _choices("generals", "Generals", self.generals)
        launch = _pick("from", "From the territory", self.territories)
        kinds = [
            self.spec("invade", "Invade an area", {"side": "invade"},
                      _pick("area", "Area", self.all_areas), launch, gens, *_units(self.b)),
            self.spec("defend", "Defend an area of yours", {"side": "defend"},
                      _pick("area", "Area", self.areas), gens, *_units(self.b)),
            self.spec("help", "Help a leader", {"side": "help"},
                      _pick("area", "Area", self.all_areas),
                      _pick("helps", "The leader helped", self.leaders), launch, gens,
                      *_units(self.b), _gold(self.b, self.role, "Gold (a non-human only)")),
        ]
        return [spec for spec in kinds if spec is not None]


def _season_lists(b: Board, role: str, form: _Form) -> list[Param]:
    """The season order's trades, loans, deals, guards and answers, each kind as the position
    offers it (:mod:`.season_form`)."""
    lenders = season_form.loans(b, role)
    kept = len(season_form.guards_held(b, role))
    parts = [
        ("trades", "Trades", season_form.trades(b, role), 0),
        ("loans", "Loans", lenders, len({k.fixed["from"] for k in lenders})),
        ("deals", "Deals", season_form.deals(b, role), 0),
        ("guards", "Guards", season_form.guards(b, role, form.generals, form.territories),
         kept),
        ("answers", "Answers to others' actions", season_form.answers(b, role, form.leaders),
         0),
    ]
    return [Param(name, "list", label, maximum=most, items=tuple(items))
            for name, label, items, most in parts if items]


def _plans(b: Board, role: str, areas: list[tuple[str, str]]) -> list[Param]:
    items = plan_form.plans(b, role, areas)
    return [Param("plans", "list", "Battle plans", items=tuple(items))] if items else []


def params(b: Board, role: str, number: int) -> tuple[Param, ...]:
    """The form's parameters of exchange ``number`` (1: the season orders) for ``role``."""
    form = _Form(b, role)
    if number == 1:
        items = tuple(form.actions())
        out = [Param("actions", "list", "Action counters", minimum=0,
                     maximum=len(b.s["realms"][role]["counters"]), items=items)] \
            if items else []
        out += _season_lists(b, role, form)
        out += _plans(b, role, form.all_areas)
        if form.leaders:
            out.append(_choices("welcome", "Envoys welcomed this round", form.leaders))
        part = season_form.exile_part(b, role)
        return (*out, *([part] if part is not None else []))
    out = [Param("muster", "list", "Placements for battle", items=tuple(form.muster()))]
    fought = dict.fromkeys(x["area"] for x in muster.live(b))
    out += _plans(b, role, [(aid, b.area(aid).name) for aid in fought])
    if form.leaders:
        out.append(_choices("let_through", "Helpers let through your territories",
                            form.leaders))
    return tuple(out)
