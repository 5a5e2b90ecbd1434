"""The season order's exchanges and answers as form entries (:mod:`.order_form` adds them
to the form): trades with each other seat, loans from non-human leaders, deals (supplies,
land and army sales), guards set on the seat's own territories, answers backing or
hindering another's courting or recruiting (by whom, aimed at whom), and the ``exile``
part. Battle plans are :mod:`.plan_form`'s.

Each kind of entry is offered only when the position lets the seat make it: a trade with a
seat the relation levels do not bar, a loan from a lender at the level it needs and not yet
owed, guards while the seat holds the guards object, an answer when it has gold or objects
to bring, each field of the exile part when the seat may use it. What each entry holds is
read from small lists of the position, once per form.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pbem.engine import ActionSpec
from pbem.games.chronicles import counters, form_params, hand, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import FREE, ObjectKind
from pbem.games.chronicles.rules import exile
from pbem.games.chronicles.rules.actions import ANSWERS
from pbem.games.chronicles.rules.deals import ARMIES, LAND, SUPPLIES
from pbem.games.chronicles.rules.trades import INFLUENCE_SELLERS, LOAN_RULE, barred
from pbem.offers import Param

Pairs = list[tuple[str, str]]


def _set(name: str, label: str, pairs: Iterable[tuple[str, str]],
         low: int = 0) -> Param | None:
    """A ``choices`` parameter, or None when there is nothing to pick."""
    pairs = tuple(pairs)
    return form_params.some(name, label, pairs, low) if pairs else None


def _amount(name: str, label: str, most: int) -> Param | None:
    """An ``int`` parameter from 0 to ``most``, or None when ``most`` is 0."""
    return form_params.amount(name, label, most) if most > 0 else None


def _kept(params: Iterable[Param | None]) -> tuple[Param, ...]:
    return tuple(p for p in params if p is not None)


def _own_objects(b: Board, role: str,
                 keep: Callable[[ObjectKind], bool] | None = None) -> Pairs:
    """``role``'s objects she can read, each by its entry (``objects#3``; a plain id when
    objects are open); ``keep`` filters the kinds."""
    out: Pairs = []
    for entry in objects.entries(b, role):
        name = objects.seen(b, entry, b.known)
        kind = b.data.objects.get(name) if name else None
        if kind is not None and (keep is None or keep(kind)):
            out.append((entry, kind.name if entry == kind.id else f"{kind.name} ({entry})"))
    return out


def _face_up_objects(b: Board, role: str,
                     keep: Callable[[ObjectKind], bool] | None = None) -> Pairs:
    """The kinds of ``role``'s face-up objects (each once): what another seat may ask for."""
    out: Pairs = []
    for name in dict.fromkeys(objects.public(b, role)):
        kind = b.data.objects.get(name)
        if kind is not None and (keep is None or keep(kind)):
            out.append((name, kind.name))
    return out


def _face_up_cards(b: Board, role: str) -> Pairs:
    """``role``'s face-up red cards held by an entry of the hidden deck (``red#5``):
    another seat may ask for that very card."""
    out: Pairs = []
    for entry in hand.entries(b, role):
        card = hand.face(b, entry)
        if card is not None and card != entry:
            out.append((entry, f"{entry} ({b.data.stratagems[card].name}, face up)"))
    return out


def _tradable(kind: ObjectKind) -> bool:
    return kind.tradable


# ------------------------------------------------------------------ trades


