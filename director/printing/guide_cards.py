"""Table guide cards: one page per table that stays on the table all session.

Round by round: which game set is played, who sits in each seat, where each side goes for the
next game, and the sit-out order of a side of three. A QR code (reportlab's own encoder, drawn as
one path by ``qr.draw_qr``) opens the table's score-entry page, whose address is printed beside it
for anyone without a camera.
"""

from __future__ import annotations

from dataclasses import dataclass

from director.sheets.base import SheetKind
from scoring.cards import SIDE_SYMBOLS
from scoring.movements import NextMove

from . import layout, qr
from .canvas import Batch, Output, Progress
from .data import DIRECTIONS, EventData, Play, Side
from .event_sheet import header, pair_symbols
from .fonts import width
from .options import PrintInputError, PrintOptions
from .words import EventWords, Words

STAYS, MOVES, BYE, UNKNOWN, LAST = "stays", "moves", "bye", "unknown", "last"
QR_LEVEL, QR_BORDER = "M", 2  # error correction; quiet zone in modules, inside the code's size


@dataclass(frozen=True)
class Move:
    """Where one side (or one player of an individual side) goes for the next game."""

    who: str  # "" for a whole side, else the player's name
    kind: str  # stays / moves / bye / unknown (not seated yet) / last (no next game)
    table: int | None = None
    direction: str | None = None
    seat: str | None = None  # individual events: the suit of the next seat, when known


@dataclass(frozen=True)
class GuideRow:
    round: int
    game_set: int | None
    majors: Side | None
    minors: Side | None
    moves: dict[str, tuple[Move, ...]]  # direction → moves
    set_to: tuple[int, ...] = ()  # duplicate: the tables the game set goes to for the next game
    kind: SheetKind | None = None  # the kind of sheet the table plays (a table of three or two names it)


@dataclass(frozen=True)
class GuideCard:
    table: int
    url: str
    rows: tuple[GuideRow, ...]


def _kind(move: NextMove) -> str:
    return BYE if move.sits_out else STAYS if move.stays else MOVES


def _moves(play: Play, direction: str, side: Side) -> tuple[Move, ...]:
    """Where ``side`` (or each of its players) goes next, from ``play.next``
    (``movements.selectors.next_places``, the one where-next): the card only words it."""
    after = play.next
    whos = ("",) if side.partnership is not None else side.names
    if after is None or after.next_round is None:
        return tuple(Move(who, LAST) for who in whos)
    if not after.seated:
        return tuple(Move(who, UNKNOWN) for who in whos)
    return tuple(
        Move(m.who, _kind(m), m.table, m.new_direction, m.seat) for m in after.moves if m.direction == direction
    )


def guide_cards(data: EventData) -> list[GuideCard]:
    """The guide card of every table: rows per round with sides, set and next moves."""
    cards = []
    numbers = [t.number for t in data.tables] or sorted({p.table for p in data.plays})
    urls = {t.number: t.entry_url for t in data.tables}
    for table in numbers:
        rows = []
        for round_number in data.rounds:
            play = data.play(round_number, table) or Play(round_number, table)
            moves = {d: _moves(play, d, play.side(d)) for d in DIRECTIONS if play.side(d) is not None}
            rows.append(
                GuideRow(
                    round_number, play.game_set, play.majors, play.minors, moves, play.set_goes_to, data.kind_of(play)
                )
            )
        cards.append(GuideCard(table, urls.get(table, ""), tuple(rows)))
    return cards


def render_guide_cards(
    data: EventData,
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
) -> bytes:
    """A guide card per table of ``data`` on ``options.paper``; ``progress(done, total)`` after each."""
    options = options or PrintOptions()
    cards = guide_cards(data)
    if not cards:
        raise PrintInputError(f"{data.name}: no tables, so there are no guide cards to print")
    title = f"{options.event} — table guide cards" if options.event else "Calypso table guide cards"
    batch = Batch(options, title, options.page_size)
    for done, card in enumerate(cards, start=1):
        _page(batch, card, data, options.words, options.event_words, options.event)
        batch.end_page()
        if progress:
            progress(done, len(cards))
    return batch.finish(out)


