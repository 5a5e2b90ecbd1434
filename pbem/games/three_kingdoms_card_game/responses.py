"""Standing responses of the Card Game (kept on the player's machine, pbem/responses.py):

    window:                      # a reaction window: the first rule that fits answers
      - {play: opened-a-bag-of-trick, against: [instant], aimed_at: lord}
      - pass                     # or ask (the default: the player is asked)
    trade: refuse                # a trade offer: refuse, or ask
    bribe-bid: none              # defending against a bribe: bid no card, or ask
    war-card: random             # defending in a war: a card (and a strategist's guess)
                                 # at random, or always this war card, or ask

A ``play`` rule names a card (its id in the data) whose play needs no aim (a counter, a
draw); it fires only when the player holds such a card and the play on top of the chain
is of a kind in ``against`` (any, when left out), aimed at what ``aimed_at`` says: ``lord``
(her lord), ``mine`` (her characters, her lands, her plays, or her), ``me`` (her, by name),
or ``any`` (the default), and played by ``by`` (a seat; anyone, when left out).

Until a player sets her own, ``war-card: random`` answers for her (:data:`DEFAULTS`): the
three war cards beat each other in a ring, so a card each as likely, drawn from her own
keys (pbem/secrets/private_pick.py), is as good a defence as any and tells nobody
anything; a defending strategist's guess is drawn the same way, since a wrong guess costs
nothing. The others stay ``ask``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import UsageError
from pbem.games.three_kingdoms_card_game import dataset
from pbem.games.three_kingdoms_card_game.records import Event
from pbem.games.three_kingdoms_card_game.rules import plays
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.secrets.private_pick import PrivatePick

STEPS = ("window", "trade", "bribe-bid", "war-card")
AIMS = ("any", "lord", "mine", "me")
KINDS = ("character", "artifact", "event", "instant", "ability", "battle", "bribe")
RULE_KEYS = ("play", "against", "aimed_at", "by")
NO_AIM = ("counter", "draw")
RANDOM = "random"
DEFAULTS: dict[str, Any] = {"war-card": RANDOM}


def check(given: Mapping[str, Any], where: str, data_hash: str | None) -> None:
    """Refuse responses this game does not understand, naming the step and the rule."""
    data = dataset.get(data_hash)
    for step, rule in given.items():
        at = f"{where}: {step}"
        if step not in STEPS:
            raise UsageError(f"{at}: not a question that takes a standing response "
                             f"(steps: {', '.join(STEPS)})")
        if rule == "ask":
            continue
        if step == "trade" and rule != "refuse":
            raise UsageError(f"{at}: is refuse or ask")
        if step == "bribe-bid" and rule != "none":
            raise UsageError(f"{at}: is none or ask")
        if step == "war-card" and rule != RANDOM and rule not in data.war.types:
            raise UsageError(f"{at}: is random, a war card ({', '.join(data.war.types)}) "
                             "or ask")
        if step == "window":
            _check_window(rule, at, data)


def _check_window(rule: Any, at: str, data: Any) -> None:
    if rule == "pass":
        return
    if not isinstance(rule, list) or not rule:
        raise UsageError(f"{at}: is pass, ask, or a list of rules (the last may be pass)")
    for i, item in enumerate(rule):
        here = f"{at}[{i}]"
        if item in ("pass", "ask"):
            if i != len(rule) - 1:
                raise UsageError(f"{here}: {item} ends the list")
            continue
        if not isinstance(item, Mapping) or "play" not in item:
            raise UsageError(f"{here}: a rule is a mapping with play (or pass or ask last)")
        unknown = sorted(set(item) - set(RULE_KEYS))
        if unknown:
            raise UsageError(f"{here}: {unknown[0]} is not a field (fields: "
                             f"{', '.join(RULE_KEYS)})")
        rec = data.events.get(item["play"])
        if not isinstance(rec, Event) or not rec.instant or not rec.effects \
                or rec.effects[0]["kind"] not in NO_AIM:
            raise UsageError(f"{here}: play names an instant event that needs no aim (a "
                             f"counter or a draw), not {item['play']!r}")
        against = item.get("against", list(KINDS))
        if not isinstance(against, list) or not set(against) <= set(KINDS):
            raise UsageError(f"{here}: against is a list of {', '.join(KINDS)}")
        if item.get("aimed_at", "any") not in AIMS:
            raise UsageError(f"{here}: aimed_at is one of {', '.join(AIMS)}")


def respond(state: dict[str, Any], step: str, role: str, known: Mapping[str, str],
            rule: Any, pick: PrivatePick | None = None,
            guesses: bool = False) -> dict[str, Any] | None:
    """The action ``rule`` gives ``role`` at ``step`` now, or ``None``. ``pick`` draws a
    random war card (no ``pick``: the player is asked); ``guesses``: her war card may come
    with a strategist's guess."""
    if step == "trade":
        return {"do": "refuse-trade"} if rule == "refuse" else None
    if step in ("bribe-bid", "war-card") and role == state["turn"]["role"]:
        return None  # only the defender's side answers by response
    if step == "bribe-bid":
        return {"do": "bid", "cards": []} if rule == "none" else None
    if step == "war-card" and rule != RANDOM:
        return {"do": "war-card", "card": rule}
    if step == "war-card":
        if pick is None:
            return None
        types = list(dataset.get(state.get("data")).war.types)
        drawn = {"do": "war-card", "card": pick.choose(types, "war card")}
        return {**drawn, "guess": pick.choose(types, "guess")} if guesses else drawn
    if step != "window":
        return None
    if rule == "pass":
        return {"do": "pass"}
    t = Table(state, known=known)
    top = state["chain"][-1] if state["chain"] else None
    for item in rule:
        if item == "pass":
            return {"do": "pass"}
        if item == "ask" or top is None:
            return None
        if top["kind"] not in item.get("against", KINDS) or \
                item.get("by", top["role"]) != top["role"] or \
                not _aimed(t, top, role, item.get("aimed_at", "any")):
            continue
        for entry in t.hand(role):
            card = t.public_card(entry) or known.get(entry)
            if card is not None and t.record(card).id == item["play"]:
                return {"do": "play", "card": entry}
    return None


def _aimed(t: Table, top: Mapping[str, Any], role: str, aim: str) -> bool:
    if aim == "any":
        return True
    args = top.get("args") or {}
    if aim == "me":
        return bool(args.get("player") == role)
    if aim == "lord":
        return args.get("target") is not None and args.get("target") == t.s["lords"][role]
    return plays.entry_concerns(t, top, role)
