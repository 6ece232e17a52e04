"""Hand records: one page per game set with its 16 hands deal by deal, per-hand statistics, the
commitment hash of the session's sets and, when the play engine has analysed the set, a summary.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.analysis import format_share
from scoring.cards import MAJOR_SUITS, MINOR_SUITS, SUITS
from scoring.gamesets import GameSet
from scoring.gamesets import commitment as commitment_of

from . import layout
from .canvas import Batch, Output, Progress
from .content import Hand, check_game_sets, hands, own_suit_totals
from .fonts import width
from .options import PrintInputError, PrintOptions
from .sheet import header
from .words import Words


@dataclass(frozen=True)
class SetAnalysis:
    """What the play engine found for one set: expected net per side (majors = ♠♥ partnership,
    minors = ♦♣; they need not sum to zero if estimated separately), whether the set is lopsided,
    how many simulated games the figures rest on, an optional one-line note, and (from
    ``scoring.analysis``) how surely it favours a side: the 95 % ``margin`` of the net, the
    ``confidence`` that the favoured side is the right one, and the ``tail``, the share of uniformly
    dealt sets that lean as far."""

    expected_net_majors: float
    expected_net_minors: float
    lopsided: bool
    games: int | None = None
    note: str = ""
    margin: float | None = None
    confidence: float | None = None
    tail: float | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SetAnalysis:
        """From JSON-ish data (a Celery task's argument): ``expected_net_majors``, optional
        ``expected_net_minors`` (default: minus the majors'), ``lopsided``, ``games``, ``note``,
        optional ``margin``, ``confidence`` and ``tail``."""
        try:
            majors = float(data["expected_net_majors"])
            minors = float(data.get("expected_net_minors", -majors))
            games = data.get("games")
            extra = {key: _share_or_points(data, key) for key in ("margin", "confidence", "tail")}
            return cls(
                majors,
                minors,
                bool(data.get("lopsided", False)),
                None if games is None else int(games),
                str(data.get("note", "")),
                **extra,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise PrintInputError(f"analysis {dict(data)!r} is not usable: {error}") from None


def _share_or_points(data: Mapping[str, Any], key: str) -> float | None:
    value = data.get(key)
    if value is None:
        return None
    number = float(value)
    if not math.isfinite(number) or number < 0 or (key != "margin" and number > 1):
        raise ValueError(f"{key} {value!r} is out of range")
    return number


def render_hand_records(
    sets: Iterable[GameSet],
    options: PrintOptions | None = None,
    *,
    commitment: str | None = None,
    analysis: Mapping[int, SetAnalysis | Mapping[str, Any]] | None = None,
    out: Output = None,
    progress: Progress | None = None,
) -> bytes:
    """One hand record per set on ``options.paper``.

    ``commitment`` is the published hash of the session's sets; by default it is computed over
    ``sets`` with ``scoring.gamesets.commitment`` (so pass it when printing only some of the sets).
    ``analysis`` maps set numbers to a ``SetAnalysis`` (or its dict form); sets without one get an
    empty slot. ``progress(done, total)`` is called after each page. Returns the PDF bytes (also
    written to ``out`` if given)."""
    options = options or PrintOptions()
    sets = check_game_sets(sets)
    if commitment is None:
        commitment = commitment_of(sets)
    summaries = {
        int(number): item if isinstance(item, SetAnalysis) else SetAnalysis.from_dict(item)
        for number, item in (analysis or {}).items()
    }
    title = f"{options.event} — hand records" if options.event else "Calypso hand records"
    batch = Batch(options, title, options.page_size)
    for done, game_set in enumerate(sets, start=1):
        _page(
            batch, game_set, options.words, options.event, commitment, len(sets), summaries.get(game_set.number), done
        )
        batch.end_page()
        if progress:
            progress(done, len(sets))
    return batch.finish(out)


def _page(
    batch: Batch,
    game_set: GameSet,
    words: Words,
    event: str,
    commitment: str,
    total: int,
    summary: SetAnalysis | None,
    index: int,
) -> None:
    lay = layout.SHEET
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    title = f"{words.hand_record_title} — {words.game_set.format(n=game_set.number)}"
    y = header(batch, title, game_set, words, event, index, total)

    y -= lay.note_leading
    batch.text(left, y, words.commitment.format(n=total), layout.REGULAR, lay.note_size, layout.GREY)
    y -= lay.commitment_size + 4
    size = batch.fit(commitment, layout.BOLD, lay.commitment_size, room)
    batch.text(left, y, commitment, layout.BOLD, size)

    y = _deals(batch, game_set, words, left, y - 14, room)
    y = _totals(batch, game_set, words, left, y - 10, room)
    _analysis(batch, summary, words, left, y - 16, room)


def _deals(batch: Batch, game_set: GameSet, words: Words, left: float, top: float, room: float) -> float:
    lay = layout.SHEET
    label_width = lay.deal_label_width
    column = (room - label_width) / 4
    header_height = 20.0
    batch.box(left, top - header_height, room, header_height, stroke=None, fill=layout.SHADE)
    baseline = top - header_height + (header_height - lay.seat_size) / 2 + 1.5
    for i, seat in enumerate(SUITS):
        batch.seat(left + label_width + i * column + 5, baseline, seat, words.suits[seat], lay.seat_size)
    y = top - header_height

    by_deal: dict[int, list[Hand]] = {}
    for hand in hands(game_set):
        by_deal.setdefault(hand.deal, []).append(hand)
    block = 5 * lay.hand_leading + 10
    small = lay.stats_size
    for deal, deal_hands in by_deal.items():
        if deal % 2 == 0:
            batch.box(left, y - block, room, block, stroke=None, fill=(0.965, 0.965, 0.965))
        first = y - 6 - lay.hand_size
        deal_label = words.deal.format(n=deal)
        batch.text(
            left + 5, first, deal_label, layout.BOLD, batch.fit(deal_label, layout.BOLD, lay.hand_size, label_width - 9)
        )
        dealer, leader = deal_hands[0].dealer, deal_hands[0].leader
        for row, (label, seat) in enumerate(((words.dealer, dealer), (words.leader, leader)), start=1):
            line = first - row * lay.hand_leading - 2
            batch.text(left + 5, line, label, layout.REGULAR, small, layout.GREY)
            batch.symbol(left + label_width - 12, line, seat, small + 1)
        for i, hand in enumerate(deal_hands):
            x = left + label_width + i * column + 5
            cell = column - 9
            line = first
            symbol_width = width(layout.SYMBOL_SAMPLE, layout.REGULAR, lay.hand_size) + 4
            for suit in SUITS:
                ranks = " ".join(hand.ranks(suit)) or "—"
                batch.symbol(x, line, suit, lay.hand_size)
                batch.text(
                    x + symbol_width,
                    line,
                    ranks,
                    layout.REGULAR,
                    batch.fit(ranks, layout.REGULAR, lay.hand_size, cell - symbol_width),
                )
                line -= lay.hand_leading
            shape = "-".join(str(n) for n in hand.lengths)
            stats = f"{shape}  ·  {words.own} {hand.own}  ·  {words.partner} {hand.partner}"
            batch.text(x, line - 1, stats, layout.REGULAR, batch.fit(stats, layout.REGULAR, small, cell), layout.GREY)
        y -= block
        batch.line(left, y, left + room, y)
    for i in range(4):
        x = left + label_width + i * column
        batch.line(x, top, x, y)
    batch.box(left, y, room, top - y)
    return y


def _totals(batch: Batch, game_set: GameSet, words: Words, left: float, top: float, room: float) -> float:
    """Own-suit cards per seat over the game, under the seat columns; partnership sums at the right."""
    lay = layout.SHEET
    totals = own_suit_totals(game_set)
    majors, minors = totals["S"] + totals["H"], totals["D"] + totals["C"]
    sums = f"{words.majors} {majors}   ·   {words.minors} {minors}"
    y = top - lay.heading_size
    sums_width = batch.text(left + room, y, sums, layout.BOLD, lay.heading_size, align="right")
    heading_size = batch.fit(words.game_totals, layout.BOLD, lay.heading_size, room - sums_width - 16)
    batch.text(left, y, words.game_totals, layout.BOLD, heading_size)
    y -= lay.hand_leading + 4
    column = (room - lay.deal_label_width) / 4
    for i, seat in enumerate(SUITS):
        label = f"{words.suits[seat]} {totals[seat]}"
        size = batch.fit(f"{layout.SYMBOL_SAMPLE} {label}", layout.REGULAR, lay.hand_size, column - 9)
        batch.seat(left + lay.deal_label_width + i * column + 5, y, seat, label, size, layout.REGULAR)
    return y - 4


def _signed(value: float) -> str:
    text = f"{abs(value):.0f}" if float(value).is_integer() or abs(value) >= 10 else f"{abs(value):.1f}"
    if text.strip("0.") == "":
        return "0"
    return ("+" if value > 0 else "−") + text


def _analysis(batch: Batch, summary: SetAnalysis | None, words: Words, left: float, top: float, room: float):
    lay = layout.SHEET
    size = lay.analysis_size
    lean = _lean(summary, words) if summary is not None else ""
    height = 3 * size + 26 + (size + 5 if lean else 0)
    batch.box(left, top - height, room, height, stroke=layout.RULE, dash=None if summary else (3, 2))
    x, y = left + 8, top - 8 - lay.heading_size
    batch.text(x, y, words.analysis, layout.BOLD, lay.heading_size)
    y -= size + 8
    if summary is None:
        batch.text(x, y, words.no_analysis, layout.REGULAR, size, layout.GREY)
        return
    x += batch.text(x, y, f"{words.expected_net}:  ", layout.REGULAR, size)
    for name, suits, value in (
        (words.majors, MAJOR_SUITS, summary.expected_net_majors),
        (words.minors, MINOR_SUITS, summary.expected_net_minors),
    ):
        x += batch.text(x, y, f"{name} ", layout.REGULAR, size)
        for suit in suits:
            x += batch.symbol(x, y, suit, size)
        x += batch.text(x, y, f" {_signed(value)}", layout.BOLD, size) + 18
    flag = words.yes if summary.lopsided else words.no
    batch.text(
        x,
        y,
        f"{words.lopsided}: {flag}",
        layout.BOLD if summary.lopsided else layout.REGULAR,
        size,
        layout.RED if summary.lopsided else layout.BLACK,
    )
    if lean:
        y -= size + 5
        fitted = batch.fit(lean, layout.REGULAR, size, room - 16)
        batch.text(left + 8, y, batch.clip(lean, layout.REGULAR, fitted, room - 16), layout.REGULAR, fitted)
    detail = " · ".join(part for part in (f"n = {summary.games}" if summary.games else "", summary.note) if part)
    if detail:
        y -= size + 5
        batch.text(
            left + 8, y, batch.clip(detail, layout.REGULAR, size - 1, room - 16), layout.REGULAR, size - 1, layout.GREY
        )


def _lean(summary: SetAnalysis, words: Words) -> str:
    """Which side the set favours, by how much and how surely, and how unusual that is among
    uniformly dealt sets: printed when the analysis says (``scoring.analysis`` does)."""
    if summary.tail is None and summary.margin is None:
        return ""
    net = (summary.expected_net_majors - summary.expected_net_minors) / 2
    if round(net) == 0:
        text = words.favours_neither
    else:
        side = words.majors if net > 0 else words.minors
        text = words.favours.format(side=side, net=f"{abs(net):.0f}")
        if summary.margin is not None and summary.confidence is not None and (summary.games or 2) >= 2:
            sure = format_share(summary.confidence)
            text += words.favours_surely.format(margin=f"{summary.margin:.0f}", confidence=sure)
    if summary.tail is not None:
        text += words.lean_as_far.format(tail=format_share(summary.tail))
    return text
