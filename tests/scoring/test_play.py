"""The play engine (scoring.play): legality, renounces, placement of won cards, replay, invariants."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import _fastplay as fp
from scoring.cards import PARTNER, SUITS, Card, parse_card, parse_cards, quad_deck, sort_key
from scoring.club import ClubPlayer
from scoring.gamesets import GameSet, GameSetError, commitment
from scoring.play import (
    GameState,
    IllegalPlay,
    RandomPlayer,
    ReplayError,
    play_game,
    replay,
    simulate_random_game,
)
from scoring.scores import calypso_points, score_cutthroat, score_game
from scoring.tricks import ALL_FOURS, BEAT_THE_LEADER, RULES, STANDARD, legal_plays, trick_winner

FORMS = ("partnership", "cutthroat")
SIDE = {"S": "majors", "H": "majors", "D": "minors", "C": "minors"}


def make_set(
    seed: int = 0,
    first: dict[str, str] | None = None,
    *,
    number: int = 1,
    first_dealer: str = "S",
    orientation: str = "SDHC",
) -> GameSet:
    """A valid game set; ``first`` fixes some cards of deal 1's hands (seat -> cards), the rest is
    shuffled from what is left of the quad-deck."""
    rng = random.Random(seed)
    pool = Counter(quad_deck())
    fixed = {seat: parse_cards(text) for seat, text in (first or {}).items()}
    for cards in fixed.values():
        pool.subtract(cards)
    assert min(pool.values()) >= 0
    rest = list(pool.elements())
    rng.shuffle(rest)
    deals = []
    for d in range(4):
        deal = {}
        for seat in SUITS:
            hand = list(fixed.get(seat, [])) if d == 0 else []
            while len(hand) < 13:
                hand.append(rest.pop())
            deal[seat] = tuple(hand)
        deals.append(deal)
    return GameSet(number, tuple(deals), first_dealer, orientation)


def play_trick(state: GameState, cards: str) -> str | None:
    winner = None
    for card in parse_cards(cards):
        winner = state.play(card)
    return winner


# --- placement of won cards (RULES.md §4) -----------------------------------------------------

SEVEN_8_8_K = parse_cards("7S 8S 8S KS")
ALL_BUT_7 = fp.FULL & ~(1 << parse_card("7S").rank_value)


@pytest.mark.parametrize("order", list(itertools.permutations(SEVEN_8_8_K)), ids=lambda o: "-".join(map(str, o)))
def test_completion_exception_any_play_order(order):
    mask, count, done, pile = [ALL_BUT_7, 0, 0, 0], [12, 0, 0, 0], [0, 0, 0, 0], [0, 0]
    fp.take_trick([c.index for c in order], 0, mask, count, done, pile, False)
    assert done == [1, 0, 0, 0]
    assert mask[0] == 1 << parse_card("8S").rank_value | 1 << parse_card("KS").rank_value
    assert count[0] == 2
    assert pile == [1, 0]  # the second 8


def test_completion_exception_partner_wins_and_two_missing_ranks():
    # Spades needs 7 and 9; Hearts (partner) wins 7S 9S 7S 9S: completed, 7 and 9 start the next one.
    mask = [fp.FULL & ~(1 << 5) & ~(1 << 7), 0, 0, 0]
    count, done, pile = [11, 0, 0, 0], [0, 0, 0, 0], [0, 0]
    fp.take_trick([c.index for c in parse_cards("7S 9S 7S 9S")], 1, mask, count, done, pile, False)
    assert (done[0], count[0], mask[0], pile) == (1, 2, 1 << 5 | 1 << 7, [0, 0])


def test_no_completion_duplicates_go_to_the_pile():
    mask, count, done, pile = [1 << 6, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0]
    fp.take_trick([c.index for c in SEVEN_8_8_K], 0, mask, count, done, pile, False)
    assert (done[0], count[0], pile) == (0, 3, [2, 0])  # 7 K join the 8; both new 8s are duplicates


def test_completion_exception_in_a_game_whichever_seat_holds_the_seven():
    # Deal 1: Diamonds leads (dealer Spades); Hearts' KS wins a spade trick, spades go to partner S.
    for holders in itertools.permutations("DCS"):
        cards = dict(zip(holders, ("7S", "8S", "8S"), strict=True))
        gs = make_set(1, {"H": "KS", **cards})
        state = GameState(gs)
        state._mask[0], state._count[0] = ALL_BUT_7, 12  # position: Spades needs only the 7
        assert play_trick(state, " ".join([cards["D"], "KS", cards["C"], cards["S"]])) == "H"
        assert state.completed["S"] == 1
        assert [str(c) for c in state.calypso("S")] == ["8S", "KS"]
        assert state.trick_piles == {"majors": 1, "minors": 0}


def test_partner_placement_and_duplicates_in_one_trick():
    gs = make_set(2, {"D": "8S", "H": "KS", "C": "8S", "S": "7S"})
    state = GameState(gs)
    assert state.to_play == "D"  # dealer S, Diamonds at the dealer's left leads
    assert play_trick(state, "8S KS 8S 7S") == "H"
    assert [str(c) for c in state.calypso("S")] == ["7S", "8S", "KS"]
    assert state.calypso("H") == []
    assert state.trick_piles == {"majors": 1, "minors": 0}
    assert state.to_play == "H"  # the winner leads


def test_winner_own_suit_and_opponents_suits():
    gs = make_set(3, {"D": "5H AD", "H": "AH 3C", "C": "2H 4D", "S": "9H 6S"})
    state = GameState(gs)
    assert play_trick(state, "5H AH 2H 9H") == "H"
    assert [str(c) for c in state.calypso("H")] == ["2H", "5H", "9H", "AH"]
    assert state.trick_piles == {"majors": 0, "minors": 0}
    # Opponents' suits go to the winner's side's pile (Clubs following in its own suit is no trump-in).
    gs = _void_set({"D": "5C", "H": "2D", "C": "3C", "S": "AC"}, {"H": "CH"})
    state = GameState(gs)
    assert play_trick(state, "5C 2D 3C AC") == "S"
    assert state.trick_piles == {"majors": 4, "minors": 0}
    assert state.calypso("S") == [] and state.calypso("H") == []


def test_cutthroat_winner_keeps_only_own_suit():
    gs = make_set(2, {"D": "8S", "H": "KS", "C": "8S", "S": "7S"})
    state = GameState(gs, form="cutthroat")
    assert play_trick(state, "8S KS 8S 7S") == "H"
    assert state.calypso("S") == [] and state.calypso("H") == []
    assert state.trick_piles == {"S": 0, "H": 4, "D": 0, "C": 0}
    gs = make_set(5, {"D": "8H", "H": "KH", "C": "8H", "S": "7H"})
    state = GameState(gs, form="cutthroat")
    assert play_trick(state, "8H KH 8H 7H") == "H"
    assert [str(c) for c in state.calypso("H")] == ["7H", "8H", "KH"]
    assert state.trick_piles == {"S": 0, "H": 1, "D": 0, "C": 0}


# --- legality, renounces, revokes ---------------------------------------------------------------


def _void_set(first: dict[str, str], voids: dict[str, str]) -> GameSet:
    """Deal 1 fully specified by suit-length constraints: seats in ``voids`` lack those suits."""
    pool = Counter(quad_deck())
    hands: dict[str, list[Card]] = {seat: parse_cards(text) for seat, text in first.items()}
    for cards in hands.values():
        pool.subtract(cards)
    rest = sorted(pool.elements(), key=lambda c: c.index)
    rng = random.Random(7)
    rng.shuffle(rest)
    deal = {}
    for seat in ("D", "H", "C", "S"):
        hand = hands.get(seat, [])
        banned = voids.get(seat, "")
        keep = []
        for card in rest:
            if len(hand) >= 13 or card.suit in banned:
                keep.append(card)
            else:
                hand.append(card)
        rest = keep
        deal[seat] = tuple(hand)
    deals = [deal]
    for _ in range(3):
        deals.append({seat: tuple(rest.pop() for _ in range(13)) for seat in SUITS})
    return GameSet(1, tuple(deals))


def test_must_follow_suit_and_nothing_changes():
    gs = _void_set({"D": "5S", "H": "2S 3H"}, {})
    state = GameState(gs)
    state.play("5S")
    with pytest.raises(IllegalPlay, match=r"deal 1, trick 1: Hearts \(H\) must follow suit — holds \d+ spades") as e:
        state.play("3H")
    assert (e.value.deal, e.value.trick, e.value.seat, str(e.value.card)) == (0, 0, "H", "3H")
    assert state.to_play == "H" and len(state.current_trick) == 1
    assert parse_card("3H") in state.hand("H")
    assert all(c.suit == "S" for c in state.legal_plays())


def test_card_not_held_rejected():
    gs = _void_set({"D": "5S"}, {"D": "H"})
    state = GameState(gs)
    with pytest.raises(IllegalPlay, match=r"Diamonds \(D\) does not hold AH"):
        state.play("AH")
    with pytest.raises(IllegalPlay, match="not a card"):
        state.play("ZZ")


@pytest.mark.parametrize("rule", RULES)
def test_renounce_indicators(rule):
    # Diamonds leads a spade; Hearts is void in spades and trumps in; Clubs void too and discards.
    gs = _void_set({"D": "5S", "H": "2H", "C": "4D", "S": "6S"}, {"H": "S", "C": "S"})
    state = GameState(gs, rule=rule)
    assert state.renounces == dict.fromkeys(SUITS, "")
    assert play_trick(state, "5S 2H 4D 6S") == "H"
    # Under All Fours a trump-in does not show a void (it was allowed anyway): only the discard does.
    assert state.renounces == {"S": "", "H": "" if rule == ALL_FOURS else "S", "D": "", "C": "S"}


def test_renounces_reset_each_deal():
    gs = make_set(9)
    state = GameState(gs)
    player = RandomPlayer(3)
    seen = False
    while state.deal == 0:
        state.play(player.choose(state))
        seen = seen or any(state.renounces.values())
    assert seen  # 13 random tricks always show some void
    assert state.renounces == dict.fromkeys(SUITS, "")


@pytest.mark.parametrize("rule", RULES)
def test_all_fours_trumping_while_able_to_follow(rule):
    gs = _void_set({"D": "5S", "H": "2S 3H", "C": "4S", "S": "6S"}, {})
    state = GameState(gs, rule=rule)
    state.play("5S")
    if rule != ALL_FOURS:
        with pytest.raises(IllegalPlay, match="must follow"):
            state.play("3H")
        return
    assert parse_card("3H") in state.legal_plays()
    assert parse_card("2S") in state.legal_plays()
    assert all(c.suit in "SH" for c in state.legal_plays())
    assert state.play("3H") is None
    assert state.renounces["H"] == ""  # trumping in shows nothing
    assert play_trick(state, "4S 6S") == "H"  # the trump-in wins (Diamonds did not lead its own suit)
    assert state.revokes == dict.fromkeys(SUITS, 0)


def test_all_fours_discard_while_able_to_follow_is_still_illegal():
    gs = _void_set({"D": "5S", "H": "2S 3D 3H"}, {})
    state = GameState(gs, rule=ALL_FOURS)
    state.play("5S")
    with pytest.raises(IllegalPlay, match=r"follow spades or play hearts \(All Fours\)"):
        state.play("3D")


def test_revokes_recorded_when_allowed():
    gs = _void_set({"D": "5S", "H": "2S 3D", "C": "4S", "S": "6S"}, {})
    state = GameState(gs, allow_revokes=True)
    state.play("5S")
    state.play("3D")  # a revoke: Hearts holds 2S
    assert state.revokes == {"S": 0, "H": 1, "D": 0, "C": 0}
    assert state.renounces["H"] == "S"  # the table sees the failure to follow
    play_trick(state, "4S 6S")
    player = RandomPlayer(1)
    while not state.is_over:
        state.play(player.choose(state))
    sheet = state.score_sheet()
    assert sheet.revokes["H"] == 1
    assert score_game(sheet).revoke_points == {"majors": 0, "minors": 260}
    assert state.record()["allow_revokes"] is True
    again = replay(gs, json.loads(json.dumps(state.record())))
    assert again.revokes == state.revokes
    with pytest.raises(ReplayError, match=r"deal 1, trick 1, card 2 \(Hearts, H\): 3D is impossible — .*must follow"):
        replay(gs, state.record(), allow_revokes=False)


def test_game_over_and_score_sheet_only_at_the_end():
    gs = make_set(11)
    state = GameState(gs)
    with pytest.raises(ValueError, match="not over: deal 1, trick 1, 0 of 208"):
        state.score_sheet()
    player = RandomPlayer(11)
    while not state.is_over:
        state.play(player.choose(state))
    assert state.to_play is None and state.legal_plays() == []
    assert state.cards_played == 208 and state.cards_placed() == 208
    with pytest.raises(IllegalPlay, match="game is over"):
        state.play("AS")


def test_leaders_follow_dealers_and_trick_winners():
    gs = make_set(12, first_dealer="H", orientation="SCHD")
    state = GameState(gs)
    player = RandomPlayer(5)
    for d in range(4):
        assert state.deal == d and state.trick == 0
        assert state.to_play == gs.leader(d) == gs.left_of(gs.dealer(d))
        order = [state.to_play]
        while state.deal == d and not state.is_over:
            seat = state.to_play
            won = state.play(player.choose(state))
            if won is None:
                assert state.to_play == gs.left_of(seat)
            elif state.trick < 13 and state.deal == d:
                assert state.to_play == won
        assert len(state.tricks_won(d)) == 13
        assert order


def test_unknown_rule_and_form():
    gs = make_set(0)
    with pytest.raises(ValueError, match="'whist'"):
        GameState(gs, rule="whist")
    with pytest.raises(ValueError, match="'solo'"):
        GameState(gs, form="solo")


# --- play records and replay -------------------------------------------------------------------


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("form", FORMS)
def test_fast_simulation_matches_the_referee(rule, form):
    gs = make_set(21)
    tables = fp.SetTables(gs)
    for seed in range(15):
        sheet = simulate_random_game(gs, rule, form, seed, tables=tables, record=True)
        record = sheet.pop("record")
        state = replay(gs, json.loads(json.dumps(record)), rule)
        assert state.is_over
        assert state.sheet_dict() == sheet
        assert state.record() == record


def test_record_round_trip_and_determinism():
    gs = make_set(22)
    a = play_game(gs, ClubPlayer(4), BEAT_THE_LEADER)
    b = play_game(gs, ClubPlayer(4), BEAT_THE_LEADER)
    c = play_game(gs, RandomPlayer(4), BEAT_THE_LEADER)
    assert a.record() == b.record() != c.record()
    record = json.loads(json.dumps(a.record()))
    assert record["format"] == "calypso-play/1"
    assert record["game_set"] == {"number": 1, "commitment": commitment([gs])}
    assert [len(d["tricks"]) for d in record["deals"]] == [13] * 4
    state = replay(gs, record)
    assert state.rule == BEAT_THE_LEADER
    assert state.sheet_dict() == a.sheet_dict()
    assert score_game(state.score_sheet()) == a.score()


def test_partial_record_replays_to_a_game_in_progress():
    gs = make_set(23)
    full = play_game(gs, RandomPlayer(1)).record()
    partial = {**full, "deals": [full["deals"][0], {"tricks": [*full["deals"][1]["tricks"][:4], ["AS"][:0]]}]}
    partial["deals"][1]["tricks"][-1] = full["deals"][1]["tricks"][4][:2]
    state = replay(gs, partial)
    assert (state.deal, state.trick, len(state.current_trick)) == (1, 4, 2)
    assert state.record() == partial
    assert state.cards_placed() == 4 * (13 + 4)


def _error(gs: GameSet, record: dict, **kwargs) -> ReplayError:
    with pytest.raises(ReplayError) as e:
        replay(gs, record, **kwargs)
    return e.value


@pytest.mark.parametrize("flag", ["false", "true", 0, None])
def test_replay_refuses_allow_revokes_that_is_not_a_json_boolean(flag):
    gs = make_set(25)
    record = {**play_game(gs, RandomPlayer(2)).record(), "allow_revokes": flag}
    assert "'allow_revokes' must be true or false" in str(_error(gs, record))
    assert replay(gs, {**record, "allow_revokes": False}).allow_revokes is False


def test_replay_errors_name_deal_trick_seat_and_card():
    gs = make_set(24)
    record = play_game(gs, RandomPlayer(2)).record()
    deals = record["deals"]

    # A card the player does not hold (already played earlier in the deal).
    bad = json.loads(json.dumps(record))
    trick = bad["deals"][2]["tricks"][5]
    trick[2] = bad["deals"][2]["tricks"][0][0]
    state = GameState(gs)
    for d in range(2):
        for t in deals[d]["tricks"]:
            for card in t:
                state.play(card)
    err = _error(gs, bad)
    assert (err.deal, err.trick) == (2, 5)
    assert str(err).startswith(f"deal 3, trick 6, card 3 ({_name(err.seat)}, {err.seat}): {trick[2]} is impossible")
    assert "does not hold" in str(err)

    bad = json.loads(json.dumps(record))
    bad["deals"][0]["tricks"][0][0] = "1X"
    assert "deal 1, trick 1, card 1" in str(_error(gs, bad)) and "'1X' is not a card" in str(_error(gs, bad))

    bad = json.loads(json.dumps(record))
    bad["deals"][1]["tricks"][3].append("AS")
    assert "deal 2, trick 4 has 5 cards" in str(_error(gs, bad))

    bad = json.loads(json.dumps(record))
    del bad["deals"][0]["tricks"][12]
    assert "deal 1 has 12 tricks but deal 2 follows" in str(_error(gs, bad))

    bad = json.loads(json.dumps(record))
    bad["deals"][0]["tricks"][2] = bad["deals"][0]["tricks"][2][:3]
    assert "deal 1, trick 3 has 3 cards" in str(_error(gs, bad))

    assert "under rule 'standard', not 'all-fours'" in str(_error(gs, record, rule=ALL_FOURS))
    assert "game set 1, not game set 7" in str(_error(make_set(24, number=7), record))
    assert "played on other hands than game set 1" in str(_error(make_set(25), record))
    unsealed = {**record, "game_set": 1}
    assert replay(gs, unsealed).is_over
    assert "format 'calypso-gamesets/1'" in str(_error(gs, {**record, "format": "calypso-gamesets/1"}))
    assert "no 'deals' list" in str(_error(gs, {"format": "calypso-play/1"}))
    assert "5 deals" in str(_error(gs, {**record, "deals": [*deals, deals[0]]}))


def test_replay_error_for_a_failure_to_follow():
    gs = _void_set({"D": "5S", "H": "2S 3D"}, {})
    err = _error(gs, {"deals": [{"tricks": [["5S", "3D"]]}]})
    assert str(err).startswith("deal 1, trick 1, card 2 (Hearts, H): 3D is impossible — Hearts (H) must follow suit")
    assert (err.seat, str(err.card)) == ("H", "3D")


def _name(seat: str) -> str:
    return {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}[seat]


# --- invariants over random games (an independent model of RULES.md §4) --------------------------


class Reference:
    """A deliberately plain model of where won cards go, with Card objects and lists."""

    def __init__(self, form: str) -> None:
        self.cutthroat = form == "cutthroat"
        self.current: dict[str, list[Card]] = {seat: [] for seat in SUITS}
        self.completed: dict[str, list[list[Card]]] = {seat: [] for seat in SUITS}
        self.piles: Counter[str] = Counter()

    def take(self, cards: list[Card], winner: str) -> None:
        owners = [winner] if self.cutthroat else [winner, PARTNER[winner]]
        pile = winner if self.cutthroat else SIDE[winner]
        for card in cards:
            if card.suit not in owners:
                self.piles[pile] += 1
        for owner in owners:
            calypso = self.current[owner]
            spare = []
            for card in (c for c in cards if c.suit == owner):
                if any(c.rank == card.rank for c in calypso):
                    spare.append(card)
                else:
                    calypso.append(card)
            if len(calypso) == 13:
                self.completed[owner].append(calypso)
                calypso = self.current[owner] = []
                for card in spare:
                    if any(c.rank == card.rank for c in calypso):
                        self.piles[pile] += 1
                    else:
                        calypso.append(card)
            else:
                self.piles[pile] += len(spare)

    def scores(self) -> dict[str, int]:
        points = {seat: calypso_points(len(self.completed[seat])) + 20 * len(self.current[seat]) for seat in SUITS}
        if self.cutthroat:
            return {seat: points[seat] + 10 * self.piles[seat] for seat in SUITS}
        return {
            side: sum(points[s] for s in SUITS if SIDE[s] == side) + 10 * self.piles[side]
            for side in ("majors", "minors")
        }


def check_game(gs: GameSet, rule: str, form: str, seed: int, club: bool = False) -> GameState:
    state = GameState(gs, rule=rule, form=form)
    player = ClubPlayer(seed) if club else RandomPlayer(seed)
    ref = Reference(form)
    tricks_done = 0
    played: list[Counter[Card]] = [Counter() for _ in range(4)]
    held_deal, held = -1, {}
    while not state.is_over:
        deal = state.deal
        trick_before = [*state.current_trick]
        card = player.choose(state)
        seat = state.to_play
        # The referee's quick lists agree with the rule as scoring.tricks words it, card for card
        # and in hand order, and the hand is what was dealt less what was played.
        hand = state.hand(seat)
        assert hand == sorted(hand, key=sort_key)
        if deal != held_deal:
            held_deal, held = deal, {s: Counter(gs.deals[deal][s]) for s in SUITS}
        assert Counter(hand) == held[seat]
        held[seat][card] -= 1
        assert state.legal_plays() == legal_plays(hand, state.led_suit, seat, rule)
        assert card in state.legal_plays()
        won = state.play(card)
        played[deal][card] += 1
        if won is None:
            continue
        tricks_done += 1
        seats = [s for s, _ in trick_before] + [seat]
        cards = [c for _, c in trick_before] + [card]
        assert seats[trick_winner(cards, seats, rule)] == won
        ref.take(cards, won)
        # 208-card conservation for the cards played so far
        assert state.cards_placed() == 4 * tricks_done == sum(sum(c.values()) for c in played)
        for s in SUITS:
            ranks = [c.rank for c in state.calypso(s)]
            assert len(ranks) == len(set(ranks)) <= 12
            assert sorted(state.calypso(s), key=lambda c: c.index) == sorted(ref.current[s], key=lambda c: c.index)
            assert state.completed[s] == len(ref.completed[s])
        assert state.trick_piles == {k: ref.piles[k] for k in state.trick_piles}
    # every card played exactly once: each deal's plays are that deal's 16 hands
    for d in range(4):
        assert played[d] == Counter(c for seat in SUITS for c in gs.deals[d][seat])
    for s in SUITS:
        for calypso in ref.completed[s]:
            assert len(calypso) == 13 and {c.rank for c in calypso} == set("23456789TJQKA")
            assert {c.suit for c in calypso} == {s}
    score = state.score()
    if form == "cutthroat":
        assert score == score_cutthroat(state.score_sheet())
        assert score.scores == ref.scores()
    else:
        assert score == score_game(state.score_sheet())
        assert {"majors": score.majors, "minors": score.minors} == ref.scores()
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULES), st.sampled_from(FORMS))
def test_invariants_random_players(seed, rule, form):
    gs = make_set(seed, first_dealer="SHDC"[seed % 4], orientation=("SDHC", "SCHD")[seed % 2])
    check_game(gs, rule, form, seed)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULES), st.sampled_from(FORMS))
def test_invariants_club_players(seed, rule, form):
    check_game(make_set(seed), rule, form, seed, club=True)


def test_completions_happen_in_checked_games():
    # Make sure the invariant checks above really see calypsoes being completed.
    completed = 0
    for seed in range(6):
        state = check_game(make_set(seed), STANDARD, "partnership", seed, club=True)
        completed += sum(state.completed.values())
    assert completed > 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_revoking_players_are_counted(seed):
    """Players who sometimes fail to follow: every such play is recorded as a revoke."""
    gs = make_set(seed)
    rule = RULES[seed % 3]
    state = GameState(gs, rule=rule, allow_revokes=True)
    rng = random.Random(seed)
    expected = Counter()
    while not state.is_over:
        seat = state.to_play
        hand = state.hand(seat)
        card = rng.choice(hand) if rng.random() < 0.1 else rng.choice(state.legal_plays())
        led = state.led_suit
        able = led is not None and any(c.suit == led for c in hand)
        if able and card.suit != led and not (rule == ALL_FOURS and card.suit == seat):
            expected[seat] += 1
        state.play(card)
    assert state.revokes == {s: expected[s] for s in SUITS}
    assert state.score_sheet().revokes == state.revokes


# --- a referee only for a valid set, and clear errors for unknown seats and deals --------------------------------


@pytest.mark.parametrize(
    ("first_dealer", "orientation", "problem"),
    [("S", "SHDC", "orientation"), ("X", "SDHC", "first dealer"), ("", "SDHC", "first dealer")],
)
def test_game_state_refuses_a_set_seated_wrongly(first_dealer, orientation, problem):
    # SHDC would seat partners side by side: turn order and leaders would be wrong, silently.
    gs = make_set(3)
    bad = GameSet(gs.number, gs.deals, first_dealer, orientation)
    with pytest.raises(GameSetError, match=problem):
        GameState(bad)
    with pytest.raises(GameSetError, match=problem):
        simulate_random_game(bad)


def test_game_state_refuses_a_set_that_is_not_the_quad_deck():
    gs = make_set(4)
    deals = [dict(deal) for deal in gs.deals]
    deals[0]["S"] = (parse_card("AS"),) * 13
    with pytest.raises(GameSetError, match="AS appears"):
        GameState(GameSet(1, tuple(deals)))


def test_a_refused_set_is_refused_every_time_and_equal_cards_play_alike():
    # The referee checks a set once per GameSet object: a refused one is never remembered as good.
    gs = make_set(4)
    deals = [dict(deal) for deal in gs.deals]
    deals[0]["S"] = (parse_card("AS"),) * 13
    bad = GameSet(1, tuple(deals))
    for _ in range(2):
        with pytest.raises(GameSetError, match="AS appears"):
            GameState(bad)
    # Cards built afresh (equal, not the interned ones) play the same game as the parsed set.
    fresh = GameSet(
        gs.number,
        tuple({seat: tuple(Card(c.rank, c.suit) for c in hand) for seat, hand in d.items()} for d in gs.deals),
    )
    assert fresh.deals[0]["S"][0] is not gs.deals[0]["S"][0]
    a, b = play_game(gs, RandomPlayer(9)), play_game(fresh, RandomPlayer(9))
    assert a.record()["deals"] == b.record()["deals"] and a.sheet_dict() == b.sheet_dict()


def test_game_state_of_something_that_is_not_a_game_set():
    with pytest.raises(GameSetError, match="not a GameSet"):
        GameState(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", ["X", "", "SH", None])
def test_seat_queries_name_an_unknown_seat(seat):
    state = GameState(make_set(5))
    for query in (state.hand, state.calypso, state.needs):
        with pytest.raises(ValueError, match="not a seat"):
            query(seat)


@pytest.mark.parametrize("deal", [-1, 4, "1"])
def test_tricks_won_names_a_deal_out_of_range(deal):
    state = GameState(make_set(6))
    while state.deal == 0:
        state.play(state.legal_plays()[0])
    with pytest.raises(ValueError, match="deal"):
        state.tricks_won(deal)
    assert len(state.tricks_won(0)) == 13 and state.tricks_won(3) == []
