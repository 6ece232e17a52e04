"""Scoring an Auction Calypso event's sheets: the score pad through results.adapters and
results.services (the event's values, every wrong hand named, nothing written when refused)."""

from __future__ import annotations

import pytest

from director.core.errors import ValidationError
from director.events import services as events
from director.results import services
from director.results.adapters import score_sheet
from director.results.models import Submission
from director.sheets.auction.kind import Kind as Auction
from director.sheets.auction.kind import pad_lines
from director.sheets.partnership.kind import Kind as Partnership
from scoring.auction_settings import AuctionSettings

from .conftest import LOST_D, WON_S, lost, pad, won

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
RULES = Auction(AuctionSettings(hands=4))


def test_a_pad_scores_to_the_two_sides_totals_in_canonical_form():
    data = pad(won("H", "290 s"), lost("C", "300d x"))
    data["hands"][0]["declarers"]["trick_pile"] = "30"  # digits as text, as typed
    scored = score_sheet(data, kind=RULES)
    # lost doubled: −(300 + 100) × 2 = −800 for the minors, the majors' 32 cards × 5 = 160
    assert (scored.majors, scored.minors, scored.net) == (295 + 160, 110 - 800, 295 + 160 - 110 + 800)
    first, second = scored.sheet["hands"]
    assert first == {
        "contract": "290♠",
        "declarer": "H",
        "declarers": {"trick_pile": 30, "added": 0, "calypsos": 0, "cards_required": []},
        "defenders": {"trick_pile": 22, "added": 0, "calypsos": 0, "cards_required": []},
    }
    assert second["contract"] == "300♦ X" and second["declarer"] == "C" and "sell" not in second
    assert score_sheet(scored.sheet, kind=RULES) == scored  # the stored form reads back the same


def test_the_events_values_score_the_pad():
    tuned = Auction(AuctionSettings(hands=4, values=AuctionSettings().values.__class__(defender_card=10)))
    assert score_sheet(pad(won()), kind=tuned).minors == 22 * 10
    assert score_sheet(pad(won()), kind=RULES).minors == 22 * 5


def test_a_limbo_hand_keeps_its_sale():
    hand = {
        "contract": "1 & 290♥",
        "declarer": "S",
        "declarers": {"trick_pile": 8, "added": 14, "calypsos": 1, "cards_required": [2]},
        "defenders": {"trick_pile": 30, "added": 0, "calypsos": 0},
        "sell": True,
    }
    # 80 + 180 = 260 points, 30 short: sold (2 cards), 290 + 500 + 400; defenders 30 × 5
    scored = score_sheet(pad(hand), kind=RULES)
    assert (scored.majors, scored.minors) == (1190, 150) and scored.sheet["hands"][0]["sell"] is True
    assert [line["score"].outcome for line in pad_lines(scored.sheet)] == ["limbo-sold"]


@pytest.mark.parametrize(
    ("data", "problems"),
    [
        ([], ['an Auction score pad is an object: {"hands": [one object a hand, …]}']),
        ({"hands": "lots"}, ["hands must be a list of the hands played, one object a hand"]),
        ({"hands": []}, ["the score pad has no hands"]),
        ({"hands": [won()] * 5}, ["the score pad has 5 hands, but this event plays 4 a round"]),
        ({"hands": [won()] * 10_000}, ["the score pad has 10000 hands, but this event plays 4 a round"]),
        ({"hands": [won()], "totals": 1}, ["unknown field 'totals' in the score pad (only hands)"]),
        ({"calypsos": {"S": 1}}, ["unknown field 'calypsos' in the score pad (only hands)"]),
        ({"hands": [won(), "290S", None]}, ["hand 2: an Auction hand is a JSON object", "hand 3: an Auction hand"]),
    ],
)
def test_malformed_pads_are_refused_naming_the_problem(data, problems):
    with pytest.raises(ValidationError) as error:
        score_sheet(data, kind=RULES)
    assert error.value.field == "sheet"
    assert len(error.value.problems) == len(problems)
    for got, want in zip(error.value.problems, problems, strict=True):
        assert got.startswith(want)


def test_every_wrong_hand_is_named_with_its_field():
    bad_cards = won()
    bad_cards["defenders"]["trick_pile"] = 21
    no_declarer = won()
    del no_declarer["declarer"]
    with pytest.raises(ValidationError) as error:
        score_sheet(pad(bad_cards, lost(), no_declarer, {**won(), "contract": "210S"}), kind=RULES)
    problems = error.value.problems
    assert problems[0].startswith("hand 1: cards add up to 51, not 52: 1 card missing")
    assert problems[1].startswith("hand 3: the declarer is needed")
    assert problems[2].startswith("hand 4:") and "220" in problems[2]
    assert len(problems) == 3 and error.value.message.startswith("the scoresheet is wrong: hand 1: cards add up")


def test_a_calypso_sheet_is_not_a_pad_and_a_pad_is_not_a_calypso_sheet(sheet):
    with pytest.raises(ValidationError, match="unknown field 'calypsos'"):
        score_sheet(sheet, kind=RULES)
    with pytest.raises(ValidationError, match="the scoresheet is wrong"):
        score_sheet(pad(won()), kind=Partnership())


def test_the_director_enters_a_pad_and_the_row_holds_the_sides_totals(running, director_a):
    _event, table, game = running
    row = services.enter_sheet(table=table, round=game, sheet=pad(won(), lost()), by=director_a)
    assert (row.majors, row.minors) == (WON_S["majors"] + LOST_D["majors"], WON_S["minors"] + LOST_D["minors"])
    assert row.status == "confirmed" and len(row.sheet["hands"]) == 2


def test_a_refused_pad_writes_nothing(running, director_a):
    _event, table, game = running
    with pytest.raises(ValidationError, match="hand 2: cards add up to 53"):
        services.enter_sheet(
            table=table,
            round=game,
            sheet=pad(won(), {**lost(), "defenders": {**lost()["defenders"], "added": 1}}),
            by=director_a,
        )
    assert not Submission.objects.filter(round=game).exists()


def test_a_table_sends_a_pad_and_the_opponents_confirm_it(running):
    _event, table, game = running
    sent = services.submit_from_table(table=table, round=game, sheet=pad(won()), side="majors", phone="p1")
    confirmed = services.confirm_submission(submission=sent, by_table=table, side="minors", phone="p2")
    assert confirmed.status == "confirmed" and (confirmed.majors, confirmed.minors) == (295, 110)


def test_settings_changed_before_the_start_score_the_pads(auction_pairs, director_a):
    events.update_event(event=auction_pairs, auction={"hands": 2, "values": {"calypso_bid": 1000}})
    events.start_event(event=auction_pairs)
    table, game = auction_pairs.tables.get(number=2), auction_pairs.rounds.get(number=1)
    with pytest.raises(ValidationError, match="the score pad has 3 hands, but this event plays 2 a round"):
        services.enter_sheet(table=table, round=game, sheet=pad(won(), won(), won()), by=director_a)