def draw_qr(batch: Batch, x: float, y: float, size: float, value: str) -> None:
    """A QR code of ``value`` with its bottom-left corner at (x, y), ``size`` points square: error
    correction M, a quiet zone of two modules inside ``size``."""
    qr.draw_qr(batch.canvas, x, y, size, value, level=QR_LEVEL, border=QR_BORDER)


def _move_text(move: Move, ew: EventWords, words: Words) -> tuple[str, str | None]:
    """(text, direction whose symbols precede it) for one move."""
    prefix = f"{move.who} " if move.who else ""
    if move.kind == STAYS:
        return prefix + ew.stays, None
    if move.kind == MOVES:
        where = ew.table.format(n=move.table)
        if move.seat:
            return f"{prefix}→ {where} {words.suits[move.seat]}", None
        return f"{prefix}→ {where}", move.direction
    if move.kind == BYE:
        return prefix + ew.bye, None
    if move.kind == UNKNOWN:
        return prefix + ew.to_be_seated, None
    return "", None


def _page(batch: Batch, card: GuideCard, data: EventData, words: Words, ew: EventWords, event: str) -> None:
    lay = layout.EVENT_SHEET
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    y = header(batch, ew.guide_title, "", event)

    # The table number, large, and the QR code with its address.
    qr_size = lay.qr_size
    top = y - 8
    if card.url:
        draw_qr(batch, right - qr_size, top - qr_size, qr_size, card.url)
    big = 44
    batch.text(left, top - big, ew.table.format(n=card.table), layout.BOLD, big)
    if card.url:
        text_right = right - qr_size - 10
        line_y = top - big - 22
        for line in batch.wrap(ew.scan, layout.REGULAR, lay.guide_size, text_right - left):
            batch.text(text_right, line_y, line, layout.REGULAR, lay.guide_size, align="right")
            line_y -= lay.guide_size + 3
        size = batch.fit(card.url, layout.REGULAR, lay.label_size + 0.5, text_right - left)
        batch.text(text_right, line_y - 2, card.url, layout.REGULAR, size, layout.GREY, align="right")
    y = top - max(qr_size, big + 40) - 12

    # The rounds.
    # A progressive table deals its own cards: no game-set column, the sides take its room.
    sets = any(row.game_set is not None for row in card.rows)
    columns = [0.1, 0.07, 0.29, 0.29, 0.25] if sets else [0.1, 0.0, 0.325, 0.325, 0.25]
    xs = [left]
    for fraction in columns[:-1]:
        xs.append(xs[-1] + room * fraction)
    widths = [room * f for f in columns]
    y = _column_heads(batch, ew, xs, widths, left, room, y, sets=sets)

    leading = lay.guide_size + 4
    bottom = lay.margin + 3 * lay.label_size
    for index, row in enumerate(card.rows):
        side_lines = (
            _side_lines(batch, side, ew, widths[2 + i] - 8) for i, side in enumerate((row.majors, row.minors))
        )
        plays = row.kind.printed_name(words.code) if row.kind is not None else ""
        moves = _move_plan(batch, row, ew, words, widths[4] - 8)
        lines = max(*side_lines, _move_lines(row, moves), 1) + bool(plays)
        height = lines * leading + 8
        if y - height < bottom:  # a long session: carry on over the page
            batch.end_page()
            y = header(batch, ew.guide_title, ew.table.format(n=card.table), event)
            y = _column_heads(batch, ew, xs, widths, left, room, y - 8, sets=sets)
        if index % 2:
            batch.box(left, y - height, room, height, stroke=None, fill=(0.965, 0.965, 0.965))
        first = y - 4 - lay.guide_size
        batch.text(xs[0] + 4, first, str(row.round), layout.BOLD, lay.guide_size + 2)
        if plays:  # a table of three or two: what it plays, across the sides' columns, then the seats
            batch.text(xs[2] + 4, first, plays, layout.BOLD, lay.guide_size)
            first -= leading
        if row.game_set is not None:
            batch.text(xs[1] + 4, first, str(row.game_set), layout.BOLD, lay.guide_size + 2)
        for i, side in enumerate((row.majors, row.minors)):
            _draw_side(batch, side, words, ew, xs[2 + i] + 4, first, widths[2 + i] - 8, leading)
        line = first
        if _all_unknown(row):  # the next game is seated from this game's results
            for text in batch.wrap(ew.to_be_seated, layout.REGULAR, lay.guide_size - 1, widths[4] - 8):
                batch.text(xs[4] + 4, line, text, layout.REGULAR, lay.guide_size - 1, layout.GREY)
                line -= leading
        for direction, lead, text, size, arrow in moves:
            x = xs[4] + 4
            if lead:
                x += pair_symbols(batch, x, line, direction, lay.guide_size, layout.REGULAR) + 4
            x += batch.text(x, line, text, layout.REGULAR, size)
            if arrow:
                pair_symbols(batch, x + 4, line, arrow, size, layout.REGULAR)
            line -= leading
        if row.set_to and row.game_set is not None:  # where the game set goes, as well as the pairs
            text = _set_text(row, ew)
            avail = widths[4] - 8
            size = max(batch.fit(text, layout.BOLD, lay.guide_size, avail), lay.guide_size - 3)
            batch.text(xs[4] + 4, line, batch.clip(text, layout.BOLD, size, avail), layout.BOLD, size)
            line -= leading
        y -= height
        batch.line(left, y, right, y)
    sitting = [f"{ew.game.format(n=r)}: {', '.join(names)}" for r, names in sorted(data.sitting_out.items()) if names]
    if sitting:
        y -= 6 + lay.label_size
        text = f"{ew.bye.capitalize()} — " + "; ".join(sitting)
        for line in batch.wrap(text, layout.REGULAR, lay.label_size + 0.5, room):
            batch.text(left, y, line, layout.REGULAR, lay.label_size + 0.5, layout.GREY)
            y -= lay.label_size + 3


