"""Card Market: a small card game for 2 to 4 players that uses every hidden-card operation.

A shared market deck of 16 cards, dealt two to each player at the start. Each player also
has a reserve deck of their own (5 cards) and may seal one bid in the game. A player's
turn: any of the actions below (at most four), then ``end``. Three turns each, then the
highest score wins.

* ``draw``: the top market card, face down (a deal).
* ``play card``: turn a held market card face up: its value scores (a reveal).
* ``give card to``: pass a held card face down to another player.
* ``steal from``: take a random face-down card from another player's hand.
* ``discard card``: put a held card face down on the discard pile.
* ``recycle``: shuffle the discard pile back into the market (every player shuffles).
* ``scout``: draw two reserve cards; then ``keep card`` keeps one and returns the other.
* ``show card``: turn a kept reserve card face up: its value scores.
* ``bid amount``: seal a bid of 0 to 3 (once); ``open-bid`` reveals it: it scores.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, GameModule, Log, Option, Param, Prompt, State
from pbem.errors import IllegalAction, UsageError

SEATS = ("north", "east", "south", "west")
MARKET = [f"m{n:02d}" for n in range(1, 17)]
RESERVE = [f"r{n}" for n in range(1, 6)]
TURNS_EACH = 3
ACTIONS_PER_TURN = 4


def value(card: str) -> int:
    return int(card[1:]) % 7 + 1 if card.startswith("m") else int(card[1:]) * 2


class CardMarket(GameModule):
    kind = "card-market"
    title = "Card Market"
    version = "1"
    min_players = 2
    max_players = 4
    uses_secrets = True

    def roles(self, options: Mapping[str, Any]) -> list[str]:
        return list(SEATS[: int(options["players"])])

    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        given = dict(given or {})
        if given.pop("players", players) != players or given:
            raise UsageError("Card Market has no options but the number of players")
        return {"players": players}

    def shared_decks(self, options: Mapping[str, Any]) -> dict[str, list[str]]:
        return {"market": list(MARKET)}

    def private_decks(self, options: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
        return {role: {"reserve": list(RESERVE)} for role in self.roles(options)}

    def setup(self, options: Mapping[str, Any], scenario: Mapping[str, Any] | None) -> State:
        roles = self.roles(options)
        return {"turn": None, "turns": 0, "actions": 0, "scores": dict.fromkeys(roles, 0),
                "hands": {r: [] for r in roles}, "kept": {r: [] for r in roles},
                "scouted": None, "bids": dict.fromkeys(roles), "played": [], "pile": 0,
                "winner": None}

    def start(self, state: State, dice: Any, log: Log, secrets: Any) -> None:
        roles = list(state["scores"])
        for role in roles:
            state["hands"][role] = secrets.deal("market", role, 2)
        state["turn"] = roles[dice.draw(len(roles), "who opens the market") - 1]
        log.heading(f"the market opens; {state['turn']} goes first")

    # ------------------------------------------------------------ offers

    def prompt(self, state: State, known: Mapping[str, str] | None = None) -> Prompt | None:
        if state["winner"] is not None:
            return None
        role = state["turn"]
        known = known or {}
        if state["scouted"]:
            options = tuple(Option(h, known.get(h, "a reserve card")) for h in state["scouted"])
            return Prompt(role, "keep", "keep one scouted card", (
                ActionSpec("keep", "Keep this card", "CM4", params=(
                    Param("card", "choice", "Card", options),)),), rule="CM4")
        others = [r for r in state["scores"] if r != role]
        hand = tuple(Option(h, known.get(h, "a market card")) for h in state["hands"][role])
        offers: list[ActionSpec] = [ActionSpec("end", "End the turn", "CM1")]
        if state["actions"] < ACTIONS_PER_TURN:
            offers.append(ActionSpec("draw", "Draw from the market", "CM2"))
            if hand:
                for verb in ("play", "discard"):
                    offers.append(ActionSpec(verb, f"{verb.capitalize()} a card", "CM2",
                                             params=(Param("card", "choice", "Card", hand),)))
                offers.append(ActionSpec("give", "Give a card", "CM3", params=(
                    Param("card", "choice", "Card", hand),
                    Param("to", "choice", "To", tuple(Option(r, r) for r in others)))))
            thieves = tuple(Option(r, r) for r in others if state["hands"][r])
            if thieves:
                offers.append(ActionSpec("steal", "Take a random card", "CM3", params=(
                    Param("from", "choice", "From", thieves),)))
            if state["pile"]:
                offers.append(ActionSpec("recycle", "Shuffle the discards back", "CM3"))
            offers.append(ActionSpec("scout", "Scout your reserve", "CM4"))
            kept = tuple(Option(h, known.get(h, "a reserve card")) for h in state["kept"][role])
            if kept:
                offers.append(ActionSpec("show", "Show a reserve card", "CM4", params=(
                    Param("card", "choice", "Card", kept),)))
            if state["bids"][role] is None:
                offers.append(ActionSpec("bid", "Seal a bid", "CM5", params=(
                    Param("amount", "int", "Bid", minimum=0, maximum=3, secret=True),)))
            elif not str(state["bids"][role]).isdigit():
                offers.append(ActionSpec("open-bid", "Reveal your bid", "CM5"))
        return Prompt(role, "turn", "trade at the market, or end your turn", tuple(offers),
                      rule="CM1")

    # ------------------------------------------------------------ acting

    def apply(self, state: State, role: str, action: dict[str, Any], dice: Any, log: Log,
              secrets: Any) -> None:
        prompt = self.prompt(state)
        if prompt is None or prompt.role != role:
            raise IllegalAction("it is not your turn", "CM1")
        verb = action["do"]
        offered = {spec.verb for spec in prompt.actions}
        if verb not in offered:
            raise IllegalAction(f"'{verb}' is not offered now", prompt.rule)
        handler = getattr(self, "_" + verb.replace("-", "_"))
        handler(state, role, action, dice, log, secrets)
        if verb not in ("end", "keep"):
            state["actions"] += 1

    def _card_in(self, held: list[str], action: Mapping[str, Any]) -> str:
        card = action.get("card")
        if card not in held:
            raise IllegalAction("that card is not yours to use", "CM2")
        return str(card)

    def _end(self, state: State, role: str, action: Any, dice: Any, log: Log,
             secrets: Any) -> None:
        roles = list(state["scores"])
        state["turns"] += 1
        state["actions"] = 0
        log.heading(f"{role} ends the turn", "CM1")
        if state["turns"] >= TURNS_EACH * len(roles):
            best = max(state["scores"].values())
            state["winner"] = next(r for r in roles if state["scores"][r] == best)
            log.add(f"{state['winner']} wins with {best}", "CM6")
            return
        state["turn"] = roles[(roles.index(role) + 1) % len(roles)]

    def _draw(self, state: State, role: str, action: Any, dice: Any, log: Log,
              secrets: Any) -> None:
        if not secrets.remaining("market"):
            raise IllegalAction("the market is empty", "CM2")
        state["hands"][role] += secrets.deal("market", role, 1)
        log.heading(f"{role} draws from the market", "CM2")

    def _play(self, state: State, role: str, action: Any, dice: Any, log: Log,
              secrets: Any) -> None:
        handle = self._card_in(state["hands"][role], action)
        card = secrets.reveal(handle)
        state["hands"][role].remove(handle)
        state["played"].append(card)
        state["scores"][role] += value(card)
        log.heading(f"{role} plays {card}, worth {value(card)}", "CM2")

    def _discard(self, state: State, role: str, action: Any, dice: Any, log: Log,
                 secrets: Any) -> None:
        handle = self._card_in(state["hands"][role], action)
        secrets.discard([handle], "discards")
        state["hands"][role].remove(handle)
        state["pile"] += 1
        log.heading(f"{role} discards a card face down", "CM2")

    def _give(self, state: State, role: str, action: Any, dice: Any, log: Log,
              secrets: Any) -> None:
        handle = self._card_in(state["hands"][role], action)
        to = action.get("to")
        if to not in state["scores"] or to == role:
            raise IllegalAction("give it to another player", "CM3")
        secrets.pass_to(handle, to)
        state["hands"][role].remove(handle)
        state["hands"][to].append(handle)
        log.heading(f"{role} gives {to} a card face down", "CM3")

    def _steal(self, state: State, role: str, action: Any, dice: Any, log: Log,
               secrets: Any) -> None:
        victim = action.get("from")
        if victim not in state["scores"] or victim == role or not state["hands"][victim]:
            raise IllegalAction("take from another player who holds a card", "CM3")
        handle = secrets.take_random(list(state["hands"][victim]), role)
        state["hands"][victim].remove(handle)
        state["hands"][role].append(handle)
        log.heading(f"{role} takes a random card from {victim}", "CM3")

    def _recycle(self, state: State, role: str, action: Any, dice: Any, log: Log,
                 secrets: Any) -> None:
        secrets.reshuffle("discards", "market")
        state["pile"] = 0
        log.heading(f"{role} shuffles the discards back into the market", "CM3")

    def _scout(self, state: State, role: str, action: Any, dice: Any, log: Log,
               secrets: Any) -> None:
        state["scouted"] = secrets.draw_private(role, "reserve", 2)
        log.heading(f"{role} scouts their reserve", "CM4")

    def _keep(self, state: State, role: str, action: Any, dice: Any, log: Log,
              secrets: Any) -> None:
        handle = self._card_in(state["scouted"], action)
        back = [h for h in state["scouted"] if h != handle]
        secrets.return_private(back)
        state["kept"][role].append(handle)
        state["scouted"] = None
        log.add(f"{role} keeps one card and returns the other", "CM4")

    def _show(self, state: State, role: str, action: Any, dice: Any, log: Log,
              secrets: Any) -> None:
        handle = self._card_in(state["kept"][role], action)
        card = secrets.reveal(handle)
        state["kept"][role].remove(handle)
        state["scores"][role] += value(card)
        log.heading(f"{role} shows {card}, worth {value(card)}", "CM4")

    def _bid(self, state: State, role: str, action: Any, dice: Any, log: Log,
             secrets: Any) -> None:
        if "amount" not in action:
            raise IllegalAction("name the amount of the bid", "CM5")
        state["bids"][role] = action["amount"]  # a sealed handle, not the amount
        log.heading(f"{role} seals a bid", "CM5")

    def _open_bid(self, state: State, role: str, action: Any, dice: Any, log: Log,
                  secrets: Any) -> None:
        amount = int(secrets.reveal(state["bids"][role]))
        if not 0 <= amount <= 3:
            amount = 0  # a bid out of range is forfeit
        state["bids"][role] = str(amount)
        state["scores"][role] += amount
        log.heading(f"{role} reveals a bid of {amount}", "CM5")

    # ------------------------------------------------------------ seeing

    def view(self, state: State, role: str | None,
             known: Mapping[str, str] | None = None) -> dict[str, Any]:
        known = known or {}
        mine = {h: known.get(h) for h in state["hands"].get(role or "", [])}
        return {"turn": state["turn"], "scores": dict(state["scores"]),
                "hand": mine,
                "hand_sizes": {r: len(h) for r, h in state["hands"].items()},
                "kept": {h: known.get(h) for h in state["kept"].get(role or "", [])},
                "played": list(state["played"]), "discards": state["pile"],
                "bids": {r: ("sealed" if b is not None and not str(b).isdigit() else b)
                         for r, b in state["bids"].items()},
                "winner": state["winner"]}

    def describe(self, state: State, role: str | None = None,
                 known: Mapping[str, str] | None = None) -> str:
        """The scores, the hands as ``role`` may see them, the cards played."""
        seen = self.view(state, role, known)
        lines = ["Scores: " + ", ".join(f"{r} {n}" for r, n in seen["scores"].items()),
                 "Cards in hand: " + ", ".join(f"{r} {n}" for r, n in seen["hand_sizes"].items())]
        if role is not None:
            lines.append("Your hand: " + (", ".join(card or "(not readable yet)"
                                                    for card in seen["hand"].values()) or "-"))
        lines.append("Played: " + (", ".join(seen["played"]) or "-")
                     + f"; {seen['discards']} face down on the discard pile")
        return "\n".join(lines)

    def key_results(self, log: list[str]) -> list[str]:
        """The winner, and cards taken from a player's hand."""
        return [line.strip().removesuffix(" (CM6)").removesuffix(" (CM3)") for line in log
                if " wins with " in line or " takes a random card from " in line]

    def outcome(self, state: State) -> dict[str, Any] | None:
        if state["winner"] is None:
            return None
        return {"winner": state["winner"], "reason": "score"}
