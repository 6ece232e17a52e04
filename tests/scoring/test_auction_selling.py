"""After an Auction hand's play (scoring.auction_play.selling; AUCTION.md §5–§7): the sale of a
contract in limbo, the hand's score in the engine's own ledger, ditching down to the cap and the next
hand — each checked against the rules, the score pad (scoring.auction) and the words a player reads.
"""

from __future__ import annotations

import math
import re

import pytest

from scoring.auction import SIDES, AuctionValues, contract_points
from scoring.auction_play import AuctionGame, IllegalMove, RandomBot, advance
from scoring.cards import SUITS


def refused(text: str):
    """``pytest.raises`` for an ``IllegalMove`` whose message is exactly ``text``."""
    return pytest.raises(IllegalMove, match=f"^{re.escape(text)}$")


def sales(seeds=range(60), values: AuctionValues | None = None, table=None):
    """Games with random bots, each stopped at a sale (a contract in limbo): ``(seed, game)``.
    Declarer does not sell, to go on to the game's next sale."""
    for seed in seeds:
        game = AuctionGame(hands=4, seed=seed, table=table, **({"values": values} if values else {}))
        while True:
            advance(game, RandomBot(seed), until=("sell",))
            if game.phase == "over":
                break
            yield seed, game
            if game.phase == "sell":
                game.sell(False)


def short_of(game: AuctionGame) -> int:
    """The points the contract in limbo is short, from the score pad's contract points (AUCTION.md §5)."""
    record = game.record_in_play
    points, _ = contract_points(record.contract, record.declarers, game.values)
    return record.contract.bid.points - points


def first_sale(**options) -> AuctionGame:
    return next(game for _, game in sales(**options) if game.can_sell)


# --- what must be sold ------------------------------------------------------------------------------------------


def test_to_sell_is_the_fewest_cards_that_cover_the_shortfall_and_only_during_the_sale():
    seen = set()
    for _, game in sales(range(12)):
        # AUCTION.md §5: 20 points a card; the contract is made exactly, so ⌈short / 20⌉ cards.
        short = short_of(game)
        assert 0 < short <= 20 * game.record_in_play.declarers.added
        assert game.to_sell == math.ceil(short / 20)
        seen.add(short % 20 == 0)
    assert seen == {True, False}  # both a shortfall in whole cards and one that is not
    game = AuctionGame(hands=1, seed=0)
    assert game.to_sell == 0  # the auction: nothing to sell
    advance(game, RandomBot(0), until=("play",))
    assert game.to_sell == 0 and not game.can_sell
    advance(game, RandomBot(0), until=("ditch",))
    assert game.to_sell == 0 and not game.can_sell


def test_can_sell_is_false_before_the_first_contract():
    """(It used to read the declarer before the first contract named one: AttributeError.)"""
    game = AuctionGame(hands=1, seed=0)
    assert game.phase == "auction"
    assert game.can_sell is False


def test_to_sell_follows_the_clubs_price_a_card():
    values = AuctionValues(sell_price=30)
    for _, game in sales(range(6), values):
        assert game.to_sell == math.ceil(short_of(game) / 30)


def test_a_side_without_the_cards_in_progress_cannot_sell_and_nothing_changes():
    # Seed 183: in hand 2 the declarers (minors) must sell 9 cards but hold 3 in progress (they
    # completed calypsos this hand, so the cap P is more than what is left on the table).
    game = next(game for _, game in sales(range(183, 184)) if not game.can_sell)
    side = game.record_in_play.declarer_side
    held, need = game.table(side), game.to_sell
    assert (side, len(held), need) == ("minors", 3, 9)
    assert not game.can_sell
    with refused("minors hold 3 cards in progress and cannot sell the 9 needed"):
        game.sell(True)
    assert game.phase == "sell" and game.table(side) == held and game.record_in_play.sold == ()
    game.sell(False)
    assert game.records[-1].score.outcome == "limbo-unsold"


def test_can_sell_is_whether_the_side_holds_what_must_be_sold():
    for _, game in sales(range(12)):
        side = game.record_in_play.declarer_side
        assert game.can_sell == (game.on_table(side) >= game.to_sell)


# --- the sale -----------------------------------------------------------------------------------------------------


def cheapest(game: AuctionGame, side: str, need: int) -> list:
    """docs/auction.md: by default the smallest calypsos in progress go first (suits in the order
    ♠ ♥ ♦ ♣ between calypsos of one size), lowest ranks first."""
    calypsos = sorted(((len(game.calypso(side, s)), k, game.calypso(side, s)) for k, s in enumerate(SUITS)))
    return [card for _, _, cards in calypsos for card in cards][:need]


