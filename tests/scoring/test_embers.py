"""scoring.embers: Embers Calypso's pad (hand by hand, running totals) and its play (docs/variants.md)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import parse_cards, sort_key
from scoring.embers import (
    DECK,
    EmbersGame,
    EmbersHand,
    check_pad,
    play_embers_game,
    replay,
    score_embers,
)
from scoring.play import RandomPlayer, ReplayError
from scoring.scores import ScoreSheetError
from scoring.table_play import TableGame, TableSet, TableSetError


def row(calypsos=(0, 0, 0, 0), unfinished=(0, 0, 0, 0), majors=0, minors=0, revokes=(0, 0, 0, 0)) -> dict:
    return {
        "calypsos": dict(zip("SHDC", calypsos, strict=True)),
        "unfinished": dict(zip("SHDC", unfinished, strict=True)),
        "trick_piles": {"majors": majors, "minors": minors},
        "revokes": dict(zip("SHDC", revokes, strict=True)),
    }


PAD = [
    # Hand 1: green room 0 → 5+3+4+6 = 18; piles 20 + 14 = 34; 0 + 18 + 34 = 52.
    row(unfinished=(5, 3, 4, 6), majors=20, minors=14),
    # Hand 2: S completes a calypso; green room 18 → 2+7+4+9 = 22; piles 20 + 15; 13 + 4 + 35 = 52.
    row(calypsos=(1, 0, 0, 0), unfinished=(2, 7, 4, 9), majors=20, minors=15),
    # Hand 3: S's second, D's first; green room 22 → 0+8+1+9 = 18; piles 12 + 18; 26 − 4 + 30 = 52; C revokes once.
    row(calypsos=(1, 0, 1, 0), unfinished=(0, 8, 1, 9), majors=12, minors=18, revokes=(0, 0, 0, 1)),
]


def test_pad_scores_hand_by_hand_with_running_totals() -> None:
    score = score_embers(PAD)
    # Hand 1: piles only: majors 20×10 = 200, minors 14×10 = 140.
    # Hand 2: S's first calypso 500 + majors' pile 200 = 700 (total 900); minors 150 (total 290).
    # Hand 3: S's second calypso 750 + pile 120 + C's revoke 260 = 1130 (total 2030);
    #         D's first calypso 500 + pile 180 = 680 (total 970).
    assert [h.points for h in score.hands] == [
        {"majors": 200, "minors": 140},
        {"majors": 700, "minors": 150},
        {"majors": 1130, "minors": 680},
    ]
    assert [h.totals for h in score.hands] == [
        {"majors": 200, "minors": 140},
        {"majors": 900, "minors": 290},
        {"majors": 2030, "minors": 970},
    ]
    assert score.hands[2].calypso_points == {"S": 750, "H": 0, "D": 500, "C": 0}
    assert score.hands[2].revoke_points == {"majors": 260, "minors": 0}
    # At the end only, the green room scores 20 a card: S 0, H 8 → 160 majors; D 1, C 9 → 200 minors.
    assert score.unfinished_points == {"S": 0, "H": 160, "D": 20, "C": 180}
    assert score.final == {"majors": 2190, "minors": 1170}
    assert score.net == 1020


def test_cards_in_progress_count_only_at_the_end() -> None:
    going_on = score_embers(PAD, finished=False)
    assert going_on.unfinished_points is None
    assert going_on.final == {"majors": 2030, "minors": 970}


def test_a_hand_that_does_not_add_up_to_52_is_named() -> None:
    pad = [PAD[0], row(calypsos=(1, 0, 0, 0), unfinished=(2, 7, 4, 9), majors=21, minors=15), PAD[2]]
    problems = check_pad(pad)
    # 13 + (22 − 18) + 36 = 53; hand 3 then reads 22 → 18 as before and still adds up.
    assert problems == [
        "hand 2: cards add up to 53, not the 52 dealt: 1 too many (calypsos 13×1 = 13, "
        "green room 18 → 22, trick piles 21 + 15 = 36)"
    ]
    with pytest.raises(ScoreSheetError, match="hand 2"):
        score_embers(pad)


def test_a_player_cannot_hold_more_than_the_three_packs_of_their_suit() -> None:
    # S: 3 calypsos in one hand and 1 more in progress: 40 spades, the three packs hold 39.
    pad = [row(calypsos=(3, 0, 0, 0), unfinished=(1, 0, 0, 0), majors=12, minors=0)]
    assert any(p.startswith("hand 1:") and "39" in p for p in check_pad(pad))


def test_a_pad_line_missing_a_count_says_which_hand() -> None:
    bad = {k: v for k, v in PAD[0].items() if k != "trick_piles"}
    assert check_pad([PAD[0], bad])[0].startswith("hand 2: trick_piles")
    assert EmbersHand.from_dict(PAD[1]).to_dict() == PAD[1]


def test_a_carried_calypso_completes_in_a_later_hand() -> None:
    # S's green room holds ♠ 2..K (12 cards, mask without the ace). Dealer ♣, so ♠ (its left) leads.
    # S leads A♠ (own suit), D follows A♠, H K♠, C 2♠: no trump-in, S's trump lead wins. The first A♠
    # completes the calypso; the duplicates A♠, K♠, 2♠ start the next one (one per rank): 3 cards, pile 0.
    # (No card is dealt more often than the three packs less the green room allow: Q♠ once, J♠ twice.)
    deal = {
        "S": "S AQJ H AKQJT9876 D 2",
        "D": "S AJ D AKQJT987654",
        "H": "S K3 H AKQJT987 C AKQ",
        "C": "S 23 C AKQJT987654",
    }
    hands = {seat: tuple(sorted(parse_cards(text), key=sort_key)) for seat, text in deal.items()}
    assert all(len(hand) == 13 for hand in hands.values())
    carried = ([(1 << 12) - 1, 0, 0, 0], [12, 0, 0, 0], [0, 0, 0, 0])
    game = TableGame(TableSet("embers", (hands,), "C"), calypsos=carried)
    assert game.to_play == "S"
    for card in ("AS", "AS", "KS", "2S"):
        winner = game.play(card)
    assert winner == "S"
    assert game.completed["S"] == 1 and game.unfinished["S"] == 3
    assert game.trick_piles == {"majors": 0, "minors": 0}


def test_an_embers_hand_is_52_cards_of_three_packs() -> None:
    hands = {seat: tuple(parse_cards("S AAAA H AKQJT98 D 2 C 3")) for seat in "SDHC"}
    with pytest.raises(TableSetError, match="AS is dealt 16 times"):
        TableSet("embers", (hands,), "S").validate()


def test_dealer_passes_left_and_the_green_room_is_carried() -> None:
    game = play_embers_game(RandomPlayer(3), hands=5, seed=3)
    assert [game.dealer(h) for h in range(5)] == ["S", "D", "H", "C", "S"]
    assert [g.to_play for g in game.games] == [None] * 5  # all over
    assert [g.table_set.leader(0) for g in game.games] == ["D", "H", "C", "S", "D"]
    assert game.ledger() == {"pack": game.ledger()["pack"], "trick_piles": 0, "calypsos": 0,
                             "sin_bin": len(game.sin_bin), "green_room": sum(game.pad[-1].unfinished.values()),
                             "in_hand": 0}  # fmt: skip
    assert sum(game.ledger().values()) == DECK == 156


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 6), st.sampled_from(["standard", "beat-the-leader", "all-fours"]))
def test_random_embers_games_conserve_the_three_packs(seed: int, hands: int, rule: str) -> None:
    game = EmbersGame(hands, seed, rule)
    player = RandomPlayer(seed)
    while not game.is_over:
        hand = game.hand
        sin_bin, green = Counter(game.sin_bin), Counter(card for cards in game.green_room().values() for card in cards)
        kept = Counter(game.piles) + Counter(game.set_aside)  # the fire hand's piles and calypsoes, on the table
        dealt = Counter(card for cards in game.game.table_set.deals[0].values() for card in cards)
        # The sin bin, the green room and what the fire hand left on the table sit this hand out: no
        # card is dealt more often than the packs allow.
        assert all(dealt[card] + sin_bin[card] + green[card] + kept[card] <= 3 for card in dealt)
        if hand:  # the green room is carried: the hand starts from the last hand's calypsoes in progress
            assert game.game.unfinished == game.pad[-1].unfinished
        while game.hand == hand and not game.is_over:
            game.play(player.choose(game))
        # The hand is on the pad: the fire hand's trick piles stay on the table, the first ember hand
        # sends both hands' piles to the sin bin, later hands their own; the 156 cards are all accounted for.
        assert len(game.pad) == hand + 1
        piles = [sum(line.trick_piles.values()) for line in game.pad]
        assert (len(game.piles), len(game.sin_bin)) == (
            (piles[0], 0) if hand == 0 else (0, sum(piles[-2:]) if hand == 1 else piles[-1])
        )
        assert sum(game.ledger().values()) == DECK
    assert game.ledger()["in_hand"] == 0
    assert check_pad(game.pad) == []
    assert game.score().unfinished_points is not None
    assert replay(game.record()).pad == game.pad


def test_replay_refuses_a_record_of_other_cards() -> None:
    game = play_embers_game(RandomPlayer(1), hands=2, seed=1)
    record = game.record()
    record["seed"] = 2
    with pytest.raises(ReplayError, match="hand 1 was dealt other cards"):
        replay(record)


def test_a_hand_after_one_with_a_count_out_of_range_has_no_card_total_of_its_own():
    bad = {"calypsos": dict.fromkeys("SHDC", 0), "unfinished": {"S": 99, "H": 0, "D": 0, "C": 0},
           "trick_piles": {"majors": 26, "minors": 26}}  # fmt: skip
    good = {"calypsos": dict.fromkeys("SHDC", 0), "unfinished": dict.fromkeys("SHDC", 0),
            "trick_piles": {"majors": 26, "minors": 26}}  # fmt: skip
    assert check_pad([bad, good]) == [
        "hand 1: unfinished.S is 99: an unfinished calypso holds 0–12 cards (13 complete a calypso)"
    ]
    good_then_short = [good, {**good, "trick_piles": {"majors": 26, "minors": 25}}]
    assert check_pad(good_then_short) == [
        "hand 2: cards add up to 51, not the 52 dealt: 1 missing (calypsos 13×0 = 0, green room 0 → 0, "
        "trick piles 26 + 25 = 51)"
    ]
