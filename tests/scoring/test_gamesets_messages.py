"""What reading, completing, dealing and saving game sets tells a director when something is wrong,
word for word and as lists of problems, the defaults a set is read and completed with, and the
keyed shuffle's rarely taken branches (the checks ``make mutate`` found missing in
scoring.gamesets)."""

from __future__ import annotations

import hmac
import json
import struct
from pathlib import Path

import pytest

from scoring import gamesets
from scoring.cards import parse_card, sort_key
from scoring.gamesets import (
    GameSet,
    GameSetError,
    canonical_text,
    complete_game_set,
    deal_game_set,
    deal_game_sets,
    game_sets_from_json,
    load_game_sets,
    parse_seed,
    remaining_cards,
    save_game_sets,
)


def refusal(call) -> GameSetError:
    with pytest.raises(GameSetError) as caught:
        call()
    return caught.value


def partial_deals(number: int = 3) -> list[dict]:
    """The deals of a dealt set, deal 1's Spades hand left out."""
    deals = [dict(deal) for deal in deal_game_set(number, "c0ffee").deals]
    deals[0]["S"] = None
    return deals


def test_a_plain_list_of_deals_is_completed_as_set_1_dealt_by_spades_clockwise():
    complete = complete_game_set(partial_deals())
    assert (complete.number, complete.first_dealer, complete.orientation) == (1, "S", "SDHC")
    dealt = deal_game_set(3, "c0ffee").hand(0, "S")
    assert sorted(complete.hand(0, "S"), key=sort_key) == sorted(dealt, key=sort_key)
    named = complete_game_set(partial_deals(), number=7, first_dealer="D", orientation="SCHD")
    assert (named.number, named.first_dealer, named.orientation) == (7, "D", "SCHD")


def test_a_set_of_three_deals_is_refused():
    error = refusal(lambda: complete_game_set(partial_deals()[:3], number=5))
    assert str(error) == "game set 5: 3 deals, not 4" and error.problems == [str(error)]


def test_hands_that_leave_the_wrong_number_of_cards_are_named():
    deals = partial_deals()
    deals[1]["H"] = deals[1]["H"][:-1]  # one card short: the missing hand would get 14
    error = refusal(lambda: complete_game_set(deals))
    expected = [
        "the 15 typed hands leave 14 cards for deal 1, seat S (Spades), not 13",
        "deal 2, seat H (Hearts): 12 cards, not 13",
    ]
    assert error.problems == expected
    assert str(error) == "game set 1: " + "; ".join(expected)


def test_a_card_typed_five_times_is_named_with_the_set():
    deals = partial_deals()
    ace = parse_card("AS")
    deals[2]["C"] = (ace,) * 5 + tuple(deals[2]["C"][5:])
    typed = sum(hand.count(ace) for deal in deals for hand in deal.values() if hand)
    error = refusal(lambda: complete_game_set(deals, number=4))
    assert error.problems == [f"AS typed {typed} times, the deck has 4"]
    assert str(error) == f"game set 4: too many copies: AS typed {typed} times, the deck has 4"


def test_canonical_keeps_the_sets_notes():
    dealt = deal_game_set(2, "c0ffee")
    noted = GameSet(dealt.number, dealt.deals, dealt.first_dealer, dealt.orientation, {"source": "club file"})
    assert noted.canonical().meta == {"source": "club file"}
    assert noted.canonical().meta is not noted.meta


def test_a_card_typed_too_often_is_named_with_every_hand_that_holds_it():
    dealt = deal_game_set(6, "c0ffee")
    deals = [dict(deal) for deal in dealt.deals]
    del deals[0]["S"]  # a hand missing as well: the places are still listed
    ace = parse_card("AS")
    deals[1]["H"] = (ace,) * 5 + tuple(deals[1]["H"][5:])
    deals[2]["C"] = (ace,) * 2 + tuple(c for c in deals[2]["C"] if c != ace)[:11]
    places = []
    for d, deal in enumerate(deals, start=1):
        for seat in "SHDC":
            k = list(deal.get(seat, ())).count(ace)
            if k:
                places.append(f"deal {d} {seat}" + (f"×{k}" if k > 1 else ""))
    total = sum(int(p.split("×")[1]) if "×" in p else 1 for p in places)
    assert any("×" not in p for p in places)  # some hand holds it once: written without ×1
    assert "deal 3 C×2" in places
    problems = GameSet(6, tuple(deals)).problems()
    assert problems[0] == "deal 1: no hand for seat S (Spades)"
    assert f"AS appears {total} times, not 4 ({', '.join(places)})" in problems


