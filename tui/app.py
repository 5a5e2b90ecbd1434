"""The Textual app: the map, the side panels, the offered actions and the log.

It renders ``module.view()`` and ``module.board()`` and sends back only the actions the
engine offered (or, to ask why something is not offered, tries one on a scratch copy).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, RichLog, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from pbem import strict_yaml, verification
from pbem.engine import ActionSpec, Prompt
from pbem.errors import IllegalAction, NeedDice, PbemError
from pbem.ledger import Ledger
from tui import panels
from tui.dialogs import (
    ConfirmScreen,
    DiceScreen,
    HelpScreen,
    OrdersScreen,
    ParamScreen,
    PickScreen,
    TextScreen,
)
from tui.help import help_text
from tui.history import History, Point
from tui.i18n import name, tr
from tui.mapview import MapView
from tui.opening import Opened, check, local_for
from tui.turn import Turn, Written

NO_BOARD: dict[str, Any] = {"areas": [], "borders": [], "terrains": {}}


class TableApp(App[None]):
    """Play a turn, or review a game, from one save."""

    CSS_PATH = "app.tcss"
    TITLE = "pbem"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("f1", "help", "Help", show=False),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("f", "finish", "Finish"),
        Binding("o", "orders", "Orders"),
        Binding("w", "why_not", "Why not?"),
        Binding("g", "goto_area", "Area"),
        Binding("v", "toggle_review", "History"),
        Binding("left", "step(-1)", "Back", show=False),
        Binding("right", "step(1)", "Forward", show=False),
        Binding("pageup", "save_step(-1)", "Prev save", show=False),
        Binding("pagedown", "save_step(1)", "Next save", show=False),
        Binding("home", "edge(0)", "First", show=False),
        Binding("end", "edge(1)", "Last", show=False),
        Binding("t", "jump", "Jump", show=False),
        Binding("slash", "search", "Search", show=False),
        Binding("n", "next_match", "Next match", show=False),
        Binding("l", "toggle_lang", "中/En"),
        Binding("q", "quit", "Quit"),
        *[Binding(str(i), f"choose({i})", show=False) for i in range(1, 10)],
    ]

    def __init__(self, opened: Opened, lang: str = "en") -> None:
        super().__init__()
        self.opened = opened
        self.lang = lang if lang in ("en", "zh") else "en"
        self.module = opened.module
        board = self.module.board() if self.module else None
        self.board: dict[str, Any] = board or NO_BOARD
        self.turn: Turn | None = None
        if opened.checked and opened.playable and opened.save and opened.me:
            self.turn = Turn(opened.save, opened.path, opened.me)
        self.reviewing = self.turn is None
        self.history: History | None = None
        self.point: Point | None = None
        self.selected: str | None = None
        self.notes: list[tuple[str, str]] = []
        self.sent: Written | None = None
        self.written: list[Written] = []
        self.matches: list[tuple[Point, str]] = []
        self.match_index = -1
        self.offers: list[ActionSpec] = []
        self.chunks: list[tuple[str, list[str], list[dict[str, Any]]]] = []
        self._shown: dict[str, Any] = {}
        self.first_paint_at: float | None = None  # when the first screen was drawn

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="verdict")
        yield Static(id="status")
        with Horizontal(id="main"):
            yield MapView(self.board, id="map")
            with TabbedContent(id="side"):
                with TabPane(tr("Area", self.lang), id="tab-area"), VerticalScroll():
                    yield Static(id="area-info")
                with TabPane(tr("Kingdoms", self.lang), id="tab-kingdoms"), VerticalScroll():
                    yield Static(id="kingdoms")
                with TabPane(tr("Characters", self.lang), id="tab-chars"), VerticalScroll():
                    yield Static(id="characters")
                with TabPane(tr("Mandate", self.lang), id="tab-mandate"), VerticalScroll():
                    yield Static(id="mandate")
                with TabPane(tr("Rules", self.lang), id="tab-rules"), VerticalScroll():
                    yield Static(id="rules")
        with Horizontal(id="bottom"):
            with Vertical(id="compose"):
                yield Static(id="prompt")
                yield OptionList(id="actions")
            log = RichLog(id="log", wrap=True, markup=False, highlight=False, min_width=20)
            log.can_focus = False
            yield log
        yield Footer()

    def on_mount(self) -> None:
        self.title = self._title()
        self.query_one("#side", TabbedContent).active = "tab-kingdoms"
        self.query_one("#log", RichLog).can_focus = False
        self.on_resize()
        self._show_verdict()
        if not self.opened.checked:
            self.refresh_all()
            self.query_one("#actions", OptionList).focus()
            self.call_after_refresh(self._start_check)  # paint first, then check
            return
        self._after_check()

    def _start_check(self) -> None:
        self.first_paint_at = time.perf_counter()
        self.run_worker(self._check_in_background, thread=True, group="check")

    def _check_in_background(self) -> None:
        check(self.opened)
        self.call_from_thread(self._after_check)

    def _after_check(self) -> None:
        """Once the save and its chain are checked: play, or review."""
        opened = self.opened
        if opened.playable and opened.save and opened.me and self.turn is None:
            self.turn = Turn(opened.save, opened.path, opened.me)
            self.reviewing = False
        self._show_verdict()
        if self.reviewing:
            self._load_history()
        elif self.turn is not None:
            self._reset_chunks()
        self.refresh_all()
        self.call_after_refresh(self._painted)
        self.query_one("#actions", OptionList).focus()
        if self.turn is not None:
            self.opening_flow()

    def _painted(self) -> None:
        if self.first_paint_at is None:
            self.first_paint_at = time.perf_counter()
        self.refresh_all()

    def on_resize(self, event: Any = None) -> None:
        width = self.size.width
        side = self.query_one("#side")
        side.styles.width = max(32, min(60, int(width * 0.3)))
        bottom = self.query_one("#bottom")
        bottom.styles.height = max(9, min(16, self.size.height // 3 - 1))
        if event is not None:
            self.call_after_refresh(self.refresh_all)

    def _title(self) -> str:
        if not self.opened.save or not self.module:
            return "pbem"
        return f"{self.module.title} · {self.opened.save.short()}"

    # ------------------------------------------------------------------ state

    def current_state(self) -> dict[str, Any] | None:
        if not self.reviewing and self.turn is not None:
            return self.turn.state
        if self.history is not None and self.point is not None:
            return self.history.state_at(self.point)
        return self.opened.save.state if self.opened.save else None

    def viewer(self) -> str | None:
        if self.turn is not None:
            return self.turn.role
        return self.opened.role

    def current_view(self) -> dict[str, Any]:
        state = self.current_state()
        if state is None or self.module is None:
            return {}
        try:
            return self.module.view(state, self.viewer())
        except Exception:  # a position the view cannot draw is still reviewable in the log
            return {}

    def current_prompt(self) -> Prompt | None:
        if not self.reviewing and self.turn is not None:
            return self.turn.prompt()
        state = self.current_state()
        if state is None or self.module is None:
            return None
        try:
            return self.module.prompt(state)
        except Exception:
            return None

    def _load_history(self) -> None:
        save = self.opened.save
        if save is None or self.module is None or self.history is not None:
            return
        if self.opened.chain and self.opened.chain[-1] is save:
            self.history = History(self.module, save, list(self.opened.chain))
        else:
            self.history = History.load(self.module, save, self.opened.earlier,
                                        self.opened.path)
        self.point = self.history.last()

    # ------------------------------------------------------------------ drawing

    def refresh_all(self) -> None:
        view = self.current_view()
        prompt = self.current_prompt()
        self._show_status(view, prompt)
        self._show_actions(prompt)
        marked = self._marked()
        self.query_one(MapView).arrows_step_history = self.reviewing
        self.query_one(MapView).show(view, self.selected, marked, self.lang)
        width = self.query_one("#side").size.width or 32
        self._update("#area-info", (view, self.selected, self.lang),
                     lambda: panels.area_details(view, self.board, self.selected, self.lang))
        self._update("#kingdoms", (view, self.lang, width),
                     lambda: panels.kingdoms_table(view, self.lang, width))
        self._update("#characters", (view, self.lang, width),
                     lambda: panels.characters_table(view, self.lang, width))
        self._update("#mandate", (view, self.lang),
                     lambda: panels.mandate_display(view, self.lang))
        self._show_rules(prompt)
        self._show_log()

    def _update(self, selector: str, key: Any, make: Any) -> None:
        """Update a panel only when what it shows has changed."""
        if self._shown.get(selector) == key:
            return
        self._shown[selector] = key
        self.query_one(selector, Static).update(make())

    def _show_verdict(self) -> None:
        widget = self.query_one("#verdict", Static)
        lines = list(self.opened.verdict)
        if not self.opened.checked:
            widget.remove_class("bad")
            widget.update(Text("… " + (lines[0] if lines else ""), style="bold"))
            return
        if self.opened.ok:
            text = Text("✔ " + (lines[0] if lines else "verified"), style="bold")
            for line in lines[1:2]:
                text.append("  " + line.strip(), style="dim")
            widget.remove_class("bad")
        else:
            text = Text("✘ " + "\n".join(lines) + "\nDo not play on from this save until "
                        "the problem is settled with your opponent.", style="bold")
            widget.add_class("bad")
        widget.update(text)

    def _show_status(self, view: dict[str, Any], prompt: Prompt | None) -> None:
        parts: list[str] = []
        if view.get("round"):
            parts.append(f"{tr('Round', self.lang)} {view['round']}/{view.get('rounds', '?')}")
        turn = view.get("turn")
        if turn:
            kingdoms = {k["id"]: k for k in view.get("kingdoms", [])}
            parts.append(f"{tr('Turn', self.lang)} {turn.get('number')}: "
                         f"{name(kingdoms.get(turn.get('kingdom')), self.lang, short=True)}"
                         f" ({turn.get('phase')})")
        if self.reviewing and self.history is not None and self.point is not None:
            parts.append(f"{tr('Review', self.lang)}: " + self.history.describe(self.point))
        elif self.turn is not None:
            me = self.turn.me.name
            parts.append(f"{tr('Playing', self.lang)}: {me} "
                         f"({self.module.role_label(self.turn.role) if self.module else ''})")
        if self.opened.save is not None and self.opened.save.table_dice:
            parts.append("TABLE DICE")
        text = Text(" · ".join(parts))
        if self.reviewing and self.opened.why_read_only and self.sent is None:
            text.append(f"  [{tr('Read-only', self.lang)}: {self.opened.why_read_only}]",
                        style="yellow")
        if self.sent is not None:
            text = Text(self._sent_line(), style="bold green")
        self.query_one("#status", Static).update(text)

    def _sent_line(self) -> str:
        sent = self.sent
        assert sent is not None
        if sent.next_role is None:
            return f"Wrote {sent.path}. The game is over."
        return (f"Wrote {sent.path} - send it to {sent.next_name} ({sent.next_role}), who must: "
                f"{sent.next_text}")

    def _show_actions(self, prompt: Prompt | None) -> None:
        header = self.query_one("#prompt", Static)
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        self.offers = []
        if self.reviewing:
            self._show_review_actions(header, actions)
            return
        if prompt is None:
            header.update("The game is over.")
            return
        assert self.turn is not None
        rule = f" ({prompt.rule})" if prompt.rule else ""
        if prompt.role != self.turn.role:
            owner = self.turn.prev.player(prompt.role)["name"]
            header.update(f"{tr('Waiting', self.lang)}: {owner} ({prompt.role}) - "
                          f"{prompt.text}{rule}. Press f to finish and send.")
            return
        header.update(f"{prompt.step}: {prompt.text}{rule}")
        self.offers = list(prompt.actions)
        actions.add_options([Option(self._offer_label(i, spec), id=str(i))
                             for i, spec in enumerate(self.offers)])
        if self.offers:
            actions.highlighted = self._offer_for_area(self.selected) or 0

    def _offer_label(self, index: int, spec: ActionSpec) -> str:
        key = f"{index + 1}." if index < 9 else "  "
        more = " …" if spec.params else ""
        return f"{key} {spec.label}{more}"

    def _show_review_actions(self, header: Static, actions: OptionList) -> None:
        if self.history is None or self.point is None:
            header.update(tr("Read-only", self.lang))
            return
        save = self.history.saves[self.point.save]
        who = save.player(save.writer)["name"]
        header.update(f"{tr('save', self.lang)} {save.sequence}/{self.history.saves[-1].sequence}"
                      f" · {who}  (← → {tr('Turn', self.lang).lower()} steps, PgUp/PgDn saves)")
        labels = [f"{i + 1:>2}. {self.history.module.describe_action(a)}"
                  for i, a in enumerate(save.actions)] or ["(no actions in this save)"]
        actions.add_options([Option(label, id=f"h{i}") for i, label in enumerate(labels)])
        if self.point.action:
            actions.highlighted = self.point.action - 1

    def _marked(self) -> set[str]:
        """Areas the highlighted offer mentions."""
        actions = self.query_one("#actions", OptionList)
        index = actions.highlighted
        if self.reviewing or index is None or index >= len(self.offers):
            return set()
        ids = {a["id"] for a in self.board.get("areas", [])}
        return {v for v in self.offers[index].fixed.values() if isinstance(v, str) and v in ids}

    def _offer_for_area(self, area: str | None) -> int | None:
        if not area:
            return None
        for i, spec in enumerate(self.offers):
            if area in [v for v in spec.fixed.values() if isinstance(v, str)]:
                return i
        return None

    def _show_rules(self, prompt: Prompt | None) -> None:
        if self.module is None:
            return
        rules: list[str] = []
        if prompt is not None and prompt.rule:
            rules.append(prompt.rule)
        actions = self.query_one("#actions", OptionList)
        if not self.reviewing and actions.highlighted is not None \
                and actions.highlighted < len(self.offers):
            rule = self.offers[actions.highlighted].rule
            if rule and rule not in rules:
                rules.append(rule)
        texts = [self.module.rules_help(rule) for rule in rules]
        texts = [t for t in texts if t]
        body = "\n\n".join(texts) or "No rule summary for this step."
        head = f"{tr('Step', self.lang)}: {prompt.step if prompt else '-'}\n\n"
        self.query_one("#rules", Static).update(Text(head + body))

    def _show_log(self) -> None:
        key = (self.reviewing, self.point, len(self.chunks), len(self.notes),
               self.turn.prev.sha256 if self.turn else None, self.lang)
        if self._shown.get("#log") == key:
            return
        self._shown["#log"] = key
        log = self.query_one("#log", RichLog)
        log.clear()
        if self.reviewing and self.history is not None and self.point is not None:
            lines, fresh = self.history.lines_until(self.point)
            for i, line in enumerate(lines):
                style = "bold" if i >= len(lines) - fresh else "dim"
                log.write(Text(line, style=style))
        else:
            prev = self.turn.prev if self.turn else self.opened.save
            if prev is not None:
                for line in prev.doc["log"][-40:]:
                    log.write(Text(line, style="dim"))
                log.write(Text("── " + ("your turn" if self.turn else "") + " ──", style="dim"))
            for label, lines, rolls in self.chunks:
                log.write(Text(f"▸ {label}", style="cyan"))
                for line in lines:
                    log.write(Text(line))
                for roll in rolls:
                    log.write(Text(f"    die {roll.get('d')} (d{roll.get('of', 6)}) for "
                                   f"{roll.get('for')}", style="magenta"))
        for style, note in self.notes[-6:]:
            log.write(Text(note, style=style))
        log.scroll_end(animate=False)

    def note(self, text: str, style: str = "yellow") -> None:
        self.notes.append((style, text))
        self._show_log()

    def _reset_chunks(self) -> None:
        self.chunks = []
        if self.turn is None:
            return
        composer = self.turn.composer
        if composer.actions:
            self.chunks.append(("the game begins", composer.log_lines(),
                                list(composer.actions[0].get("dice", []))))

    # ------------------------------------------------------------------ events

    @on(MapView.Selected)
    def _area_selected(self, event: MapView.Selected) -> None:
        self.selected = event.area
        self.query_one("#side", TabbedContent).active = "tab-area"
        index = self._offer_for_area(event.area)
        if index is not None:
            self.query_one("#actions", OptionList).highlighted = index
        self.refresh_all()

    @on(OptionList.OptionHighlighted, "#actions")
    def _highlighted(self) -> None:
        view = self.current_view()
        self.query_one(MapView).show(view, self.selected, self._marked(), self.lang)
        self._show_rules(self.current_prompt())

    @on(OptionList.OptionSelected, "#actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if option_id.startswith("h"):
            if self.history is not None and self.point is not None:
                self.point = Point(self.point.save, int(option_id[1:]) + 1)
                self.refresh_all()
            return
        self.action_choose(int(option_id) + 1)

    # ------------------------------------------------------------------ composing

    def action_choose(self, number: int) -> None:
        if self.reviewing or self.turn is None or not 1 <= number <= len(self.offers):
            return
        self.run_offer(self.offers[number - 1])

    @work(exclusive=True, group="act")
    async def run_offer(self, spec: ActionSpec) -> None:
        """Fill in the offer's parameters, try it (asking for table dice), then refresh."""
        values: dict[str, Any] = {p.name: p.default for p in spec.params if p.default is not None}
        error = ""
        while True:
            if spec.params:
                result = await self.push_screen_wait(ParamScreen(spec, values, error, self.lang))
                if result is None:
                    return
                values = result
            ok, error = await self.attempt(spec.complete(**values), spec.label)
            if ok or not spec.params:
                break
        await self.after_action()

    async def attempt(self, action: dict[str, Any], label: str) -> tuple[bool, str]:
        """Apply ``action``; ask for table dice as the engine needs them."""
        assert self.turn is not None
        dice: list[int] = []
        queued: list[int] = []
        while True:
            try:
                lines = self.turn.act(action, dice)
            except NeedDice as need:
                if not queued:
                    typed = await self.push_screen_wait(DiceScreen(need.purpose, need.sides,
                                                                   self.lang))
                    if not typed:
                        self.note("Table dice not given: nothing was done.")
                        return True, ""
                    queued.extend(int(v) for v in typed)
                dice.append(queued.pop(0))
                continue
            except IllegalAction as exc:
                self.note(f"Refused: {exc.message}", "red")
                return False, exc.message
            except PbemError as exc:
                self.note(f"Refused: {exc.line()}", "red")
                return False, exc.line()
            if queued:
                self.note(f"{len(queued)} typed dice were not needed: "
                          f"{' '.join(map(str, queued))}")
            self.chunks.append((label, lines, self.turn.last_rolls()))
            return True, ""

    async def after_action(self) -> None:
        self.refresh_all()
        if self.turn is not None and self.turn.over():
            await self.finish_flow()

    def action_undo(self) -> None:
        if self.turn is None or self.reviewing:
            return
        ok, what = self.turn.undo()
        if not ok:
            self.note(f"Cannot undo: {what}.")
            return
        if self.chunks:
            self.chunks.pop()
        self.note(f"Undone: {what}", "cyan")
        self.refresh_all()

    def action_finish(self) -> None:
        if self.turn is None or self.reviewing:
            return
        if not self.turn.has_work():
            self.note("Nothing to write yet: take an action first.")
            return
        self.finish_worker()

    @work(exclusive=True, group="act")
    async def finish_worker(self) -> None:
        await self.finish_flow()

    async def finish_flow(self) -> None:
        """Confirm, sign and write the next save; hand over in a hot-seat game."""
        turn = self.turn
        if turn is None:
            return
        lines = turn.summary()
        sure = await self.push_screen_wait(ConfirmScreen(
            tr("Finish the turn?", self.lang), lines, tr("Write and sign", self.lang),
            tr("Cancel", self.lang)))
        if not sure:
            self.note("Not written yet: undo (u) if you can, or finish (f) when ready.")
            return
        try:
            written = turn.finish()
        except PbemError as exc:
            self.note(f"Not written: {exc.line()}", "red")
            return
        self.chunks = []
        self.written.append(written)
        self.notes.append(("green", f"Wrote {written.path}"))
        nxt = local_for(written.save, written.next_role) if written.next_role else None
        if nxt is not None and nxt.key.public != turn.me.key.public:
            label = self.module.role_label(written.next_role or "") if self.module else ""
            await self.push_screen_wait(ConfirmScreen(
                tr("Hand over", self.lang),
                [f"Next: {written.next_name} ({label}) - {written.next_text}",
                 f"Pass the keyboard to {written.next_name}, then press Enter."],
                "Ready", None))
        if nxt is not None:
            try:
                line = verification.for_play(written.save, Ledger(nxt.key.public), [],
                                             written.path)
                self.turn = Turn(written.save, written.path, nxt)
            except PbemError as exc:
                self.note(f"Cannot continue: {exc.line()}", "red")
                self._stop_at(written)
                return
            self.opened.save, self.opened.path, self.opened.me = (written.save, written.path,
                                                                   nxt)
            self.opened.role = self.turn.role
            self.opened.verdict = [line]
            self._show_verdict()
            self.title = self._title()
            self._reset_chunks()
            self.refresh_all()
            if self.turn.over():
                await self.finish_flow()
            return
        self._stop_at(written)

    def _stop_at(self, written: Written) -> None:
        self.sent = written
        self.turn = None
        self.opened.save, self.opened.path = written.save, written.path
        self.opened.why_read_only = "sent"
        self.reviewing = True
        self.history = None
        self._load_history()
        self.refresh_all()

    @work(exclusive=True, group="act")
    async def opening_flow(self) -> None:
        """Offer to resume a draft; finish at once when the turn is already over."""
        turn = self.turn
        if turn is None:
            return
        draft = turn.pending_draft()
        if draft:
            resume = await self.push_screen_wait(ConfirmScreen(
                "A turn was being composed on this save",
                [f"{len(draft)} actions were kept in {turn.draft.name}.",
                 "Resume them, or discard the draft and start again?"],
                tr("Resume", self.lang), tr("Discard", self.lang)))
            if resume:
                try:
                    count = turn.resume(draft)
                    self._chunks_from_composer()
                    self.note(f"Resumed {count} actions from the draft.", "cyan")
                except PbemError as exc:
                    self.turn = Turn(turn.prev, turn.path, turn.me)
                    self._reset_chunks()
                    self.note(f"The draft no longer applies ({exc.line()}); starting afresh.",
                              "red")
            else:
                turn.discard_draft()
            self.refresh_all()
        if self.turn is not None and self.turn.over() and self.turn.has_work():
            await self.finish_flow()

    def _chunks_from_composer(self) -> None:
        """After resuming, show the whole composed log as one block."""
        if self.turn is None:
            return
        composer = self.turn.composer
        rolls = [r for a in composer.actions for r in a.get("dice", [])]
        self.chunks = [("resumed draft", composer.log_lines(), rolls)]

    @work(exclusive=True, group="act")
    async def action_orders(self) -> None:
        if self.turn is None or self.reviewing or self.module is None:
            return
        orders = self.module.standing_orders()
        if not orders:
            self.note("This game has no standing orders.")
            return
        current = dict(self.current_view().get("orders") or {})
        changed = await self.push_screen_wait(OrdersScreen(orders, current, self.lang))
        if not changed:
            return
        ok, _ = await self.attempt({"do": "orders", "set": changed}, "standing orders")
        if ok:
            await self.after_action()

    @work(exclusive=True, group="act")
    async def action_why_not(self) -> None:
        if self.turn is None or self.reviewing:
            self.note("Nothing to try: this save is open for review.")
            return
        verbs = sorted({a.get("do", "") for s in (self.history.saves if self.history else [])
                        for a in s.actions} | {spec.verb for spec in self.offers})
        hint = ("Type an action as KEY: VALUE pairs, e.g.  do: levy, area: xuchang, armies: 2\n"
                "It is tried on a scratch copy; nothing changes. Verbs offered now: "
                + ", ".join(v for v in verbs if v))
        value = f"do: , area: {self.selected}" if self.selected else "do: "
        text = await self.push_screen_wait(TextScreen(tr("Why not?", self.lang), hint, value))
        if not text:
            return
        try:
            action = strict_yaml.load(text if text.strip().startswith("{") else
                                      "{" + text + "}", "action")
        except PbemError as exc:
            self.note(f"Not an action: {exc.message}", "red")
            return
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            self.note("An action needs do: VERB", "red")
            return
        self.note(f"{self.module.describe_action(action) if self.module else action}: "
                  f"{self.turn.why_not(action)}", "cyan")

    # ------------------------------------------------------------------ review

    def action_toggle_review(self) -> None:
        if self.turn is None:
            return
        self.reviewing = not self.reviewing
        if self.reviewing:
            self._load_history()
        self.refresh_all()

    def action_step(self, delta: int) -> None:
        if not self.reviewing or self.history is None or self.point is None:
            return
        self.point = self.history.step(self.point, delta)
        self.refresh_all()

    def action_save_step(self, delta: int) -> None:
        if not self.reviewing or self.history is None or self.point is None:
            return
        self.point = self.history.save_step(self.point, delta)
        self.refresh_all()

    def action_edge(self, last: int) -> None:
        if not self.reviewing or self.history is None:
            return
        self.point = self.history.last() if last else self.history.first()
        self.refresh_all()

    @work(exclusive=True, group="ask")
    async def action_jump(self) -> None:
        if not self.reviewing or self.history is None:
            return
        text = await self.push_screen_wait(TextScreen(
            tr("Jump to", self.lang), "A save number (e.g. 12), or r and a round (e.g. r3).",
            placeholder="12 or r3"))
        if not text:
            return
        text = text.strip().lower()
        point = None
        if text.startswith("r") and text[1:].strip().isdigit():
            number = int(text[1:])
            module = self.module

            def round_of(state: dict[str, Any]) -> Any:
                return module.view(state, None).get("round") if module else None

            point = self.history.find_round(number, round_of)
        elif text.isdigit():
            point = self.history.find_sequence(int(text))
        if point is None:
            self.note(f"Nothing matches {text!r} in this game's history.")
            return
        self.point = point
        self.refresh_all()

    @work(exclusive=True, group="ask")
    async def action_search(self) -> None:
        if self.history is None:
            self._load_history()
        if self.history is None:
            return
        text = await self.push_screen_wait(TextScreen(tr("Search the log", self.lang),
                                                      "Words to find in the game's log."))
        if not text:
            return
        self.matches = self.history.search(text)
        if not self.matches:
            self.note(f"No log line contains {text!r}.")
            return
        items = [(i, f"save {self.history.saves[p.save].sequence}: {line}")
                 for i, (p, line) in enumerate(self.matches)]
        choice = await self.push_screen_wait(PickScreen(
            f"{len(self.matches)} lines contain {text!r}", items))
        if choice is None:
            return
        self.match_index = int(choice)
        self._go_match()

    def action_next_match(self) -> None:
        if self.matches:
            self.match_index = (self.match_index + 1) % len(self.matches)
            self._go_match()

    def _go_match(self) -> None:
        self.reviewing = True
        self.point = self.matches[self.match_index][0]
        self.refresh_all()

    # ------------------------------------------------------------------ misc

    @work(exclusive=True, group="ask")
    async def action_goto_area(self) -> None:
        view = self.current_view()
        items = [(a["id"], name(a, self.lang)) for a in view.get("areas", self.board["areas"])]
        area = await self.push_screen_wait(PickScreen(tr("Area", self.lang), items))
        if area:
            self.post_message(MapView.Selected(area))

    def action_help(self) -> None:
        self.push_screen(HelpScreen(help_text(self.reviewing)))

    def action_toggle_lang(self) -> None:
        self.lang = "zh" if self.lang == "en" else "en"
        self.refresh_all()


def save_path_of(opened: Opened) -> Path:
    return opened.path
