"""scoring.table_play: three-handed cutthroat, Neutralised Calypso and Calypso Duet card by card (docs/variants.md)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import Card, parse_card, parse_cards, sort_key
from scoring.play import IllegalPlay, ReplayError
from scoring.scores import CutthroatSheet, ScoreSheet, check_cutthroat
from scoring.table_play import (
    RandomTablePlayer,
    TableGame,
    TableSet,
    TableSetError,
    deal_table_set,
    deck_of,
    replay,
    simulate_table_game,
)
from scoring.tricks import BEAT_THE_LEADER
from scoring.variants import NeutralisedSheet, check_neutralised


def arranged(variant: str, first_deal: dict[str, str], first_dealer: str, removed: str = "D") -> TableSet:
    """A table set whose first deal is ``first_deal`` (grouped hand text per seat); the rest of the
    variant's deck is dealt to the later deals in sorting order."""
    deal1 = {seat: tuple(sorted(parse_cards(text), key=sort_key)) for seat, text in first_deal.items()}
    rest = deck_of(variant, removed) - Counter(card for hand in deal1.values() for card in hand)
    cards = sorted(rest.elements(), key=sort_key)
    dealt = deal_table_set(variant, 0, first_dealer=first_dealer, removed=removed)
    deals, at = [deal1], 0
    for later in dealt.deals[1:]:
        deal = {}
        for seat in later:
            deal[seat] = tuple(cards[at : at + len(later[seat])])
            at += len(later[seat])
        deals.append(deal)
    return TableSet(variant, tuple(deals), first_dealer, removed).validate()


def play_all(game: TableGame, cards: str) -> list[str | None]:
    return [game.play(card) for card in cards.split()]


# --- three-handed cutthroat -----------------------------------------------------------------------------------------

THREE = {
    "S": "S AKQJT98765 H AKQ",  # 10 + 3 = 13
    "H": "H JT98765432 S 432",  # 10 + 3
    "C": "C AKQJT98765432",  # 13 clubs: void in ♥ and ♠
}


def test_three_handed_deck_seats_and_deals() -> None:
    # Three packs less ♦: 3 suits × 13 ranks × 3 copies = 117; three deals of 13 to each of 3 players.
    table_set = deal_table_set("three-handed", 5)
    assert sum(deck_of("three-handed").values()) == 117
    assert not any(card.suit == "D" for card in deck_of("three-handed"))
    assert table_set.seats == "SHC"
    assert [len(deal["S"]) for deal in table_set.deals] == [13, 13, 13]
    # Dealer S, H, C in turn (the deal passes left: S → H → C); the dealer's left leads.
    assert [table_set.dealer(d) for d in range(3)] == ["S", "H", "C"]
    assert [table_set.leader(d) for d in range(3)] == ["H", "C", "S"]
    assert table_set.order(0) == "HCS"
    other = deal_table_set("three-handed", 5, removed="S")
    assert other.seats == "DHC" and sum(deck_of("three-handed", "S").values()) == 117


def test_three_handed_trick_is_three_cards_and_any_trump_in_beats_a_trump_lead() -> None:
    game = TableGame(arranged("three-handed", THREE, "S"))
    assert game.to_play == "H"  # dealer S, H at S's left leads
    # H leads its own 5♥; C, void in hearts, trumps in with 2♣; S follows with A♥. Standard rule: the
    # trump-in wins whatever its rank. C takes: 2♣ to its calypso; 5♥ and A♥ (not C's suit) to C's pile.
    assert play_all(game, "5H 2C AH") == [None, None, "C"]
    assert game.unfinished == {"S": 0, "H": 0, "C": 1}
    assert game.trick_piles == {"S": 0, "H": 0, "C": 2}
    assert game.to_play == "C" and game.cards_placed() == 3


def test_three_handed_beat_the_leader_gives_the_trick_to_the_higher_lead() -> None:
    game = TableGame(arranged("three-handed", THREE, "S"), BEAT_THE_LEADER)
    # 2♣ does not outrank the led 5♥: H keeps the trick; 5♥ and A♥ join H's calypso, 2♣ to H's pile.
    assert play_all(game, "5H 2C AH")[-1] == "H"
    assert game.unfinished == {"S": 0, "H": 2, "C": 0}
    assert game.trick_piles == {"S": 0, "H": 1, "C": 0}


def test_three_handed_must_follow_suit() -> None:
    game = TableGame(arranged("three-handed", THREE, "S"))
    play_all(game, "5H 2C")
    with pytest.raises(IllegalPlay, match="must follow suit — holds 3 hearts"):
        game.play("AS")
    with pytest.raises(IllegalPlay, match="does not hold"):
        game.play("2D")
    assert game.legal_plays() == [parse_card(c) for c in ("AH", "KH", "QH")]


