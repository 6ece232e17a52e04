"""scoring.play trick by trick (issue #22, mutation testing): six tricks of a hand-built deal with
renounces, trump-ins, the completion of nothing yet and the piles, worked out by hand from
RULES.md §3–§5; revokes when they are allowed; the change of deal; the end of the game; the
scoring forms and the simulated games."""

from __future__ import annotations

import gc

import pytest

from scoring import play
from scoring.cards import SUITS
from scoring.club import ClubPlayer
from scoring.play import (
    GameState,
    IllegalPlay,
    RandomPlayer,
    play_game,
    replay,
    simulate_random_game,
)
from scoring.scores import CutthroatSheet, ScoreSheet, score_cutthroat, score_game
from scoring.tricks import ALL_FOURS, BEAT_THE_LEADER, RULES, STANDARD
from tests.scoring.test_play_mut_positions import arranged_set, cards

# Six tricks of DEAL_1 (tests/scoring/test_play_mut_positions.py), standard rule:
#  1. S: AS, D: 2S, H: 4S, C: 6S — Spades led its own suit, all followed: Spades wins, four spades to
#     its calypso.
#  2. S: 2H, D: 4H, H: AH, C: 7H — the ace wins (Hearts following in its own suit is no trump-in).
#  3. H: KH, C: 8H, S: 3H, D: 5H — Hearts led its own suit: Hearts wins.
#  4. H: QH, C: 9H, S: 2C (void in hearts, a discard), D: 6H — Hearts wins; the 2C (an opponent's
#     suit) goes to the majors' pile.
#  5. H: JH, C: TC, S: 3C, D: TD — Clubs and Diamonds, void in hearts, trump in with tens; equal
#     ranks: the earlier (Clubs) wins. JH to the minors' pile, TC 3C to Clubs, TD to Diamonds.
#  6. C: AC, S: 2D (void in clubs), D: 4C, H: 7C — Clubs led its own suit: Clubs wins; AC 4C 7C to
#     Clubs, 2D to Diamonds.
SIX_TRICKS = [
    ("AS", "2S", "4S", "6S"),
    ("2H", "4H", "AH", "7H"),
    ("KH", "8H", "3H", "5H"),
    ("QH", "9H", "2C", "6H"),
    ("JH", "TC", "3C", "TD"),
    ("AC", "2D", "4C", "7C"),
]


def played(tricks, rule: str = STANDARD, form: str = "partnership", **kwargs) -> GameState:
    state = GameState(arranged_set(), rule=rule, form=form, **kwargs)
    for trick in tricks:
        for card in trick:
            state.play(card)
    return state


def test_a_new_game_starts_empty():
    state = GameState(arranged_set())
    assert (state.rule, state.form, state.allow_revokes) == (STANDARD, "partnership", False)
    assert (state.deal, state.trick, state.to_play, state.leader, state.led_suit) == (0, 0, "S", "S", None)
    assert state.renounces == {"S": "", "H": "", "D": "", "C": ""}
    assert state.sheet_dict() == {
        "calypsos": {"S": 0, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 0, "H": 0, "D": 0, "C": 0},
        "trick_piles": {"majors": 0, "minors": 0},
        "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
    }
    assert [state.calypso(seat) for seat in SUITS] == [[], [], [], []]
    assert state.cards_placed() == 0 and state.cards_played == 0
    assert state.record()["deals"] == [{"tricks": []}]
    cutthroat = GameState(arranged_set(), form="cutthroat")
    assert cutthroat.trick_piles == {"S": 0, "H": 0, "D": 0, "C": 0}
    assert cutthroat.sheet_dict()["form"] == "cutthroat"


def test_hands_are_shown_suit_by_suit_high_first():
    state = GameState(arranged_set())
    assert state.hand("S") == cards("AS KS QS JS TS 9S 8S 3H 2H 3D 2D 3C 2C")
    assert state.hand("D") == cards("3S 2S 6H 5H 4H AD KD QD JD TD 6C 5C 4C")
    assert state.legal_plays() == state.hand("S")  # the lead: any card


def test_after_a_spade_lead_a_holder_may_play_only_spades():
    state = GameState(arranged_set())
    state.play("AS")
    assert state.legal_plays() == cards("3S 2S")
    with pytest.raises(IllegalPlay) as err:
        state.play("AD")
    assert str(err.value) == (
        "deal 1, trick 1: Diamonds (D) must follow suit — holds 2 spades and may not play AD; follow spades"
    )


def test_all_fours_legal_plays_are_the_led_suit_then_the_own_suit():
    state = played(SIX_TRICKS[:1], ALL_FOURS)
    state.play("2H")
    assert state.legal_plays() == cards("6H 5H 4H AD KD QD JD TD")


