"""scoring.gamesets: validation, the 16th hand, dealing, commitment and files (RULES.md §2)."""

from __future__ import annotations

import hashlib
import hmac
import json
import struct
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import CARDS, SUITS, Card, format_hand, parse_card, parse_cards, sort_key
from scoring.gamesets import (
    FORMAT,
    GameSet,
    GameSetError,
    canonical_text,
    check_game_set,
    commitment,
    complete_game_set,
    deal_game_set,
    deal_game_sets,
    game_sets_from_json,
    game_sets_to_json,
    iter_game_sets,
    load_game_sets,
    parse_seed,
    remaining_cards,
    save_game_sets,
)

SEED = "5eed" * 8


@pytest.fixture(scope="module")
def sample() -> GameSet:
    return deal_game_set(1, SEED)


def simple_set(number: int = 1) -> GameSet:
    """A valid set built by hand: deal d, seat k gets card indices 13k..13k+12 (a whole suit each)."""
    deals = tuple({seat: tuple(CARDS[13 * k : 13 * k + 13]) for k, seat in enumerate(SUITS)} for _ in range(4))
    return GameSet(number, deals)


def with_hand(game_set: GameSet, deal: int, seat: str, cards: tuple[Card, ...]) -> GameSet:
    deals = [dict(d) for d in game_set.deals]
    deals[deal][seat] = cards
    return GameSet(game_set.number, tuple(deals), game_set.first_dealer, game_set.orientation)


# --- seats, dealer, leader ------------------------------------------------------------------------------------------


def test_default_orientation_dealer_and_leader() -> None:
    game_set = simple_set()
    assert game_set.left_of("S") == "D" and game_set.left_of("C") == "S"
    assert [game_set.dealer(d) for d in range(4)] == ["S", "D", "H", "C"]
    assert [game_set.leader(d) for d in range(4)] == ["D", "H", "C", "S"]


def test_mirrored_orientation_and_other_first_dealer() -> None:
    game_set = GameSet(1, simple_set().deals, first_dealer="H", orientation="SCHD")
    assert game_set.left_of("S") == "C"
    assert [game_set.dealer(d) for d in range(4)] == ["H", "D", "S", "C"]
    assert game_set.leader(0) == "D"


def test_hand_and_hands_accessors(sample: GameSet) -> None:
    hands = list(sample.hands())
    assert len(hands) == 16 and hands[0][:2] == (0, "S") and hands[-1][:2] == (3, "C")
    assert sample.hand(2, "H") == sample.deals[2]["H"]


# --- validation -----------------------------------------------------------------------------------------------------


def test_a_valid_set_has_no_problems(sample: GameSet) -> None:
    assert sample.problems() == [] and check_game_set(simple_set()) == []
    assert sample.validate() is sample


def test_short_and_long_hands_name_deal_and_seat() -> None:
    base = simple_set()
    moved = base.deals[1]["H"][0]
    broken = with_hand(base, 1, "H", base.deals[1]["H"][1:])
    broken = with_hand(broken, 3, "C", (*base.deals[3]["C"], moved))
    with pytest.raises(GameSetError) as caught:
        broken.validate()
    message = str(caught.value)
    assert "game set 1" in message
    assert "deal 2, seat H (Hearts): 12 cards, not 13" in message
    assert "deal 4, seat C (Clubs): 14 cards, not 13" in message
    # Moving a card between hands keeps every card four times: no count complaints.
    assert "appears" not in message
    assert len(caught.value.problems) == 2


def test_card_counts_name_the_card_and_how_many() -> None:
    base = simple_set()
    hand = list(base.deals[0]["S"])
    hand[0] = parse_card("2C")  # 2C now 5 times, and this hand's first card 3 times
    lost = base.deals[0]["S"][0]
    with pytest.raises(GameSetError) as caught:
        with_hand(base, 0, "S", tuple(hand)).validate()
    problems = caught.value.problems
    assert f"{lost} appears 3 times, not 4" in problems
    assert any(p.startswith("2C appears 5 times, not 4 (") and "deal 1 S" in p for p in problems)
    assert len(problems) == 2


def test_every_problem_is_named_together() -> None:
    base = simple_set()
    broken = GameSet(0, base.deals[:3], first_dealer="X", orientation="SHDC")
    problems = check_game_set(broken)
    joined = "; ".join(problems)
    assert "set number 0" in joined
    assert "first dealer 'X'" in joined
    assert "orientation 'SHDC'" in joined
    assert "3 deals, not 4" in joined
    # a whole deal missing: every card now appears 3 times
    assert sum("appears 3 times, not 4" in p for p in problems) == 52