def test_three_handed_finished_game_is_a_117_card_cutthroat_sheet() -> None:
    game = simulate_table_game("three-handed", 11)
    sheet = game.score_sheet()
    assert isinstance(sheet, CutthroatSheet) and sheet.seats == ("S", "H", "C")
    assert game.cards_played == game.cards_placed() == 117
    assert check_cutthroat(sheet) == []


# --- Neutralised ----------------------------------------------------------------------------------------------------

NEUTRAL = {
    "S": "S AKQJT98765432",  # void in clubs
    "D": "C KQJ D AKQJT98765",  # 3 + 10
    "H": "C 4 H AKQJT9876543",  # 1 + 12
}


def test_neutralised_deck_seats_and_five_deals() -> None:
    # 208 less the 2♣ = 207; players ♠ ♦ ♥ clockwise; four deals of 13 and a fifth of 17: 3 × 69 = 207.
    deck = deck_of("neutralised")
    assert sum(deck.values()) == 207 and deck[parse_card("2C")] == 3
    table_set = deal_table_set("neutralised", 2)
    assert table_set.seats == "SDH"
    assert [len(deal["H"]) for deal in table_set.deals] == [13, 13, 13, 13, 17]
    # The deal passes left round three players over five deals: S, D, H, S, D; the dealer's left leads.
    assert [table_set.dealer(d) for d in range(5)] == ["S", "D", "H", "S", "D"]
    assert [table_set.leader(d) for d in range(5)] == ["D", "H", "S", "D", "H"]


def test_a_club_is_never_a_trump_and_never_joins_a_calypso() -> None:
    game = TableGame(arranged("neutralised", NEUTRAL, "S"))
    # D leads K♣ (♣ is nobody's: not a trump lead), H follows 4♣, S, void, trumps in with 2♠ and wins.
    # S takes: 2♠ to S's calypso; K♣ and 4♣ to S's pile.
    assert play_all(game, "KC 4C 2S")[-1] == "S"
    assert game.unfinished == {"S": 1, "D": 0, "H": 0}
    assert game.trick_piles == {"S": 2, "D": 0, "H": 0}
    # S leads 3♠; D and H are void in spades. D discards Q♣ (no trump-in); H trumps in with 3♥ and wins:
    # 3♥ to H's calypso, 3♠ and Q♣ to H's pile.
    assert play_all(game, "3S QC 3H")[-1] == "H"
    assert game.unfinished == {"S": 1, "D": 0, "H": 1}
    assert game.trick_piles == {"S": 2, "D": 0, "H": 2}
    assert game.renounces == {"S": "C", "D": "S", "H": "S"}  # S showed void in clubs at trick 1


def test_a_club_lead_followed_by_clubs_goes_to_the_highest_club() -> None:
    first = {"S": "C A S KQJT98765432", "D": "C KQJ D AKQJT98765", "H": "C 4 H AKQJT9876543"}
    game = TableGame(arranged("neutralised", first, "S"))
    # D leads J♣, H follows 4♣, S follows A♣: highest club wins; all three are clubs: S's pile.
    assert play_all(game, "JC 4C AC")[-1] == "S"
    assert game.unfinished == {"S": 0, "D": 0, "H": 0}
    assert game.trick_piles == {"S": 3, "D": 0, "H": 0}


def test_neutralised_finished_game_is_a_207_card_sheet() -> None:
    game = simulate_table_game("neutralised", 4)
    sheet = game.score_sheet()
    assert isinstance(sheet, NeutralisedSheet) and check_neutralised(sheet) == []
    assert game.cards_played == game.cards_placed() == 207


# --- Duet ------------------------------------------------------------------------------------------------------------

DUET = {
    "C": "C KQJT8765 D 65432",  # minors' hand: 8 + 5
    "H": "H AKQJT98765432",  # majors' dummy: void in clubs
    "D": "C 9 D AKQJT987 S 5432",  # minors' dummy: 1 + 8 + 4
    "S": "C A S AKQJT9876 H 432",  # majors' hand: 1 + 9 + 3
}


def test_duet_order_of_play_alternates_by_dealer() -> None:
    # Dealer majors: ♣, ♥ dummy, ♦ dummy, ♠; dealer minors: ♠, ♦ dummy, ♥ dummy, ♣ (the order).
    table_set = deal_table_set("duet", 1, first_dealer="majors")
    assert [table_set.dealer(d) for d in range(4)] == ["majors", "minors", "majors", "minors"]
    assert [table_set.order(d) for d in range(4)] == ["CHDS", "SDHC", "CHDS", "SDHC"]
    assert deal_table_set("duet", 1, first_dealer="minors").leader(0) == "S"