def test_six_tricks_worked_by_hand():
    state = played(SIX_TRICKS)
    assert state.tricks_won() == ["S", "H", "H", "H", "C", "C"]
    assert (state.trick, state.to_play) == (6, "C")
    assert state.renounces == {"S": "HC", "H": "", "D": "H", "C": "H"}
    assert state.calypso("S") == cards("2S 4S 6S AS")
    assert state.calypso("H") == cards("2H 3H 4H 5H 6H 7H 8H 9H QH KH AH")
    assert state.needs("H") == cards("TH JH")
    assert state.calypso("C") == cards("3C 4C 7C TC AC")
    assert state.calypso("D") == cards("2D TD")
    assert state.trick_piles == {"majors": 1, "minors": 1}
    assert state.completed == {"S": 0, "H": 0, "D": 0, "C": 0}
    assert state.cards_placed() == 24 == state.cards_played
    with pytest.raises(ValueError) as err:
        state.score_sheet()
    assert str(err.value) == "the game is not over: deal 1, trick 7, 24 of 208 cards played"


def test_a_void_player_may_play_any_card():
    state = played(SIX_TRICKS[:3])
    state.play("QH")
    state.play("9H")
    assert state.to_play == "S"
    assert state.legal_plays() == cards("KS QS JS TS 9S 8S 3D 2D 3C 2C")


def test_lower_trump_ins_beat_a_trump_lead_only_under_the_standard_rule():
    standard = played(SIX_TRICKS[:5], STANDARD)
    assert standard.tricks_won()[-1] == "C"
    beat = played(SIX_TRICKS[:5], BEAT_THE_LEADER)
    assert beat.tricks_won()[-1] == "H"  # neither ten beats the led jack: the leader keeps it
    assert beat.calypso("H") == cards("2H 3H 4H 5H 6H 7H 8H 9H JH QH KH AH")
    assert beat.trick_piles == {"majors": 4, "minors": 0}


def test_revokes_are_counted_per_player_when_allowed():
    # 1. S: AS, D: AD (holds spades: revoke, and a trump-in), H: 4S, C: 7H (holds spades: revoke).
    #    Diamonds' trump-in wins. 2. D: KD, H: 4D, C: 7D, S: 2D — Diamonds led its own suit and wins.
    # 3. D: 4C, H: 7C, C: AC, S: 2C — the ace of clubs wins. 4. C: 6S, S: KS, D: QD (revoke again:
    #    holds 2S 3S), H: 5S — Diamonds' trump-in wins.
    state = played([("AS", "AD", "4S", "7H"), ("KD", "4D", "7D", "2D"), ("4C", "7C", "AC", "2C")], allow_revokes=True)
    for card in ("6S", "KS", "QD", "5S"):
        state.play(card)
    assert state.tricks_won() == ["D", "D", "C", "D"]
    assert state.revokes == {"S": 0, "H": 0, "D": 2, "C": 1}
    assert state.sheet_dict()["revokes"] == {"S": 0, "H": 0, "D": 2, "C": 1}
    assert state.renounces == {"S": "", "H": "", "D": "S", "C": "S"}


def test_a_new_deal_starts_afresh():
    state = played(SIX_TRICKS)
    player = RandomPlayer(7)
    while state.deal == 0:
        state.play(player.choose(state))
    # Deal 2: the Spades player deals (the Clubs player's left), so Diamonds leads.
    assert (state.deal, state.trick, state.to_play, state.leader, state.led_suit) == (1, 0, "D", "D", None)
    assert state.renounces == {"S": "", "H": "", "D": "", "C": ""}
    assert state.tricks_won() == [] and len(state.tricks_won(0)) == 13
    assert [len(deal["tricks"]) for deal in state.record()["deals"]] == [13]
    assert state.cards_placed() == 52
    first = state.legal_plays()
    assert first == state.hand("D")
    state.play(first[-1])
    assert state.led_suit == first[-1].suit
    assert [len(deal["tricks"]) for deal in state.record()["deals"]] == [13, 1]
    assert state.record()["deals"][0]["tricks"][:6] == [list(trick) for trick in SIX_TRICKS]


