"""The vocabulary of effects that generals' skills and enhancement cards are built from.

A skill or card lists effects ``{kind: <kind>, <param>: <value>, ...}``; the kinds and
their parameters are fixed here, their working lives in :mod:`.effects`. A transcription
of the printed cards uses the same kinds (docs/redux-data.md lists them). :func:`check`
validates one effect; :func:`describe` says in plain words what it does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pbem.games.three_kingdoms_redux.catalog import RESOURCES, WEAPONS

ACTIONS = ("develop-farm", "harvest", "develop-marketplace", "collect-tax", "trade",
           "hire-instructor", "import-technology", "construct", "produce-spears-horses",
           "produce-crossbows-vessels", "recruit-armies", "train-armies", "demand-tribute",
           "win-popular-support", "control-han-emperor", "battle", "improve-tribal")
METRICS = ("farm-level", "market-level", "domestic", "tribal-level", "support", "rank",
           "military", "stationed-generals", "stationed-units", "border-tokens",
           "border-vp-tokens", "built-cards", "han-token", "borders-won", "trained",
           "untrained", "gold", "rice", "border-locations")
UNIT_TYPES = ("archery", "cavalry", "infantry", "naval")
SPACES = ("develop-farm", "develop-marketplace", "trade", "hire-instructor", "construct",
          "produce-spears-horses", "produce-crossbows-vessels", "recruit-armies",
          "train-armies", "demand-tribute", "win-popular-support", "control-han-emperor",
          "battle-shu-wei", "battle-shu-wu", "battle-wei-wu")
COST_ITEMS = (*RESOURCES, "army")
GAINS = (*RESOURCES, "weapon")  # "weapon": that many weapons of the owner's choice
ATTRIBUTES = ("administration", "combat")

Check = Callable[[Any], str | None]


def _int(low: int, high: int) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return None
        return f"must be a whole number from {low} to {high}"
    return check


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _one(*allowed: str) -> Check:
    def check(value: Any) -> str | None:
        return None if value in allowed else f"must be one of {', '.join(allowed)}"
    return check


def _list(*allowed: str) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, list) and value and all(v in allowed for v in value) \
                and len(set(value)) == len(value):
            return None
        return f"must be a list of {', '.join(allowed)}"
    return check


def _options(value: Any) -> str | None:
    if isinstance(value, list) and 2 <= len(value) <= 3 and all(
            _amounts(GAINS)(v) is None for v in value):
        return None
    return f"must list 2 or 3 gains (each a mapping of {', '.join(GAINS)} to numbers)"


def _amounts(allowed: tuple[str, ...], high: int = 9) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, dict) and value and all(
                k in allowed and isinstance(n, int) and not isinstance(n, bool)
                and 1 <= n <= high for k, n in value.items()):
            return None
        return f"must map {', '.join(allowed)} to numbers from 1 to {high}"
    return check


# kind -> (who may carry it, {param: (check, required)})
KINDS: dict[str, tuple[tuple[str, ...], dict[str, tuple[Check, bool]]]] = {
    "wins-ties": (("general",), {}),
    "bid-bonus": (("general", "card"), {
        "amount": (_int(1, 2), True),
        "when": (_one("always", "first-placed", "alliance-space"), True),
        "criteria": (_list("administration", "combat", "battle"), False),
        "spaces": (_list(*SPACES), False)}),
    "support-refund": (("general",), {"amount": (_int(1, 3), True)}),
    "station-alone": (("general",), {"flip": (_bool, True)}),
    "tribal-hold": (("general", "card"), {
        "rounds": (_one("every", "even", "odd"), True),
        "mode": (_one("keep", "raise"), True),
        "stationed_with": (_one(*UNIT_TYPES), False)}),
    "recruit-gain": (("general",), {
        "gain": (_amounts(RESOURCES), True),
        "weapon_choice": (_int(0, 2), False),
        "only_unplaced": (_bool, False)}),
    "card-store": (("general",), {
        "resource": (_one(*RESOURCES), True), "count": (_int(1, 9), True),
        "per_round": (_int(1, 3), True), "min_held": (_int(0, 9), True)}),
    "alliance-tokens": (("general",), {"count": (_int(1, 2), True)}),
    "after-action": (("general", "card"), {
        "actions": (_list(*ACTIONS), True),
        "gain": (_amounts(GAINS), False),
        "choose": (_options, False),
        "train": (_int(1, 3), False),
        "arrive_trained": (_int(1, 3), False),
        "per": (_one(*METRICS), False),
        "max": (_int(1, 9), False),
        "max_developed": (_int(0, 5), False),
        "produced": (_amounts(WEAPONS, 2), False)}),
    "attribute-from-round": (("general",), {
        "attribute": (_one(*ATTRIBUTES), True), "value": (_int(1, 5), True),
        "from_round": (_int(2, 12), True)}),
    "alliance-action-gain": (("general",), {"gain": (_amounts(RESOURCES), True)}),
    "outsider-gain": (("general",), {"gain": (_amounts(RESOURCES), True),
                                     "max_won": (_int(0, 18), True)}),
    "import-both": (("general",), {}),
    "round-income": (("general", "card"), {
        "gain": (_amounts(RESOURCES), True),
        "rounds": (_one("every", "even", "odd"), False),
        "after_stationed": (_bool, False),
        "needs_stationed": (_bool, False)}),
    "on-build": (("card",), {"collect_tax": (_bool, False),
                             "gain": (_amounts(RESOURCES), False)}),
    "barter": (("card",), {"weapons": (_int(1, 3), True), "rice": (_int(1, 6), True)}),
    "extra-capacity": (("general", "card"), {
        "action": (_one("train-armies", "hire-instructor"), True),
        "extra": (_int(1, 2), True)}),
    "yield-bonus": (("card",), {"action": (_one("harvest", "collect-tax"), True),
                                "per_token": (_int(1, 3), True)}),
    "upkeep-relief": (("card",), {"gold": (_int(1, 3), False), "rice": (_int(1, 3), False)}),
    "end-vp": (("card",), {
        "metric": (_one(*METRICS), True), "vp": (_int(1, 5), True),
        "per": (_int(1, 10), False), "at_least": (_int(1, 30), False),
        "max": (_int(1, 20), False),
        "unit": (_one(*UNIT_TYPES), False)}),
    "take-vp": (("card",), {"vp": (_int(1, 3), True), "category": (_one("military"), True),
                            "keep": (_bool, False)}),
}


def check(effect: Any, owner: str) -> tuple[str, str] | None:
    """``None`` when ``effect`` is well formed for an ``owner`` (general/card), else
    (field, problem)."""
    if not isinstance(effect, dict):
        return "", "must be a mapping with a kind"
    kind = effect.get("kind")
    if kind not in KINDS:
        return "kind", f"{kind!r} is not an effect kind (kinds: {', '.join(KINDS)})"
    owners, params = KINDS[kind]
    if owner not in owners:
        return "kind", f"{kind} belongs only to {' or '.join(owners)}s"
    for name, value in effect.items():
        if name == "kind":
            continue
        if name not in params:
            return name, f"is not a parameter of {kind} (parameters: " \
                         f"{', '.join(params) or 'none'})"
        problem = params[name][0](value)
        if problem:
            return name, problem
    for name, (_, required) in params.items():
        if required and name not in effect:
            return name, f"is required by {kind}"
    if kind == "end-vp" and ("per" in effect) == ("at_least" in effect):
        return "per", "end-vp takes either per or at_least"
    if kind == "upkeep-relief" and not ({"gold", "rice"} & set(effect)):
        return "gold", "upkeep-relief takes gold or rice"
    if kind == "end-vp" and "unit" in effect and effect["metric"] != "stationed-units":
        return "unit", "end-vp takes a unit only with the metric stationed-units"
    if kind == "bid-bonus" and owner == "card" and effect["when"] != "always":
        return "when", "a card's bid-bonus works always"
    if kind == "after-action":
        return _check_after_action(effect)
    return None


def _check_after_action(effect: Mapping[str, Any]) -> tuple[str, str] | None:
    if not {"gain", "choose", "train", "arrive_trained"} & set(effect):
        return "gain", "after-action takes gain, choose, train or arrive_trained"
    if "arrive_trained" in effect and effect["actions"] != ["recruit-armies"]:
        return "arrive_trained", "only armies recruit-armies brings can arrive trained"
    if "max" in effect and "per" not in effect:
        return "max", "after-action takes max only with per"
    if "per" in effect and "gain" not in effect:
        return "per", "after-action scales only a gain by per"
    return None


def check_prerequisite(item: Any) -> tuple[str, str] | None:
    if not isinstance(item, dict) or set(item) != {"metric", "at_least"}:
        return "", "must be {metric, at_least}"
    if item["metric"] not in METRICS:
        return "metric", f"must be one of {', '.join(METRICS)}"
    problem = _int(1, 30)(item["at_least"])
    return ("at_least", problem) if problem else None


# ---------------------------------------------------------------------- plain words


def amounts(gain: Mapping[str, int]) -> str:
    names = {"support": "popular support", "untrained": "untrained army",
             "trained": "trained army", "army": "army (untrained or trained)"}
    parts = []
    for key, n in gain.items():
        if key == "weapon":
            parts.append(f"{n} weapon{'s' if n != 1 else ''} of choice")
            continue
        name = names.get(key, key)
        if n != 1 and key not in ("gold", "rice"):
            name += "s" if not name.endswith("y") else ""
            name = name.replace("armys", "armies").replace("army (untrained or trained)s",
                                                           "armies (untrained or trained)")
        parts.append(f"{n} {name}")
    return ", ".join(parts) if parts else "nothing"


def _after_action_gain(e: Mapping[str, Any]) -> str:
    parts = []
    if "gain" in e:
        scale = ""
        if "per" in e:
            scale = f" per {e['per'].replace('-', ' ').removesuffix('s')}" + (
                f" (at most {e['max']})" if "max" in e else "")
        parts.append(amounts(e["gain"]) + scale)
    if "choose" in e:
        parts.append(" or ".join(amounts(option) for option in e["choose"]) + " (owner's "
                     "choice)")
    if "train" in e:
        parts.append(f"may train up to {amounts({'untrained': e['train']})}")
    if "arrive_trained" in e:
        n = e["arrive_trained"]
        parts.append(f"{n} of the armies recruited arrive{'s' if n == 1 else ''} trained")
    return "; ".join(parts)


def _rounds(value: str | None) -> str:
    return {"even": "each even round", "odd": "each odd round"}.get(value or "every",
                                                                     "each round")


def describe(effect: Mapping[str, Any], owner: str = "general") -> str:
    """What ``effect`` does, in the project's own words (``owner``: general or card)."""
    kind = effect["kind"]
    e = effect
    if kind == "wins-ties":
        return "its state wins ties of totals on a space where this general bids"
    if kind == "bid-bonus":
        when = {"always": "whenever placed", "first-placed": "when placed first in a round",
                "alliance-space": "when placed on the alliance space while allied"}[e["when"]]
        where = ""
        if e.get("spaces"):
            where = " on " + ", ".join(e["spaces"])
        if e.get("criteria"):
            where += " for " + "/".join(e["criteria"]) + " bids"
        if owner == "card":
            return f"+{e['amount']} to each bid of the state's generals{where}"
        return f"+{e['amount']} to his bid {when}{where} (with a bid token)"
    if kind == "support-refund":
        return f"{e['amount']} of the popular support tokens he bid with comes back"
    if kind == "station-alone":
        return "may be stationed with no army units" + (
            " and still turn the location token to 1 VP" if e["flip"] else "")
    if kind == "tribal-hold":
        what = "stays" if e["mode"] == "keep" else "rises by 1 (or stays at 12)"
        cond = f" once he is stationed with {e['stationed_with']} units" \
            if e.get("stationed_with") else ""
        return f"at the end of {_rounds(e['rounds'])} without a tribal action the tribal " \
               f"level {what} instead of falling{cond}"
    if kind == "recruit-gain":
        extra = f" and {e['weapon_choice']} weapon(s) of choice" if e.get("weapon_choice") else ""
        cond = " if he was not placed that round" if e.get("only_unplaced") else ""
        return f"at the end of his recruiting round: {amounts(e['gain'])}{extra}{cond}"
    if kind == "card-store":
        return f"{e['count']} {e['resource']} on his card when recruited; {e['per_round']} " \
               f"moves to the supply each later round while at least {e['min_held']} are held"
    if kind == "alliance-tokens":
        return f"{e['count']} bid tokens on his card when recruited; hand one back after " \
               "the alliance space is chosen to join the alliance that round"
    if kind == "after-action":
        cond = ""
        if "max_developed" in e:
            cond = f" if at most {e['max_developed']} developed tokens remain on that space"
        if "produced" in e:
            cond = f" when it yields {amounts(e['produced'])}"
        return f"after {' or '.join(e['actions'])}: {_after_action_gain(e)}{cond}"
    if kind == "attribute-from-round":
        return f"{e['attribute']} is {e['value']} from round {e['from_round']} on"
    if kind == "alliance-action-gain":
        return f"before he takes the alliance action while allied: {amounts(e['gain'])}"
    if kind == "outsider-gain":
        return f"when not allied and winning at most {e['max_won']} spaces: " \
               f"{amounts(e['gain'])} before acting"
    if kind == "import-both":
        return "import technology draws one card from each deck"
    if kind == "round-income":
        cond = " while stationed" if e.get("needs_stationed") else (
            " (also once stationed)" if e.get("after_stationed") else "")
        return f"at the end of {_rounds(e.get('rounds'))}: {amounts(e['gain'])}{cond}"
    if kind == "on-build":
        parts = (["collect tax at once"] if e.get("collect_tax") else []) + (
            [amounts(e["gain"])] if e.get("gain") else [])
        return "when built: " + " and ".join(parts)
    if kind == "barter":
        return f"at the end of a round without a trade action: swap {e['weapons']} weapon " \
               f"for {e['rice']} rice, or back"
    if kind == "extra-capacity":
        return f"{e['action']} trains up to {e['extra']} more"
    if kind == "yield-bonus":
        return f"{e['action']}: {e['per_token']} more for each token cashed"
    if kind == "upkeep-relief":
        return "upkeep " + " and ".join(f"{e[k]} {k} less" for k in ("gold", "rice") if k in e)
    if kind == "end-vp":
        cap = f", at most {e['max']}" if "max" in e else ""
        what = f"{e['unit']} units stationed" if e.get("unit") else e["metric"]
        if "per" in e:
            return f"{e['vp']} VP per {e['per']} {what} at the end{cap}"
        return f"{e['vp']} VP at the end with {e['metric']} at least {e['at_least']}"
    if kind == "take-vp":
        keep = ", and scores what it takes" if e.get("keep") else ""
        return f"at the end each other state loses {e['vp']} {e['category']} VP{keep}"
    return kind  # pragma: no cover - every kind is described above