def trades(b: Board, role: str) -> list[ActionSpec]:
    """One kind of trade entry per seat ``role`` may trade with."""
    counted = [(e, f"{e} ({seen})" if (seen := counters.seen(b, e, b.known))
                and seen != e else e) for e in counters.entries(b, role)]
    cards = list(zip(hand.entries(b, role), hand.labels(b, role, b.known), strict=True))
    giving = [  # the same for every partner
        _amount("give.gold", "Give: gold", b.gold(role)),
        _amount("give.influence", "Give: Influence",
                b.influence(role) if role in INFLUENCE_SELLERS else 0),
        _set("give.counters", "Give: action counters", counted),
        _set("give.cards", "Give: red cards", cards),
        _set("give.objects", "Give: objects", _own_objects(b, role, _tradable))]
    kinds = [(c, card.name) for c, card in b.data.stratagems.items()]
    asked = _set("get.counters", "Get: action counters of the kinds",  # (hidden: by kind)
                 [(a, action.name) for a, action in b.data.actions.items()])
    captives: dict[str, Pairs] = {}  # held by role, by their leader
    taken: dict[str, Pairs] = {}  # role's own generals, by their captor
    for gid, f in b.s["generals"].items():
        if f["status"] != "captive":
            continue
        if f.get("captor") == role:
            captives.setdefault(f["employer"], []).append((gid, b.name(gid)))
        elif f["employer"] == role and f.get("captor"):
            taken.setdefault(f["captor"], []).append((gid, b.name(gid)))
    out = []
    for other in b.s["realms"]:
        if other == role or barred(b, role, other):
            continue
        params = _kept([
            *giving,
            _set("give.captives", "Give back: prisoners", captives.get(other, [])),
            _amount("get.gold", "Get: gold", b.gold(other)),
            _amount("get.influence", "Get: Influence",
                    b.influence(other) if other in INFLUENCE_SELLERS else 0),
            asked,
            _set("get.cards", "Get: red cards (of a stratagem, or a face-up card)",
                 [*kinds, *_face_up_cards(b, other)]),
            _set("get.objects", "Get: objects", _face_up_objects(b, other, _tradable)),
            _set("get.captives", "Get back: your generals", taken.get(other, [])),
        ])
        out.append(ActionSpec("trade", f"Trade with {b.name(other)}", "s7.0.tradables",
                              {"with": other}, params))
    return out


# ------------------------------------------------------------------ loans


def loans(b: Board, role: str) -> list[ActionSpec]:
    """One kind of loan entry per lender and what he would lend ``role`` now."""
    owed = {loan["from"] for loan in b.realm(role).get("loans", [])}
    levels = b.data.rule("loan-levels")
    out = []
    for lender, state in b.s["non_human"].items():
        if not state.get("active") or lender in owed:
            continue
        level = b.relation(role, lender)
        for take, rule in LOAN_RULE.items():
            if level >= int(levels[take]):
                out.append(ActionSpec("loan", f"Borrow {take} from {b.name(lender)}", rule,
                                      {"from": lender, "take": take}))
    return out


# ------------------------------------------------------------------ deals


def _goods(b: Board, seller: str, areas: Pairs) -> tuple[Param | None, tuple[Param, ...]]:
    """What ``seller`` could sell: one of ``areas`` (his), and units of each kind held."""
    land = form_params.one("land", "Area", tuple(areas))
    units = _kept(_amount(f"armies.{kind}", f"Units: {kind}", int(n))
                  for kind, n in b.realm(seller)["units"].items())
    return land, units


def _sale(b: Board, seller: str, buyer: str, label: str,
          goods: tuple[Param | None, tuple[Param, ...]]) -> list[ActionSpec]:
    """A land sale and an army sale from ``seller`` to ``buyer``, as the seller's
    ``goods`` allow; the price at most what the buyer holds."""
    fixed = {"seller": seller, "buyer": buyer}
    price = Param("price", "int", "Price in gold", minimum=0, maximum=b.gold(buyer),
                  default=0)
    land, units = goods
    out = []
    if land is not None:
        out.append(ActionSpec("deal", f"{label}: land", LAND, fixed, (land, price)))
    if units:
        out.append(ActionSpec("deal", f"{label}: armies", ARMIES, fixed, (*units, price)))
    return out


def deals(b: Board, role: str) -> list[ActionSpec]:
    """Agreements with each other seat: who pays a helper's supplies, and, where the
    relation levels allow trading, land and army sales either way."""
    realms = b.s["realms"]
    partners = [o for o in realms if o != role and not barred(b, role, o)]
    held: dict[str, Pairs] = {}
    if partners:
        for aid, facts in b.s["areas"].items():
            if facts["holder"] in realms:
                held.setdefault(facts["holder"], []).append((aid, b.area(aid).name))
    goods = {who: _goods(b, who, held.get(who, [])) for who in (role, *partners)}
    out = []
    for other in realms:
        if other == role:
            continue
        name = b.name(other)
        out += [ActionSpec("deal", f"{name} helps, you pay the supplies", SUPPLIES,
                           {"supplies": other, "payer": role}),
                ActionSpec("deal", f"You help {name}, who pays the supplies", SUPPLIES,
                           {"supplies": role, "payer": other})]
        if other in goods:
            out += _sale(b, role, other, f"Sell to {name}", goods[role])
            out += _sale(b, other, role, f"Buy from {name}", goods[other])
    return out


# ------------------------------------------------------------------ guards and answers