def test_one_copy_left_says_time_not_times() -> None:
    base = simple_set()
    ace = parse_card("AS")
    deals = [{seat: tuple(c for c in hand if c != ace) for seat, hand in deal.items()} for deal in base.deals]
    deals[0]["S"] = (*deals[0]["S"], ace)
    problems = check_game_set(GameSet(1, tuple(deals)))
    assert "AS appears 1 time, not 4" in problems


def test_text_instead_of_cards_is_reported_not_crashed_on() -> None:
    base = simple_set()
    hand = ("AS", *base.deals[0]["S"][1:])
    problems = check_game_set(with_hand(base, 0, "S", hand))  # type: ignore[arg-type]
    assert problems == ["'AS' is not a Card (parse card text with parse_card)", "2S appears 3 times, not 4"]


def test_missing_seat_and_unknown_seat_in_a_deal() -> None:
    base = simple_set()
    deals = [dict(d) for d in base.deals]
    deals[2]["X"] = deals[2].pop("D")
    problems = check_game_set(GameSet(1, tuple(deals)))
    assert "deal 3: no hand for seat D (Diamonds)" in problems
    assert "deal 3: 'X' is not a seat (use S, H, D, C)" in problems


# --- from_dict / to_dict --------------------------------------------------------------------------------------------


def test_dict_round_trip(sample: GameSet) -> None:
    data = sample.to_dict()
    assert data["number"] == 1 and data["first_dealer"] == "S" and data["orientation"] == "SDHC"
    assert len(data["deals"]) == 4 and all(len(deal["S"]) == 13 for deal in data["deals"])
    assert all(isinstance(card, str) for card in data["deals"][0]["H"])
    assert GameSet.from_dict(json.loads(json.dumps(data))) == sample


def test_from_dict_accepts_lenient_notation(sample: GameSet) -> None:
    data = sample.to_dict()
    data["deals"][0]["S"] = [c.lower().replace("t", "10") for c in data["deals"][0]["S"]]
    data["deals"][1]["H"] = format_hand(sample.deals[1]["H"], symbols=True)
    data["first_dealer"] = "s"
    data["orientation"] = "sdhc"
    assert GameSet.from_dict(data) == sample


def test_from_dict_validates_and_names_every_bad_card_with_deal_and_seat(sample: GameSet) -> None:
    data = sample.to_dict()
    data["deals"][0]["S"][0] = "XS"
    data["deals"][3]["C"][5] = "1H"
    data["deals"][2]["D"] = 17
    data["orientation"] = "SSSS"
    with pytest.raises(GameSetError) as caught:
        GameSet.from_dict(data)
    message = str(caught.value)
    assert "deal 1, seat S: 'XS' is not a card" in message
    assert "deal 4, seat C: '1H' is not a card" in message
    assert "deal 3, seat D: a hand must be a list of cards" in message
    assert "orientation 'SSSS'" in message


def test_from_dict_refuses_wrong_shapes() -> None:
    with pytest.raises(GameSetError, match="JSON object"):
        GameSet.from_dict(["not", "a", "dict"])  # type: ignore[arg-type]
    with pytest.raises(GameSetError, match="'deals' must be a list"):
        GameSet.from_dict({"number": 1, "deals": "S AKQ"})
    with pytest.raises(GameSetError, match="set number 'one'"):
        GameSet.from_dict({**simple_set().to_dict(), "number": "one"})
    with pytest.raises(GameSetError, match="deal 2 must be an object"):
        GameSet.from_dict({**simple_set().to_dict(), "deals": [{}, [], {}, {}]})


def test_from_dict_without_validation_allows_a_partial_set(sample: GameSet) -> None:
    data = sample.to_dict()
    data["deals"][2]["C"] = None
    del data["deals"][3]["H"]
    partial = GameSet.from_dict(data, validate=False)
    assert partial.deals[2]["C"] == () and partial.deals[3]["H"] == ()
    with pytest.raises(GameSetError, match="no hand for seat H"):
        GameSet.from_dict(data)


# --- remaining cards and the 16th hand ------------------------------------------------------------------------------


def test_remaining_cards_of_nothing_is_the_whole_deck() -> None:
    left = remaining_cards([])
    assert left == Counter({card: 4 for card in CARDS})


