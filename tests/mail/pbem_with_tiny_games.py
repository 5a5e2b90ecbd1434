"""``pbem`` as its own process, with the tests' games registered (for ``pbem watch``
running beside a test): ``python -m tests.mail.pbem_with_tiny_games watch ...``."""

from pbem import games
from pbem.cli.main import run
from tests.cardgame import CardMarket
from tests.sealedgame import TinyBids
from tests.tinygame import TinyRace, TinyRaceOfThree

games.register("tiny-race", TinyRace)
games.register("tiny-race-3", TinyRaceOfThree)
games.register("card-market", CardMarket)
games.register("tiny-bids", TinyBids)

if __name__ == "__main__":
    run()
