"""Auction Calypso played card by card (scoring.auction_play): per-hand trumps through the standard
engine's trick rules and placement, calypsos in progress across hands, the draft, selling, ditching,
replay, bots, and the score pad agreeing with the engine's own accounting."""

from __future__ import annotations

import json

import pytest

from scoring.auction import SIDES, AuctionError, IllegalCall, SideHand
from scoring.auction_play import (
    AuctionGame,
    IllegalMove,
    RandomBot,
    SimpleBot,
    advance,
    play_auction_game,
    replay,
)
from scoring.cards import RANKS, parse_cards


def suit(symbol: str, ranks: str = RANKS) -> list[str]:
    return [rank + symbol for rank in ranks]


ALL_BUT_TWO = "3456789TJQKA"


def finish_hand(game: AuctionGame, bot: RandomBot) -> None:
    while game.phase == "play":
        game.play(bot.play(game))


# --- per-hand trumps through the standard engine --------------------------------------------------------------------

# Each seat holds one whole suit. Dealer C, so S leads and calls first.
ONE_SUIT_EACH = {"S": suit("C"), "D": suit("S"), "H": suit("D"), "C": suit("H")}


def bid_alone(game: AuctionGame, bid: str, trumps: str) -> None:
    """The first to speak bids ``bid``, the others pass; declarer gives trumps ``trumps`` to S H D C."""
    for call in (bid, "pass", "pass", "pass"):
        game.call(call)
    game.give_trumps(dict(zip("SHDC", trumps, strict=True)))


def one_suit_game(**options) -> AuctionGame:
    game = AuctionGame(hands=2, first_dealer="C", deals=[ONE_SUIT_EACH], **options)
    # Declarer S holds the bid suit ♣; partner H gets ♦, D gets ♠, C gets ♥.
    bid_alone(game, "220C", "CDSH")
    return game


def test_a_trick_is_won_and_placed_by_this_hands_trumps_not_the_seats_names():
    game = one_suit_game()
    assert game.to_act == "S" and str(game.record_in_play.contract) == "220♣ by S"
    game.play("2C")  # S leads its own trump
    assert [str(c) for c in game.legal_plays()] == suit("S")[::-1]  # D is void: anything (its spades)
    game.play("AS")  # D trumps in with ♠, its trump this hand
    game.play("2D")  # H trumps in lower (♦ is H's trump)
    assert game.play("3H") == "D"  # C trumps in lower; the highest trump-in wins (RULES.md §3)
    # The minors' trumps are ♠ (D) and ♥ (C): A♠ and 3♥ join their calypsos, 2♣ and 2♦ their pile.
    assert game.taken("minors") == SideHand(trick_pile=2, added=2, calypsos=0)
    assert game.taken("majors") == SideHand(0, 0, 0)
    assert [str(c) for c in game.calypso("minors", "S")] == ["AS"]
    assert [str(c) for c in game.calypso("minors", "H")] == ["3H"]
    assert game.to_act == "D"  # the winner leads


def test_beat_the_leader_is_played_with_the_hands_trumps_too():
    game = one_suit_game(rule="beat-the-leader")
    game.play("TC")  # S leads its trump, T
    game.play("9S")  # D's trump-in 9 does not beat the led T
    game.play("JD")  # H's trump-in J does
    assert game.play("2H") == "H"
    # Majors' trumps: ♣ (S) and ♦ (H): both join their calypsos; 9♠ and 2♥ to their pile.
    assert game.taken("majors") == SideHand(2, 2, 0)


def test_calypsos_in_progress_persist_across_hands_in_suits_not_trump_this_hand():
    game = one_suit_game(seed=3)
    for card in ("2C", "AS", "2D", "3H"):
        game.play(card)
    finish_hand(game, RandomBot(1))
    if game.phase == "sell":
        game.sell(False)
    spades, hearts = game.calypso("minors", "S"), game.calypso("minors", "H")
    assert spades and hearts
    game.next_hand()
    # Hand 2 (dealt by S; D calls first): the minors hold ♣ and ♦, the majors ♠ and ♥.
    bid_alone(game, "220C", "SHCD")
    finish_hand(game, RandomBot(2))
    # Spades and hearts the minors won this hand went to their pile: those calypsos did not move.
    assert game.calypso("minors", "S") == spades and game.calypso("minors", "H") == hearts


