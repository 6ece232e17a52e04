"""SimpleBot's card play on deals built by hand (scoring.auction_play.bots): "plays greedily one trick
deep (wins tricks worth winning cheaply, throws low cards on lost ones)" — docs/auction.md, "The
bots", gives the weights. The bot's coin is fixed at 0 so that its small random tie-break is off."""

from __future__ import annotations

from scoring.auction_play import AuctionGame, SimpleBot
from scoring.cards import RANKS, parse_card


class Coin:
    def random(self) -> float:
        return 0.0


def suit(symbol: str, ranks: str = RANKS) -> list[str]:
    return [rank + symbol for rank in ranks]


def simple() -> SimpleBot:
    bot = SimpleBot(0)
    bot._random = Coin()  # type: ignore[assignment]
    return bot


def first_trick(deal: dict, plays: list[str], **options) -> AuctionGame:
    """Dealer C, so S calls and leads first. S bids 220♣ and gives trumps S ♣, H ♦, D ♠, C ♥; then
    ``plays`` are the first cards of trick 1."""
    game = AuctionGame(hands=1, first_dealer="C", deals=[deal], **options)
    for call in ("220C", "pass", "pass", "pass"):
        game.call(call)
    game.give_trumps({"S": "C", "H": "D", "D": "S", "C": "H"})
    for card in plays:
        game.play(card)
    return game


def test_on_a_trick_it_cannot_change_it_plays_its_lowest_card():
    # S leads A♣ (its trump: it wins unless trumped in); D trumps in with 2♠ (D's trump) and H with
    # 2♦: D's 2♠ came first and holds. C must follow with 3♣ or 2♣: either way D wins; C keeps the 3.
    deal = {"S": suit("C"), "D": suit("S"), "H": suit("D"), "C": ["2C", "3C", *suit("H", "456789TJQKA")]}
    game = first_trick(deal, ["AC", "2S", "2D"])
    assert simple().play(game) == parse_card("2C")


def test_last_to_play_it_wins_the_trick_with_its_cheapest_winning_trump():
    # S leads A♣, D discards 5♦, H trumps in with 7♦. C, void in clubs, wins with any heart above
    # the 7 (hearts are C's trump): it plays the cheapest, 8♥.
    deal = {
        "S": suit("C"),
        "D": ["5D", *suit("S", "3456789TJQKA")],
        "H": suit("D"),
        "C": ["2S", *suit("H", "3456789TJQKA")],
    }
    game = first_trick(deal, ["AC", "5D", "7D"])
    assert simple().play(game) == parse_card("8H")


# C holds T♠–A♠ (its partner D's trump) and 2♦–9♦ (opponent H's trump); D's 5♠ is winning the trick.
PARTNER_WINS = {
    "S": suit("C"),
    "D": suit("S"),
    "H": suit("D"),
    "C": [*suit("S", "TJQKA"), *suit("D", "23456789")],
}


def test_last_to_play_on_its_partners_trick_it_feeds_the_sides_calypso_when_worth_it():
    # Last to play, the trick counts in full: T♠ would go to the minors' ♠ calypso (30: 10 + 30 +
    # 10 + 30 − 2 × 8 = 64), 2♦ to their pile (10 + 30 + 10 + 10 − 0 = 60). C plays T♠.
    game = first_trick(PARTNER_WINS, ["AC", "5S", "2D"])
    assert simple().play(game) == parse_card("TS")


def test_a_card_already_in_the_sides_calypso_is_worth_no_more_than_a_pile_card():
    # As before, but the minors' ♠ calypso already holds T♠–A♠: a spade would go to the pile (10 +
    # 30 + 10 + 10 − 2 × 8 = 44), so C throws the cheap 2♦ (60).
    table = {"minors": suit("S", "TJQKA")}
    deal = dict(PARTNER_WINS, D=[*suit("H", "234567"), *suit("S", "3456789")])
    game = first_trick(deal, ["AC", "5S", "2D"], table=table)
    assert simple().play(game) == parse_card("2D")


def test_second_to_play_the_trick_counts_less_than_when_last():
    # D, second to play on S's A♣ lead, is void in clubs: 2♠ (its trump, rank 0) trumps in and
    # would win the trick so far: (10 + 30) × 0.6 = 24; a diamond discard loses it: −(10 + 10) × 0.6
    # − 2 × rank. It trumps in with the 2.
    deal = {"S": suit("C"), "D": ["2S", "3S", *suit("D", "23456789TJQ")], "H": suit("D"), "C": suit("H")}
    deal["H"] = ["AD", *suit("S", "456789TJQKA"), "KD"]
    game = first_trick(deal, ["AC"])
    assert simple().play(game) == parse_card("2S")


