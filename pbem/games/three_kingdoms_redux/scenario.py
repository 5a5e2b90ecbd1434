"""Scenarios: a YAML description of a Three Kingdoms Redux position to start a game from
(docs/redux-scenarios.md). Everything not mentioned keeps the standard setup.

A scenario may set hands and generals directly: it then writes the engine's open-secrets
state itself (cards in clear), which only scenario games use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.errors import UsageError
from pbem.games.three_kingdoms_redux.catalog import RESOURCES, ROLES, load_catalog
from pbem.games.three_kingdoms_redux.dataset import DECKS
from pbem.games.three_kingdoms_redux.dataset import get as get_data
from pbem.games.three_kingdoms_redux.orders import update as update_orders
from pbem.games.three_kingdoms_redux.table import fresh_flags
from pbem.hidden import SECRETS_KEY, OpenSecrets

KEYS = ("round", "bid_order", "criterion", "alliance", "han", "states", "decks", "start",
        "orders")
STATE_KEYS = (*RESOURCES, "deficit", "farm", "market", "tribal", "rank", "military",
              "bid_tokens", "generals", "hand", "built")
STARTS = ("setup", "round", "choose-alliance", "bidding")
STAGE_AFTER = {"round": 0, "choose-alliance": 3, "bidding": 5}


def _fail(field: str, message: str) -> UsageError:
    return UsageError(f"scenario field {field}: {message}")


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(field, f"must be a whole number from {low} to {high}")
    return value


class _Writer:
    """Writes cards into the open-secrets state the way OpenSecrets keeps them."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.secrets = OpenSecrets(state, None)

    def give(self, prefix: str, pool: list[str], card: str, holder: str, field: str) -> str:
        if card not in pool:
            raise _fail(field, f"{card!r} is not (or no longer) in that deck")
        return self.secrets.hand_out(prefix, pool, card, holder)


def apply(state: dict[str, Any], scenario: Mapping[str, Any],
          shared: Mapping[str, Sequence[str]],
          private: Mapping[str, Mapping[str, Sequence[str]]]) -> None:
    """Change the opening ``state`` as ``scenario`` describes."""
    cat = load_catalog()
    unknown = [k for k in scenario if k not in KEYS]
    if unknown:
        raise _fail(str(unknown[0]), f"not a scenario field (fields: {', '.join(KEYS)})")
    OpenSecrets.create(state, shared, private)
    writer = _Writer(state)
    if "round" in scenario:
        state["round"] = _int(scenario["round"], "round", 1, cat.n("rounds"))
    if "bid_order" in scenario:
        order = scenario["bid_order"]
        if not isinstance(order, list) or sorted(order) != sorted(ROLES):
            raise _fail("bid_order", "must list wei, wu and shu once each")
        state["bid_order"] = list(order)
        state["next_bid_order"] = list(order)
    if "criterion" in scenario:
        _criterion(state, scenario["criterion"])
    if "alliance" in scenario:
        _alliance(state, scenario["alliance"])
    if "han" in scenario:
        holder = scenario["han"]
        if holder is not None and holder not in ROLES:
            raise _fail("han", "is the role holding the Han emperor token, or null")
        state["han"]["holder"] = holder
    given_hands, given_generals = set(), set()
    for role, info in (scenario.get("states") or {}).items():
        if role not in ROLES:
            raise _fail(f"states.{role}", "is not a state (wei, wu, shu)")
        if not isinstance(info, dict):
            raise _fail(f"states.{role}", "must be a mapping")
        _state(state, writer, role, info)
        if "hand" in info:
            given_hands.add(role)
        if "generals" in info:
            given_generals.add(role)
    _decks(state, scenario.get("decks") or {})
    state["decks"] = {deck: len(state[SECRETS_KEY]["decks"][deck]) for deck in DECKS}
    for role, given in (scenario.get("orders") or {}).items():
        if role not in ROLES:
            raise _fail(f"orders.{role}", "is not a state")
        try:
            state["orders"][role] = update_orders(state["orders"][role], given)
        except Exception as exc:
            raise _fail(f"orders.{role}", str(exc)) from None
    start = scenario.get("start", "setup")
    if start not in STARTS:
        raise _fail("start", f"is one of {', '.join(STARTS)}")
    if start == "setup":
        state["stack"] = [{"step": "round", "stage": 0},
                          {"step": "deal", "skip_hands": sorted(given_hands),
                           "skip_generals": sorted(given_generals),
                           "skip_criterion": "criterion" in scenario}]
        return
    if not all(state["criterion"].values()):
        _criterion(state, {"control-han-emperor": "combat"})
    state["round_flags"] = {role: fresh_flags() for role in ROLES}
    after = STAGE_AFTER[start]
    state["stack"] = [{"step": "round", "stage": after}]
    if start != "round":
        state["stack"].append({"step": start})


