"""What the fixed-partnership progressive movement tells a director, word for word: refusals naming
the partnership or player, and the notes on unused tables and repeated meetings (the checks
``make mutate`` found missing in scoring.movements.pairs)."""

from __future__ import annotations

import pytest

from scoring.movements.model import MovementError
from scoring.movements.pairs import _rest_majors, progressive_pairs


def message(call) -> str:
    with pytest.raises(MovementError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: progressive_pairs([], 3, 3, 3), "a progressive event needs at least one majors partnership"),
        (lambda: progressive_pairs(3, [], 3, 3), "a progressive event needs at least one minors partnership"),
        (lambda: progressive_pairs(["a", "b"], ["c", "b"], 2, 2), "partnership 'b' is both majors and minors"),
        (lambda: progressive_pairs([1, "b"], ["b", 1], 2, 2), "partnership 1 is both majors and minors"),
        (lambda: progressive_pairs(2, 2, 0, 2), "the number of tables must be at least 1, not 0"),
        (lambda: progressive_pairs(2, 2, 2, 0), "the number of games must be at least 1, not 0"),
        (lambda: progressive_pairs(0, 2, 2, 2), "the number of majors partnerships must be at least 1, not 0"),
        (lambda: progressive_pairs(2, 0, 2, 2), "the number of minors partnerships must be at least 1, not 0"),
        (lambda: progressive_pairs(["a", "a"], 2, 2, 2), "'a' appears twice among the majors partnerships"),
        (lambda: progressive_pairs(2, "ab", 2, 2), "the minors partnerships are a list of ids, not the text 'ab'"),
        (
            lambda: progressive_pairs(2, 2, 2, 2, members={9: ["p", "q"]}),
            "players are given for partnership 9, which is not in the event",
        ),
        (
            lambda: progressive_pairs(2, 2, 2, 2, members={1: ["p"]}),
            "partnership 1 has ['p']: a partnership is two or three players",
        ),
        (
            lambda: progressive_pairs(2, 2, 2, 2, members={1: ["p", "p"]}),
            "partnership 1 has ['p', 'p']: a partnership is two or three players",
        ),
        (
            lambda: progressive_pairs(2, 2, 2, 2, members={1: ["p", "q", "r", "s"]}),
            "partnership 1 has ['p', 'q', 'r', 's']: a partnership is two or three players",
        ),
        (
            lambda: progressive_pairs(["A", "B"], ["C", "D"], 2, 2, members={"A": ["p", "q", "r", "s"]}),
            "partnership 'A' has ['p', 'q', 'r', 's']: a partnership is two or three players",
        ),
        (
            lambda: progressive_pairs(2, 2, 2, 2, members={1: ["p", "q"], 3: ["r", "p"]}),
            "player 'p' is in partnerships 1 and 3",
        ),
    ],
)
def test_each_refusal_names_the_partnership_or_player(call, words):
    assert message(call) == words


def test_a_partnership_of_three_is_allowed():
    movement = progressive_pairs(2, 2, 2, 2, members={1: ["p", "q", "r"], 3: ["s", "t"]})
    assert movement.members == {1: ("p", "q", "r"), 3: ("s", "t")}


def test_unused_tables_and_repeated_meetings_are_noted():
    assert progressive_pairs(2, 2, 3, 2).notes == ["only 2 of the 3 tables are used: there are 2 majors partnerships"]
    # two tables, three games: the minors have been round their circuit after two
    assert progressive_pairs(2, 2, 2, 3).notes == [
        "2 pairs of partnerships meet more than once",
        "partnership 3 meets partnership 1 in games 1, 3",
        "partnership 4 meets partnership 2 in games 1, 3",
    ]


def test_minors_given_by_count_are_numbered_after_the_majors_ids():
    # majors named by text: the minors are 1, 2, ...; majors 1..3 by count: the minors are 4, 5, ...
    named = progressive_pairs(["a", "b"], 2, 2, 1)
    assert sorted(entry.minors for entry in named.rounds[0].values()) == [1, 2]
    counted = progressive_pairs(3, 3, 3, 1)
    assert sorted(entry.minors for entry in counted.rounds[0].values()) == [4, 5, 6]


def test_among_equals_the_majors_who_would_meet_a_minors_partnership_again_rest():
    # progressive_pairs' rest rule: bye counts first, then "rest a partnership that would otherwise
    # meet a minors partnership again". Majors 1 and 2 sit at tables 1 and 2, 3 comes back; this game
    # minors a and b are at tables 1 and 2, and 2 has met b. Resting 1 would leave 2 meeting b again
    # (3 takes table 1 and meets a, new); resting 2 gives three new meetings (3 takes table 2, b).
    seated = _rest_majors([1, 2, 3], {1: 1, 2: 2}, 1, {1: 0, 2: 0, 3: 0}, {1: "a", 2: "b"}, {(2, "b")})
    assert seated == {1: 1, 2: 3}
    # With nobody met before, the first in entry order rests and 3 takes that table.
    assert _rest_majors([1, 2, 3], {1: 1, 2: 2}, 1, {1: 0, 2: 0, 3: 0}, {1: "a", 2: "b"}, set()) == {1: 3, 2: 2}