def telling_sale() -> AuctionGame:
    """A sale where the default order matters: more cards to sell than the smallest calypso in
    progress holds, and the smallest is not the ♠ one."""
    for _, game in sales():
        side = game.record_in_play.declarer_side
        sizes = [len(game.calypso(side, s)) for s in SUITS]
        if game.can_sell and game.to_sell > min(sizes) > 0 and sizes[0] > min(sizes):
            return game
    raise AssertionError("no such sale in the seeds tried")


def test_the_default_sale_takes_the_smallest_calypsos_lowest_ranks_first():
    game = telling_sale()
    record, side, need = game.record_in_play, game.record_in_play.declarer_side, game.to_sell
    before = game.table(side)
    expected = cheapest(game, side, need)
    game.sell(True)
    assert list(record.sold) == expected
    assert game.table(side) == [card for card in before if card not in expected]
    assert game.on_table(side) == len(before) - need
    assert sizes_agree(game)
    assert game.actions[-1] == ["sell", True, [str(card) for card in expected]]
    assert record.sell is True
    assert (record.score.outcome, record.score.sold) == ("limbo-sold", need)
    assert record.ledger["outcome"] == "limbo-sold"
    # The calypsos' sizes are kept with the cards: the ledger's table after the hand counts them.
    game.ditch(side, [])
    other = SIDES[1 - SIDES.index(side)]
    if game.must_ditch(other):
        game.ditch(other, game.table(other)[: game.must_ditch(other)])
    game.next_hand()
    assert record.ledger["table_after"] == (len(game.table("majors")), len(game.table("minors")))
    assert record.disagreements() == []


def test_declarer_may_name_the_cards_sold():
    game = telling_sale()
    record, side, need = game.record_in_play, game.record_in_play.declarer_side, game.to_sell
    before = game.table(side)
    chosen = before[-need:]  # the highest cards of the last suits: not what the default would take
    assert chosen != cheapest(game, side, need)
    game.sell(True, [str(card) for card in chosen])
    assert list(record.sold) == chosen
    assert game.table(side) == before[:-need]
    assert game.actions[-1] == ["sell", True, [str(card) for card in chosen]]
    assert record.score.outcome == "limbo-sold"


def test_naming_the_wrong_cards_to_sell_is_refused_and_changes_nothing():
    game = telling_sale()
    side, need = game.record_in_play.declarer_side, game.to_sell
    held = game.table(side)
    with refused(f"declarer must sell exactly {need} cards to make the contract, not {need + 1}"):
        game.sell(True, held[: need + 1])
    with refused(f"declarer must sell exactly {need} cards to make the contract, not {need - 1}"):
        game.sell(True, held[: need - 1])
    with refused("the same card is named twice (a calypso holds each rank once)"):
        game.sell(True, [held[0]] * need)
    missing = next(card for card in AuctionGame(hands=1, seed=0).hand("S") if card not in held)
    with refused(f"{missing} is not in the {side}' calypsos in progress"):
        game.sell(True, [*held[: need - 1], missing])
    assert game.phase == "sell" and game.table(side) == held and game.record_in_play.sold == ()
    assert game.actions[-1][0] != "sell"


def test_not_selling_keeps_every_card_and_the_contract_is_lost():
    game = first_sale()
    record, side = game.record_in_play, game.record_in_play.declarer_side
    before = game.table(side)
    game.sell(False)
    assert game.table(side) == before and record.sold == ()
    assert game.actions[-1] == ["sell", False, []]
    assert record.sell is False and record.score.outcome == "limbo-unsold"
    assert (game.phase, game.to_act) == ("ditch", None)


@pytest.mark.parametrize("yes", ["yes", 1, None])
def test_sell_is_true_or_false(yes):
    game = first_sale()
    with refused(f"sell is true or false, not {yes!r}"):
        game.sell(yes)
    assert game.phase == "sell"


def test_selling_out_of_turn_is_refused():
    game = AuctionGame(hands=1, seed=0)
    with refused("cannot sell now: the game is at 'auction', not 'sell'"):
        game.sell(True)


# --- the hand's score in the engine's ledger ----------------------------------------------------------------------