def test_duet_places_won_cards_as_partnership_calypso() -> None:
    game = TableGame(arranged("duet", DUET, "majors"))
    assert game.to_play == "C"
    # ♣ leads its own 5♣; ♥ dummy, void, trumps in 2♥; ♦ dummy follows 9♣; ♠ follows A♣. Any trump-in beats a
    # trump lead: ♥ (majors) takes — 2♥ to ♥'s calypso, the three clubs to the majors' pile.
    assert play_all(game, "5C 2H 9C AC") == [None, None, None, "H"]
    assert game.unfinished == {"S": 0, "D": 0, "H": 1, "C": 0}
    assert game.trick_piles == {"majors": 3, "minors": 0}
    assert game.to_play == "H"  # the winner leads; the cycle ♥ → ♦ → ♠ → ♣ goes on


def test_duet_beat_the_leader() -> None:
    game = TableGame(arranged("duet", DUET, "majors"), BEAT_THE_LEADER)
    # 2♥ does not outrank 5♣: ♣ keeps it — 5♣, 9♣, A♣ to ♣'s calypso (three ranks), 2♥ to the minors' pile.
    assert play_all(game, "5C 2H 9C AC")[-1] == "C"
    assert game.unfinished == {"S": 0, "D": 0, "H": 0, "C": 3}
    assert game.trick_piles == {"majors": 0, "minors": 1}


def test_duet_exchange_three_cards_each_way_before_play() -> None:
    game = TableGame(arranged("duet", DUET, "majors"), exchange=True)
    # The minors player leads (♣), so exchanges first; nobody plays until both have.
    assert game.exchange_due == "minors" and game.to_play is None
    with pytest.raises(IllegalPlay, match="exchange comes first"):
        game.play("5C")
    with pytest.raises(IllegalPlay, match="3 cards each way, not 2"):
        game.exchange(["AD", "KD"], ["2D", "3D"])
    with pytest.raises(IllegalPlay, match="the hand of the minors player does not hold AH"):
        game.exchange(["AD", "KD", "QD"], ["2D", "3D", "AH"])
    game.exchange(["AD", "KD", "QD"], ["2D", "3D", "4D"])
    assert {"AD", "KD", "QD"} <= {str(c) for c in game.hand("C")} and len(game.hand("C")) == 13
    assert {"2D", "3D", "4D"} <= {str(c) for c in game.hand("D")} and len(game.hand("D")) == 13
    assert game.exchange_due == "majors"
    game.exchange(["AH", "KH", "QH"], ["AS", "KS", "QS"])
    assert game.to_play == "C"
    record = game.record()
    assert record["deals"][0]["exchanges"]["minors"] == {"take": ["AD", "KD", "QD"], "give": ["2D", "3D", "4D"]}
    assert replay(game.table_set, record).hand("S") == game.hand("S")


def test_only_duet_exchanges() -> None:
    with pytest.raises(ValueError, match="Duet"):
        TableGame(deal_table_set("three-handed"), exchange=True)


def test_duet_finished_game_scores_as_partnership() -> None:
    game = simulate_table_game("duet", 3, exchange=True)
    assert isinstance(game.score_sheet(), ScoreSheet)
    assert game.cards_played == game.cards_placed() == 208
    score = game.score()
    assert score.majors + score.minors == game.score().table_total


# --- sets, records ---------------------------------------------------------------------------------------------------


def test_a_set_that_does_not_hold_the_variants_deck_is_refused() -> None:
    good = deal_table_set("three-handed", 1)
    deal = dict(good.deals[0])
    deal["S"] = (Card("2", "D"), *deal["S"][1:])
    with pytest.raises(TableSetError) as caught:
        TableSet("three-handed", (deal, *good.deals[1:]), "S").validate()
    assert any("2D is dealt 1 times; the three-handed deck has 0" in p for p in caught.value.problems)
    with pytest.raises(TableSetError, match="first dealer 'majors'"):
        TableSet("three-handed", good.deals, "majors").validate()
    assert TableSet.from_dict(good.to_dict()) == good


def test_replay_names_the_first_impossible_card() -> None:
    game = TableGame(arranged("three-handed", THREE, "S"))
    play_all(game, "5H 2C AH")
    record = game.record()
    record["deals"][0]["tricks"][0][2] = "AS"
    with pytest.raises(ReplayError, match=r"deal 1, trick 1: .*must follow suit"):
        replay(game.table_set, record)
    with pytest.raises(ReplayError, match="other hands"):
        replay(deal_table_set("three-handed", 99), game.record())


