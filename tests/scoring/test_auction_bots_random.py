"""RandomBot's calls and the game loop (scoring.auction_play.bots), with the bot's draws set by hand:
it bids when a draw falls below ``bid_chance`` (the minimum bid in a random suit, sometimes with more
points or a calypso more), otherwise doubles with a draw below 0.1 and redoubles below 0.2, else
passes; every draw is ``random()`` in [0, 1), a chance p meaning a draw below p. Also SimpleBot's
random tie-break (+ 0 to 4) and that a seeded bot is deterministic."""

from __future__ import annotations

from types import SimpleNamespace

from scoring.auction import Auction, Bid
from scoring.auction_play import RandomBot, SimpleBot, play_auction_game
from scoring.cards import RANKS, parse_card
from tests.scoring.test_auction_bots_play import PARTNER_WINS, first_trick  # the deals, written once


class Draws:
    """A bot's random source drawing ``values`` in turn, then 0."""

    def __init__(self, *values: float) -> None:
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0) if self.values else 0.0


def random_bot(*draws: float) -> RandomBot:
    bot = RandomBot(0)
    bot._random = Draws(*draws)  # type: ignore[assignment]
    return bot


def auction(dealer: str, *calls: str) -> SimpleNamespace:
    made = Auction(dealer)
    for call in calls:
        made.call(made.to_speak, call)
    return SimpleNamespace(auction=made)


def test_a_draw_below_the_bid_chance_bids():
    # Draws: 0 (bid), suit ♠ (first of S H D C), no extra points (first of 0 0 10 30), a calypso more (0 < 0.1).
    assert random_bot(0.0, 0.0, 0.0, 0.0).call(auction("C")) == Bid(220, 1, "S")
    # Suit ♣ (last), 30 points more (last), no calypso (0.5).
    assert random_bot(0.0, 0.99, 0.99, 0.5).call(auction("C")) == Bid(250, 0, "C")
    # A draw of exactly 0.1 is not below 0.1: no calypso more.
    assert random_bot(0.0, 0.0, 0.0, 0.1).call(auction("C")) == Bid(220, 0, "S")
    # After 4 & 220♣ there is no fifth calypso to add.
    assert random_bot(0.0, 0.0, 0.0, 0.0).call(auction("C", "4 & 220C")) == Bid(220, 4, "S")
    # A draw of exactly the bid chance (0.3) does not bid: S passes.
    assert random_bot(0.3, 0.5).call(auction("C")) == "pass"


def test_otherwise_it_doubles_redoubles_or_passes():
    # D, an opponent of S's 220♣: 0.5 (no bid), then 0.05 < 0.1: double; 0.1 or 0.5: pass.
    assert random_bot(0.5, 0.05).call(auction("C", "220C")) == "double"
    assert random_bot(0.5, 0.1).call(auction("C", "220C")) == "pass"
    assert random_bot(0.5, 0.5).call(auction("C", "220C")) == "pass"
    # H after D's double of S's bid: no double open; 0.1 < 0.2: redouble; 0.2 or 0.5: pass.
    assert random_bot(0.5, 0.1).call(auction("C", "220C", "double")) == "redouble"
    assert random_bot(0.5, 0.2).call(auction("C", "220C", "double")) == "pass"
    assert random_bot(0.5, 0.5).call(auction("C", "220C", "double")) == "pass"


def test_the_random_bot_sells_on_a_draw_below_one_half():
    game = SimpleNamespace(can_sell=True)
    assert random_bot(0.49).sell(game) is True
    assert random_bot(0.5).sell(game) is False
    assert random_bot(0.0).sell(SimpleNamespace(can_sell=False)) is False


def test_a_seeded_random_bot_is_deterministic():
    one = play_auction_game(RandomBot(7), hands=1, seed=3)
    two = play_auction_game(RandomBot(7), hands=1, seed=3)
    other = play_auction_game(RandomBot(8), hands=1, seed=3)
    assert one.actions == two.actions
    assert (
        play_auction_game(RandomBot(), hands=1, seed=3).actions
        == play_auction_game(RandomBot(0), hands=1, seed=3).actions
    )
    assert one.actions != other.actions


def test_play_auction_game_plays_four_hands_from_the_dealer_asked_for():
    game = play_auction_game(RandomBot(1), seed=2)
    assert game.is_over and len(game.records) == 4
    assert [r.dealer for r in game.records] == ["S", "D", "H", "C"]
    game = play_auction_game(RandomBot(1), hands=2, first_dealer="H", seed=2)
    assert [r.dealer for r in game.records] == ["H", "C"]


def test_the_simple_bots_tie_break_adds_up_to_four_points():
    # C's cards in legal order: A♠ (56), K♠ (58), Q♠ (60), then diamonds J♦ … 2♦ (2♦: 60); see
    # test_auction_bots_play. A draw of 0.75 for K♠ adds 3 (61): it beats Q♠; 0.45 adds 1.8: it does not.
    deal = dict(PARTNER_WINS, C=["QS", "KS", "AS", *[r + "D" for r in RANKS[:10]]])
    for draw, card in ((0.75, "KS"), (0.45, "QS")):
        bot = SimpleBot(0)
        bot._random = Draws(0.0, draw)  # type: ignore[assignment]
        assert bot.play(first_trick(deal, ["AC", "5S", "2D"])) == parse_card(card)
