"""Odd corners of the engine that no test reached (#32, mutation testing): a contract that is not
text, a table of one player's figure, partnerships with names sitting out in a movement's warning."""

from __future__ import annotations

import pytest

from scoring import movements as mv
from scoring.auction.bidding import AuctionError, Contract
from scoring.movements import movement_warnings
from scoring.movements.edit import relabel
from scoring.variants import table_nets


def test_a_contract_that_is_not_text_is_named_with_an_example():
    with pytest.raises(AuctionError) as caught:
        Contract.parse(290)
    assert str(caught.value) == "290 is not a contract (e.g. 1 & 290♥ X)"


def test_a_player_alone_at_a_table_has_a_figure_of_nothing():
    # A table's figures add up to zero (the tally's cross-check): one player's is 0, whatever the total.
    assert table_nets({"S": 120}) == {"S": 0}
    assert table_nets({}) == {}


def test_partnerships_with_names_sitting_out_are_listed_in_alphabetical_order():
    # Five majors and one minors at five tables: one table plays, the other four partnerships of the
    # majors take turns to sit out. An event's own ids may be names.
    movement = relabel(mv.progressive_pairs(5, 1, 5, 5), {1: "Eve", 2: "Dan", 3: "Cat", 4: "Bob", 5: "Ann"}, {})
    (idle,) = movement_warnings(movement)
    assert idle.message == (
        "Only 1 of the 5 tables plays each game: 4 tables stand idle while partnerships Ann, Bob, Cat, Dan and Eve "
        "take turns to sit out."
    )
    # Numbers first, in numeric order (10 after 9), then names.
    movement = relabel(mv.progressive_pairs(5, 1, 5, 5), {1: 10, 2: 9, 3: "Cat", 4: "Bob"}, {})
    (idle,) = movement_warnings(movement)
    assert "partnerships 5, 9, 10, Bob and Cat take turns" in idle.message