def _column_heads(
    batch: Batch, ew: EventWords, xs, widths, left: float, room: float, y: float, *, sets: bool = True
) -> float:
    lay = layout.EVENT_SHEET
    head_h = 20
    batch.box(left, y - head_h, room, head_h, stroke=None, fill=layout.SHADE)
    base = y - head_h + 6.5
    size = lay.label_size + 1.5
    batch.text(xs[0] + 4, base, ew.game.format(n="").strip(), layout.BOLD, size)
    if sets:
        batch.text(xs[1] + 4, base, ew.game_set, layout.BOLD, size)
    for i, direction in enumerate(DIRECTIONS):
        pair_symbols(batch, xs[2 + i] + 4, base, direction, size + 1)
    batch.text(xs[4] + 4, base, batch.clip(ew.next_game, layout.BOLD, size, widths[4] - 8), layout.BOLD, size)
    return y - head_h


def _side_texts(batch: Batch, side: Side, ew: EventWords, room: float) -> list[str]:
    """The grey lines under a side's seats: the third player and the sit-out order, wrapped."""
    lay = layout.EVENT_SHEET
    size = lay.guide_size - 1.5
    lines = []
    if side.third is not None:
        lines += batch.wrap(f"{side.third[1]} — {ew.out_first}", layout.REGULAR, size, room)
    if side.sit_out:
        order = " · ".join(f"{i} {name}" for i, name in enumerate(side.sit_out, start=1))
        lines += batch.wrap(f"{ew.sit_out}: {order}", layout.REGULAR, size, room)
    return [batch.clip(line, layout.REGULAR, size, room) for line in lines]


def _side_lines(batch: Batch, side: Side | None, ew: EventWords, room: float) -> int:
    if side is None:
        return 1
    names = sum(len(_seat_name(batch, name, room)) for _, _, name in side.seats)
    return (1 if side.partnership is not None else 0) + names + len(_side_texts(batch, side, ew, room))