def guards(b: Board, role: str, generals: Pairs, territories: Pairs) -> list[ActionSpec]:
    """Guards against envoys (with a general) and against spies, on ``territories`` (the
    seat's), while ``role`` holds the guards object."""
    held = guards_held(b, role)
    if not held or not territories:
        return []
    where = _set("territories", "Territories guarded", territories, 1)
    which = form_params.one("object", "Guards", tuple(held))
    out = [ActionSpec("guard", "Guards against spies", "s8.7.3.owner-guards",
                      {"against": "spies"}, _kept([which, where]))]
    if generals:
        out.insert(0, ActionSpec("guard", "Guards against envoys", "s8.8.2.vs-envoy",
                                 {"against": "envoys"},
                                 _kept([which, form_params.one("general", "General",
                                                               tuple(generals)), where])))
    return out


def guards_held(b: Board, role: str) -> Pairs:
    """The guards objects ``role`` holds and can read, by entry."""
    return _own_objects(b, role, lambda kind: kind.id == "guards")


def _aimed_at(b: Board, role: str, kind: str) -> Param | None:
    """Whom an answer's action must aim at: anyone (the first to fit), a leader courted
    (one an envoy can reach), or a general recruited (one of the seat's own, a free
    general on the map, another leader's)."""
    if kind == "court":  # (the seat himself last: courted by another with a wedge)
        holding = {b.holder(a) for a in b.s["areas"]}
        courted = [(who, b.name(who) if who != role else f"{b.name(who)} (you)")
                   for who in [*(r for r in b.s["realms"] if r != role), *b.s["non_human"],
                               role]
                   if (b.is_human(who) or b.is_non_human(who)) and who in holding]
        return form_params.one("target", "Aimed at", ((None, "Whoever is courted"),
                                                      *courted))
    wanted: Pairs = []
    for gid, f in b.s["generals"].items():
        if b.general(gid).loyalty is None or f["employer"] == role:
            continue
        if (f["status"] == "free" and f.get("at")) or (
                f["status"] in ("ready", "injured") and f["employer"] not in (role, FREE)):
            wanted.append((gid, b.name(gid)))
    return form_params.one("target", "Aimed at", ((None, "Whoever is recruited"),
                                                  ("mine", "Any general of yours"),
                                                  *wanted))


def answers(b: Board, role: str, leaders: Pairs) -> list[ActionSpec]:
    """Backing or hindering another seat's courting or recruiting, with gold or objects,
    by a leader or any, aimed at a target or any."""
    others = [(who, name) for who, name in leaders if b.is_human(who)]
    if not others:
        return []
    held = _own_objects(b, role, lambda k: k.diplomacy)
    by = form_params.one("by", "By the leader", ((None, "Whoever acts first"), *others))
    gold = _amount("gold", "Gold", b.gold(role))
    out = []
    for kind, word in (("court", "courting"), ("recruit", "recruiting")):
        fit = held if kind == "court" else [
            (o, name) for o, name in held
            if b.data.objects[str(objects.seen(b, o, b.known))].recruit]
        if not (gold or fit):
            continue
        params = _kept([by, _aimed_at(b, role, kind), gold, _set("objects", "Objects", fit)])
        rule = ANSWERS if kind == "court" else "s8.4.C.4.gold-objects"
        for way in ("back", "hinder"):
            out.append(ActionSpec("answer", f"{way.capitalize()} a {word}", rule,
                                  {way: kind}, params))
    return out


# ------------------------------------------------------------------ exile


def exile_part(b: Board, role: str) -> Param | None:
    """The ``exile`` part, with the fields the position lets ``role`` use: going into
    exile (not already in it), asking his guests for their lent area back (a host), giving
    back the area lent to him (an exile lodged); None when none applies."""
    ex = exile.exile_of(b, role)
    fields = []
    if ex is None:
        fields.append(form_params.one("go", "Go into exile", (
            (None, "no"), (True, "yes: leave every area and seek a host"))))
    guests = [(guest, b.name(guest)) for guest in exile.guests_of(b, role)]
    if guests:
        fields.append(_set("recall", "Ask for the lent area back from", guests))
    if ex is not None and not ex.get("out") and ex.get("area") is not None:
        fields.append(form_params.one("give_back", "Give back the area lent to you", (
            (None, "no"), (True, "yes: give it back and seek a new host"))))
    kept = _kept(fields)
    if not kept:
        return None
    return Param("exile", "group", "Exile", items=(
        ActionSpec("exile", "Exile", exile.EXILED, {}, kept),))