def test_dealing_numbers_the_sets_from_1_up_to_the_largest_number():
    assert [s.number for s in deal_game_sets(2, "c0ffee")] == [1, 2]
    assert [s.number for s in deal_game_sets(1, "c0ffee", start=2**32 - 1)] == [2**32 - 1]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"n": True}, "the number of sets must be a whole number ≥ 0, not True"),
        ({"n": 1.5}, "the number of sets must be a whole number ≥ 0, not 1.5"),
        ({"n": 1, "start": True}, "set numbers must run from 1 to 4294967295"),
        ({"n": 1, "start": 1.0}, "set numbers must run from 1 to 4294967295"),
        ({"n": 2, "start": 2**32 - 1}, "set numbers must run from 1 to 4294967295"),
    ],
)
def test_dealing_refuses_counts_and_numbers_that_are_not_whole(kwargs, words):
    assert str(refusal(lambda: deal_game_sets(seed="c0ffee", **kwargs))) == words


def test_a_full_set_leaves_no_card_not_even_at_zero():
    assert dict(remaining_cards(deal_game_set(1, "c0ffee"))) == {}


def test_a_file_whose_sets_were_changed_is_refused_on_loading(tmp_path):
    path = tmp_path / "sets.json"
    save_game_sets(path, deal_game_sets(2, "c0ffee"))
    text = path.read_text(encoding="utf-8")
    assert text.count('"deals"') == 2  # once a set: the hands are written after the set's attributes
    path.write_text(text.replace('"first_dealer": "S"', '"first_dealer": "D"', 1), encoding="utf-8")
    with pytest.raises(GameSetError, match="does not match its sets"):
        load_game_sets(path)
    assert load_game_sets(path, check_commitment=False).sets[0].first_dealer == "D"


def test_a_refused_file_names_its_path_once_and_keeps_each_problem_without_it(tmp_path):
    # load_game_sets' promise: the message starts with the path, its problems are as found (what a
    # page lists line by line under the file's name).
    path = tmp_path / "sets.json"
    first = deal_game_set(1, "c0ffee").to_dict() | {"first_dealer": "X"}
    path.write_text(json.dumps({"format": "calypso-gamesets/1", "sets": [first, 5]}), encoding="utf-8")
    problems = [
        "game set 1: first dealer 'X' is not a seat (use S, H, D or C)",  # numbered: by its number
        "game set #2: a game set must be a JSON object, not int",
        "'commitment' must be the SHA-256 hex string of the sets",
    ]
    error = refusal(lambda: load_game_sets(path))
    assert error.problems == problems and str(error) == f"{path}: " + "; ".join(problems)


def test_every_problem_of_a_game_set_file_is_listed_with_the_set_it_is_in():
    first = deal_game_set(1, "c0ffee").to_dict()
    unnumbered = {key: value for key, value in first.items() if key != "number"} | {"first_dealer": "X"}
    document = {"format": "calypso-gamesets/1", "seed": "zz", "sets": [first, "junk", 5, unnumbered, first]}
    expected = [
        "game set #2: a game set must be a JSON object, not str",
        "game set #3: a game set must be a JSON object, not int",
        "game set #4: first dealer 'X' is not a seat (use S, H, D or C)",
        "2 game sets are numbered 1",
        "seed 'zz' is not hexadecimal (use digits 0-9 and a-f, an even number)",
        "'commitment' must be the SHA-256 hex string of the sets",
    ]
    error = refusal(lambda: game_sets_from_json(document))
    assert error.problems == expected and str(error) == "; ".join(expected)
    assert str(refusal(lambda: game_sets_from_json([]))) == "a game-set file must hold a JSON object"
    assert str(refusal(lambda: game_sets_from_json({"format": "calypso-gamesets/1", "sets": {}}))) == (
        "'sets' must be a list of game sets"
    )


def test_a_set_built_without_some_hands_writes_them_empty():
    ace = parse_card("AS")
    partial = GameSet(2, ({"S": (ace,)}, {}))
    empty = {"S": [], "H": [], "D": [], "C": []}
    assert partial.to_dict()["deals"] == [{**empty, "S": ["AS"]}, empty]


def hands_only() -> dict:
    """A dealt set's JSON with nothing but its deals."""
    return {"deals": deal_game_set(8, "c0ffee").to_dict()["deals"]}


def test_a_set_given_only_its_deals_is_set_1_dealt_by_spades_clockwise():
    read = GameSet.from_dict(hands_only())
    assert (read.number, read.first_dealer, read.orientation) == (1, "S", "SDHC")
    assert GameSet.from_dict({**hands_only(), "number": " 12 "}).number == 12
    assert str(refusal(lambda: GameSet.from_dict("x"))) == "a game set must be a JSON object, not str"


