"""What the Auction bots choose on positions built by hand (scoring.auction_play.bots): SimpleBot's
draft, bidding estimate, calls, gift of trumps and ditching, as its docstring and docs/auction.md
("The bots") describe them. A position is a small stand-in for the game holding only what a bot
reads; the bot's coin is fixed where its choice would otherwise be random."""

from __future__ import annotations

from types import SimpleNamespace

from scoring.auction import Auction, Bid, Contract
from scoring.auction_play import SimpleBot
from scoring.cards import parse_card


class Coin:
    """A bot's random source that always draws ``value`` (and shuffles nothing)."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value

    def shuffle(self, items: list) -> None:
        pass


def cards(text: str) -> list:
    return [parse_card(c) for c in text.split()]


class Position:
    """What a bot reads of a game, set by hand."""

    def __init__(self, *, to_act=None, count=None, hands=None, auction=None, options="", contract=None, table=""):
        self.to_act = to_act
        self.count = count or [[0, 0, 0, 0], [0, 0, 0, 0]]
        self._hands = {seat: cards(text) for seat, text in (hands or {}).items()}
        self.auction = auction
        self._options = cards(options)
        self.record_in_play = SimpleNamespace(contract=contract)
        self._table = cards(table)
        self.can_sell = False

    def hand(self, seat: str) -> list:
        return self._hands[seat]

    def draft_options(self) -> list:
        return self._options

    def table(self, side: str) -> list:
        return list(self._table)

    def must_ditch(self, side: str) -> int:
        return 1


def simple(coin: float = 0.0) -> SimpleBot:
    bot = SimpleBot(0)
    bot._random = Coin(coin)  # type: ignore[assignment]
    return bot


# --- the draft ------------------------------------------------------------------------------------------------------


def test_the_simple_bot_drafts_for_its_own_sides_biggest_calypso():
    # D is a minor: the minors hold ♥ 5, ♦ 3, ♣ 4 (S H D C); the majors 9 spades, which D ignores.
    game = Position(to_act="D", count=[[9, 0, 0, 0], [0, 5, 3, 4]], options="2D AC AS")
    assert simple().draft(game) == parse_card("AC")  # ♣ (4) beats ♦ (3) and ♠ (0)
    game = Position(to_act="S", count=[[9, 0, 0, 0], [0, 5, 3, 4]], options="2D AC AS")
    assert simple().draft(game) == parse_card("AS")


# --- the estimate (docs/auction.md, "The bots") ---------------------------------------------------------------------

FLAT = "2S 3S 4S 2H 3H 4H 2D 3D 4D"


def estimate(hand: str, seat: str = "S", suit: str = "C", count=None) -> tuple:
    game = Position(hands={seat: hand}, count=count)
    return simple()._estimate(game, seat, suit)


def test_the_estimate_is_160_plus_12_a_card_plus_4_times_the_mean_rank_rounded_down_to_tens():
    # ♣ 2, 3, J: rank values 0 + 1 + 9 = 10; 160 + 36 + 4 × 10 ÷ 3 (13) = 209 → 200.
    assert estimate(FLAT + " 2C 3C JC") == (200, 0)
    # ♣ A alone: 160 + 12 + 4 × 12 = 220.
    assert estimate("AC " + FLAT) == (220, 0)
    # No club: 160.
    assert estimate(FLAT + " 5S 5H 5D 6D") == (160, 0)
    # ♣ A K Q J T: 160 + 60 + 4 × 50 ÷ 5 = 260.
    assert estimate("AC KC QC JC TC 2S 3S 4S 2H 3H 2D 3D 4D") == (260, 0)


def test_the_estimate_dares_a_calypso_when_its_side_holds_ten_cards_of_the_suit():
    hand = FLAT + " 2C 3C JC"
    minors_10 = [[0, 0, 0, 9], [0, 0, 0, 10]]  # the majors hold 9 clubs, the minors 10
    assert estimate(hand, "D", "C", minors_10) == (200, 1)
    assert estimate(hand, "C", "C", [[0, 0, 0, 11], [0, 0, 0, 9]]) == (200, 0)  # the minors hold 9
    assert estimate(hand, "S", "C", minors_10) == (200, 0)  # the majors hold 9
    assert estimate(hand, "H", "C", [[0, 0, 0, 11], [0, 0, 0, 0]]) == (200, 1)


# --- calls ----------------------------------------------------------------------------------------------------------

# Estimates: ♥ 220 (A 4 3 2: 208 + 15), the rest 200 (2 3 4: 196 + 4).
HEARTS_220 = "AH 4H 3H 2H 2S 3S 4S 2D 3D 4D 2C 3C 4C"
# Estimates: ♥ 210 (5 4 3 2: 208 + 6), the rest 200.
HEARTS_210 = "5H 4H 3H 2H 2S 3S 4S 2D 3D 4D 2C 3C 4C"
# Estimates: ♥ 260 (A K Q J T), ♠ and ♦ 200, ♣ 180 (2 3: 184 + 2).
HEARTS_260 = "AH KH QH JH TH 2S 3S 4S 2D 3D 4D 2C 3C"


def auction(dealer: str, *calls: str) -> Auction:
    made = Auction(dealer)
    for call in calls:
        made.call(made.to_speak, call)
    return made


def call(hand: str, made: Auction, coin: float = 0.0, count=None) -> object:
    seat = made.to_speak
    return simple(coin).call(Position(to_act=seat, hands={seat: hand}, auction=made, count=count))


def test_the_simple_bot_bids_a_suit_whose_estimate_reaches_the_minimum_bid():
    # S speaks first (dealer C); ♥ promises exactly 220.
    assert call(HEARTS_220, auction("C")) == Bid(220, 0, "H")
    # ♥ promises 210: the bot dares up to 20 more at random — 19.8 with a coin of 0.99, not 0.
    assert call(HEARTS_210, auction("C"), coin=0.99) == Bid(220, 0, "H")
    assert call(HEARTS_210, auction("C"), coin=0.0) == "pass"


def test_the_simple_bot_dares_less_than_twenty_points_over_its_estimate():
    # C (first after dealer H) bid 230♣; S's best suit promises 210: 230 > 210 + 19.8.
    made = auction("H", "230C")
    assert call(HEARTS_210, made, coin=0.99) == "pass"
    assert call(HEARTS_210, made, coin=0.0) == "pass"


def test_the_simple_bot_bids_a_calypso_when_its_side_nearly_has_one():
    # The majors hold 10 hearts: S bids 1 & 220♥ rather than 220♥.
    assert call(HEARTS_220, auction("C"), count=[[0, 10, 0, 0], [0, 0, 0, 0]]) == Bid(220, 1, "H")
    # D (first after dealer S) for the minors, who hold 10 hearts; the majors' 10 do not count for D.
    assert call(HEARTS_220, auction("S"), count=[[0, 0, 0, 0], [0, 10, 0, 0]]) == Bid(220, 1, "H")
    assert call(HEARTS_220, auction("S"), count=[[0, 10, 0, 0], [0, 9, 0, 0]]) == Bid(220, 0, "H")


def test_the_simple_bot_overcalls_an_opponent_but_not_its_partner():
    # Dealer C: S bid 220♣, D (an opponent) holds ♥ for 260: it bids the lowest ♥ it may.
    assert call(HEARTS_260, auction("C", "220C")) == Bid(220, 0, "H")
    # Dealer H: C bid 220♣, S passed; D, C's partner, leaves its partner's bid alone.
    assert call(HEARTS_260, auction("H", "220C", "pass")) == "pass"
    # Dealer D: H bid 220♣, C passed; S, H's partner, passes too.
    assert call(HEARTS_260, auction("D", "220C", "pass")) == "pass"
    # ... and the other way round: S bid, D passed, H passes.
    assert call(HEARTS_260, auction("C", "220C", "pass")) == "pass"


def test_a_dealer_who_must_bid_bids_the_minimum_in_its_best_suit():
    # Dealer C after three passes, with no suit reaching 220: ♣ promises 210 (5 4 3 2), the rest 200.
    hand = "5C 4C 3C 2C 2S 3S 4S 2H 3H 4H 2D 3D 4D"
    assert call(hand, auction("C", "pass", "pass", "pass")) == Bid(220, 0, "C")
    # With ♥ promising 220 the dealer bids it as it would anyway.
    assert call(HEARTS_220, auction("C", "pass", "pass", "pass")) == Bid(220, 0, "H")


def test_the_simple_bot_doubles_an_opponents_bid_of_320_or_more():
    weak = "2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C"
    assert call(weak, auction("C", "320S")) == "double"
    assert call(weak, auction("C", "310S")) == "pass"
    assert call(weak, auction("C", "1 & 330S")) == "double"


# --- trumps and ditching --------------------------------------------------------------------------------------------


def test_the_simple_bot_gives_its_partner_its_sides_biggest_calypso_and_the_opponents_their_smallest():
    # Declarer S bid ♠. The majors hold ♥ 1, ♦ 0, ♣ 8: partner H gets ♣. The minors hold ♥ 1 and
    # ♦ 9: their smallest, ♥, goes to D (the first opponent in S H D C order), ♦ to C.
    count = [[0, 1, 0, 8], [0, 1, 9, 0]]
    game = Position(count=count, contract=Contract(Bid(220, 0, "S"), declarer="S"))
    assert simple().trumps(game) == {"S": "S", "H": "C", "D": "H", "C": "D"}
    # Declarer C bid ♦ for the minors, whose biggest other calypso is ♥ (1): partner D gets it; the
    # majors hold ♠ 0 and ♣ 8: S (the first opponent) gets ♠, H gets ♣.
    count = [[0, 1, 0, 8], [0, 1, 9, 0]]
    game = Position(count=count, contract=Contract(Bid(220, 0, "D"), declarer="C"))
    assert simple().trumps(game) == {"C": "D", "D": "H", "S": "S", "H": "C"}


def test_the_simple_bot_ditches_from_its_smallest_calypso_lowest_ranks_first():
    # The side must ditch one card: its ♠ calypso holds only A♠, its ♥ one five cards.
    game = Position(count=[[0, 0, 0, 0], [1, 5, 0, 0]], table="AS 2H 3H 4H 5H 6H")
    assert simple().ditch(game, "minors") == [parse_card("AS")]
    game = Position(count=[[0, 0, 0, 0], [6, 5, 0, 0]], table="AS KS QS JS TS 9S 6H 2H 3H 4H 5H")
    assert simple().ditch(game, "minors") == [parse_card("2H")]
