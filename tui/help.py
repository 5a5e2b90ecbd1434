"""The help text: key bindings and how to read the table."""

from __future__ import annotations

PLAY_KEYS = """\
Composing a turn
  1-9, Enter   take the highlighted (or numbered) action the engine offers
               (an action marked … asks for details: areas, characters, armies)
  u, Ctrl+Z    undo the last action (only until dice are rolled)
  f            finish: confirm, sign and write the next save
  o            standing orders (answers given in advance to questions the
               rules may put to you while someone else moves)
  w            why not? type an action; the engine says why it is refused
  v            look back through the game's history, and back again
"""

REVIEW_KEYS = """\
Reviewing
  ← →          step back and forth, action by action
  PgUp PgDn    previous / next save
  Home End     first / last position
  t            jump to a save number, or to a round (r3)
  /            search the log; n goes to the next match
"""

COMMON_KEYS = """\
Everywhere
  click, g     select an area (arrows move the selection on the map)
  Tab          move between the map, the actions and the side panels
  l            switch names and labels between English and Chinese
  ?, F1        this help
  q            quit (a turn being composed is kept as a draft beside the save)

Reading the map
  Each area's name is drawn on its controller's colour. Under it: armies by
  kingdom (■ in the kingdom's colour and the number), ♟ characters, ♔ the
  Emperor. Borders are drawn between areas: · plain, ^ mountains, ~ river.
  A • before a name marks an area the highlighted action is about.

The side panels
  Area: the selected area in full.  Kingdoms: who is main, allied, neutral or
  Traitorous, armies (Ar), manpower of the areas held (MP), the activation
  chits.  Characters: ratings.  Mandate: the display and its marker.
  Rules: the project's own short summary of the rule for the current step.
"""


def help_text(reviewing: bool) -> str:
    first, second = (REVIEW_KEYS, PLAY_KEYS) if reviewing else (PLAY_KEYS, REVIEW_KEYS)
    return f"{first}\n{second}\n{COMMON_KEYS}"