def _criterion(state: dict[str, Any], given: Any) -> None:
    cat = load_catalog()
    first, second = cat.marker_spaces
    if not isinstance(given, dict) or len(given) != 1 or next(iter(given)) not in (first, second):
        raise _fail("criterion", f"gives the criterion of {first} or {second}")
    space, crit = next(iter(given.items()))
    if crit not in ("administration", "combat"):
        raise _fail("criterion", "is administration or combat")
    other = "combat" if crit == "administration" else "administration"
    state["criterion"] = {space: crit, (second if space == first else first): other}


def _alliance(state: dict[str, Any], given: Any) -> None:
    cat = load_catalog()
    if not isinstance(given, dict) or set(given) - {"space", "previous"}:
        raise _fail("alliance", "gives space and/or previous")
    for key in ("space", "previous"):
        value = given.get(key)
        if value is not None and (value not in cat.spaces or not cat.spaces[value].alliance):
            raise _fail(f"alliance.{key}", f"{value!r} cannot be the alliance space")
        state["alliance"][key] = value
    if given.get("space"):
        state["alliance"]["holder"] = None


def _state(state: dict[str, Any], writer: _Writer, role: str, info: Mapping[str, Any]) -> None:
    cat = load_catalog()
    data = get_data(state["data"])
    st = state["states"][role]
    for key, value in info.items():
        field = f"states.{role}.{key}"
        if key not in STATE_KEYS:
            raise _fail(field, f"not a state field (fields: {', '.join(STATE_KEYS)})")
        if key in (*RESOURCES, "deficit", "military"):
            st[key] = _int(value, field, 0, 999)
        elif key == "tribal":
            st[key] = _int(value, field, cat.tribal_min, cat.tribal_max)
        elif key == "rank":
            st[key] = _int(value, field, 0, len(cat.ranks) - 1)
        elif key == "bid_tokens":
            st[key] = _int(value, field, 0, cat.n("bid_tokens"))
        elif key in ("farm", "market"):
            _track(st[key], value, field, cat.n("development_tokens"))
    pool = state[SECRETS_KEY]["private"].get(role, {}).get("generals", [])
    if "generals" in info:
        lord = cat.states[role].lord
        generals = {lord: st["generals"][lord]}
        for i, item in enumerate(info["generals"]):
            _general(state, writer, role, item, f"states.{role}.generals[{i}]", generals, pool,
                     data)
        st["generals"] = generals
    decks = state[SECRETS_KEY]["decks"]
    for i, cid in enumerate(info.get("hand") or []):
        deck = _card_deck(data, cid, f"states.{role}.hand[{i}]")
        st["hand"].append(writer.give(deck, decks[deck], cid, role, f"states.{role}.hand[{i}]"))
    for i, cid in enumerate(info.get("built") or []):
        deck = _card_deck(data, cid, f"states.{role}.built[{i}]")
        if cid not in decks[deck]:
            raise _fail(f"states.{role}.built[{i}]", f"{cid!r} is used twice")
        decks[deck].remove(cid)
        st["built"].append(cid)


