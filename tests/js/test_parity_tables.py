"""The phone's live check of a club night's table of three is the engine's (issue #17.7):
``js/scores.js`` ``checkTable``/``scoreTable`` against ``scoring.variants.check_table_sheet`` /
``score_table_sheet`` on thousands of three-handed, split and Neutralised sheets, good and spoilt,
in the table's seats and in others — the same problems in the same words and order, the same own
scores, split totals and tally figures."""

from __future__ import annotations

import random

from scoring import scores, variants

from .test_parity import COUNT, as_sent, pytestmark, run_node, spoil, typed, without_blanks

__all__ = ["pytestmark"]

SEATINGS = {
    "three-handed": ["SHC", "SDH", "DHC", "SHD"],
    "split": ["SHC", "SDH", "DHC"],
    "neutralised": ["SDH"],
    "neutralised-split": ["SDH"],
}


def random_table_sheet(rng: random.Random) -> dict:
    form = rng.choice(list(SEATINGS))
    seats = rng.choice(SEATINGS[form])
    # mostly the table's own seats; sometimes another three, or four players
    named = seats if rng.random() < 0.8 else rng.choice(["SHC", "SDH", "SHDC", "HDC"])
    neutral = form.startswith("neutralised")
    per_suit, deck = (52, 207) if neutral else (39, 117)
    sheet: dict = {"calypsos": {}, "unfinished": {}, "trick_piles": {}, "revokes": {}}
    left = deck if rng.random() < 0.9 else rng.choice([116, 118, 206, 208])
    for seat in named:
        calypsos, unfinished = rng.choice([0, 0, 1, 1, 2, 3] + ([3, 4] if neutral else [])), rng.randint(0, 12)
        if 13 * calypsos + unfinished > per_suit and rng.random() < 0.8:
            calypsos = per_suit // 13 - 1
        left -= 13 * calypsos + unfinished
        sheet["calypsos"][seat], sheet["unfinished"][seat] = typed(rng, calypsos), typed(rng, unfinished)
        sheet["revokes"][seat] = typed(rng, rng.choice([0, 0, 0, 1, 2]))
    for seat in named[:-1]:
        take = rng.randint(0, max(0, left))
        sheet["trick_piles"][seat] = typed(rng, take)
        left -= take
    sheet["trick_piles"][named[-1]] = typed(rng, left)
    if neutral and rng.random() < 0.5:
        sheet["form"] = "neutralised"
    elif not neutral and rng.random() < 0.3:
        sheet["form"] = "cutthroat"
    spoil(rng, sheet, {section: list(named) for section in ("calypsos", "unfinished", "trick_piles", "revokes")})
    return {"form": form, "seats": seats, "sheet": sheet}


EDGES = [
    {"form": "neutralised", "seats": "SDH", "sheet": {
        "form": "neutralised", "calypsos": {"S": 2, "D": 1, "H": 0}, "unfinished": {"S": 4, "D": 6, "H": 9},
        "trick_piles": {"S": 60, "D": 50, "H": 39}}},
    {"form": "neutralised", "seats": "SDH", "sheet": {
        "calypsos": {"S": 2, "D": 1, "C": 0}, "unfinished": {"S": 4, "D": 6, "C": 9},
        "trick_piles": {"S": 60, "D": 50, "C": 39}}},  # ♣ is nobody's
    {"form": "neutralised", "seats": "SDH", "sheet": {
        "calypsos": {"S": "", "D": 1, "H": 0}, "unfinished": {"S": 4, "D": 6, "H": 9},
        "trick_piles": {"S": 60, "D": 50, "H": 390}}},  # a blank box: nothing more is said yet
    {"form": "split", "seats": "SHC", "sheet": {
        "calypsos": {"S": 1, "H": 0, "C": 2}, "unfinished": {"S": 5, "H": 7, "C": 3},
        "trick_piles": {"S": 20, "H": 20, "C": 23}, "revokes": {"S": 0, "H": 1, "C": 0}}},
    {"form": "three-handed", "seats": "SDH", "sheet": {
        "calypsos": {"S": 1, "H": 0, "C": 2}, "unfinished": {"S": 5, "H": 7, "C": 3},
        "trick_piles": {"S": 20, "H": 20, "C": 23}}},
    {"form": "three-handed", "seats": "SHC", "sheet": ["not", "a", "sheet"]},
    {"form": "neutralised", "seats": "SDH", "sheet": None},
]  # fmt: skip


def test_tables_of_three_are_checked_and_scored_alike():
    rng = random.Random(17)
    cases = EDGES + [random_table_sheet(rng) for _ in range(COUNT)]
    answers = run_node("table", cases)
    good = bad = 0
    splits = 0
    for case, js in zip(cases, answers, strict=True):
        form, seats, sheet = case["form"], case["seats"], case["sheet"]
        problems = without_blanks(
            sheet, ("calypsos", "unfinished", "trick_piles", "revokes"), variants.check_table_sheet(form, sheet, seats)
        )
        assert js["problems"] == problems, (case, problems, js["problems"])
        assert js["words"] == [scores.in_sheet_words(p) for p in problems], case
        server_ok = variants.check_table_sheet(form, as_sent(sheet), seats) == []
        assert (js["score"] is not None) == server_ok, (case, js)
        if server_ok:
            good += 1
            scored = variants.score_table_sheet(form, as_sent(sheet), seats)
            assert js["score"] == {"own": scored.own, "totals": scored.totals, "nets": scored.nets}, case
            splits += form == "split"
        bad += bool(problems)
    assert good > COUNT // 5 and bad > COUNT // 5 and splits > 50


def test_table_figures_are_rounded_alike():
    """``tableNets`` is ``variants.table_nets`` on any totals, odd ones too (never from a sheet, all
    in tens, so the sheets above never reach the rounding rule): same figures, adding up to 0."""
    rng = random.Random(30)
    cases = [{"S": 1, "H": 0, "C": 0}, {"S": 0, "H": 1, "C": 0}, {"S": 5, "H": 5, "C": 0}, {"S": 7, "C": 2}]
    for _ in range(500):
        seats = rng.choice(["SHC", "SDH", "SC", "SHDC", "HDC"])
        cases.append({seat: rng.randint(-3000, 3000) for seat in seats})
    answers = run_node("table-nets", cases)
    for totals, js in zip(cases, answers, strict=True):
        figures = variants.table_nets(totals)
        assert js == figures, totals
        assert sum(figures.values()) == 0