@pytest.mark.parametrize(
    ("form", "sheet_type", "score"),
    [("partnership", ScoreSheet, score_game), ("cutthroat", CutthroatSheet, score_cutthroat)],
)
def test_the_end_of_the_game(form, sheet_type, score):
    state = play_game(arranged_set(), ClubPlayer(0), form=form)
    assert state.is_over and (state.to_play, state.leader) == (None, None)
    assert (state.deal, state.trick, state.legal_plays()) == (3, 13, [])
    sheet = state.sheet_dict()
    # Card conservation (RULES.md §5): 13 × completed + unfinished + piles = 208.
    assert (
        13 * sum(sheet["calypsos"].values()) + sum(sheet["unfinished"].values()) + sum(sheet["trick_piles"].values())
        == 208
    )
    assert state.cards_placed() == 208 == state.cards_played
    assert (
        min(sum(sheet["calypsos"].values()), sum(sheet["unfinished"].values()), sum(sheet["trick_piles"].values())) > 0
    )
    assert isinstance(state.score_sheet(), sheet_type)
    assert state.score() == score(state.score_sheet())
    assert list(sheet["trick_piles"]) == (list(SUITS) if form == "cutthroat" else ["majors", "minors"])
    assert sheet.get("form") == ("cutthroat" if form == "cutthroat" else None)
    assert [len(deal["tricks"]) for deal in state.record()["deals"]] == [13, 13, 13, 13]


def test_unknown_form_and_seat_are_named():
    with pytest.raises(ValueError) as err:
        GameState(arranged_set(), form="teams")
    assert str(err.value) == "unknown scoring form 'teams' (known forms: 'partnership', 'cutthroat')"
    with pytest.raises(ValueError) as err:
        GameState(arranged_set()).hand("N")
    assert str(err.value) == "'N' is not a seat (use S, H, D or C)"


def test_text_that_is_not_a_card_is_an_illegal_play_naming_where():
    state = played(SIX_TRICKS[:1])
    with pytest.raises(IllegalPlay) as err:
        state.play("ZZ")
    assert str(err.value) == "'ZZ' is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)"
    assert (err.value.deal, err.value.trick, err.value.seat, err.value.card) == (0, 1, "S", None)
    state.play("2H")  # nothing changed: Spades still leads trick 2
    assert state.led_suit == "H"


def test_play_game_seats_each_player():
    players = {seat: RandomPlayer(seed) for seed, seat in enumerate(SUITS)}
    state = play_game(arranged_set(), players)
    assert state.is_over
    by_hand = GameState(arranged_set())
    again = {seat: RandomPlayer(seed) for seed, seat in enumerate(SUITS)}
    while not by_hand.is_over:
        by_hand.play(again[by_hand.to_play].choose(by_hand))
    assert state.record() == by_hand.record()


class FirstLegal:
    def choose(self, state: GameState):
        return state.legal_plays()[0]


def test_random_player_default_seed_is_zero_and_it_does_not_always_play_the_first_card():
    record = play_game(arranged_set(), RandomPlayer()).record()
    assert record == play_game(arranged_set(), RandomPlayer(0)).record()
    assert record != play_game(arranged_set(), FirstLegal()).record()
    assert record != play_game(arranged_set(), RandomPlayer(1)).record()


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("form", ["partnership", "cutthroat"])
def test_simulated_game_is_a_game_that_replays(rule, form):
    sheet = simulate_random_game(arranged_set(), rule, form, seed=3, record=True)
    record = sheet.pop("record")
    assert (record["rule"], record["form"], record["allow_revokes"]) == (rule, form, False)
    state = replay(arranged_set(), record)
    assert (state.rule, state.form) == (rule, form)
    assert state.sheet_dict() == sheet
    assert state.record() == record
    assert sheet["revokes"] == {"S": 0, "H": 0, "D": 0, "C": 0}


def test_simulated_game_defaults():
    sheet = simulate_random_game(arranged_set())
    assert "record" not in sheet and "form" not in sheet
    assert sheet == simulate_random_game(arranged_set(), STANDARD, "partnership", 0)
    assert sheet != simulate_random_game(arranged_set(), seed=1)
    assert list(sheet["trick_piles"]) == ["majors", "minors"]
    cut = simulate_random_game(arranged_set(), form="cutthroat", seed=2)
    assert cut["form"] == "cutthroat" and list(cut["trick_piles"]) == list(SUITS)
    assert cut == simulate_random_game(arranged_set(), form="cutthroat", seed=2)


def test_a_game_set_s_hands_are_prepared_once_and_let_go_with_the_set():
    first, second = arranged_set(), arranged_set(seed=1)
    prepared = play._prepared_deals(first)
    assert play._prepared_deals(second) is not prepared
    assert play._prepared_deals(first) is prepared  # kept per set object, not re-sorted
    assert GameState(first)._deals is prepared
    key = id(second)
    assert key in play._PREPARED
    del second
    gc.collect()
    assert key not in play._PREPARED  # a set that is gone leaves nothing behind
