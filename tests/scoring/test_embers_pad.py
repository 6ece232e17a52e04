"""An Embers pad scored by hand (issue #17, docs/variants.md): calypsos 500 / 750 / 1000 over the
whole game, 10 a trick-pile card hand by hand, 260 a revoke, 20 an unfinished card at the end only —
the JSON a director prints, and every problem named by its hand."""

from __future__ import annotations

import pytest

from scoring.embers import EmbersGame, EmbersHand, check_pad, play_embers_game, replay, score_embers
from scoring.play import IllegalPlay, RandomPlayer, ReplayError
from scoring.scores import ScoreSheetError
from scoring.tricks import BEAT_THE_LEADER

# Hand 1: ♠ completes a calypso; green room ends 2 + 5 + 3 + 0 = 10; piles 20 + 9: 13 + 10 + 29 = 52.
# ♦ revokes once. Hand 2: ♠ and ♦ complete one each; green room 10 → 11; piles 10 + 15: 26 + 1 + 25 = 52.
HAND_1 = {
    "calypsos": {"S": 1, "H": 0, "D": 0, "C": 0},
    "unfinished": {"S": 2, "H": 5, "D": 3, "C": 0},
    "trick_piles": {"majors": 20, "minors": 9},
    "revokes": {"D": 1},
}
HAND_2 = {
    "calypsos": {"S": 1, "H": 0, "D": 1, "C": 0},
    "unfinished": {"S": 0, "H": 6, "D": 1, "C": 4},
    "trick_piles": {"majors": 10, "minors": 15},
}


def test_a_two_hand_pad_scored_hand_by_hand_then_the_green_room_at_the_end():
    # Hand 1: majors ♠ 500 + pile 200 + ♦'s revoke 260 = 960; minors pile 90.
    # Hand 2: ♠'s second calypso 750 + pile 100 = 850; minors ♦'s first 500 + pile 150 = 650.
    # End: green room H 6, D 1, C 4 cards at 20: majors + 120 = 1930, minors + 100 = 840; net 1090.
    score = score_embers([HAND_1, HAND_2])
    assert score.to_dict() == {
        "hands": [
            {
                "hand": 1,
                "calypso_points": {"S": 500, "H": 0, "D": 0, "C": 0},
                "trick_pile_points": {"majors": 200, "minors": 90},
                "revoke_points": {"majors": 260, "minors": 0},
                "points": {"majors": 960, "minors": 90},
                "totals": {"majors": 960, "minors": 90},
            },
            {
                "hand": 2,
                "calypso_points": {"S": 750, "H": 0, "D": 500, "C": 0},
                "trick_pile_points": {"majors": 100, "minors": 150},
                "revoke_points": {"majors": 0, "minors": 0},
                "points": {"majors": 850, "minors": 650},
                "totals": {"majors": 1810, "minors": 740},
            },
        ],
        "unfinished_points": {"S": 0, "H": 120, "D": 20, "C": 80},
        "final": {"majors": 1930, "minors": 840},
        "net": 1090,
    }


def test_a_pad_of_a_game_still_going_has_no_end_points_yet():
    score = score_embers([HAND_1, HAND_2], finished=False)
    assert score.unfinished_points is None
    assert score.final == {"majors": 1810, "minors": 740} and score.net == 1070
    assert score_embers([], finished=True).final == {"majors": 0, "minors": 0}


def test_a_hand_reads_back_from_its_json_with_every_revoke_written():
    hand = EmbersHand.from_dict(HAND_2)
    assert hand.to_dict() == {**HAND_2, "revokes": {"S": 0, "H": 0, "D": 0, "C": 0}}
    assert EmbersHand.from_dict(hand.to_dict()) == hand
    assert score_embers([EmbersHand.from_dict(HAND_1), hand]).net == 1090  # hands given as objects


def test_a_pad_that_does_not_add_up_names_the_hand_and_every_count():
    broken = [HAND_1, {**HAND_2, "trick_piles": {"majors": 10, "minors": 16}}]
    words = (
        "hand 2: cards add up to 53, not the 52 dealt: 1 too many (calypsos 13×2 = 26, green room 10 → 11, "
        "trick piles 10 + 16 = 26)"
    )
    assert check_pad(broken) == [words]
    with pytest.raises(ScoreSheetError) as caught:
        score_embers(broken)
    assert caught.value.problems == [words] and str(caught.value) == words
    short = [HAND_1, {**HAND_2, "trick_piles": {"majors": 10, "minors": 13}}]
    assert check_pad(short)[0].startswith("hand 2: cards add up to 50, not the 52 dealt: 2 missing (")


