"""The Textual app: the map (or the action spaces), the side panels, the offered actions
and the log.

It renders the game's view (through :mod:`pbem.gameplay`) and ``module.board()`` and
sends back only the actions the engine offered (or, to ask why something is not offered,
tries one on a scratch copy). Drawing is in :mod:`tui.painting`, composing a turn in
:mod:`tui.turnflow`, where a save ends in :mod:`tui.handover`, looking back in
:mod:`tui.reviewing`.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static, TabbedContent, TabPane

from pbem import gameplay
from pbem.engine import ActionSpec, Prompt
from tui import sizes
from tui.actionlist import ActionList
from tui.claiming import Claiming
from tui.dialogs import HelpScreen, PickScreen
from tui.engine_text import EngineText, name_pairs, view_names
from tui.following import Waiting, automatic
from tui.footer import TableFooter
from tui.formdialog import Forms
from tui.handover import Handing
from tui.help import help_text
from tui.history import History, Point
from tui.i18n import name, tr
from tui.layouts import SideTabs, layout_for
from tui.logpane import LogPane, Notice
from tui.mapview import MapView
from tui.opening import Opened, check
from tui.painting import Painter
from tui.passing import Passing
from tui.planning import Planning
from tui.reviewing import Reviewing
from tui.seen import Sight
from tui.turn import Turn, Written
from tui.turnflow import TurnFlow

PLAY_ONLY = {"undo", "finish", "orders", "why_not"}
REVIEW_ONLY = {"jump", "search", "next_match", "save_step", "edge"}


class TableApp(Painter, TurnFlow, Handing, Planning, Forms, Reviewing, Claiming, Passing,
               App[str | None]):
    """Play a turn, or review a game, from one save. Returns what to tell the player
    when it closes (where the draft or the last save is)."""

    CSS_PATH = "app.tcss"
    TITLE = "pbem"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("f1", "help", "Help", show=False),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("f", "finish", "Finish"),
        Binding("o", "orders", "Orders"),
        Binding("w", "why_not", "Why?"),
        Binding("r", "rules", "Rules"),
        Binding("g", "goto_area", "Area", show=False),
        Binding("v", "toggle_review", "History"),
        Binding("c", "claim", "Claim"),
        Binding("a", "pass_ahead", "Pass now"),
        Binding("left", "step(-1)", "Back", show=False),
        Binding("right", "step(1)", "Forward", show=False),
        Binding("pageup", "save_step(-1)", "Save ↑", show=False),
        Binding("pagedown", "save_step(1)", "Save ↓", show=False),
        Binding("home", "edge(0)", "First", show=False),
        Binding("end", "edge(1)", "Last", show=False),
        Binding("t", "jump", "Jump"),
        Binding("slash", "search", "Search"),
        Binding("n", "next_match", "Next match", show=False),
        Binding("p", "toggle_panels", "Panels"),
        Binding("l", "toggle_lang", "中/En"),
        Binding("q", "quit", "Quit"),
        *[Binding(str(d), f"digit('{d}')", show=False) for d in range(10)],
    ]

    def __init__(self, opened: Opened, lang: str = "en", again: str = "") -> None:
        super().__init__()
        self.opened = opened
        self.again = again  # how to come back to a draft, said when the table closes
        self.lang = lang if lang in ("en", "zh") else "en"
        self.module = opened.module
        self.board: dict[str, Any] = self.module.board() or sizes.NO_BOARD
        public = gameplay.view(self.module, opened.save.state, None)
        self.layout = layout_for(self.board, public, self.module.panes(public))
        self.notice = self.module.data_notice(opened.save.game["options"])
        self.turn: Turn | None = None
        self.waiting: Waiting | None = None
        self.waiting_timer: Any = None
        if opened.checked:
            self.turn = self._first_turn()
        self.reviewing = self.turn is None
        self.history: History | None = None
        self.point: Point | None = None
        self.selected: str | None = None
        self.notices: list[Notice] = []
        self.sent: Written | None = None
        self.written: list[Written] = []
        self.matches: list[tuple[Point, str]] = []
        self.match_index = -1
        self.offers: list[ActionSpec] = []
        self.panels: bool | None = None  # None: shown when the terminal is wide enough
        self.before_rules: tuple[bool | None, str] | None = None  # what r goes back to
        self._shown: dict[str, Any] = {}
        self._names = self._name_pairs(public)
        self.say = EngineText(opened.save.kind, self.lang, self._names)
        self.first_paint_at: float | None = None  # when the first screen was drawn

    def _name_pairs(self, view: dict[str, Any]) -> dict[str, str]:
        named = name_pairs(self.module.named(self.opened.save.game["options"]))
        return {**named, **view_names(self.board, view)}

    def t(self, text: str, /, **values: Any) -> str:
        return tr(text, self.lang, **values)

    def role_label(self, role: str) -> str:
        label = self.module.role_label(role)
        return self.say.chinese_names(label) if self.lang == "zh" else label

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="verdict")
        yield Static(id="status")
        yield Static(id="readonly")
        with Horizontal(id="main"):
            if self.layout.kind == "map":
                yield MapView(self.board, id="map")
            else:
                with VerticalScroll(id="board-pane"):
                    yield Static(id="board-text")
            with SideTabs(id="side"):
                for tab, widget in self.tab_names():
                    with TabPane(self.t(tab), id=f"tab-{widget}"), VerticalScroll():
                        yield Static(id=widget)
        with Horizontal(id="bottom"):
            with Vertical(id="compose"):
                yield Static(id="prompt")
                yield ActionList(id="actions")
            yield LogPane(id="log")
        yield Static(id="too-small")
        yield TableFooter(compact=True)

    def tab_names(self) -> list[tuple[str, str]]:
        return [(tab.label, tab.ident) for tab in self.layout.tabs] + [("Rules", "rules")]

    def on_mount(self) -> None:
        if self.hot_seat_secrets():
            self.hand_over_first()  # before anything of the seat's is drawn
        self.title = self.title_text()
        self.query_one("#side", TabbedContent).active = self.layout.first_tab
        self.arrange()
        self.watch_claims()
        if not self.opened.checked:
            self.refresh_all()
            self.query_one("#actions", ActionList).focus()
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
        if self.turn is None:
            self.turn = self._first_turn()
            self.reviewing = self.turn is None
        if self.reviewing:
            self.load_history()
        self.refresh_all()
        self.arrange()
        self.call_after_refresh(self._painted)
        self.query_one("#actions", ActionList).focus()
        if not self.opened.review:
            self.opening_flow()

    def _first_turn(self) -> Turn | None:
        """The turn to compose on the save opened, when it is this player's decision."""
        opened = self.opened
        if not (opened.playable and opened.me) or automatic(opened.save):
            return None
        return Turn(opened.save, opened.path, opened.me)

    def _painted(self) -> None:
        if self.first_paint_at is None:
            self.first_paint_at = time.perf_counter()
        self.refresh_all()

    def on_resize(self, event: Any = None) -> None:
        self.arrange()
        self.call_after_refresh(self.refresh_all)

    def arrange(self) -> None:
        """Size the panes for the terminal; below the smallest size, say so instead."""
        width, height = self.size.width, self.size.height
        small = self.query_one("#too-small", Static)
        too_small = sizes.too_small(width, height)
        self.screen.set_class(too_small, "-too-small")
        small.update(self.t("The terminal is {width}×{height}; the table needs at least "
                            "{min_width}×{min_height}. Enlarge the window (or make the font "
                            "smaller). q quits.", width=width, height=height,
                            min_width=sizes.MIN_WIDTH, min_height=sizes.MIN_HEIGHT))
        side = self.query_one("#side")
        shown = self.panels if self.panels is not None else sizes.panels_fit(width)
        side.display = shown
        side.styles.width = sizes.side_width(width)
        verdict = 1 if self.opened.ok else len(self.opened.verdict) + 5
        used = verdict + 1 + 1 + sizes.text_height(self.read_only_text(), width)
        self.query_one("#bottom").styles.height = sizes.bottom_height(height, used,
                                                                      sizes.rows(self.board))

    def title_text(self) -> str:
        return f"{self.module.title} · {self.opened.save.short()}"

    # ------------------------------------------------------------------ state

    def current_state(self) -> dict[str, Any]:
        if not self.reviewing and self.turn is not None:
            return self.turn.state
        if self.history is not None and self.point is not None:
            return self.history.state_at(self.point)
        return self.opened.save.state

    def viewer(self) -> str | None:
        return self.turn.role if self.turn is not None else self.opened.role

    def sight(self) -> Sight:
        """The game as the player at the table sees it (with their key)."""
        if self.turn is not None:
            return self.turn.sight
        me, role = self.opened.me, self.opened.role
        key = me.key if me is not None and role is not None else None
        made = getattr(self, "_sight", None)
        if made is None or (made.role, made.key) != (role, key):
            made = self._sight = Sight(self.module, self.opened.save.doc, role, key)
        return made

    def view_token(self) -> Any:
        """Names the position shown (it changes whenever the position does)."""
        if not self.reviewing and self.turn is not None:
            return self.turn.token()
        return ("save", self.opened.save.sha256, self.point)

    def current_view(self) -> dict[str, Any]:
        try:
            if not self.reviewing and self.turn is not None:
                return self.turn.view()
            return self.sight().view(self.current_state(), self.view_token())
        except Exception:  # a position the view cannot draw is still reviewable in the log
            return {}

    def current_prompt(self) -> Prompt | None:
        if not self.reviewing and self.turn is not None:
            return self.turn.prompt()
        try:
            return self.sight().prompt(self.current_state(), self.view_token())
        except Exception:
            return None

    # ------------------------------------------------------------------ events

    @on(MapView.Selected)
    def _area_selected(self, event: MapView.Selected) -> None:
        self.selected = event.area
        self.query_one("#side", TabbedContent).active = "tab-area-info"
        index = self._offer_for_area(event.area)
        if index is not None:
            self.query_one("#actions", ActionList).highlighted = index
        self.refresh_all()

    @on(OptionList.OptionHighlighted, "#actions")
    def _highlighted(self) -> None:
        maps = self.query(MapView)  # (none while the layout is being built again)
        if self.layout.kind == "map" and maps:
            maps.first().show(self.current_view(), self.selected, self._marked(), self.lang)
        self._show_rules(self.current_prompt())

    @on(OptionList.OptionSelected, "#actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._take(event.option_index)

    @on(ActionList.Chosen)
    def _chosen(self, event: ActionList.Chosen) -> None:
        self._take(event.index)

    def _take(self, index: int) -> None:
        if self.reviewing:
            self.go_to_action(index)
        else:
            self.action_choose(index + 1)

    @on(ActionList.Paged)
    def _paged(self, event: ActionList.Paged) -> None:
        getattr(self, f"action_{event.action}")(event.value)

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (play keys while playing...)."""
        if action in PLAY_ONLY:
            return not self.reviewing and self.turn is not None
        if action in REVIEW_ONLY:
            return self.reviewing
        if action == "toggle_review":
            return self.turn is not None
        if action == "claim":
            return self.claim is not None
        if action == "pass_ahead":
            return self.ahead is not None and not self.ahead.passed
        return True

    async def on_event(self, event: events.Event) -> None:
        """Every key passes the actions list first: one that is not a digit ends a number
        being typed there (Enter takes it)."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            table = self.screen_stack[0]
            actions = table.query(ActionList)
            if actions and actions.first().other_key(event.key, self.screen is table):
                return
        await super().on_event(event)

    def action_digit(self, digit: str) -> None:
        """A number typed with the map or the log in focus still takes an action."""
        if self.screen is self.screen_stack[0]:
            self.query_one("#actions", ActionList).action_digit(digit)

    def action_goto_area(self) -> None:
        if self.layout.kind != "map":
            return
        view = self.current_view()
        items = [(a["id"], name(a, self.lang)) for a in view.get("areas", self.board["areas"])]

        def picked(area: Any) -> None:
            if area:
                self.post_message(MapView.Selected(area))

        self.push_screen(PickScreen(self.t("Area"), items, self.lang), picked)

    def action_help(self) -> None:
        deadline = bool(self.opened.save.game.get("deadline"))
        self.push_screen(HelpScreen(help_text(self.reviewing, self.lang, self.layout.kind,
                                              deadline, self.ahead is not None), self.lang))

    def action_toggle_panels(self) -> None:
        self.panels = not self.query_one("#side").display
        self.before_rules = None
        self.arrange()
        self.call_after_refresh(self.refresh_all)

    def action_rules(self) -> None:
        """Show the Rules tab (with the side panels, even on a narrow terminal); pressed
        again, go back to what was shown before."""
        side = self.query_one("#side", TabbedContent)
        if self.before_rules is not None and side.display and side.active == "tab-rules":
            self.panels, side.active = self.before_rules
            self.before_rules = None
        else:
            self.before_rules = (self.panels, side.active)
            self.panels = True
            side.active = "tab-rules"
        self.arrange()
        self.call_after_refresh(self.refresh_all)

    def action_toggle_lang(self) -> None:
        self.lang = "zh" if self.lang == "en" else "en"
        self.say = EngineText(self.opened.save.kind, self.lang, self._names)
        for tab, widget in self.tab_names():
            self.query_one("#side", TabbedContent).get_tab(f"tab-{widget}").label = self.t(tab)
        self.query_one(TableFooter).refresh_keys()
        self.arrange()
        self.refresh_all()

    async def action_quit(self) -> None:
        self.exit(self.farewell())

    def farewell(self) -> str | None:
        """What to tell the player as the table closes: where their work is kept."""
        lines = []
        if self.written:
            lines.append(f"Last save written: {self.written[-1].path}")
        if self.waiting is not None:
            lines.append(f"It waits for {self.waiting.owner()}'s answer; open "
                         f"{self.waiting.last.path} again to carry on once it has arrived.")
        if self.turn is not None and self.turn.player_actions() and self.turn.draft.exists():
            lines.append(f"Your turn so far is kept (unsigned) in {self.turn.draft}; "
                         + (self.again or f"open {self.turn.path} again to resume it."))
        return "\n".join(lines) or None
