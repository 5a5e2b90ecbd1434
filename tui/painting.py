"""Drawing the table from its state: the verdict, status and read-only lines, the offered
actions (or a save's actions in review), the side panels, the rules pane and the log.

A mixin of :class:`tui.app.TableApp`; it reads the app's state and changes only widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import Static

from pbem import deadlines, lateness, plans
from pbem.engine import ActionSpec, Prompt
from tui import panels
from tui.actionlist import ActionList
from tui.layouts import Context
from tui.logpane import LogPane, Notice, turn_blocks
from tui.mapview import MapView
from tui.words import count, describe_action

MODE_WORDS = {"witnessed": "witnessed dice", "open": "open dice", "table": "TABLE DICE"}


def rule_summaries(module: Any, step: str | None, rules: list[str],
                   whole: Callable[[str], str]) -> list[str]:
    """The game's own summaries for the Rules pane: the step's first (when the game gives
    one), then each rule cited, each once; each through ``whole``, the phrase book's
    translation of a whole paragraph."""
    texts = [t for t in (module.rules_help(rule) for rule in rules) if t]
    if step is not None:
        first = module.rules_help(step)
        if first and first not in texts:
            texts.insert(0, first)
    return [whole(text) for text in texts]


if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
else:
    Base = object


class Painter(Base):
    """Everything the app draws, redrawn by :meth:`refresh_all`."""

    def refresh_all(self) -> None:
        claim_changed = self.update_claim()
        claim_changed = self.update_ahead() or claim_changed
        view = self.current_view()
        prompt = self.current_prompt()
        self.show_verdict()
        self._show_status(view)
        self._show_read_only()
        self._show_actions(prompt, view)
        width = (self.query_one("#side").size.width or 33) - 1  # less the scroll bar
        drawn: list[list[tuple[str, str]]] = []

        def panes() -> list[tuple[str, str]]:
            if not drawn:  # drawn once a refresh, by the first tab that needs them
                drawn.append(self.module.panes(view) if view else [])
            return drawn[0]

        context = Context(view, self.lang, width, self.board, self.selected,
                          self._space_numbers(), self.notice,
                          lambda: self.sight().describe(self.current_state(), self.view_token()),
                          panes, self.say)
        if self.layout.kind == "map":
            self.query_one(MapView).arrows_step_history = self.reviewing
            self.query_one(MapView).show(view, self.selected, self._marked(), self.lang)
        elif self.layout.main is not None:
            main = self.layout.main
            pane = self.query_one("#board-pane")
            self._update("#board-text", (view, self.lang, pane.size.width,
                                         tuple(context.numbers.items())),
                         lambda: main(context))
        for tab in self.layout.tabs:
            self._update(f"#{tab.ident}", (view, self.lang, width, self.selected),
                         lambda tab=tab: tab.render(context))
        self._show_rules(prompt)
        self._show_log()
        mode = (self.reviewing, self.turn is None)
        if self._shown.get("keys") != mode or claim_changed:
            self._shown["keys"] = mode
            self.refresh_bindings()

    def _update(self, selector: str, key: Any, make: Any) -> None:
        """Update a panel only when what it shows has changed."""
        if self._shown.get(selector) == key:
            return
        self._shown[selector] = key
        self.query_one(selector, Static).update(make())

    # ------------------------------------------------------------------ lines on top

    def _due_part(self) -> str | None:
        """When the answer owed after the latest save is due, in a game with a deadline:
        ``answer due 2026-12-01 09:00 UTC (in 2d 3h)`` or ``(LATE by 5h)``."""
        save = self.waiting.last.save if self.waiting is not None else self.opened.save
        clock = lateness.clock_of(save)
        if clock is None:
            return None
        moment = deadlines.now()
        left = (self.t("LATE by {span}", span=deadlines.span(moment - clock.due))
                if clock.late(moment) else
                self.t("in {span}", span=deadlines.span(clock.due - moment)))
        return f"{self.t('answer due {when}', when=lateness.when(clock.due))} ({left})"

    def show_verdict(self) -> None:
        widget = self.query_one("#verdict", Static)
        lines = [self.say(self.t(line)) for line in self.opened.verdict]
        if not self.opened.checked:
            widget.remove_class("bad")
            widget.update(Text("… " + (lines[0] if lines else ""), style="bold"))
            return
        if self.opened.ok:
            text = Text("✔ " + (lines[0] if lines else self.t("verified")), style="bold",
                        no_wrap=True, overflow="ellipsis")
            for line in lines[1:2]:
                text.append("  " + line.strip(), style="dim")
            widget.remove_class("bad")
        else:
            text = Text("✘ " + "\n".join(lines) + "\n"
                        + self.t("Do not play on from this save until the problem is settled "
                                 "with your opponent."), style="bold")
            widget.add_class("bad")
        widget.update(text)

    def _show_status(self, view: dict[str, Any]) -> None:
        line = Text(self._sent_line(), style="bold green") if self.sent is not None \
            else Text(" · ".join(self._status_parts(view)))
        typed = self.query_one("#actions", ActionList).typed
        if typed:  # a digit waits for the next one: say so first, where it is seen
            line = Text(self.t("{typed}_ — type a second digit, or Enter", typed=typed) + " ",
                        style="bold reverse").append_text(line)
        self.query_one("#status", Static).update(line)

    def on_action_list_typing(self, message: ActionList.Typing) -> None:
        """A digit waits for the next one, or no longer: the status line says so."""
        self._show_status(self.current_view())

    def _status_parts(self, view: dict[str, Any]) -> list[str]:
        """Round, turn, who plays (or whose answer is awaited), the dice, the data."""
        parts: list[str] = []
        if view.get("round"):
            parts.append(f"{self.t('Round')} {view['round']}/{view.get('rounds', '?')}")
        turn = view.get("turn")
        if isinstance(turn, dict):
            parts.append(self._turn_part(view, turn))
        elif view.get("stage"):
            parts.append(self.say(str(view["stage"])))
        if self.waiting is not None:
            parts.append(self.t("Waiting for {owner}", owner=self.waiting.owner()))
        elif self.reviewing and self.history is not None and self.point is not None:
            parts.append(f"{self.t('Review')}: {self.history.describe(self.point, self.lang)}")
        elif self.turn is not None:
            parts.append(f"{self.t('Playing')}: {self.turn.me.name} "
                         f"({self.role_label(self.turn.role)})")
        due = None if self.reviewing else self._due_part()
        if due:
            parts.append(due)
        absent = self.absent_part(self.current_state())
        if absent:
            parts.append(absent)
        mode = self.opened.save.dice_mode
        parts.append(self.t(MODE_WORDS.get(mode, mode)))
        if self.notice:
            parts.append(self.t("reconstructed data"))
        return parts

    def _turn_part(self, view: dict[str, Any], turn: dict[str, Any]) -> str:
        """``Turn 3: Wei (movement)``: the turn's number, whose it is (a kingdom of the
        view, else a role) and its phase or stage when the view gives one."""
        kingdoms = {k["id"]: k for k in view.get("kingdoms", [])}
        if turn.get("kingdom") in kingdoms:
            who = panels.name(kingdoms[turn["kingdom"]], self.lang, short=True)
        elif turn.get("role"):
            who = self.role_label(str(turn["role"]))
        else:
            who = "-"
        part = f"{self.t('Turn')} {turn.get('number')}: {who}"
        phase = turn.get("phase") or turn.get("stage")
        return f"{part} ({self.say(str(phase))})" if phase else part

    def _sent_line(self) -> str:
        sent = self.sent
        assert sent is not None
        ours = any(w.path == sent.path for w in self.written)
        if sent.next_role is None:
            return self.t("Wrote {path}. The game is over.", path=sent.path) if ours \
                else self.t("The game is over.")
        if not ours:
            return self.t("Now {name} ({role}) must act: {text}.", name=sent.next_name,
                          role=self.role_label(sent.next_role), text=self.say(sent.next_text))
        return self.t("Wrote {path}: send it to {name} ({role}); next: {text}.",
                      path=sent.path, name=sent.next_name, role=self.role_label(sent.next_role),
                      text=self.say(sent.next_text))

    def _plan_text(self) -> str:
        """The plan kept for when the game is back after the save just written, if any."""
        sent = self.sent
        if sent is None or sent.next_role is None:
            return ""
        plan = plans.load(sent.save.game_id)
        if plan is None or plan["after"]["sha256"] != sent.save.sha256:
            return ""
        return self.t("When it is back, your plan plays: {verbs} (kept on this machine only).",
                      verbs=", ".join(str(a["do"]) for a in plan["then"]))

    def read_only_text(self) -> str:
        """Why the table only shows this save (empty while playing), and the claim this
        player may make."""
        return " ".join(filter(None, [self._read_only_reason(), self._plan_text(),
                                      self.ahead_text(), self.claim_text()]))

    def _read_only_reason(self) -> str:
        if self.waiting is not None:
            return self.waiting_text()
        if self.sent is not None and self.sent.next_role is None:
            return self.end_reason(self.sent.save.state)
        if not self.reviewing or self.sent is not None:
            return ""
        if self.turn is not None:
            return self.t("Looking back through the game: v returns to your turn.")
        reason = self.opened.read_only
        if reason is None:
            return ""
        ended = self.end_reason(self.opened.save.state) if reason.kind == "over" else ""
        return " ".join(filter(None, [reason.text(self.lang), ended]))

    def _show_read_only(self) -> None:
        widget = self.query_one("#readonly", Static)
        text = self.read_only_text()
        widget.display = bool(text)
        widget.update(Text(text))

    # ------------------------------------------------------------------ actions

    def _show_actions(self, prompt: Prompt | None, view: dict[str, Any]) -> None:
        header = self.query_one("#prompt", Static)
        actions = self.query_one("#actions", ActionList)
        actions.reviewing = self.reviewing
        mine = prompt is not None and self.turn is not None and prompt.role == self.turn.role
        self.offers = list(prompt.actions) if mine and not self.reviewing and prompt else []
        if self.reviewing:
            self._show_review_actions(header, actions, view)
            return
        key = ("play", id(self.turn), len(self.turn.chunks) if self.turn else 0, self.lang,
               self.turn.composer.pending_start if self.turn else None,
               self.turn.waiting() if self.turn else None)
        if self._shown.get("#actions") == key:
            return
        self._shown["#actions"] = key
        if self.turn is not None and self.turn.waiting():
            header.update(self.t("This save waits for the other players' answers ({what}).",
                                 what=self.say(self.turn.composer.waiting_for)))
            actions.show([], [], None)
            return
        if prompt is None or self.turn is None:
            header.update(self.t("The game is over."))
            actions.show([], [], None)
            return
        rule = f" ({prompt.rule})" if prompt.rule else ""
        if prompt.role != self.turn.role:
            owner = self.turn.prev.player(prompt.role)["name"]
            header.update(self.t("Waiting for {owner} ({role}): {text}{rule}. Press f to finish "
                                 "and send.", owner=owner, role=self.role_label(prompt.role),
                                 text=self.say(prompt.text), rule=rule))
            actions.show([], [], None)
            return
        hint = ""
        if len(self.offers) > 9:
            hint = "  " + self.t("(type 1-{n})", n=len(self.offers))
        header.update(Text(f"{self.say(prompt.step)}: {self.say(prompt.text)}{rule}")
                      .append(hint, style="dim"))
        actions.show([self._offer_label(spec) for spec in self.offers],
                     [str(i) for i in range(len(self.offers))],
                     self._offer_for_area(self.selected))

    def _offer_label(self, spec: ActionSpec) -> str:
        return self.say(spec.label) + (" …" if spec.params else "")

    def _show_review_actions(self, header: Static, actions: ActionList,
                             view: dict[str, Any]) -> None:
        if self.history is None or self.point is None:
            header.update(self.t("Read-only"))
            actions.show([], [], None)
            return
        save = self.history.saves[self.point.save]
        who = save.player(save.writer)["name"]
        header.update(Text(f"{self.t('save')} {save.sequence}/{self.history.saves[-1].sequence}"
                           f" · {who}  ").append(
            self.t("← → PgUp PgDn Home End"), style="dim"))
        key = ("review", self.point.save, self.lang)
        if self._shown.get("#actions") != key:
            self._shown["#actions"] = key
            labels = [describe_action(a, view, self.lang, self.board) for a in save.actions]
            actions.show(labels or [self.t("(no actions in this save)")],
                         [f"h{i}" for i in range(len(labels) or 1)], None)
        if self.point.action and self.point.action - 1 < actions.option_count:
            actions.highlighted = self.point.action - 1

    def _marked(self) -> set[str]:
        """Areas the highlighted offer mentions."""
        index = self.query_one("#actions", ActionList).highlighted
        if self.reviewing or index is None or index >= len(self.offers):
            return set()
        ids = {a["id"] for a in self.board.get("areas", [])}
        return {v for v in self.offers[index].fixed.values() if isinstance(v, str) and v in ids}

    def _space_numbers(self) -> dict[str, int]:
        """Action space -> the number of the offer that bids there (a game of spaces)."""
        out: dict[str, int] = {}
        for index, spec in enumerate(self.offers):
            space = spec.fixed.get("space")
            if isinstance(space, str) and space not in out:
                out[space] = index + 1
        return out

    def _offer_for_area(self, area: str | None) -> int | None:
        if not area:
            return None
        for i, spec in enumerate(self.offers):
            if area in [v for v in spec.fixed.values() if isinstance(v, str)]:
                return i
        return None

    # ------------------------------------------------------------------ rules and log

    def _show_rules(self, prompt: Prompt | None) -> None:
        rules: list[str] = []
        if prompt is not None and prompt.rule:
            rules.append(prompt.rule)
        index = self.query_one("#actions", ActionList).highlighted
        if not self.reviewing and index is not None and index < len(self.offers):
            rule = self.offers[index].rule
            if rule and rule not in rules:
                rules.append(rule)
        texts = rule_summaries(self.module, prompt.step if prompt else None, rules,
                               self.say.whole)
        body = "\n\n".join(texts) or self.t("No rule summary for this step.")
        step = self.say(prompt.step) if prompt else "-"
        self.query_one("#rules", Static).update(Text(f"{self.t('Step')}: {step}\n\n{body}"))

    def _show_log(self) -> None:
        turn = self.turn
        key = (self.reviewing, self.point, self.lang, id(turn),
               len(turn.chunks) if turn else 0, len(self.notices))
        if self._shown.get("#log") == key:
            return
        self._shown["#log"] = key
        pane = self.query_one("#log", LogPane)
        if self.reviewing and self.history is not None and self.point is not None:
            lines, fresh = self.history.lines_until(self.point)
            old = Text("\n".join(self.say(line) for line in lines[:len(lines) - fresh]),
                       style="dim")
            new = Text("\n".join(self.say(line) for line in lines[len(lines) - fresh:]),
                       style="bold")
            blocks = [b for b in (old, new) if b.plain]
            pane.show(blocks, len(blocks) - 1 if fresh and blocks else None)
            return
        prev = turn.prev if turn else self.opened.save
        heading = self.t("your turn") if turn else self.t("end of the save")
        blocks = turn_blocks(prev.doc["log"][-40:], heading, turn.chunks if turn else [],
                             self.notices, self.say)
        if self.notice:
            blocks.insert(0, Text(self.notice, style="#ffd75f"))
        newest = len(blocks) - 1
        pane.show(blocks, newest if blocks[newest].plain.startswith("▸") else None)

    def note(self, text: str, style: str = "yellow") -> None:
        """A notice of the table's own: in the log where it happened while playing, for a
        few seconds in the corner while reviewing."""
        if self.reviewing or self.turn is None:
            self.notify(text, severity="error" if style == "red" else "information")
            return
        self.notices.append(Notice(text, style, len(self.turn.chunks) if self.turn else 0))
        self._show_log()

    def count(self, number: int, noun: str) -> str:
        return count(number, noun, self.lang)