def completion_game() -> AuctionGame:
    # The majors hold ♥ 2…K (12 cards, needing the A). Dealer D, so H leads and calls first.
    deal = {
        "H": ["AH", *suit("S", ALL_BUT_TWO)],
        "S": ["AH", *suit("S", ALL_BUT_TWO)],
        "C": ["2H", *suit("C", ALL_BUT_TWO)],
        "D": ["3H", *suit("D", ALL_BUT_TWO)],
    }
    game = AuctionGame(hands=1, first_dealer="D", table={"majors": suit("H", "23456789TJQK")}, deals=[deal])
    bid_alone(game, "1 & 220H", "DHSC")
    return game


def test_a_completed_calypso_starts_the_next_with_the_tricks_duplicates():
    game = completion_game()
    for card in ("AH", "2H", "AH", "3H"):  # H leads its trump; all follow: the leader wins
        game.play(card)
    # A♥ completes the calypso (it needed 1 card); the other A, the 2 and the 3 were duplicates of
    # the old calypso and start the new one: P = 4, C = 1, nothing to the pile.
    assert game.records[0].noted == {"H": 12, "D": 0}  # noted before play: ♥ (declarer's) and ♦ (S's)
    assert game.taken("majors") == SideHand(trick_pile=0, added=4, calypsos=1, cards_required=(1,))
    assert [str(c) for c in game.calypso("majors", "H")] == ["2H", "3H", "AH"]


def test_the_engine_gives_the_pad_the_cards_required_for_the_bonus():
    game = completion_game()
    for card in ("AH", "2H", "AH", "3H"):
        game.play(card)
    finish_hand(game, RandomBot(5))
    if game.phase == "sell":
        game.sell(False)
    record = game.records[0]
    assert record.declarers.cards_required[0] == 1
    # contract points = 10 × T + 100 (the calypso bid and made needed 1 card)
    assert record.score.contract_points == 10 * record.declarers.trick_pile + 100
    assert game.completed[0][1] == 1  # majors, hearts


def test_a_second_calypso_of_one_suit_in_one_hand_needed_13_cards():
    # The majors hold ♥ 2…K; H holds A A 2…Q of hearts, S the K and diamonds, D and C only spades.
    # H leads hearts all hand and no one can trump in (C's trump ♣, D's ♦, S's ♠: nobody holds
    # theirs), so H wins every trick: A♥ completes the first calypso (it needed 1 card), K♥ of the
    # same trick starts the next, and the other twelve hearts complete it (it needed 13).
    deal = {
        "H": ["AH", "AH", *suit("H", "23456789TJQ")],
        "S": ["KH", *suit("D", ALL_BUT_TWO)],
        "D": suit("S"),
        "C": suit("S"),
    }
    game = AuctionGame(hands=1, first_dealer="D", table={"majors": suit("H", "23456789TJQK")}, deals=[deal])
    bid_alone(game, "2 & 220H", "SHDC")
    others = RandomBot(8)
    for lead in ["AH", *suit("H", "23456789TJQ"), "AH"]:
        game.play(lead)
        while game.to_act != "H" and game.phase == "play":
            game.play(others.play(game))
    record = game.records[0]
    assert game.completed[0][1] == 2  # majors, hearts
    assert record.declarers.cards_required[:2] == (1, 13)
    # 2 calypsos bid and made: 100 + (100 + 80 × 12 = 1060) = 1160 on top of 10 a pile card
    assert record.score.contract_points == 10 * record.declarers.trick_pile + 1160
    assert record.score.outcome == "win"