def rules_line(score, factor: int) -> int:
    """The declarer's contract line by AUCTION.md §6's table, from the pad's bid, points and deficit."""
    bid, pts, deficit = score.contract.bid.points, score.contract_points, score.deficit
    extra = {1: 0, 2: 1, 4: 3}[factor]
    return {
        "win": (bid + (pts - bid) // 2) * factor,
        "limbo-sold": bid + pts * extra,
        "limbo-unsold": -(bid + deficit) - deficit * extra,
        "loss": -(bid + deficit) * factor,
    }[score.outcome]


def test_the_ledger_scores_every_outcome_as_the_rules_do_at_every_factor():
    kinds = set()
    for seed in range(40):
        game = AuctionGame(hands=4, seed=seed)
        bot = RandomBot(seed)
        totals = dict.fromkeys(SIDES, 0)
        while game.phase != "over":
            advance(game, bot, until=("sell", "ditch"))
            if game.phase == "sell":
                game.sell(game.can_sell and game.hand_number % 2 == 0)  # sells in even hands
            if game.phase != "ditch":
                continue
            record = game.record_in_play
            score, ledger, factor = record.score, record.ledger, record.contract.factor
            kinds.add((score.outcome, factor))
            assert record.sell is (None if "limbo" not in score.outcome else score.outcome == "limbo-sold")
            assert ledger["outcome"] == score.outcome
            assert type(ledger["declarers"]) is int  # whole points, as the pad's
            made = score.outcome in ("win", "limbo-sold")
            bonus = (500 * record.declarers.calypsos + 400 * record.contract.bid.calypsos) if made else 0
            assert ledger["declarers"] == score.declarers == rules_line(score, factor) + bonus
            for side, points in score.by_side().items():
                totals[side] += points
            assert game.totals == totals
            assert (game.phase, game.to_act) == ("ditch", None)
            advance(game, bot, until=("auction", "sell", "trumps", "play"))
            assert record.disagreements() == []
    # every outcome at every factor was met
    assert kinds == {
        (outcome, factor) for outcome in ("win", "limbo-sold", "limbo-unsold", "loss") for factor in (1, 2, 4)
    }


# --- ditching and the next hand -----------------------------------------------------------------------------------


def at_ditch(seed: int = 0, **options) -> AuctionGame:
    game = AuctionGame(seed=seed, **options)
    advance(game, RandomBot(seed), until=("ditch",))
    return game


def test_either_side_may_ditch_any_of_its_cards_in_progress_more_than_once():
    game = at_ditch(hands=2)
    record = game.record_in_play
    majors, minors = game.table("majors"), game.table("minors")
    assert len(majors) >= 3 and len(minors) >= 1
    game.ditch("majors", [str(majors[0])])
    game.ditch("majors", majors[1:3])
    game.ditch("minors", minors[:1])
    assert sizes_agree(game)
    assert game.table("majors") == majors[3:] and game.table("minors") == minors[1:]
    assert record.ditched == {"majors": tuple(majors[:3]), "minors": tuple(minors[:1])}
    assert game.actions[-3:] == [
        ["ditch", "majors", [str(majors[0])]],
        ["ditch", "majors", [str(majors[1]), str(majors[2])]],
        ["ditch", "minors", [str(minors[0])]],
    ]
    game.next_hand()
    assert game.actions[-1] == ["next"]
    # the sizes go with the cards: the ledger's table after the hand is what is left
    assert record.ledger["table_after"] == (len(majors) - 3, len(minors) - 1)
    assert record.disagreements() == []


def test_ditching_what_a_side_does_not_hold_is_refused_and_changes_nothing():
    game = at_ditch(hands=2)
    majors, minors = game.table("majors"), game.table("minors")
    with refused("'north' is not a side (majors or minors)"):
        game.ditch("north", [])
    with refused("the same card is named twice (a calypso holds each rank once)"):
        game.ditch("majors", [majors[0], majors[0]])
    with refused(f"{minors[0]} is not in the majors' calypsos in progress"):
        game.ditch("majors", [minors[0]])
    assert game.table("majors") == majors and game.table("minors") == minors
    assert game.record_in_play.ditched == {}


def test_ditching_and_the_next_hand_wait_for_the_hand_to_end():
    game = AuctionGame(hands=2, seed=0)
    with refused("cannot ditch now: the game is at 'auction', not 'ditch'"):
        game.ditch("majors", [])
    with refused("cannot go on to the next hand now: the game is at 'auction', not 'ditch'"):
        game.next_hand()


def test_a_side_over_the_cap_must_ditch_first_both_sides_named():
    # A cap of 13 (a club's setting) and 13 cards each to start: after a hand both sides are over it.
    start = {
        "majors": [f"{r}S" for r in "23456789TJQKA"[:12]] + ["2H"],
        "minors": [f"{r}D" for r in "23456789TJQK"] + ["2C"],
    }
    values = AuctionValues(table_cap=13)
    game = next(
        g
        for g in (at_ditch(seed, hands=2, table=start, values=values) for seed in range(40))
        if g.must_ditch("majors") and g.must_ditch("minors")
    )
    majors, minors = game.on_table("majors"), game.on_table("minors")
    assert game.must_ditch("majors") == majors - 13 and game.must_ditch("minors") == minors - 13
    with refused(f"more than 13 cards on the table (majors {majors}, minors {minors}): ditch down to 13 first"):
        game.next_hand()
    game.ditch("majors", game.table("majors")[: majors - 13])
    assert game.must_ditch("majors") == 0
    with refused(f"more than 13 cards on the table (minors {minors}): ditch down to 13 first"):
        game.next_hand()
    game.ditch("minors", game.table("minors")[: minors - 14])
    assert game.must_ditch("minors") == 1
    game.ditch("minors", game.table("minors")[:1])
    game.next_hand()
    assert game.records[0].ledger["table_after"] == (13, 13)
    assert game.phase == "auction" and game.hand_number == 2


def test_a_side_at_or_under_the_cap_need_not_ditch():
    game = at_ditch(hands=2)
    for side in SIDES:
        assert game.on_table(side) <= 26
        assert game.must_ditch(side) == 0


def test_the_deal_passes_left_and_the_game_ends_after_its_hands():
    game = at_ditch(hands=2, first_dealer="S")
    assert game.dealer == "S"
    game.next_hand()
    # AUCTION.md §1: the deal passes to the left (S's left is D: seats S D H C clockwise)
    assert (game.dealer, game.phase, game.hand_number, game.is_over) == ("D", "auction", 2, False)
    advance(game, RandomBot(1), until=("ditch",))
    game.next_hand()
    assert (game.phase, game.is_over, len(game.records)) == ("over", True, 2)
    assert game.actions[-1] == ["next"]
    game = at_ditch(hands=1)
    game.next_hand()
    assert (game.phase, game.is_over) == ("over", True)


def sizes_agree(game: AuctionGame) -> bool:
    """The sizes the game keeps per side and suit (``count``, read by the bots and the next hand's
    play) are those of the cards in its calypsos in progress."""
    return all(game.count[k] == [len(game.calypso(side, suit)) for suit in SUITS] for k, side in enumerate(SIDES))


# The lowest cards of ♥ ♦ ♣: the cards whose suit a slip in the card arithmetic would mistake.
LOW = ["2H", "2D", "3D", "2C", "3C", "4C"]


def test_ditching_the_lowest_cards_of_each_suit_takes_exactly_those():
    game = at_ditch(hands=1, table={"majors": ["2H", "5S"], "minors": ["2D", "3D", "2C", "3C", "4C"]})
    majors, minors = game.table("majors"), game.table("minors")
    assert {"2H", "5S"} <= set(map(str, majors)) and set(LOW[1:]) <= set(map(str, minors))
    game.ditch("majors", ["2H"])
    game.ditch("minors", LOW[1:])
    assert sizes_agree(game)
    assert [str(card) for card in game.table("majors")] == [str(card) for card in majors if str(card) != "2H"]
    assert [str(card) for card in game.table("minors")] == [str(card) for card in minors if str(card) not in LOW]
    game.next_hand()
    assert game.records[0].ledger["table_after"] == (len(majors) - 1, len(minors) - 5)
    assert game.records[0].disagreements() == []


def test_selling_the_lowest_cards_of_each_suit_takes_exactly_those():
    start = {"majors": LOW, "minors": LOW}  # two packs: each side may hold the same cards
    game = next(
        game
        for _, game in sales(range(60), table=start)
        if game.can_sell
        and {str(c) for c in cheapest(game, game.record_in_play.declarer_side, game.to_sell)} & set(LOW)
    )
    record, side, need = game.record_in_play, game.record_in_play.declarer_side, game.to_sell
    before, expected = game.table(side), cheapest(game, side, need)
    game.sell(True)
    assert list(record.sold) == expected
    assert game.table(side) == [card for card in before if card not in expected]
    assert sizes_agree(game)
    for seat_side in SIDES:
        if game.must_ditch(seat_side):
            game.ditch(seat_side, game.table(seat_side)[: game.must_ditch(seat_side)])
    game.next_hand()
    assert record.ledger["table_after"] == (len(game.table("majors")), len(game.table("minors")))
    assert record.disagreements() == []


def test_the_hand_is_scored_with_the_clubs_values():
    # Club values: 600 a calypso, 300 bid and made, 7 a defender card. The pad and the ledger must
    # both use them: the defenders' 7 a card shows in every hand.
    values = AuctionValues(calypso=600, calypso_bid=300, defender_card=7)
    for seed in range(6):
        game = AuctionGame(hands=2, seed=seed, values=values)
        bot = RandomBot(seed)
        while game.phase != "over":
            advance(game, bot, until=("ditch",))
            if game.phase != "ditch":
                break
            record = game.record_in_play
            assert record.score.defender_cards == 7 * record.defenders.trick_pile
            assert record.score.defender_calypsos == 600 * record.defenders.calypsos
            assert record.ledger["declarers"] == record.score.declarers
            assert record.ledger["defenders"] == record.score.defenders
            advance(game, bot, until=("auction",))
            assert record.disagreements(values) == []