def test_a_number_that_is_not_one_is_named_once():
    error = refusal(lambda: GameSet.from_dict({**hands_only(), "number": "one"}))
    assert error.problems == ["set number 'one' is not a whole number"]
    assert str(error) == "game set one: set number 'one' is not a whole number"


def test_every_bad_deal_and_hand_is_named_not_only_the_first():
    data = hands_only()
    data["deals"][1] = "x"
    data["deals"][2]["S"] = "S AX"
    data["deals"][2]["H"] = 5
    data["deals"][3]["D"] = [5, *data["deals"][3]["D"][1:]]
    expected = [
        "deal 2 must be an object mapping seats S H D C to hands",
        "deal 3, seat S: 'X' in 'AX' is not a rank (use 2-9, T or 10, J, Q, K, A)",
        "deal 3, seat H: a hand must be a list of cards, not int",
        "deal 4, seat D: 5 is not a card (expected text such as AS, TD, 10H)",
    ]
    error = refusal(lambda: GameSet.from_dict(data, validate=False))
    assert error.problems == expected and str(error) == "game set 1: " + "; ".join(expected)


def test_a_missing_hand_does_not_hide_the_rest_of_its_deal():
    data = hands_only()
    del data["deals"][0]["S"]
    problems = refusal(lambda: GameSet.from_dict(data)).problems
    assert problems[0] == "deal 1: no hand for seat S (Spades)"
    assert not any("no hand for seat" in p for p in problems[1:])


def test_a_set_number_from_1_to_the_largest():
    assert deal_game_set(2**32 - 1, "c0ffee").number == 2**32 - 1
    for bad in (0, 2**32, True, "3"):
        assert str(refusal(lambda bad=bad: deal_game_set(bad, "c0ffee"))) == (
            f"set number {bad!r} must be a whole number from 1 to 4294967295"
        )


def test_hands_may_be_given_as_cards():
    dealt = deal_game_set(9, "c0ffee")
    data = {"number": 9, "deals": [{seat: list(deal[seat]) for seat in "SHDC"} for deal in dealt.deals]}
    assert GameSet.from_dict(data) == dealt


@pytest.mark.parametrize(
    ("seed", "words"),
    [
        (5, "a seed must be hexadecimal text or bytes, not int"),
        ("", "the seed is empty"),
        ("0x", "the seed is empty"),
        (b"", "the seed is empty"),
        ("xyz", "seed 'xyz' is not hexadecimal (use digits 0-9 and a-f, an even number)"),
    ],
)
def test_a_seed_that_is_no_seed_is_refused(seed, words):
    assert str(refusal(lambda: parse_seed(seed))) == words


def test_the_shuffle_extends_its_stream_with_the_next_hmac_blocks(monkeypatch):
    # A draw is rejected with probability < 2**-24, so the stream is almost never extended; catch
    # the extension the shuffle is given and check it against HMAC-SHA256(key, format ‖ number ‖
    # counter) as docs/formats.md defines the stream.
    caught = {}
    real = gamesets._fisher_yates

    def spy(words, more):
        caught["more"] = more
        return real(words, more)

    monkeypatch.setattr(gamesets, "_fisher_yates", spy)
    key = bytes.fromhex("c0ffee")
    deal_game_set(6, "c0ffee")

    def block(counter: int) -> list[int]:
        message = b"calypso-gamesets/1" + (6).to_bytes(4, "big") + counter.to_bytes(4, "big")
        return list(struct.unpack(">8I", hmac.digest(key, message, "sha256")))

    # after 216 words (27 blocks), 5 or 8 more needed: blocks 27 and 28 (a spare block for rejections)
    assert caught["more"](216, 5) == block(27) + block(28)
    assert caught["more"](216, 8) == block(27) + block(28)
    assert caught["more"](224, 9) == block(28) + block(29) + block(30)


def test_the_canonical_text_of_a_set_with_a_hand_missing_writes_it_empty():
    text = canonical_text([GameSet(1, ({"S": (parse_card("AS"),)},))])
    assert "\n1 S AS\n1 H \n" in text