def test_remaining_cards_accepts_sets_deals_and_plain_hands(sample: GameSet) -> None:
    missing = sample.deals[3]["D"]
    partial = with_hand(sample, 3, "D", ())
    expected = Counter(missing)
    assert remaining_cards(partial) == expected
    assert remaining_cards(list(partial.deals)) == expected
    assert remaining_cards([hand for _, _, hand in partial.hands()]) == expected
    deals = [dict(d) for d in sample.deals]
    deals[3]["D"] = None
    assert remaining_cards(deals) == expected


def test_remaining_cards_refuses_a_fifth_copy() -> None:
    five = [parse_cards("AS AS AS"), parse_cards("AS AS KD")]
    with pytest.raises(GameSetError, match="AS typed 5 times, the deck has 4"):
        remaining_cards(five)


def test_complete_game_set_derives_the_sixteenth_hand(sample: GameSet) -> None:
    for deal, seat in [(0, "S"), (3, "C"), (2, "H")]:
        partial = with_hand(sample, deal, seat, ())
        done = complete_game_set(partial)
        assert done.deals[deal][seat] == tuple(sorted(sample.deals[deal][seat], key=sort_key))
        assert done == sample.canonical()


def test_complete_game_set_from_plain_deals_takes_attributes(sample: GameSet) -> None:
    deals = [dict(d) for d in sample.deals]
    del deals[1]["D"]
    done = complete_game_set(deals, number=7, first_dealer="C", orientation="SCHD")
    assert (done.number, done.first_dealer, done.orientation) == (7, "C", "SCHD")
    assert done.deals[1]["D"] == sample.deals[1]["D"]


def test_complete_game_set_refuses_two_missing_hands(sample: GameSet) -> None:
    partial = with_hand(with_hand(sample, 0, "S", ()), 2, "H", ())
    with pytest.raises(GameSetError, match=r"2 hands are missing \(deal 1 S, deal 3 H\)"):
        complete_game_set(partial)


def test_complete_game_set_refuses_a_remainder_that_is_not_thirteen(sample: GameSet) -> None:
    partial = with_hand(sample, 0, "S", ())
    partial = with_hand(partial, 1, "H", sample.deals[1]["H"][:-1])
    with pytest.raises(GameSetError) as caught:
        complete_game_set(partial)
    message = str(caught.value)
    assert "leave 14 cards for deal 1, seat S (Spades), not 13" in message
    assert "deal 2, seat H (Hearts): 12 cards, not 13" in message


def test_complete_game_set_of_a_complete_set_just_validates(sample: GameSet) -> None:
    assert complete_game_set(sample) == sample
    with pytest.raises(GameSetError):
        complete_game_set(with_hand(sample, 0, "S", sample.deals[0]["H"]))


def test_complete_game_set_reports_excess_copies(sample: GameSet) -> None:
    partial = with_hand(sample, 0, "S", ())
    partial = with_hand(partial, 1, "S", (*sample.deals[1]["S"][:-1], sample.deals[1]["H"][0]))
    with pytest.raises(GameSetError, match="typed 5 times"):
        complete_game_set(partial)


# --- dealing --------------------------------------------------------------------------------------------------------


def test_deal_game_sets_numbers_and_validity() -> None:
    sets = deal_game_sets(5, SEED, start=3, first_dealer="D", orientation="SCHD")
    assert [s.number for s in sets] == [3, 4, 5, 6, 7]
    assert all(s.first_dealer == "D" and s.orientation == "SCHD" and not s.problems() for s in sets)
    assert deal_game_sets(0) == []


def test_dealt_hands_are_sorted_and_made_of_interned_cards(sample: GameSet) -> None:
    interned = {id(card) for card in CARDS}
    for _, _, hand in sample.hands():
        assert list(hand) == sorted(hand, key=sort_key)
        assert all(id(card) in interned for card in hand)


def test_seeded_sets_depend_only_on_seed_and_number() -> None:
    ten = deal_game_sets(10, SEED)
    assert deal_game_sets(10, SEED) == ten
    assert deal_game_sets(3, SEED, start=8) == ten[7:]
    assert deal_game_set(4, SEED) == ten[3]
    assert deal_game_set(4, bytes.fromhex(SEED)) == ten[3]
    assert deal_game_set(4, "0x" + SEED.upper()) == ten[3]
    assert ten[0].deals != ten[1].deals


def test_unseeded_dealing_differs_each_time() -> None:
    assert deal_game_sets(2) != deal_game_sets(2)
    assert all(not s.problems() for s in deal_game_sets(3))