def test_a_malformed_hand_is_named_with_every_problem():
    problems = check_pad([HAND_1, {"calypsos": {"S": 1}}])
    assert problems == [
        "hand 2: calypsos.H is missing",
        "hand 2: calypsos.D is missing",
        "hand 2: calypsos.C is missing",
        "hand 2: unfinished must be an object with S, H, D, C",
        "hand 2: trick_piles must be an object with majors, minors",
    ]
    with pytest.raises(ScoreSheetError) as caught:
        score_embers([HAND_1, {"calypsos": {"S": 1}}])
    assert caught.value.problems == problems and str(caught.value) == "; ".join(problems)
    with pytest.raises(ScoreSheetError) as caught:
        EmbersHand.from_dict(["S"])
    assert str(caught.value) == "a hand of the pad is an object, not list"
    assert check_pad(["x"]) == ["hand 1: a hand of the pad is an object, not str"]


def test_a_whole_game_is_played_with_the_seed_and_rule_asked_for():
    game = play_embers_game(RandomPlayer(4), hands=2, seed=5, rule=BEAT_THE_LEADER)
    assert (game.hands, game.seed, game.rule, game.is_over) == (2, 5, BEAT_THE_LEADER, True)
    again = EmbersGame(2, 5, BEAT_THE_LEADER)
    player = RandomPlayer(4)
    while not again.is_over:
        again.play(player.choose(again))
    assert again.pad == game.pad
    default = play_embers_game(RandomPlayer(4), hands=1)
    assert (default.seed, default.rule) == (0, "standard")


def test_a_game_in_progress_scores_no_green_room_yet():
    game = EmbersGame(2, 7)
    player = RandomPlayer(2)
    while not game.pad:  # play the first hand only
        game.play(player.choose(game))
    assert not game.is_over and game.score().unfinished_points is None
    while not game.is_over:
        game.play(player.choose(game))
    assert game.score().unfinished_points is not None


def test_a_record_keeps_the_first_dealer_and_revokes_setting_and_replays_with_them():
    game = EmbersGame(1, 3, first_dealer="H", allow_revokes=True)
    record = game.record()
    assert (record["first_dealer"], record["allow_revokes"], record["rule"]) == ("H", True, "standard")
    again = replay(record)
    assert (again.first_dealer, again.allow_revokes) == ("H", True)
    plain = {key: value for key, value in record.items() if key not in ("rule", "first_dealer", "allow_revokes")}
    assert (replay(plain).rule, replay(plain).first_dealer, replay(plain).allow_revokes) == ("standard", "S", False)


@pytest.mark.parametrize("record", [["x"], {"format": "calypso-embers/3", "hands": 1, "seed": 0}])
def test_something_else_is_not_replayed_as_an_embers_record(record):
    with pytest.raises(ReplayError) as refused:
        replay(record)
    assert str(refused.value) == "not an Embers record (format 'calypso-embers/2')"


def test_a_record_dealt_by_the_old_reading_of_the_fire_hand_is_refused_saying_why():
    with pytest.raises(ReplayError) as refused:
        replay({"format": "calypso-embers/1", "hands": 2, "seed": 0, "deals": []})
    assert str(refused.value) == (
        "an Embers record of format 'calypso-embers/1' was dealt by the old reading of the rules (hand 2 from "
        "hand 1's cards sent back, not from the cards not yet dealt): it cannot be replayed"
    )


def test_a_players_third_calypso_of_the_game_is_worth_1000_whichever_hand_it_comes_in():
    # ♠ completes one calypso in each of three hands: 500, 750, then 1000 (RULES.md §5, over the game).
    hand = {
        "calypsos": {"S": 1, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 0, "H": 0, "D": 0, "C": 0},
        "trick_piles": {"majors": 20, "minors": 19},
    }
    score = score_embers([hand, hand, hand])
    assert [h.calypso_points["S"] for h in score.hands] == [500, 750, 1000]


def test_revokes_written_for_some_players_only_count_for_those():
    # A hand built in code with only ♦'s revoke written: the majors gain 260, nobody else anything.
    hand = EmbersHand(
        calypsos={"S": 1, "H": 0, "D": 0, "C": 0},
        unfinished={"S": 2, "H": 5, "D": 3, "C": 0},
        trick_piles={"majors": 20, "minors": 9},
        revokes={"D": 1},
    )
    assert score_embers([hand]).hands[0].revoke_points == {"majors": 260, "minors": 0}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"hands": 0}, "an Embers game is a whole number of hands, at least 1, not 0"),
        ({"hands": True}, "an Embers game is a whole number of hands, at least 1, not True"),
        ({"hands": "2"}, "an Embers game is a whole number of hands, at least 1, not '2'"),
        ({"first_dealer": "X"}, "first dealer 'X' is not a seat (use S, H, D or C)"),
    ],
)
def test_a_game_that_cannot_be_is_refused_saying_why(options, words):
    with pytest.raises(ValueError) as refused:
        EmbersGame(**options)
    assert str(refused.value) == words


def test_a_game_by_default_is_four_hands_from_seed_0_without_revokes_and_plays_its_rule():
    game = EmbersGame()
    assert (game.hands, game.seed, game.allow_revokes, game.game.allow_revokes) == (4, 0, False, False)
    other = EmbersGame(1, 2, BEAT_THE_LEADER, allow_revokes=True)
    assert (other.game.rule, other.game.allow_revokes) == (BEAT_THE_LEADER, True)