def test_the_table_a_game_starts_from_is_checked():
    with pytest.raises(AuctionError, match="calypso has 13 cards"):
        AuctionGame(table={"majors": suit("H")})
    with pytest.raises(AuctionError, match="have AH twice"):
        AuctionGame(table={"majors": ["AH", "AH"]})
    with pytest.raises(AuctionError, match="'north' is not a side"):
        AuctionGame(table={"north": ["AH"]})
    with pytest.raises(AuctionError, match="from a draft or from a given table"):
        AuctionGame(draft=True, table={"majors": ["AH"]})


def test_a_given_deal_must_come_from_the_pack():
    # Two copies of A♥ in the pack, and the majors hold one on the table: a deal with two is impossible.
    deal = {**ONE_SUIT_EACH, "C": ["AH", "AH", *suit("H", "23456789TJQ")]}
    with pytest.raises(AuctionError, match="hand 1: AH is not in the pack"):
        AuctionGame(table={"majors": ["AH"]}, deals=[deal])
    with pytest.raises(AuctionError, match="hand 1: C is dealt 12 cards, not 13"):
        AuctionGame(deals=[{**ONE_SUIT_EACH, "C": suit("H")[:12]}])


# --- refusals -------------------------------------------------------------------------------------------------------


def test_illegal_moves_are_refused_and_change_nothing():
    game = AuctionGame(hands=1, first_dealer="C", deals=[ONE_SUIT_EACH])
    with pytest.raises(IllegalMove, match="cannot play a card now: the game is at 'auction'"):
        game.play("2C")
    with pytest.raises(IllegalCall, match="at least 220 points, not 210"):
        game.call("210C")
    for call in ("220C", "pass", "pass", "pass"):
        game.call(call)
    with pytest.raises(AuctionError, match="declarer S's trump is the bid suit ♣"):
        game.give_trumps({"S": "D", "H": "C", "D": "S", "C": "H"})
    game.give_trumps({"S": "C", "H": "D", "D": "S", "C": "H"})
    with pytest.raises(IllegalMove, match="S does not hold AS"):
        game.play("AS")
    game.play("5C")
    with pytest.raises(IllegalMove, match="cannot sell now"):
        game.sell(True)
    assert [str(c) for _, c in game.current_trick] == ["5C"]


def test_a_player_must_follow_the_led_suit():
    deal = {
        "S": [*suit("C", "23456"), *suit("S", "23456789")],
        "D": [*suit("C", "789TJQ"), *suit("S", "9TJQKA2")],
        "H": [*suit("C", "KA"), *suit("D")[:11]],
        "C": suit("H"),
    }
    game = AuctionGame(hands=1, first_dealer="C", deals=[deal])
    bid_alone(game, "220C", "CDSH")
    game.play("2C")
    with pytest.raises(IllegalMove, match="D must follow ♣, not play AS"):
        game.play("AS")  # D holds clubs
    assert {c.suit for c in game.legal_plays()} == {"C"}


# --- after the hand: selling and ditching ---------------------------------------------------------------------------


def play_to_sale(seed: int) -> AuctionGame | None:
    """A game with random bots up to the first sale declarer is able to make, if any."""
    game = AuctionGame(hands=4, seed=seed)
    while True:
        advance(game, RandomBot(seed), until=("sell",))
        if game.phase == "over":
            return None
        if game.can_sell:
            return game
        game.sell(False)


def first_sale() -> int:
    return next(seed for seed in range(100) if play_to_sale(seed) is not None)