def reference_deal(seed: bytes, number: int) -> list[list[str]]:
    """An independent, slow implementation of the documented construction (docs/formats.md)."""
    stream: list[int] = []
    counter = 0

    def word() -> int:
        nonlocal counter
        if not stream:
            block = hmac.new(seed, b"calypso-gamesets/1" + struct.pack(">II", number, counter), hashlib.sha256)
            stream.extend(struct.unpack(">8I", block.digest()))
            counter += 1
        return stream.pop(0)

    display = sorted(CARDS, key=sort_key)
    deck = [str(card) for card in display for _ in range(4)]
    for i in range(207, 0, -1):
        while True:
            w = word()
            if w < 2**32 - (2**32 % (i + 1)):
                break
        j = w % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return [deck[k : k + 13] for k in range(0, 208, 13)]


def test_seeded_dealing_follows_the_documented_construction() -> None:
    seed = bytes.fromhex(SEED)
    for number in (1, 2, 4_000_000_000):
        game_set = deal_game_set(number, seed)
        hands = reference_deal(seed, number)
        ours = [[str(c) for c in game_set.deals[d][seat]] for d in range(4) for seat in SUITS]
        order = {str(card): i for i, card in enumerate(sorted(CARDS, key=sort_key))}
        assert ours == [sorted(hand, key=order.__getitem__) for hand in hands]


def test_long_seeds_are_hashed_as_hmac_does() -> None:
    # HMAC hashes keys longer than the 64-byte SHA-256 block first; a 64-byte key is used as is.
    for seed in (bytes(range(64)), bytes(range(65)), b"\xff" * 200):
        game_set = deal_game_set(9, seed)
        hands = reference_deal(seed, 9)
        order = {str(card): i for i, card in enumerate(sorted(CARDS, key=sort_key))}
        ours = [[str(c) for c in game_set.deals[d][seat]] for d in range(4) for seat in SUITS]
        assert ours == [sorted(hand, key=order.__getitem__) for hand in hands]


def test_rejected_words_are_skipped_and_the_stream_extended() -> None:
    # Rejections are too rare to meet with real seeds (< 2**-24 a word), so drive the shuffle
    # with a made-up stream: words at the top of the range must be discarded, not reduced mod n.
    from scoring import gamesets

    top = 2**32 - 1  # rejected for every n that does not divide 2**32
    words = [top if k % 3 == 0 else k * 2654435761 % 2**31 for k in range(216)]
    extra = [k * 40503 % 2**31 for k in range(1000)]
    asked: list[tuple[int, int]] = []

    def more(have: int, need: int) -> list[int]:
        asked.append((have, need))
        start = have - 216
        return extra[start : start + 8 * ((need + 7) // 8 + 1)]

    deck = gamesets._fisher_yates(list(words), more)
    stream = iter(words + extra)
    expected = list(gamesets._FRESH_DECK)
    for i in range(207, 0, -1):
        n = i + 1
        w = next(stream)
        while w >= 2**32 - 2**32 % n:
            w = next(stream)
        j = w % n
        expected[i], expected[j] = expected[j], expected[i]
    assert deck == expected and asked
    assert sorted(deck) == sorted(gamesets._FRESH_DECK)


def test_shuffle_is_roughly_uniform() -> None:
    # Where the first copy of AS lands (which of the 16 hands) over 400 sets: each hand is
    # equally likely; a biased shuffle (e.g. j drawn from the whole deck) skews this badly.
    counts = Counter()
    ace = parse_card("AS")
    for game_set in iter_game_sets(400, "ab" * 16):
        for d, seat, hand in game_set.hands():
            counts[(d, seat)] += hand.count(ace)
    expected = 400 * 4 / 16
    chi2 = sum((counts[(d, s)] - expected) ** 2 / expected for d in range(4) for s in SUITS)
    assert chi2 < 45  # 15 degrees of freedom: p ≈ 1e-4


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n": -1}, "number of sets"),
        ({"n": 1, "first_dealer": "X"}, "first dealer"),
        ({"n": 1, "orientation": "SHDC"}, "orientation"),
        ({"n": 1, "start": 0}, "set numbers"),
        ({"n": 1, "seed": "xyz"}, "not hexadecimal"),
        ({"n": 1, "seed": ""}, "empty"),
    ],
)
def test_deal_game_sets_refuses_bad_arguments(kwargs: dict, match: str) -> None:
    with pytest.raises(GameSetError, match=match):
        deal_game_sets(**kwargs)


