"""Section 10, the events of the Mandate of Heaven display.

10.1 Retainer Dies, 10.2 Recruit Retainer, 10.3 Bountiful Harvest, 10.4 Emperor Xian
Flees, 10.5 Family Restoration (with 11.3, 11.4 and the ``roll-off`` step of 12.2.3), 10.6
Famine, 10.7 Yellow Turban Remnants Uprising, 10.8 Barbarian Raids, 10.9 Assassinate
Retainer. Each is an ``event`` step; a kingdom left with nothing is settled by the
``sweep`` step of section 5.

One section in several modules, which may import one another (but no other section):
``procedure`` (the event step), ``armies`` (10.3, 10.6 - 10.8), ``characters`` (10.1,
10.2, 10.4, 10.9), ``restoration`` (10.5) and ``common`` (what they share). Importing the
package registers the step's handler.
"""

from pbem.games.dragons_tigers.rules.s10_events import (  # noqa: F401
    armies,
    characters,
    common,
    procedure,
    restoration,
)