def test_selling_removes_exactly_the_cards_that_make_the_contract():
    seed = first_sale()
    game = play_to_sale(seed)
    record = game.record_in_play
    side = record.declarer_side
    short = record.contract.bid.points - record.ledger["contract_points"]
    need = -(-short // 20)
    assert game.to_sell == need
    before = game.table(side)
    with pytest.raises(IllegalMove, match=f"must sell exactly {need} cards"):
        game.sell(True, before[: need + 1])
    game.sell(True)
    assert len(game.table(side)) == len(before) - need
    assert set(map(str, game.table(side))) | set(map(str, record.sold)) == set(map(str, before))
    assert record.score.outcome == "limbo-sold" and record.score.sold == need
    assert record.score.contract_score == record.contract.bid.points + record.score.contract_points * (
        record.contract.factor - 1
    )


def test_not_selling_keeps_the_cards_and_loses_the_contract():
    game = play_to_sale(first_sale())
    side = game.record_in_play.declarer_side
    before = game.table(side)
    game.sell(False)
    assert game.table(side) == before
    assert game.records[-1].score.outcome == "limbo-unsold"


def test_a_side_over_26_cards_must_ditch_before_the_next_hand():
    # The majors start at the cap: ♠ 2…K, ♥ 2…K, ♦ 2 3 (26 cards).
    table = {"majors": [*suit("S", "23456789TJQK"), *suit("H", "23456789TJQK"), "2D", "3D"]}
    for seed in range(50):
        game = AuctionGame(hands=2, seed=seed, table=table)
        advance(game, SimpleBot(seed), until=("ditch",))
        if game.must_ditch("majors"):
            break
    over = game.must_ditch("majors")
    assert over == game.on_table("majors") - 26 > 0
    with pytest.raises(IllegalMove, match="more than 26 cards on the table \\(majors"):
        game.next_hand()
    held = game.table("majors")
    missing = next(c for c in parse_cards("AS AH AD AC") if c not in held)
    with pytest.raises(IllegalMove, match=f"{missing} is not in the majors' calypsos in progress"):
        game.ditch("majors", [missing])
    game.ditch("majors", held[: over - 1])
    with pytest.raises(IllegalMove, match="ditch down to 26 first"):
        game.next_hand()
    game.ditch("majors", [held[over - 1]])
    game.ditch("minors", [])  # either side may ditch; nothing is fine
    game.next_hand()
    assert game.on_table("majors") == 26 and game.phase == "auction"
    assert len(game.records[0].ditched["majors"]) == over


# --- the draft ------------------------------------------------------------------------------------------------------


def test_the_draft_four_rounds_of_eight_each_player_first_once():
    game = AuctionGame(first_dealer="S", draft=True, seed=11)
    bot = RandomBot(4)
    first = []
    face_down = {"majors": 0, "minors": 0}
    for pick in range(32):
        if pick % 8 == 0:
            first.append(game.to_act)
            assert len(game.face_up) == 8
        side = SIDES[0 if game.to_act in "SH" else 1]
        options = game.draft_options()
        usable = [c for c in game.face_up if c not in game.calypso(side, c.suit)]
        assert options == (usable or game.face_up)
        if usable and len(usable) < len(game.face_up):
            duplicate = next(c for c in game.face_up if c not in usable)
            with pytest.raises(IllegalMove, match="already has"):
                game.draft_pick(duplicate)
        before = game.on_table(side)
        game.draft_pick(bot.draft(game))
        face_down[side] += game.on_table(side) == before
        assert game.on_table(side) == before + (1 if usable else 0)
    # Round 1 starts with dealer's left (D), 2 dealer's partner (H), 3 dealer's right (C), 4 dealer (S).
    assert first == ["D", "H", "C", "S"]
    assert game.phase == "auction" and game.hand_number == 1
    assert {side: game.on_table(side) + face_down[side] for side in SIDES} == {"majors": 16, "minors": 16}


def test_a_player_who_cannot_take_turns_a_card_face_down():
    for seed in range(200):
        game = play_auction_game(SimpleBot(seed), hands=1, draft=True, seed=seed)
        drafted = sum(1 for action in game.actions if action[0] == "draft")
        first_hand = game.records[0].ledger["table_before"]
        if sum(first_hand) < drafted:
            break
    else:
        pytest.fail("no draft with a face-down card in 200 games")
    assert drafted == 32 and sum(first_hand) < 32
    # The face-down cards went back into the pack: the hand was dealt from 104 less the table.
    dealt = [c for cards in game.records[0].dealt.values() for c in cards]
    assert len(dealt) == 52


# --- whole games: replay, bots, and the score pad against the engine's accounting -----------------------------------


def test_a_game_replays_from_its_record_exactly():
    bots = {"S": SimpleBot(1), "H": RandomBot(2), "D": SimpleBot(3), "C": RandomBot(4)}
    game = play_auction_game(bots, hands=4, draft=True, seed="club night")
    record = json.loads(json.dumps(game.record()))
    again = replay(record)
    assert again.is_over and again.totals == game.totals
    assert [r.score for r in again.records] == [r.score for r in game.records]
    broken = json.loads(json.dumps(record))
    index = next(i for i, a in enumerate(broken["actions"]) if a[0] == "play")
    broken["actions"][index] = ["play", "ZZ"]
    with pytest.raises(AuctionError, match=f"action {index + 1} \\['play', 'ZZ'\\]: 'ZZ' is not a card"):
        replay(broken)
    with pytest.raises(AuctionError, match=r"the record's settings: .*unexpected keyword argument 'bonus'"):
        replay({**record, "values": {"bonus": 1}})
    with pytest.raises(AuctionError, match="the record's settings: table: 'north' is not a side"):
        replay({**record, "draft": False, "table": {"north": []}})


def test_a_game_from_a_given_table_and_deal_replays_too():
    game = completion_game()
    advance(game, RandomBot(3))
    record = json.loads(json.dumps(game.record()))
    assert record["table"] == {"majors": suit("H", "23456789TJQK")} and len(record["deals"]) == 1
    assert replay(record).records[0].score == game.records[0].score


def test_a_game_without_a_seed_gets_one_and_replays():
    game = play_auction_game(RandomBot(1), hands=1, seed=None)
    assert isinstance(game.seed, int)
    assert replay(game.record()).totals == game.totals


def test_the_simple_bot_beats_random_play():
    ahead, margin = 0, 0
    for g in range(20):
        simple, rnd = SimpleBot(g), RandomBot(g + 100)
        majors = g % 2 == 0
        bots = (
            {"S": simple, "H": simple, "D": rnd, "C": rnd} if majors else {"S": rnd, "H": rnd, "D": simple, "C": simple}
        )
        game = play_auction_game(bots, hands=4, seed=g)
        diff = game.totals["majors"] - game.totals["minors"]
        diff = diff if majors else -diff
        ahead += diff > 0
        margin += diff
    assert ahead >= 15 and margin > 0


def test_a_disagreement_between_the_pad_and_the_engine_is_reported():
    game = play_auction_game(RandomBot(7), hands=1, seed=7)
    record = game.records[0]
    assert record.disagreements() == []
    record.ledger["contract_points"] += 10
    record.ledger["table_after"] = (record.ledger["table_after"][0] + 1, record.ledger["table_after"][1])
    problems = record.disagreements()
    assert any(p.startswith("contract_points: the pad says") for p in problems)
    assert any(p.startswith("majors end with") for p in problems)


@pytest.mark.parametrize("draft", [False, True])
def test_the_score_pad_agrees_with_the_engine_on_random_games(draft):
    hands, outcomes = 0, set()
    for g in range(38):  # 38 games × 4 hands, twice: 304 hands
        bots = {seat: (SimpleBot if (g + i) % 3 else RandomBot)(1000 * g + i) for i, seat in enumerate("SHDC")}
        game = play_auction_game(bots, hands=4, draft=draft, seed=g, rule=("standard", "all-fours")[g % 2])
        totals = dict.fromkeys(SIDES, 0)
        for record in game.records:
            assert record.disagreements() == []
            outcomes.add(record.score.outcome)
            for side, points in record.score.by_side().items():
                totals[side] += points
            hands += 1
        assert totals == game.totals
    assert hands == 152
    assert outcomes == {"win", "limbo-sold", "limbo-unsold", "loss"}