def _seat_name(batch: Batch, name: str, room: float) -> list[tuple[str, float]]:
    """A seated player's name beside the suit symbol, whole (wrapped when long)."""
    lay = layout.EVENT_SHEET
    return _whole(batch, name.split(), layout.REGULAR, lay.guide_size, room - lay.guide_size - 4)


def _all_unknown(row: GuideRow) -> bool:
    moves = [m for ms in row.moves.values() for m in ms]
    return bool(moves) and all(m.kind == UNKNOWN for m in moves)


def _move_lines(row: GuideRow, moves: list) -> int:
    if _all_unknown(row):
        return 2
    return (1 if row.set_to and row.game_set is not None else 0) + len(moves)


def _whole(batch: Batch, tokens: list[str], font: str, size: float, room: float) -> list[tuple[str, float]]:
    """``tokens`` (words, or a destination kept whole) as lines that each fit ``room``, never cut:
    shrunk a little first (to ``size`` − 3), then wrapped between tokens; a line of one token too
    wide is shrunk to fit (down to ``MIN_FIT_SIZE``). Returns ``(line, size)`` pairs."""
    text = " ".join(tokens)
    smaller = max(batch.fit(text, font, size, room), size - 3)
    if width(text, font, smaller) <= room:
        return [(text, smaller)]
    lines: list[str] = []
    current = ""
    for token in tokens:
        candidate = f"{current} {token}" if current else token
        if current and width(candidate, font, smaller) > room:
            lines.append(current)
            current = token
        else:
            current = candidate
    lines.append(current)
    return [(line, min(smaller, batch.fit(line, font, smaller, room))) for line in lines]


def _move_plan(batch: Batch, row: GuideRow, ew: EventWords, words: Words, room: float) -> list[tuple]:
    """Each line of a row's moves: ``(direction, pair symbols first?, text, size, pair symbols
    after or None)``. A player's name and where they go print whole (issue #30.6): a long name
    wraps, and "→ Table 3 ♠" stays on one line."""
    if _all_unknown(row):
        return []
    lay = layout.EVENT_SHEET
    symbols = width(SIDE_SYMBOLS["majors"], layout.REGULAR, lay.guide_size) + 4
    out = []
    for direction in DIRECTIONS:
        for move in row.moves.get(direction, ()):
            text, arrow = _move_text(move, ew, words)
            if not text:
                continue
            arrow = arrow if arrow and arrow != direction else None
            avail = room - (0 if move.who else symbols) - (symbols if arrow else 0)
            tokens = [*move.who.split(), text[len(move.who) :].strip()] if move.who else [text]
            lines = _whole(batch, tokens, layout.REGULAR, lay.guide_size, avail)
            for i, (line, size) in enumerate(lines):
                last = i == len(lines) - 1
                out.append((direction, not move.who and i == 0, line, size, arrow if last else None))
    return out


def _set_text(row: GuideRow, ew: EventWords) -> str:
    """ "Set 3 → Table 4": where the game set goes for the next game."""
    return f"{ew.game_set} {row.game_set} → " + ", ".join(ew.table.format(n=t) for t in row.set_to)


def _draw_side(batch: Batch, side: Side | None, words: Words, ew: EventWords, x, y, room, leading) -> None:
    lay = layout.EVENT_SHEET
    if side is None:
        batch.text(x, y, "—", layout.REGULAR, lay.guide_size, layout.GREY)
        return
    if side.partnership is not None:
        label = ew.partnership.format(n=side.partnership)
        batch.text(x, y, label, layout.BOLD, lay.guide_size)
        y -= leading
    for suit, _, name in side.seats:
        w = batch.symbol(x, y, suit, lay.guide_size) + 4
        for line, size in _seat_name(batch, name, room):
            batch.text(x + w, y, line, layout.REGULAR, size)
            y -= leading
    for line in _side_texts(batch, side, ew, room):
        batch.text(x, y, line, layout.REGULAR, lay.guide_size - 1.5, layout.GREY)
        y -= leading


__all__ = ["GuideCard", "GuideRow", "Move", "draw_qr", "guide_cards", "render_guide_cards"]