def _track(track: dict[str, Any], value: Any, field: str, tokens: int) -> None:
    if not isinstance(value, dict) or set(value) - {"level", "space", "granary", "treasury"}:
        raise _fail(field, "gives level, space and granary/treasury")
    for key, n in value.items():
        track[key] = _int(n, f"{field}.{key}", 0, tokens)
    store = track.get("granary", track.get("treasury", 0))
    if track["space"] + store > track["level"]:
        raise _fail(field, "more developed tokens than the level")
    track["removed"] = track["level"] - track["space"] - store


def _card_deck(data: Any, cid: Any, field: str) -> str:
    if cid not in data.cards:
        raise _fail(field, f"unknown card {cid!r}")
    return str(data.cards[cid].deck)


def _general(state: dict[str, Any], writer: _Writer, role: str, item: Any, field: str,
             generals: dict[str, Any], pool: list[str], data: Any) -> None:
    if isinstance(item, str):
        item = {"id": item}
    if not isinstance(item, dict) or "id" not in item:
        raise _fail(field, "is a general id or {id, hidden, at, location, units, token, vp, "
                           "recruited, tokens, store}")
    gid = item["id"]
    if gid not in data.generals or data.generals[gid].state != role:
        raise _fail(field, f"{gid!r} is not a general of {role}")
    recruited = _int(item.get("recruited", state["round"]), f"{field}.recruited", 1, 12)
    if item.get("hidden"):
        ref = writer.give(f"{role}/generals", pool, gid, role, field)
        generals[ref] = {"card": None, "at": "supply", "recruited": recruited, "placed": None}
        return
    if gid in pool:
        pool.remove(gid)
    entry: dict[str, Any] = {"card": gid, "at": "supply", "recruited": recruited,
                             "placed": None}
    generals[gid] = entry
    st = state["states"][role]
    if "tokens" in item:
        entry["tokens"] = _int(item["tokens"], f"{field}.tokens", 0, st["bid_tokens"])
        st["bid_tokens"] -= entry["tokens"]
    if "store" in item:
        entry["store"] = _int(item["store"], f"{field}.store", 0, 99)
    at = item.get("at", "supply")
    if at == "face-down":
        entry["at"] = "face-down"
        state["face_down"] = {"role": role, "general": gid}
    elif at == "stationed":
        _station(state, role, gid, item, field, entry, data)
    elif at != "supply":
        raise _fail(f"{field}.at", "is supply, face-down or stationed")


def _station(state: dict[str, Any], role: str, gid: str, item: Mapping[str, Any], field: str,
             entry: dict[str, Any], data: Any) -> None:
    loc = item.get("location")
    if loc not in data.locations or state["locations"][loc] is not None:
        raise _fail(f"{field}.location", "must be an empty border location")
    units = _int(item.get("units", 1), f"{field}.units", 0, 2)
    unit = data.locations[loc].type if units else None
    entry.update(at="stationed", location=loc)
    state["locations"][loc] = {"role": role, "general": gid, "type": unit, "units": units}
    st = state["states"][role]
    st["stationed"].append({"general": gid, "location": loc, "units": units, "type": unit})
    vp = 1 if unit in data.generals[gid].specialisations else 0
    if "vp" in item:
        vp = _int(item["vp"], f"{field}.vp", 0, 1)
    st["border_tokens"].append({"location": loc, "on": item.get("token", "treasury"), "vp": vp})


def _decks(state: dict[str, Any], given: Mapping[str, Any]) -> None:
    """Put named cards on top of a shared deck, in order; the deck is then not shuffled."""
    if not given:
        return
    decks = state[SECRETS_KEY]["decks"]
    for deck, top in given.items():
        if deck not in DECKS or not isinstance(top, list):
            raise _fail(f"decks.{deck}", "lists the top cards of unification or separation")
        rest = list(decks[deck])
        for cid in top:
            if cid not in rest:
                raise _fail(f"decks.{deck}", f"{cid!r} is not in that deck")
            rest.remove(cid)
        decks[deck][:] = [*top, *rest]
    state[SECRETS_KEY]["shuffled"] = True
