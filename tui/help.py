"""The help text: key bindings and how to read the table."""

from __future__ import annotations

from tui.i18n import tr

PLAY_KEYS = """\
Composing a turn
  1 2 3 ...    take the action with that number; with ten or more, type both
               digits (1 then 2 takes the twelfth), or 1 and Enter for the first
  ↑ ↓, Enter   highlight an action and take it (an action marked … opens a
               dialog for its details: who moves, where, how many armies)
  u, Ctrl+Z    undo the last action (only until dice are rolled)
  f            finish: confirm, sign and write the next save (only where another
               player must act: before that, the table says why not)
  o            standing orders (answers given in advance to questions the
               rules may put to you while someone else moves)
  w            why not? type an action; the engine says why it is refused
  v            look back through the game's history, and back again
  In a dialog  a number picks an option (or ticks it, in a list of ticks);
               a sealed choice is typed without showing it; Enter does it
               once every field is right
"""

REVIEW_KEYS = """\
Reviewing
  ← →          step back and forth, action by action
  PgUp PgDn    previous / next save
  Home End     first / last position
  1 2 3 ...    the position after that action of the save shown
  t            jump to a save number, or to a round (r3)
  /            search the log; n goes to the next match
"""

COMMON_KEYS = """\
Everywhere
  Tab          move between the actions, the log, the map and the side panels
               (the focused one has a bright edge); in the log ↑ ↓ PgUp PgDn
               Home End scroll
  g            select an area by name (or click it; arrows move the selection
               when the map has the focus)
  p            show or hide the side panels (hidden on narrow terminals)
  r            the rules of the current step (the Rules tab); again: back
  l            switch names and labels between English and Chinese
  ?, F1        this help
  q            quit (a turn being composed is kept as a draft beside the save;
               the terminal says where)
"""

SIDE_KEYS = """\
The side panels
  Tab          goes to their tab names, then into the tab shown; while either
               has the focus, the panels' left edge is bright
  ← →          there: the previous / next tab (while reviewing too)
  ↑ ↓          in the tab shown: scroll it
"""

DEADLINE_KEYS = """\
A game with a deadline
  c            claim that a late player's deadline passed: shown once their
               deadline and its grace have run out; their seat becomes absent
"""

PASS_KEYS = """\
A question put to several players in turn
  a            let it go now, before your turn in that order comes: a signed
               pass, sent to every player; to play a card instead, wait until
               those asked before you have passed
"""

MAP_HELP = """\
Reading the map
  Each area's name is drawn on its controller's colour. Under it: armies by
  kingdom (■ in the kingdom's colour and the number), ♟ characters, ♔ the
  Emperor. Borders are drawn between areas: · plain, ^ mountains, ~ river.
  A • before a name marks an area the highlighted action is about.

The side panels
  Area: the selected area in full.
  Kingdoms: who is main, allied, neutral or Traitorous; Ar armies, MP the
  manpower of the areas held; the chit: ● in the pool, ✓ drawn.
  Characters: C command, S strategist (★ or stars), V valor, A admin,
  D diplomacy, L loyalty (- never submits); * warlord, B boats, W wizard.
  Mandate: the display and its marker.
  Rules: the project's own short summary of the rule for the current step.
"""

SPACES_HELP = """\
Reading the action spaces (a game without a map)
  The main pane lists the action spaces with their bids. The number before a
  space is the number that bids there now: 7 then a general's number bids.
  ⚑ this round's alliance space, ✗ last round's, ◆ a criterion set by a
  marker; the bidder who would win now is under the bids, the winners after.
  The side panels: Yours (your generals, hidden ones too, and your hand),
  States (every state's board; another state's hidden generals are only
  counted), Tracks (round, orders, alliance, criteria, Han emperor, decks,
  and the notice about reconstructed data), Borders, Rules.
"""

CARDS_HELP = """\
Reading a game of panes (no map, no action spaces)
  The main pane is the game's own picture of the position. The side tabs
  are the panes the game draws from what you may see (for a card game: your
  hand, the table, the lands, what waits to take effect); Tab moves to
  them, and p hides or shows them on a narrow terminal. Rules: the
  project's own short summary of the current step and the highlighted
  action's rule.
"""


def help_text(reviewing: bool, lang: str = "en", layout: str = "map",
              deadline: bool = False, passing: bool = False) -> str:
    """The help for the table as it is: playing or reviewing, a map or action spaces, a
    game with a deadline or without, a question this player may let go ahead of her turn
    or not."""
    first, second = (REVIEW_KEYS, PLAY_KEYS) if reviewing else (PLAY_KEYS, REVIEW_KEYS)
    reading = {"map": MAP_HELP, "spaces": SPACES_HELP, "cards": CARDS_HELP}.get(layout)
    blocks = (first, second, COMMON_KEYS, SIDE_KEYS) + ((DEADLINE_KEYS,) if deadline else ()) \
        + ((PASS_KEYS,) if passing else ()) + ((reading,) if reading else ())
    return "\n".join(tr(block, lang) for block in blocks)
