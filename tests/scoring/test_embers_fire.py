"""Embers' fire hands and packs (issue #32), worked from the rules page's words:

"the first hand is played as usual — this hand is known as the fire. Thereafter, from the second hand
onwards (the ember hands) there is a procedure to follow at the end of each hand", and with six packs
"four fire hands (i.e. you only start the sin-bin/green-room process at the end of the fifth hand)".

So with three packs hand 2 is dealt from the 104 cards not yet dealt and the procedure first runs at
the end of hand 2; with six packs and four fire hands hands 1–5 are dealt on from the one shuffle
(312, 260, 208, 156, 104 cards) and the procedure first runs at the end of hand 5. At the first ember
hand's end every trick pile on the table goes to the sin bin (docs/variants.md, "the first ember
hand's piles")."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import CARDS
from scoring.embers import EmbersGame, check_pad, replay, score_embers
from scoring.embers_settings import EmbersSettings, EmbersSettingsError
from scoring.play import RandomPlayer
from scoring.scores import ScoreSheetError
from scoring.table_play import TableSet, TableSetError


def row(calypsos=(0, 0, 0, 0), unfinished=(0, 0, 0, 0), majors=0, minors=0) -> dict:
    return {
        "calypsos": dict(zip("SHDC", calypsos, strict=True)),
        "unfinished": dict(zip("SHDC", unfinished, strict=True)),
        "trick_piles": {"majors": majors, "minors": minors},
    }


def play_hand(game: EmbersGame, player: RandomPlayer) -> None:
    hand = game.hand
    while game.hand == hand and not game.is_over:
        game.play(player.choose(game))


def dealt(game: EmbersGame, hand: int) -> Counter:
    return Counter(card for cards in game.games[hand].table_set.deals[0].values() for card in cards)


def test_three_packs_hand_2_is_dealt_from_the_104_cards_not_yet_dealt():
    game, player = EmbersGame(4, seed=11), RandomPlayer(11)
    play_hand(game, player)
    # Hand 1 (the fire) was played as usual: its piles and calypsoes stay on the table, nothing goes
    # back, and hand 2's 52 come from the 104 not yet dealt, leaving 52 in the pack.
    first = game.pad[0]
    assert game.ledger() == {
        "pack": 52,
        "trick_piles": sum(first.trick_piles.values()),
        "calypsos": 13 * sum(first.calypsos.values()),
        "sin_bin": 0,
        "green_room": sum(first.unfinished.values()),
        "in_hand": 52,
    }
    three_packs = Counter({card: 3 for card in CARDS})
    assert dealt(game, 0) + dealt(game, 1) + Counter(game.pack) == three_packs
    play_hand(game, player)
    # The end of hand 2, the first ember hand: the procedure runs for the first time. Every trick pile
    # on the table (hand 1's and hand 2's) sits out hand 3; hand 3 is dealt from the 52 never dealt
    # and every completed calypso, sent back: what is left in the pack is 13 a calypso.
    piles = sum(sum(line.trick_piles.values()) for line in game.pad)
    completed = sum(sum(line.calypsos.values()) for line in game.pad)
    assert game.ledger() == {
        "pack": 13 * completed,
        "trick_piles": 0,
        "calypsos": 0,
        "sin_bin": piles,
        "green_room": sum(game.pad[1].unfinished.values()),
        "in_hand": 52,
    }
    play_hand(game, player)
    # From the next ember hand on, the sin bin is that hand's piles alone.
    assert len(game.sin_bin) == sum(game.pad[2].trick_piles.values())


def test_six_packs_four_fire_hands_start_the_procedure_at_the_end_of_the_fifth_hand():
    game, player = EmbersGame(6, seed=4, packs=6, fire_hands=4), RandomPlayer(4)
    for hand in range(1, 6):
        # Hand n is dealt on from the one shuffle: 312 − 52 × (n − 1) cards before it is dealt.
        assert len(game.pack) + 52 == 312 - 52 * (hand - 1) == game.settings.undealt_before(hand)
        assert game.sin_bin == []
        play_hand(game, player)
    piles = sum(sum(line.trick_piles.values()) for line in game.pad)
    completed = sum(sum(line.calypsos.values()) for line in game.pad)
    assert (len(game.sin_bin), len(game.piles), len(game.set_aside)) == (piles, 0, 0)
    assert (
        len(game.pack) + 52 == 52 + 13 * completed
    )  # hand 6 was dealt from these: the 52 never dealt and the calypsoes
    assert sum(game.ledger().values()) == 312
    play_hand(game, player)
    assert game.is_over and check_pad(game.pad, game.settings) == []
    assert replay(game.record()).pad == game.pad


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 6), st.integers(1, 4), st.integers(1, 7))
def test_every_pack_count_conserves_its_cards_hand_by_hand(seed, packs, fire, hands):
    fire = min(fire, packs - 2)
    game, player = EmbersGame(hands, seed, packs=packs, fire_hands=fire), RandomPlayer(seed)
    while not game.is_over:
        out = Counter(game.sin_bin) + Counter(game.piles) + Counter(game.set_aside)
        out += Counter(card for cards in game.green_room().values() for card in cards)
        assert all(count + out[card] <= packs for card, count in dealt(game, game.hand).items())
        assert sum(game.ledger().values()) == 52 * packs
        play_hand(game, player)
    assert sum(game.ledger().values()) == 52 * packs
    assert check_pad(game.pad, game.settings) == []
    record = game.record()
    assert (record["packs"], record["fire_hands"]) == (packs, fire)
    assert replay(record).pad == game.pad


def test_fire_hands_keep_their_calypsoes_out_of_the_pack_so_the_pad_counts_them():
    # Three packs: 39 spades. Hand 1: ♠ completes two calypsoes (26) and holds 12 in progress: 38 of
    # the 39 are out (13 × 2 + 12 + 14 piled = 52). Hand 2 is dealt from the 104 not yet dealt, which
    # hold one spade: ♠ can complete a third calypso with it, but not also hold a card in progress
    # (13 + (1 − 12) + 50 = 52 adds up, yet 3 × 13 + 1 = 40 spades).
    hand_1 = row(calypsos=(2, 0, 0, 0), unfinished=(12, 0, 0, 0), majors=14)
    hand_2 = row(calypsos=(1, 0, 0, 0), unfinished=(1, 0, 0, 0), majors=30, minors=20)
    assert check_pad([hand_1, hand_2]) == [
        "hand 2: S: 3 calypsos since hand 1 (none goes back to the pack before the end of hand 2) and 1 "
        "unfinished make 40 cards of one suit; there are only 39 (1 too many)"
    ]
    with pytest.raises(ScoreSheetError, match="3 calypsos since hand 1"):
        score_embers([hand_1, hand_2])
    # The third calypso with nothing left in progress is what can happen: 13 + (0 − 12) + 51 = 52.
    assert check_pad([hand_1, row(calypsos=(1, 0, 0, 0), majors=31, minors=20)]) == []
    # Hand 3 follows the first ember hand: the completed calypsoes went back, so 1 + 1 in progress
    # (hand 3: 13 + (1 − 0) + 38 = 52) is no longer counted with hands 1 and 2.
    hand_3 = row(calypsos=(1, 0, 0, 0), unfinished=(1, 0, 0, 0), majors=20, minors=18)
    assert check_pad([hand_1, row(calypsos=(1, 0, 0, 0), majors=31, minors=20), hand_3]) == []


def test_with_more_fire_hands_the_count_runs_to_the_first_ember_hand():
    # Four packs, two fire hands: 52 spades, none back before the end of hand 3. ♠ completes two
    # calypsoes in each of hands 1 and 2 (hand 1: 26 + 0 + 26 = 52; hand 2: 26 + 0 + 26 = 52): 52
    # spades, every one. In hand 3 ♠ cannot win another: 1 in progress is one too many.
    settings = EmbersSettings(packs=4, fire_hands=2, hands=4)
    two = row(calypsos=(2, 0, 0, 0), majors=26)
    one_more = row(unfinished=(1, 0, 0, 0), majors=30, minors=21)
    assert check_pad([two, two, one_more], settings) == [
        "hand 3: S: 4 calypsos since hand 1 (none goes back to the pack before the end of hand 3) and 1 "
        "unfinished make 53 cards of one suit; there are only 52 (1 too many)"
    ]
    # With three packs and one fire hand the same pad is wrong at hand 2 (39 spades), and hand 3 is
    # an ember hand after the procedure, counted on its own.
    assert check_pad([two, two, one_more]) == [
        "hand 2: S: 4 calypsos since hand 1 (none goes back to the pack before the end of hand 2) and 0 "
        "unfinished make 52 cards of one suit; there are only 39 (13 too many)"
    ]


def test_a_player_holds_at_most_the_packs_of_their_suit():
    # Hand 1: ♠ ends with 12 in progress (0 + 12 + 40 = 52). Hand 2: ♠ completes four calypsoes, 52
    # spades (12 carried in, 40 won): 52 + (0 − 12) + 12 = 52. Five packs hold 65 spades, three 39.
    carried = row(unfinished=(12, 0, 0, 0), majors=40)
    four = row(calypsos=(4, 0, 0, 0), majors=12)
    assert check_pad([carried, four], EmbersSettings(packs=5, fire_hands=1)) == []
    assert check_pad([carried, four]) == ["hand 2: calypsos.S is 4: a player completes at most 3 calypsos (39 cards)"]


def test_the_pad_is_scored_alike_whatever_the_packs():
    pad = [row(unfinished=(5, 3, 4, 6), majors=20, minors=14), row(calypsos=(1, 0, 0, 0), majors=20, minors=37)]
    # Hand 2: 13 + (0 − 18) + 57 = 52. Hand 1: piles 200 / 140; hand 2: ♠ 500 + 200 / 370.
    for packs in (3, 6):
        score = score_embers(pad, settings=EmbersSettings(packs=packs, fire_hands=1))
        assert [h.totals for h in score.hands] == [{"majors": 200, "minors": 140}, {"majors": 900, "minors": 510}]


def test_a_pad_longer_than_the_game_is_refused():
    pad = [row(majors=26, minors=26)] * 3
    assert check_pad(pad, EmbersSettings(hands=2)) == ["the pad has 3 hands, but the game is 2"]
    assert check_pad(pad, EmbersSettings(hands=4)) == []
    assert check_pad(pad) == []  # no settings: the pad's own length


def test_settings_that_cannot_be_played_are_refused_by_the_engine():
    with pytest.raises(EmbersSettingsError, match="fire_hands is 2: with 3 packs a game has 1 to 1"):
        check_pad([], EmbersSettings(fire_hands=2))
    with pytest.raises(EmbersSettingsError, match="packs is 7"):
        EmbersGame(4, packs=7)
    with pytest.raises(TypeError, match="settings are EmbersSettings, not dict"):
        check_pad([], {"packs": 3})  # type: ignore[arg-type]
    # A short game is the director's to allow: the engine plays and checks it.
    assert EmbersGame(1).settings == EmbersSettings(3, 1, 1)


def test_an_embers_hand_may_hold_up_to_six_packs_copies_of_a_card():
    hands = {seat: tuple(CARDS[:13]) for seat in "SDHC"}  # ♠2..A four times each: four packs or more
    assert TableSet("embers", (hands,), "S").problems() == []
    hands["C"] = tuple(CARDS[:1] * 3 + CARDS[1:11])  # 2♠: 3 + 3 = 6 copies, all six packs' (the most)
    assert TableSet("embers", (hands,), "S").problems() == []
    hands["C"] = tuple(CARDS[:1] * 4 + CARDS[1:10])  # 2♠: 3 + 4 = 7 copies
    with pytest.raises(TableSetError) as refused:
        TableSet("embers", (hands,), "S").validate()
    assert refused.value.problems == ["2S is dealt 7 times; an Embers hand is dealt from at most 6 packs"]