def test_a_card_after_the_last_hand_is_refused():
    game = play_embers_game(RandomPlayer(1), hands=1)
    assert game.legal_plays() == [] and game.to_play is None
    with pytest.raises(IllegalPlay) as refused:
        game.play("AS")
    error = refused.value
    assert (str(error), error.deal, error.trick, error.seat, error.card) == ("the game is over", 0, 0, None, None)


def test_a_record_that_cannot_have_happened_names_the_hand_trick_and_card():
    record = play_embers_game(RandomPlayer(1), hands=2, seed=3).record()
    # Hand 1 stops after its first trick: hand 2 is not due yet.
    short = {
        **record,
        "deals": [{**record["deals"][0], "tricks": record["deals"][0]["tricks"][:1]}, record["deals"][1]],
    }
    with pytest.raises(ReplayError) as refused:
        replay(short)
    assert (str(refused.value), refused.value.deal) == ("hand 2 is not due: the game has 2 hands", 1)
    # A third hand in a game of two.
    with pytest.raises(ReplayError) as refused:
        replay({**record, "deals": [*record["deals"], record["deals"][0]]})
    assert (str(refused.value), refused.value.deal) == ("hand 3 is not due: the game has 2 hands", 2)
    # Hand 1 dealt from another seed's cards.
    other = play_embers_game(RandomPlayer(1), hands=2, seed=4).record()
    with pytest.raises(ReplayError) as refused:
        replay({**record, "deals": [{**record["deals"][0], "dealt": other["deals"][0]["dealt"]}]})
    assert (str(refused.value), refused.value.deal) == ("hand 1 was dealt other cards than the seed deals", 0)
    # The leader of trick 1 plays the card the next player played: not in the leader's hand.
    first = record["deals"][0]["tricks"][0]
    wrong = [[first[1], *first[1:]], *record["deals"][0]["tricks"][1:]]
    with pytest.raises(ReplayError) as refused:
        replay({**record, "deals": [{**record["deals"][0], "tricks": wrong}]})
    error = refused.value
    assert str(error).startswith("hand 1, trick 1: ") and (error.deal, error.trick, error.card) == (0, 0, first[1])
    with pytest.raises(ReplayError) as refused:
        replay({"format": "calypso-embers/2", "seed": 0})
    assert str(refused.value) == "not an Embers record: 'hands'"


def test_a_record_of_dealt_hands_without_tricks_replays_to_the_first_card():
    record = EmbersGame(2, 3).record()
    record["deals"] = [{"dealt": record["deals"][0]["dealt"]}]
    game = replay(record)
    assert (game.hand, game.pad, game.to_play is not None) == (0, [], True)


def test_a_hands_json_writes_a_revoke_for_every_player_zero_when_not_given():
    hand = EmbersHand(
        calypsos={"S": 1, "H": 0, "D": 0, "C": 0},
        unfinished={"S": 2, "H": 5, "D": 3, "C": 0},
        trick_piles={"majors": 20, "minors": 9},
        revokes={"D": 1},
    )
    assert hand.to_dict()["revokes"] == {"S": 0, "H": 0, "D": 1, "C": 0}


def test_a_hand_with_bad_counts_is_refused_with_every_problem_joined():
    with pytest.raises(ScoreSheetError) as caught:
        EmbersHand.from_dict({**HAND_2, "revokes": {"S": "x"}, "calypsos": {"S": "one", "H": 0, "D": 0, "C": 0}})
    problems = caught.value.problems
    assert problems == ["calypsos.S must be a whole number, not 'one'", "revokes.S must be a whole number, not 'x'"]
    assert str(caught.value) == "; ".join(problems)


def test_a_whole_game_is_four_hands_unless_asked():
    assert play_embers_game(RandomPlayer(2)).hands == 4


def test_a_revoke_in_play_is_written_on_the_hands_line_of_the_pad():
    # With revokes allowed, the second player of the first trick plays another suit while holding
    # the led one: the pad's line for the hand records that revoke, and the other side scores 260.
    game = EmbersGame(1, 3, allow_revokes=True)
    revoked = None
    while not game.is_over:
        legal = game.legal_plays()
        seat = game.to_play
        other = [c for c in game.game.table_set.deals[0][seat] if c not in legal]
        if revoked is None and legal and other and len(game.legal_plays()) < 13:
            for card in other:
                try:
                    game.play(card)
                except IllegalPlay:
                    continue
                revoked = seat
                break
            if revoked is not None:
                continue
        game.play(legal[0])
    assert revoked is not None
    (line,) = game.pad
    assert line.revokes[revoked] == 1 and sum(line.revokes.values()) == 1
    side = "minors" if revoked in "SH" else "majors"
    assert game.score().hands[0].revoke_points[side] == 260
