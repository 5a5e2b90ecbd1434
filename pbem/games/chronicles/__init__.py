"""Chronicles of the Three Kingdoms (3-7 players, 196-220 AD).

``data/*.yaml`` holds the map, the territory and player cards, the counters, the leaders,
the non-human leaders and the tables, every record marking the fields the rulebook text
does not give (``reconstructed``); :mod:`.catalog` loads and validates it, or an owner's
transcription laid over it, and :mod:`.dataset` keeps the loaded sets by hash
(docs/chronicles-data.md). :mod:`.board` is the position, :mod:`.rules` the rulebook,
:mod:`.flow` the round as sealed exchanges and :mod:`.module` the game module
(docs/chronicles-engine.md).
"""
