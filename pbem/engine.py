"""The contract between the adjudicator and a game module.

A game module is a static description plus pure functions over a plain state (nested
dicts and lists that YAML can hold): ``setup`` makes the opening state, ``prompt`` says
who must act now and which actions the rules offer, ``apply`` carries out one action
(drawing dice only from the :mod:`pbem.dice` object it is given and telling the story in
the :class:`Log`), and ``view`` says what a player may see. An action is legal only if the
prompt offers it: the same code produces the hints a player sees and the refusals an
illegal action gets, each citing its rule.

The CLI and the TUI know nothing of any game beyond this contract.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import builtin_data, one_form
from pbem.arguments import by_value, check_fixed, mapping_forms, read
from pbem.dice import Dice
from pbem.offers import ActionSpec as ActionSpec
from pbem.offers import Option as Option
from pbem.offers import Param as Param
from pbem.secrets.private_pick import PrivatePick

State = dict[str, Any]
Action = dict[str, Any]


@dataclass(frozen=True)
class Prompt:
    """Who must act, in which step, what is asked, and the actions offered."""

    role: str
    step: str
    text: str
    actions: tuple[ActionSpec, ...]
    rule: str | None = None
    # the player reads their own face-down cards before deciding: every other player's
    # share of them is given first (docs/secrets.md, "Reading one's hand first")
    needs_hand: bool = False
    # the roles that answer this same question each in secret, in the order the game takes
    # their answers: nobody sees another's before all have answered (pbem/sealed_orders.py)
    sealed: tuple[str, ...] = ()
    # the roles asked this same question after this one, in order, if each lets it go:
    # any of them (and this one) may pass before her turn comes (pbem/passes_ahead.py)
    ahead: tuple[str, ...] = ()
    # parts of an answer that stay sealed when the answer is opened, until a later
    # question opens them (``opens_inner``); see pbem/inner_seals.py
    inner: tuple[str, ...] = ()
    opens_inner: bool = False
    # a missing answer lapses: a claim after the deadline takes the game's default for it
    # and the seat stays at the table (pbem/claims.py); else the claim makes it absent
    lapses: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"role": self.role, "step": self.step, "text": self.text}
        if self.rule:
            out["rule"] = self.rule
        if self.sealed:
            out["sealed"] = list(self.sealed)
        if self.ahead:
            out["ahead"] = list(self.ahead)
        if self.inner:
            out["inner"] = list(self.inner)
        if self.opens_inner:
            out["opens_inner"] = True
        if self.lapses:
            out["lapses"] = True
        out["actions"] = [a.to_dict() for a in self.actions]
        return out


@dataclass(frozen=True)
class LogEntry:
    """One line of the story: text, its depth under a heading, and the rule applied."""

    text: str
    depth: int = 0
    rule: str | None = None

    def render(self) -> str:
        suffix = f" ({self.rule})" if self.rule and f"({self.rule})" not in self.text else ""
        return "  " * self.depth + self.text + suffix


class Log:
    """The structured log an action writes: headings and indented lines with rules."""

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []
        self._depth = 0

    def heading(self, text: str, rule: str | None = None) -> None:
        self.entries.append(LogEntry(text, 0, rule))
        self._depth = 1

    def add(self, text: str, rule: str | None = None, depth: int | None = None) -> None:
        self.entries.append(LogEntry(text, self._depth if depth is None else depth, rule))

    def lines(self) -> list[str]:
        return [entry.render() for entry in self.entries]


class GameModule(ABC):
    """A game the adjudicator can run. Subclasses are stateless; the state is data."""

    kind: str
    title: str
    version: str
    min_players: int = 2
    max_players: int = 2

    @abstractmethod
    def roles(self, options: Mapping[str, Any]) -> list[str]:
        """The roles (seats) of a game with these options, in turn-order of seating."""

    def role_label(self, role: str) -> str:
        return role

    def options(self, players: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validated options for a game of ``players`` players; raise UsageError if wrong.

        Must be idempotent: checking already-checked options returns them unchanged.
        """
        return {"players": players, **(given or {})}

    @abstractmethod
    def setup(self, options: Mapping[str, Any], scenario: Mapping[str, Any] | None) -> State:
        """The opening state (no dice: chance at the start belongs to :meth:`start`)."""

    def new_game_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a game begun now: ``given`` and what new games take by default
        where games begun earlier lack the option (``pbem new`` and self-play ask it)."""
        return dict(given)

    def start(self, state: State, dice: Dice, log: Log) -> None:
        """Called once when the seed is known, before the first prompt (e.g. opening rolls)."""
        return None

    @abstractmethod
    def prompt(self, state: State) -> Prompt | None:
        """Who must act and what is offered; ``None`` when the game is over."""

    @abstractmethod
    def apply(self, state: State, role: str, action: Action, dice: Dice, log: Log) -> None:
        """Carry out ``action`` by ``role`` on ``state`` in place, or raise IllegalAction.

        Callers keep a copy: a refused action must leave the caller's state unchanged.
        """

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        """What ``role`` (or a spectator, ``None``) may see; by default everything.

        A game with hidden cards (:attr:`uses_secrets`) takes a third argument, ``known``:
        what the viewer may know of the handles (:data:`pbem.hidden.Known`)."""
        return state

    # Hidden information (pbem/hidden.py). A game that declares decks sets
    # ``uses_secrets``; the engine then hands ``start`` and ``apply`` a ``secrets``
    # argument and ``prompt`` and ``view`` a ``known`` argument.
    uses_secrets: bool = False
    # A game whose prompts may mark a question answered by several players at once
    # (:attr:`Prompt.sealed`) sets this: between homes, those answers are sealed.
    sealed_answers: bool = False

    def shared_decks(self, options: Mapping[str, Any]) -> dict[str, list[str]]:
        """Shared hidden decks (name -> card ids), shuffled jointly when the game starts."""
        return {}

    def private_decks(self, options: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
        """Each role's own hidden decks (role -> deck name -> card ids)."""
        return {}

    # A game whose questions may keep parts of an answer sealed past its opening
    # (:attr:`Prompt.inner`, pbem/inner_seals.py) sets this and answers ``inner_shape``.
    seals_inside: bool = False

    def bare_prompt(self, state: State) -> Prompt | None:
        """The question now asked, its offers without their parameters (all the engine
        reads of it when it takes an answer: who, the verbs, what is sealed inside); by
        default the whole prompt."""
        return self.prompt(state, {}) if self.uses_secrets else \
            self.prompt(state)  # type: ignore[call-arg]

    def inner_shape(self, state: State, role: str, values: Mapping[str, Any],
                    earlier: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
        """What stands in the open for the inner parts ``values`` of ``role``'s answer
        (part name -> value); raise IllegalAction when the rules refuse them, with
        ``earlier`` (what ``role``'s earlier choices not yet forgotten hold) in mind."""
        return {}

    def named_cards(self, state: State, role: str, answer: Mapping[str, Any]) -> list[str]:
        """The handles of ``role``'s face-down cards that ``role``'s answer to a sealed
        question turns face up once it is opened (its own pbem shows them then: the game
        takes the answers in another player's save, where only a card already face up
        can be read)."""
        return []

    # The data files a game ships are pinned by hash in every game's header
    # (pbem/builtin_data.py): a pbem with other built-in data refuses the game.
    def builtin_data_files(self, options: Mapping[str, Any]) -> tuple[Path, ...]:
        """The shipped data files a game with these options reads while it is played (its
        board, tables, cards...; not help texts, and not what an owner's data set
        replaces). ``()``: none, and nothing is pinned."""
        return ()

    def builtin_data_hash(self, options: Mapping[str, Any]) -> str | None:
        """The hash of :meth:`builtin_data_files` (cached), ``None`` when there are none."""
        files = self.builtin_data_files(options)
        return builtin_data.digest(tuple(files)) if files else None

    # A game whose data can be replaced (an owner's transcription) answers these; see
    # pbem/gamedata.py. ``data_hash`` is None when the game uses its built-in data.
    def load_data_file(self, path: str) -> dict[str, Any]:
        """The options that select the data set in ``path`` (``pbem new --data``)."""
        from pbem.errors import UsageError

        raise UsageError(f"{self.title} takes no data file")

    def data_document(self, options: Mapping[str, Any]) -> dict[str, Any] | None:
        return None

    def load_data_document(self, document: Any) -> str:
        from pbem.errors import UsageError

        raise UsageError(f"{self.title} takes no data set")

    def data_hash(self, options: Mapping[str, Any]) -> str | None:
        return None

    def data_loaded(self, digest: str) -> bool:
        return True

    def data_notice(self, options: Mapping[str, Any]) -> str | None:
        """A line front ends show when the game's data is partly reconstructed."""
        return None

    def dice_context(self, state: State) -> str:
        """Where the game stands, for keying open-mode dice (e.g. ``round 3, turn 7``):
        a roll is fixed by this context, its purpose and how many such rolls came before
        it, so the order of independent actions cannot change it."""
        return ""

    def may_note(self, state: State, sender: str, recipient: str) -> bool:
        """Whether ``sender`` may pass ``recipient`` a note only the two can read."""
        return False

    def board(self) -> dict[str, Any] | None:
        """The static map for drawing: ``areas`` (id, name, zh, grid [col, row]) and
        ``borders`` (a, b, terrain), plus ``terrains`` (name -> label). ``None``: no map."""
        return None

    def rules_help(self, rule: str | None) -> str:
        """The project's own short summary of a rule (by section id), for help panes."""
        return ""

    def outcome(self, state: State) -> dict[str, Any] | None:
        """The result once the game is over (winner, reason), else ``None``."""
        return None

    # The verbs an absent seat takes by default, per prompt step, best first
    # (docs/deadlines.md); a step not listed takes its first offer.
    absent_defaults: Mapping[str, tuple[str, ...]] = {}

    def default_actions(self, state: State, prompt: Prompt) -> list[Action]:
        """What an absent seat decides, best first (the first legal one is taken): the
        verbs :attr:`absent_defaults` names for the step, then every offer, each with its
        default arguments."""
        preferred = self.absent_defaults.get(prompt.step, ())
        ranked = sorted(prompt.actions, key=lambda spec: preferred.index(spec.verb)
                        if spec.verb in preferred else len(preferred))
        return [spec.complete() for spec in ranked]

    def seat_absent(self, state: State, role: str, log: Log) -> None:
        """A seat has just become absent: let the game's standing orders answer for it
        where they can (e.g. turn every order that says "ask" to its default). The
        default: nothing to do."""
        return None

    def standing_orders(self) -> dict[str, tuple[tuple[str, ...], str, str]]:
        """Standing orders a player may set with ``{do: orders, set: {NAME: VALUE}}``:
        name -> (allowed values, default, what it answers). Empty: the game has none."""
        return {}

    def respond(self, state: State, prompt: Prompt, known: Mapping[str, str],
                rule: Any, pick: PrivatePick | None = None) -> dict[str, Any] | None:
        """The action a player's standing response ``rule`` (kept on her machine,
        pbem/responses.py) gives to ``prompt``, or ``None`` when it does not decide.
        ``pick`` draws what a rule leaves to chance, unforeseeable by the others
        (``None`` where the player has no keys in the game: such a rule asks her)."""
        return None

    def default_responses(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The standing responses a player has until she sets her own (step -> rule);
        hers replace them step by step, ``ask`` included. Empty: she is asked."""
        return {}

    def plan_offers(self, state: State, role: str) -> list[ActionSpec]:
        """What ``role`` may plan, when her save hands the game to others for a moment,
        for the time it comes back to her (pbem/plans.py), in the order she will be asked.
        Empty: the table offers no plan."""
        return []

    def check_responses(self, given: Mapping[str, Any], where: str,
                        options: Mapping[str, Any]) -> None:
        """Refuse standing responses this game (with these options) does not understand
        (a UsageError naming the step); by default the game takes none."""
        from pbem.errors import UsageError

        if given:
            raise UsageError(f"{where}: {self.title} takes no standing responses")

    def random_actions(self, state: State, prompt: Prompt, rng: Any) -> list[Action]:
        """Actions a random player tries first, best first (self-play and benchmarks), for
        a game whose offers do not spell out their arguments (a whole order at once).
        ``rng`` is the player's own ``random.Random``. ``[]``: fill the offers' params."""
        return []

    def describe(self, state: State, role: str | None = None) -> str:
        """A short text picture of the position for terminals and e-mail."""
        return ""

    def panes(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Side panes for a game with neither a map nor action spaces, drawn from a view
        (:meth:`view`'s answer for the player at the table): ``(title, text)`` pairs in
        English, each text plain lines. The titles must not depend on the position (the
        table makes one tab per title when it opens). ``[]``: the table shows only
        :meth:`describe`."""
        return []

    def named(self, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Every named thing of the game's data (cards, places...) as ``{id, name, zh}``,
        for front ends that show names in another language: the log may name a card no
        view has shown yet. ``[]``: the views name all there is."""
        return []

    def key_results(self, log: list[str]) -> list[str]:
        """The key results among ``log`` (a save's log lines, or any list of log lines), as
        short lines for front ends and the mail to put first: eliminations, defections,
        captures, areas changing hands, losses to events... ``[]``: the game marks none."""
        return []

    def tell(self, line: str) -> str:
        """A log line as it reads best now. Saves keep each line as it was first written
        (and re-checked word for word), so a better phrasing is applied when the line is
        shown. The default: the line as it is."""
        return line

    def argument_ids(self) -> Mapping[str, tuple[str, Collection[str]]]:
        """What the arguments of actions name, for refusing a name that does not exist:
        argument (or family) name -> (what it names, e.g. ``area``; every id of that kind).
        A name in the argument's value, in its list, as a key of its mapping or after its
        dot (``armies.liu-bei``) is checked. ``{}``: the game's rules check every name."""
        return {}

    def describe_action(self, action: Action) -> str:
        """A one-line description of an action for people."""
        args = ", ".join(f"{k}={v}" for k, v in action.items() if k not in ("do", "dice"))
        return f"{action.get('do')} {args}".strip()


def complete_action(prompt: Prompt | None, action: Action) -> Action:
    """The one recorded form of an offered action: its fixed arguments, the values given
    read as :mod:`pbem.arguments` reads them (shape checked, yes/no as YAML writes it), the
    defaults of the parameters whose family the player left out entirely, and no argument
    the offer does not name (refused, naming it).

    An action whose verb is not offered is returned unchanged, for the game to refuse with
    its rule."""
    verb = action.get("do")
    specs = [spec for spec in (prompt.actions if prompt else ()) if spec.verb == verb]
    if not specs:
        return action
    given = {k: v for k, v in action.items() if k != "dice"}
    check_fixed(specs, given)
    matching = [spec for spec in specs
                if all(k in given and given[k] == v for k, v in spec.fixed.items())]
    if not matching and len(specs) == 1 and all(given.get(k, v) == v
                                                for k, v in specs[0].fixed.items()):
        matching = specs
    if not matching:
        return action
    spec = max(matching, key=lambda candidate: len(candidate.fixed))  # the most specific
    names = {"do", *spec.fixed, *(param.name for param in spec.params), *spec.extra,
             *mapping_forms(spec), *(("inner",) if prompt and prompt.inner else ()),
             *(("opened",) if prompt and prompt.opens_inner else ())}
    prefixes = tuple(name for name in spec.extra if name.endswith(".")) \
        + tuple(f"{root}." for root in mapping_forms(spec))
    unknown = sorted(str(k) for k in given if k not in names
                     and not (isinstance(k, str) and k.startswith(prefixes)))
    if unknown:
        from pbem.errors import IllegalAction

        raise IllegalAction(f"'{verb}' takes no argument {unknown[0]!r} (it takes: "
                            f"{', '.join(sorted(names - {'do'})) or 'nothing'})", spec.rule)
    out = read(spec, {k: v for k, v in given.items() if k != "do"})
    for param in spec.params:
        if param.name in out:
            out[param.name] = by_value(param, out[param.name])
    return one_form.canonical(out)


copy_state = one_form.copied
"""A fast deep copy of YAML-like data (dicts, lists and scalars)."""