def test_a_rejected_draw_is_skipped_and_the_stream_extended_when_it_runs_out():
    # 2**32 - 1 is at or above every rejection limit: it is skipped, and the shuffle is that of the
    # words after it; a stream one word short asks for more from where it ended.
    words = [(7919 * k) % 1_000_003 for k in range(1, 300)]
    fast = gamesets._fisher_yates(words[:207], lambda have, need: [])
    assert gamesets._fisher_yates([2**32 - 1, *words[:207]], lambda have, need: []) == fast
    assert gamesets._fisher_yates([words[0], 2**32 - 1, *words[1:207]], lambda have, need: []) == fast
    asked = []

    def more(have: int, need: int) -> list[int]:
        asked.append(have)
        return words[have - 1 : have + need]

    assert gamesets._fisher_yates([2**32 - 1, *words[:206]], more) == fast
    assert asked == [207]


def test_a_file_that_cannot_be_written_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "sets.json"
    target.mkdir()  # a folder where the file should go: the final rename fails
    with pytest.raises(OSError):
        save_game_sets(target, deal_game_sets(1, "c0ffee"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sets.json"]


def without_the_ace_of_spades() -> GameSet:
    """A dealt set with all four A♠ taken out of their hands (each such hand a card short)."""
    dealt = deal_game_set(5, "c0ffee")
    ace = parse_card("AS")
    deals = tuple({seat: tuple(c for c in hand if c != ace) for seat, hand in deal.items()} for deal in dealt.deals)
    return GameSet(5, deals)


def test_a_card_missing_from_every_hand_is_named_even_when_the_rest_are_whole():
    problems = without_the_ace_of_spades().problems()
    assert problems[-1] == "AS appears 0 times, not 4"
    assert all(p.endswith("12 cards, not 13") for p in problems[:-1])
    error = refusal(without_the_ace_of_spades().validate)
    assert error.problems == problems and str(error) == "game set 5: " + "; ".join(problems)


def test_every_card_of_a_missing_hand_is_named_once():
    dealt = deal_game_set(4, "c0ffee")
    deals = [dict(deal) for deal in dealt.deals]
    gone = deals[0].pop("H")
    counts = {card: list(gone).count(card) for card in set(gone)}
    expected = ["deal 1: no hand for seat H (Hearts)"]
    for card in sorted(counts, key=sort_key):
        left = 4 - counts[card]
        expected.append(f"{card} appears {left} time{'' if left == 1 else 's'}, not 4")
    assert GameSet(4, tuple(deals)).problems() == expected


def test_set_numbers_and_orientations_that_are_not_one():
    deals = deal_game_set(1, "c0ffee").deals
    assert GameSet(2**32 - 1, deals).problems() == []
    assert GameSet(True, deals).problems() == ["set number True must be a whole number from 1 to 4294967295"]
    assert GameSet(1, deals, "S", "XY").problems() == [
        "orientation 'XY' is not one of SDHC, SCHD (clockwise seats from Spades)"
    ]
    assert str(refusal(lambda: GameSet(1, deals, "S", "XY").left_of("S"))) == (
        "game set 1: orientation 'XY' is not one of SDHC, SCHD"
    )
    assert str(refusal(lambda: deal_game_set(1, "c0ffee", orientation="XY"))) == (
        "orientation 'XY' is not one of SDHC, SCHD"
    )
    assert [s.number for s in gamesets.iter_game_sets(2, "c0ffee")] == [1, 2]


def test_every_card_typed_too_often_is_listed():
    ace, king = parse_card("AS"), parse_card("KS")
    error = refusal(lambda: remaining_cards([[king] * 5, [ace] * 5]))
    assert error.problems == ["AS typed 5 times, the deck has 4", "KS typed 5 times, the deck has 4"]
    assert str(error) == "too many copies: AS typed 5 times, the deck has 4; KS typed 5 times, the deck has 4"


def test_a_file_is_written_next_to_its_target_then_renamed(tmp_path, monkeypatch):
    # the temporary file sits in the target's folder, so the final rename never crosses a disk
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club").mkdir()
    renamed = []
    real = gamesets.os.replace

    def spy(source, target):
        renamed.append((Path(source).parent, Path(target)))
        real(source, target)

    monkeypatch.setattr(gamesets.os, "replace", spy)
    save_game_sets(Path("club") / "sets.json", deal_game_sets(1, "c0ffee"))
    assert renamed == [(tmp_path / "club", Path("club") / "sets.json")]


def test_a_missing_hand_does_not_hide_a_short_hand_after_it_in_the_deal():
    dealt = deal_game_set(4, "c0ffee")
    deals = [dict(deal) for deal in dealt.deals]
    del deals[0]["S"]
    deals[0]["D"] = deals[0]["D"][1:]
    problems = GameSet(4, tuple(deals)).problems()
    assert problems[:2] == ["deal 1: no hand for seat S (Spades)", "deal 1, seat D (Diamonds): 12 cards, not 13"]
