"""Chronicles of the Three Kingdoms (3-7 players, 196-220 AD): the game's data set.

``data/*.yaml`` holds the map, the territory and player cards, the counters, the leaders,
the non-human leaders and the tables, every record marking the fields the rulebook text
does not give (``reconstructed``). :mod:`.catalog` loads and validates it, or an owner's
transcription laid over it; :mod:`.dataset` keeps the loaded sets by hash. The rules engine
comes later; see docs/chronicles-data.md.
"""