# --- random play: conservation on many games --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["three-handed", "neutralised", "duet"]),
    st.integers(0, 10**6),
    st.sampled_from(["standard", "beat-the-leader", "all-fours"]),
    st.booleans(),
)
def test_random_games_conserve_their_cards(variant: str, seed: int, rule: str, exchange: bool) -> None:
    exchange = exchange and variant == "duet"
    table_set = deal_table_set(variant, seed, removed="SHDC"[seed % 4] if variant == "three-handed" else "D")
    deck = sum(deck_of(variant, table_set.removed).values())
    game = TableGame(table_set, rule, exchange=exchange)
    player = RandomTablePlayer(seed)
    clubs = 0
    while not game.is_over:
        if game.exchange_due:
            game.exchange(*player.exchange(game))
            continue
        card = player.choose(game)
        clubs += card.suit == "C"
        if game.play(card) is not None:
            # Every card of every trick taken is in a calypso or a pile; in Neutralised every club is piled.
            assert game.cards_placed() == game.cards_played
            if variant == "neutralised":
                assert sum(game.trick_piles.values()) >= clubs
    assert game.cards_played == game.cards_placed() == deck
    assert game.score_sheet().problems() == []
    again = replay(table_set, game.record())
    assert again.sheet_dict() == game.sheet_dict()


@pytest.mark.parametrize("variant", ["three-handed", "neutralised"])
def test_split_partnership_of_a_played_game_adds_the_right_hand_neighbour(variant: str) -> None:
    game = simulate_table_game(variant, 21)
    own = game.score().scores
    seats = game.table_set.seats  # clockwise: the player on seats[i]'s right is seats[i - 1]
    split = game.split_score()
    assert split.totals == {seat: own[seat] + own[seats[i - 1]] for i, seat in enumerate(seats)}
    with pytest.raises(ValueError, match="Duet"):
        simulate_table_game("duet", 21).split_score()


def test_duet_is_double_dummy_one_player_plays_both_of_their_hands() -> None:
    game = TableGame(arranged("duet", DUET, "majors"))
    # ♣ leads (minors), then the ♥ dummy (majors), the ♦ dummy (minors), the ♠ hand (majors).
    players = []
    for card in ("5C", "2H", "9C", "AC"):
        players.append(game.player_to_play)
        game.play(card)
    assert players == ["minors", "majors", "minors", "majors"]
    # Each sees their own secret hand and both dummies, never the other's hand.
    assert game.visible_hands("majors") == ("S", "H", "D")
    assert game.visible_hands("minors") == ("C", "D", "H")
    with pytest.raises(ValueError, match="not a Duet player"):
        game.visible_hands("S")


def test_replay_refuses_a_trick_of_four_cards_at_a_table_of_three() -> None:
    game = simulate_table_game("three-handed", 8)
    record = game.record()
    record["deals"][0]["tricks"][0].append("2S")
    with pytest.raises(ReplayError, match="trick 1 has 4 cards, not 3"):
        replay(game.table_set, record)
    record = game.record()
    record["deals"][0]["tricks"].append(record["deals"][1]["tricks"][0])
    with pytest.raises(ReplayError, match="deal 1 has 14 tricks; it has 13"):
        replay(game.table_set, record)


def test_a_recorded_revoke_at_a_table_of_three_gives_260_to_each_other_player() -> None:
    game = TableGame(arranged("three-handed", THREE, "S"), allow_revokes=True)
    # H leads 5♥, C trumps in 2♣, S — holding three hearts — plays A♠: a revoke, and still a trump-in (its own
    # suit, not following), which outranks the 2♣: S takes A♠ to its calypso, 5♥ and 2♣ to its pile.
    assert play_all(game, "5H 2C AS")[-1] == "S"
    assert game.revokes == {"S": 1, "H": 0, "C": 0}
    assert game.renounces["S"] == "H"
    assert game.unfinished["S"] == 1 and game.trick_piles["S"] == 2
    player = RandomTablePlayer(4)
    while not game.is_over:
        game.play(player.choose(game))
    assert game.score().revoke_points == {"S": 0, "H": 260, "C": 260}


def test_the_first_dealers_left_leads_whoever_deals() -> None:
    # Three-handed without ♦, clockwise ♠ → ♥ → ♣: dealer ♣ → ♠ leads; then ♠ deals, ♥ leads.
    table_set = deal_table_set("three-handed", 2, first_dealer="C")
    assert [table_set.leader(d) for d in range(3)] == ["S", "H", "C"]
