"""The project's own short summaries of the Card Game's rules, for help panes: one per
group of clauses (``battle.war``) and one per step a player is asked in (``war-card``).
Written in our own words; docs/cardgame-rules-notes.md gives the readings behind them.
"""

from __future__ import annotations

SUMMARIES: dict[str, str] = {
    # the steps a player is asked in
    "main": "Your Main Phase. Take the Event, Battle and Bribery Stages in any order you "
            "like, each at most once, or skip them; ending the Main Phase leads to your "
            "Ending Phase. Each play gives the others a moment to answer it first.",
    "window": "A play waits to take effect. You may answer it with an instant card (it is "
              "laid on top of the chain and may be answered in turn) or let it pass. Once "
              "everyone passes, the chain works from the top down: the last card first.",
    "war-card": "A war: both sides pick one war card (cavalry, infantry or bowmen) in "
                "secret; they are shown together and the table of results says who wins. "
                "A strategist may also ask whether the other side holds a given card: a right "
                "guess wins the war.",
    "bribe-bid": "A bribe: the briber and the target's player each bid cards from their "
                 "hands in secret, the hearts of the target adding to its player's bid. The "
                 "higher bid wins; bid cards go to the Discard Pile either way.",
    "trade": "Another player offers a trade: some of your cards, face down, for some of "
             "theirs. Accept or refuse; what was said about the cards binds nobody.",
    "rearrange": "Your Ending Phase: move characters between your lands and artifacts "
                 "between your characters, and take back at most one card to your hand. A "
                 "land whose characters lack the Political Power to hold it becomes public.",
    "discard": "At the end of your turn you may keep only the hand limit: choose the cards "
               "to throw onto the Discard Pile.",
    "battle-defender": "Your land is attacked: name which of the characters holding it "
                       "answers. In a war a defender who is a strategist may guess; in a "
                       "duel it is the one who rolls against the attacker.",
    "owed-draw": "The Main Deck ran out once and was made again from the Discard Pile: draw "
                 "the cards you were still owed.",
    # groups of clauses
    "setup": "Each player gets a lord at random and a starting hand; the highest roll "
             "starts and turns go clockwise.",
    "turn": "A turn: draw (one card per land you hold, at least one), the Main Phase, then "
            "the Ending Phase.",
    "turn.main": "The Main Phase's three stages (Event, Battle, Bribery) may come in any "
                 "order, each at most once.",
    "event": "The Event Stage: put one character onto the table, attach one artifact, play "
             "one event, and use the abilities of your cards not yet turned.",
    "event-card": "An event works as soon as it is played unless it is countered; then it "
                  "goes to the Discard Pile.",
    "ability": "An activated ability turns its card when used, whatever its die roll; a "
               "turned card keeps fighting and holding lands but cannot use it again.",
    "artifact": "An artifact goes on one of your own characters on the table.",
    "character": "A character holds lands with its Political Power, fights with its "
                 "Fighting Spirit and resists bribes with its hearts.",
    "character.lord": "A lord cannot be bribed. If yours dies, you may later name another "
                      "of your own characters lord during your turn.",
    "battle": "The Battle Stage: one attack on one land, by a duel (dice) or a war (war "
              "cards). The winner of a private land's war takes it; losers die.",
    "battle.duel": "A duel: attacker and defender roll; Fighting Spirit is added, and the "
                   "higher total wins.",
    "battle.war": "A war: each side picks a war card in secret, then both are shown; the "
                  "table of results decides; a tie is settled by Fighting Spirit and the "
                  "land's defence.",
    "battle.war.pick": "Pick your war card in secret; the table of nine results (each card "
                       "against each) decides. A strategist may also name the card she "
                       "expects: if right, she wins outright.",
    "bribery": "The Bribery Stage: try to win another player's character (not a lord) with "
               "cards bid in secret.",
    "bribery.bid": "Bids are numbers of cards from the hand, given in secret and shown "
                   "together; the target's hearts count for its player.",
    "intervention": "Between plays, instants may be played by anyone, and any two players "
                    "may trade cards face down.",
    "intervention.instant": "An instant may be played in any player's Main Phase, even to "
                            "answer another instant.",
    "intervention.trade": "A trade swaps cards face down between two hands; either side may "
                          "give nothing, not both.",
    "ending": "The Ending Phase: rearrange, then discard down to the hand limit.",
    "ending.rearrange": "Rearrange characters and artifacts, take back at most one card, "
                        "and lose the lands your characters cannot hold.",
    "ending.discard": "Discard down to the hand limit at the end of your turn.",
    "win": "The game ends when a player holds lands worth enough, or when the Main Deck "
           "runs out a second time: then the highest land value wins.",
    "win.deck": "The first time the Main Deck runs out the Discard Pile becomes a new deck; "
                "the second time, the game ends and the highest land value wins.",
}


def lookup(rule: str | None) -> str:
    """The summary for a step or a clause id, by its longest known leading part."""
    if not rule:
        return ""
    parts = rule.split(".")
    for end in range(len(parts), 0, -1):
        found = SUMMARIES.get(".".join(parts[:end]))
        if found:
            return found
    return ""