def test_parse_seed() -> None:
    assert parse_seed("0A0b") == b"\n\x0b" == parse_seed(b"\n\x0b") == parse_seed(" 0x0a0B ")
    with pytest.raises(GameSetError, match="not hexadecimal"):
        parse_seed("abc")
    with pytest.raises(GameSetError):
        parse_seed(12)  # type: ignore[arg-type]


@settings(max_examples=15, deadline=None)
@given(st.binary(min_size=1, max_size=40), st.integers(min_value=1, max_value=2**32 - 1))
def test_any_seeded_set_is_valid_and_reproducible(seed: bytes, number: int) -> None:
    game_set = deal_game_set(number, seed)
    assert game_set.problems() == []
    counts = Counter(card for _, _, hand in game_set.hands() for card in hand)
    assert set(counts.values()) == {4} and len(counts) == 52
    assert all(len(hand) == 13 for _, _, hand in game_set.hands())
    assert deal_game_set(number, seed.hex()) == game_set


@settings(max_examples=15, deadline=None)
@given(st.binary(min_size=1, max_size=16), st.binary(min_size=1, max_size=16))
def test_different_seeds_give_different_sets(a: bytes, b: bytes) -> None:
    if a != b:
        assert deal_game_set(1, a).deals != deal_game_set(1, b).deals


# --- commitment -----------------------------------------------------------------------------------------------------


def test_canonical_text_is_exactly_as_documented() -> None:
    game_set = simple_set(2)
    text = canonical_text([game_set])
    lines = text.split("\n")
    assert lines[0] == FORMAT and lines[1] == "set 2 S SDHC"
    assert lines[2] == "1 S AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    assert lines[5] == "1 C AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
    assert lines[17].startswith("4 C ") and lines[18] == "" and len(lines) == 19
    assert commitment([game_set]) == hashlib.sha256(text.encode()).hexdigest()


def test_commitment_ignores_card_order_within_a_hand_and_set_order() -> None:
    sets = deal_game_sets(3, SEED)
    shuffled_hand = with_hand(sets[1], 2, "D", tuple(reversed(sets[1].deals[2]["D"])))
    assert commitment([sets[0], shuffled_hand, sets[2]]) == commitment(sets)
    assert commitment(list(reversed(sets))) == commitment(sets)


def test_commitment_covers_number_dealer_and_orientation(sample: GameSet) -> None:
    base = commitment([sample])
    assert commitment([GameSet(2, sample.deals)]) != base
    assert commitment([GameSet(1, sample.deals, first_dealer="H")]) != base
    assert commitment([GameSet(1, sample.deals, orientation="SCHD")]) != base


def test_commitment_refuses_duplicate_numbers(sample: GameSet) -> None:
    with pytest.raises(GameSetError, match="two game sets are numbered 1"):
        commitment([sample, sample])


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_commitment_changes_when_two_different_cards_swap_hands(data: st.DataObject) -> None:
    game_set = deal_game_set(data.draw(st.integers(1, 50)), SEED)
    hands = [(d, seat) for d in range(4) for seat in SUITS]
    (d1, s1), (d2, s2) = data.draw(st.permutations(hands))[:2]
    i = data.draw(st.integers(0, 12))
    a = game_set.deals[d1][s1][i]
    candidates = [j for j, card in enumerate(game_set.deals[d2][s2]) if card != a]
    j = data.draw(st.sampled_from(candidates))
    b = game_set.deals[d2][s2][j]
    first = list(game_set.deals[d1][s1])
    second = list(game_set.deals[d2][s2])
    first[i], second[j] = b, a
    swapped = with_hand(with_hand(game_set, d1, s1, tuple(first)), d2, s2, tuple(second))
    assert swapped.problems() == []  # still a valid set: only the commitment can tell
    assert commitment([swapped]) != commitment([game_set])


# --- files ----------------------------------------------------------------------------------------------------------


def test_save_and_load_round_trip(tmp_path) -> None:
    sets = deal_game_sets(3, SEED)
    path = tmp_path / "sets.json"
    digest = save_game_sets(path, sets, seed=SEED)
    data = json.loads(path.read_text())
    assert list(data) == ["format", "commitment", "seed", "sets"]
    assert data["format"] == "calypso-gamesets/1" and data["seed"] == SEED and data["commitment"] == digest
    loaded = load_game_sets(path)
    assert loaded.sets == tuple(sets) and loaded.seed == bytes.fromhex(SEED) and loaded.seed_hex == SEED
    assert loaded.commitment == digest == commitment(sets)
    assert not list(tmp_path.glob(".sets.json.*"))  # no temporary file left behind