def test_under_beat_the_leader_a_trump_in_must_beat_the_led_trump():
    # S leads T♣ (its trump); D trumps in 2♠, H 2♦. Under beat-the-leader C's 9♥ would not beat the
    # ten (S would win: 9♥ is thrown away), J♥ does: C plays J♥. (Under the standard rule 9♥ wins.)
    deal = {"S": suit("C"), "D": suit("S"), "H": suit("D"), "C": ["9H", "JH", *suit("D", "3456789TJQK")]}
    game = first_trick(deal, ["TC", "2S", "2D"], rule="beat-the-leader")
    assert simple().play(game) == parse_card("JH")
    game = first_trick(deal, ["TC", "2S", "2D"])
    assert simple().play(game) == parse_card("9H")


def test_second_to_play_on_a_lost_trick_it_gives_up_a_cheap_calypso_card_rather_than_a_high_one():
    # D, void in clubs and in its trump ♠, cannot stop S's A♣. Throwing 2♥ (its side's trump: 30)
    # scores −(10 + 30) × 0.6 − 0 = −24; its cheapest diamond T♦ −(10 + 10) × 0.6 − 16 = −28.
    deal = {"S": suit("C"), "D": [*suit("H", "23456789"), *suit("D", "TJQKA")], "H": suit("D"), "C": suit("H")}
    assert simple().play(first_trick(deal, ["AC"])) == parse_card("2H")


def test_equal_scores_go_to_the_first_legal_card():
    # Ties (the coin is 0) keep the first legal card, in suit order S H D C, high to low.
    # The minors' ♠ calypso holds 2♠: C's 2♠ goes to the pile, 10 + 30 + 10 + 10 − 0 = 60; Q♥ (C's
    # trump) takes the trick into the calypso, 10 + 30 + 10 + 30 − 20 = 60: 2♠ comes first.
    table = {"minors": ["2S"]}
    deal = dict(PARTNER_WINS, D=["2H", *suit("S", "3456789TJQKA")], C=["2S", "QH", "KH", "AH", *suit("D", "6789TJQKA")])
    assert simple().play(first_trick(deal, ["AC", "5S", "2D"], table=table)) == parse_card("2S")
    # Q♠ (30, rank 10: 60) against 2♦ (10, rank 0: 60): Q♠ comes first.
    deal = dict(PARTNER_WINS, C=["QS", "KS", "AS", *suit("D", "23456789TJ")])
    assert simple().play(first_trick(deal, ["AC", "5S", "2D"])) == parse_card("QS")


def test_only_the_rank_itself_counts_as_already_in_the_calypso():
    # The minors' ♠ calypso holds J♠ alone: C's J♠ would go to the pile (60 − 18 = 42); 2♦ scores 60.
    table = {"minors": ["JS"]}
    deal = dict(PARTNER_WINS, D=["2H", *suit("S", "23456789TQKA")], C=["JS", *suit("D", "23456789TJQK")])
    assert simple().play(first_trick(deal, ["AC", "5S", "2D"], table=table)) == parse_card("2D")


def test_a_low_card_of_the_partners_trump_is_worth_its_calypso_too():
    # C's 2♠ (D's trump, not yet in the minors' ♠ calypso) is worth 30 on D's trick: 80, above its
    # 5♥ trump-in, which does not beat D's 5♠ (80 − 6 = 74).
    c_hand = ["2S", *suit("H", "56789TJQKA"), "2D", "3D"]
    deal = dict(PARTNER_WINS, C=c_hand)
    assert len(c_hand) == 13
    assert simple().play(first_trick(deal, ["AC", "5S", "2D"])) == parse_card("2S")
    # With 2♠ already in the calypso, 2♠ is worth 10 (60): 5♥ (74) is played.
    deal = dict(PARTNER_WINS, D=["2H", *suit("S", "3456789TJQKA")], C=c_hand)
    assert simple().play(first_trick(deal, ["AC", "5S", "2D"], table={"minors": ["2S"]})) == parse_card("5H")


def test_an_opponents_low_trump_in_is_seen_as_winning_the_trick():
    # S leads A♣, D throws 5♦, H trumps in with 2♦ (♦ is H's trump). C's 2♥ trump-in does not beat
    # an equal rank played earlier: C overtrumps with 3♥, the cheapest heart that wins.
    deal = {"S": suit("C"), "D": ["5D", *suit("S", "3456789TJQKA")], "H": suit("D"), "C": suit("H")}
    assert simple().play(first_trick(deal, ["AC", "5D", "2D"])) == parse_card("3H")