def test_unseeded_file_has_null_seed(tmp_path) -> None:
    path = tmp_path / "sets.json"
    save_game_sets(path, deal_game_sets(1))
    assert json.loads(path.read_text())["seed"] is None
    assert load_game_sets(path).seed is None


def test_load_detects_a_tampered_commitment() -> None:
    document = game_sets_to_json(deal_game_sets(2, SEED), SEED)
    document["commitment"] = "0" * 64
    with pytest.raises(GameSetError, match="does not match its sets"):
        game_sets_from_json(document)
    assert game_sets_from_json(document, check_commitment=False).commitment == "0" * 64


def test_load_names_every_bad_set() -> None:
    document = game_sets_to_json(deal_game_sets(3, SEED))
    document["sets"][0]["deals"][0]["S"].pop()
    document["sets"][2]["deals"][1]["D"][0] = "QQ"
    document["sets"][1]["number"] = 1
    with pytest.raises(GameSetError) as caught:
        game_sets_from_json(document)
    message = str(caught.value)
    assert "game set 1: deal 1, seat S (Spades): 12 cards, not 13" in message
    assert "game set 3: deal 2, seat D: 'QQ' is not a card" in message
    assert "2 game sets are numbered 1" in message


@pytest.mark.parametrize(
    ("document", "match"),
    [
        ([], "JSON object"),
        ({"format": "other/1", "sets": []}, "format is 'other/1'"),
        ({"format": FORMAT, "sets": {}}, "'sets' must be a list"),
        ({"format": FORMAT, "sets": [], "seed": "zz", "commitment": "x"}, "not hexadecimal"),
        ({"format": FORMAT, "sets": []}, "'commitment' must be"),
    ],
)
def test_load_refuses_malformed_documents(document: object, match: str) -> None:
    with pytest.raises(GameSetError, match=match):
        game_sets_from_json(document)


def test_load_refuses_files_that_are_not_json(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(GameSetError, match="not JSON"):
        load_game_sets(path)


# --- seats are whole suit letters, never substrings of "SHDC" -----------------------------------------------------


@pytest.mark.parametrize("dealer", ["", "SH", "HD", ["S"], 1, None])
def test_from_dict_refuses_a_first_dealer_that_is_not_one_seat(sample: GameSet, dealer: object) -> None:
    data = {**sample.to_dict(), "first_dealer": dealer}
    with pytest.raises(GameSetError, match="first dealer"):
        GameSet.from_dict(data)


@pytest.mark.parametrize("key", ["", "SH", 1, ("S",)])
def test_from_dict_names_a_deal_key_that_is_not_a_seat(sample: GameSet, key: object) -> None:
    data = sample.to_dict()
    data["deals"][1] = {**data["deals"][1], key: []}
    with pytest.raises(GameSetError, match=r"deal 2: .* is not a seat"):
        GameSet.from_dict(data)


@pytest.mark.parametrize("number", [0, -3, 2**32])
def test_from_dict_refuses_a_set_number_out_of_range(sample: GameSet, number: int) -> None:
    with pytest.raises(GameSetError, match="set number"):
        GameSet.from_dict({**sample.to_dict(), "number": number})


@pytest.mark.parametrize(("dealer", "orientation"), [("", "SDHC"), ("SH", "SDHC"), ("X", "SDHC"), ("S", "SHDC")])
def test_dealing_refuses_a_bad_first_dealer_or_orientation(dealer: str, orientation: str) -> None:
    with pytest.raises(GameSetError):
        deal_game_sets(1, SEED, first_dealer=dealer, orientation=orientation)
    with pytest.raises(GameSetError):
        deal_game_set(1, SEED, first_dealer=dealer, orientation=orientation)


def test_deal_game_set_refuses_a_boolean_set_number() -> None:
    with pytest.raises(GameSetError, match="set number"):
        deal_game_set(True, SEED)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", ["", "SD", "X", None])
def test_left_of_an_unknown_seat_is_a_game_set_error(sample: GameSet, seat: object) -> None:
    with pytest.raises(GameSetError, match="not a seat"):
        sample.left_of(seat)  # type: ignore[arg-type]


def test_file_with_a_set_number_that_is_a_list_is_a_game_set_error(sample: GameSet) -> None:
    data = game_sets_to_json([sample])
    data["sets"][0]["number"] = [1]
    with pytest.raises(GameSetError, match=r"set number \[1\] is not a whole number"):
        game_sets_from_json(data)
