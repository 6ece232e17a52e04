"""Tally cards: one per partnership (or player, in individual events), two to a page.

A row per game: the table and seat to go to, the opponents, the set, then the net and the
running total — printed when the game's sheet is confirmed, left as boxes to fill in otherwise.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from . import layout, qr
from .canvas import Batch, Output, Progress
from .data import Entrant, EventData
from .event_sheet import pair_symbols, write_box
from .options import PrintInputError, PrintOptions
from .words import EventWords, Words


@dataclass(frozen=True)
class TallyLine:
    game: int
    table: int | None  # None: a bye, or a game not seated yet
    direction: str | None
    seat: str | None  # individual events: the suit of the first deal's seat
    opponents: str
    game_set: int | None
    net: int | None
    running: int | None


@dataclass(frozen=True)
class TallyCard:
    entrant: Entrant
    lines: tuple[TallyLine, ...]

    @property
    def total(self) -> int | None:
        nets = [line.net for line in self.lines if line.table is not None]
        return sum(nets) if nets and all(n is not None for n in nets) else None


def tally_cards(data: EventData) -> list[TallyCard]:
    """Every entrant's card, in entrant order (partnership number, or player name)."""
    cards = []
    for entrant in data.entrants:
        lines = []
        running = 0
        complete = True
        for game in data.rounds:
            found = data.find(entrant.key, game)
            if found is None:
                lines.append(TallyLine(game, None, None, None, "", None, None, None))
                continue
            play, direction = found
            side, other = play.side(direction), play.side("minors" if direction == "majors" else "majors")
            seat = side.seat_of(entrant.key) if data.individual and isinstance(entrant.key, int) else None
            alone = data.kind_of(play).individual  # no partner: the others are "opponents"
            if alone:  # the player's own figure (``event_data``: a score, or a table of three's tally figure)
                net = play.result.score_of(entrant.key) if play.result is not None else None
                everyone = [pair for sd in play.sides() for pair in zip(sd.player_ids, sd.names, strict=True)]
                other_names = [name for pid, name in everyone if pid != entrant.key]
            else:
                net = play.result.net_for(direction) if play.result is not None else None
            if net is None:
                complete = False
            else:
                running += net
            opponents = other.label if other is not None else "—"
            if alone:
                opponents = " & ".join(other_names) or "—"
            lines.append(
                TallyLine(
                    game,
                    play.table,
                    direction,
                    seat,
                    opponents,
                    play.game_set,
                    net,
                    running if complete and net is not None else None,
                )
            )
        cards.append(TallyCard(entrant, tuple(lines)))
    return cards


def signed(value: int) -> str:
    """``+120``, ``−40`` (a real minus sign), ``0``."""
    return "0" if value == 0 else f"+{value}" if value > 0 else f"−{-value}"


def render_tally_cards(
    data: EventData,
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
    entrants: list[Hashable] | None = None,
) -> bytes:
    """Tally cards on ``options.paper``, two to a page (one when the session is long);
    ``progress(done, total)`` after each card."""
    options = options or PrintOptions()
    cards = tally_cards(data)
    if entrants is not None:
        cards = [c for c in cards if c.entrant.key in set(entrants)]
    if not cards:
        raise PrintInputError(f"{data.name}: nobody to print a tally card for")
    lay = layout.EVENT_SHEET
    page_width, page_height = options.page_size
    half = page_height / 2
    per_page = lay.tally_per_page if _height(len(data.rounds), bool(data.codes)) <= half - 2 * lay.margin else 1
    title = f"{options.event} — tally cards" if options.event else "Calypso tally cards"
    batch = Batch(options, title, options.page_size)
    for done, card in enumerate(cards, start=1):
        slot = (done - 1) % per_page
        if slot == 0 and done > 1:
            batch.end_page()
        top = page_height - slot * half
        if per_page == 2 and slot == 1:
            batch.line(lay.margin / 2, half, page_width - lay.margin / 2, half, color=layout.RULE, weight=0.5)
        _card(batch, card, data, options.words, options.event_words, options.event, top)
        if progress:
            progress(done, len(cards))
    return batch.finish(out)


CODE_QR = 58  # points: a phone's camera reads it from the card held in the hand


def _height(games: int, codes: bool = False) -> float:
    lay = layout.EVENT_SHEET
    return 70 + 22 + games * lay.row + lay.row + 12 + (CODE_QR + 8 if codes else 0)


def _codes(batch: Batch, codes: tuple, left: float, room: float, top: float) -> None:
    """A night of player codes: each code of the card (a pair's two players', or the partnership's)
    as a QR code of the player's page with the code to type beside it (``events.codes``)."""
    width = room / max(len(codes), 1)
    for n, (who, code, url) in enumerate(codes):
        x = left + n * width
        qr.draw_qr(batch.canvas, x, top - CODE_QR, CODE_QR, url, level="M", border=2)
        text_x, room_left = x + CODE_QR + 6, width - CODE_QR - 12
        label = f"{who}: your code" if who else "Your code"
        batch.text(text_x, top - 16, batch.clip(label, layout.REGULAR, 9, room_left), layout.REGULAR, 9)
        batch.text(text_x, top - 34, code, layout.BOLD, 15)
        address = f"{url.rsplit('/', 2)[0]}/"  # a URL, not a path
        size = batch.fit(f"scan, or type it at {address}", layout.REGULAR, 7.5, room_left)
        batch.text(text_x, top - 48, f"scan, or type it at {address}", layout.REGULAR, size, layout.GREY)


def _card(batch: Batch, card: TallyCard, data: EventData, words: Words, ew: EventWords, event: str, top: float):
    lay = layout.EVENT_SHEET
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    y = top - lay.margin - lay.title_size + 4
    who = ew.partnership.format(n=card.entrant.number) if card.entrant.number is not None else card.entrant.names
    title = f"{ew.tally_title} · {who}"
    used = batch.text(left, y, batch.clip(title, layout.BOLD, lay.title_size - 2, room * 0.6), layout.BOLD,
                      lay.title_size - 2)  # fmt: skip
    if event:
        batch.text(right, y, batch.clip(event, layout.BOLD, lay.event_size, room - used - 18), layout.BOLD,
                   lay.event_size, layout.GREY, align="right")  # fmt: skip
    if card.entrant.number is not None:
        y -= 6 + lay.subtitle_size
        batch.text(left, y, batch.clip(card.entrant.names, layout.REGULAR, lay.subtitle_size, room),
                   size=lay.subtitle_size)  # fmt: skip
    y -= 10

    # Players ranked by their own scores (a sheet of individual scores at every table): scores, not
    # nets, against the other players rather than opponents.
    scores = data.kind.individual
    seat = 0.14 if data.individual else 0.07
    sets = 0.06 if any(line.game_set is not None for line in card.lines) else 0.0
    fractions = (0.08, 0.08, seat, 0.56 - seat - sets, sets, 0.1, 0.12)
    xs = [left]
    for f in fractions[:-1]:
        xs.append(xs[-1] + room * f)
    widths = [room * f for f in fractions]
    heads = (
        ew.game.format(n="").strip(),
        ew.table.format(n="").strip(),
        ew.seat,
        ew.others if scores else ew.opponents,
        ew.game_set,
        ew.score if scores else ew.net_short,
        ew.running,
    )
    head_h = 20
    batch.box(left, y - head_h, room, head_h, stroke=None, fill=layout.SHADE)
    for x, w, text in zip(xs, widths, heads, strict=True):
        if not w:
            continue
        size = batch.fit(text, layout.BOLD, lay.label_size + 1, w - 6)
        batch.text(x + 3, y - head_h + 6.5, text, layout.BOLD, size)
    y -= head_h

    size = lay.cell_size + 1
    inset = lay.box_inset
    fmt = str if scores else signed
    for line in card.lines:
        bottom = y - lay.row
        base = bottom + (lay.row - size) / 2 + 2
        batch.text(xs[0] + 3, base, str(line.game), layout.BOLD, size)
        if line.table is None:
            batch.text(xs[1] + 3, base, ew.bye if line.game in _seated_games(data) else ew.to_be_seated,
                       layout.REGULAR, size - 1, layout.GREY)  # fmt: skip
        else:
            batch.text(xs[1] + 3, base, str(line.table), layout.BOLD, size)
            if line.seat:
                name = words.suits[line.seat]
                fitted = batch.fit(f"{layout.SYMBOL_SAMPLE} {name}", layout.REGULAR, size, widths[2] - 6)
                batch.seat(xs[2] + 3, base, line.seat, name, fitted, layout.REGULAR)
            elif line.direction:
                pair_symbols(batch, xs[2] + 3, base, line.direction, size)
            fitted = max(batch.fit(line.opponents, layout.REGULAR, size - 0.5, widths[3] - 6), size - 3)
            text = batch.clip(line.opponents, layout.REGULAR, fitted, widths[3] - 6)
            batch.text(xs[3] + 3, base, text, layout.REGULAR, fitted)
            if line.game_set is not None:
                batch.text(xs[4] + 3, base, str(line.game_set), layout.REGULAR, size)
            for column, value in ((5, line.net), (6, line.running)):
                if value is None:
                    write_box(
                        batch, xs[column] + inset, bottom + inset, widths[column] - 2 * inset, lay.row - 2 * inset
                    )
                else:
                    batch.text(xs[column] + widths[column] - 6, base, fmt(value), layout.BOLD, size, align="right")
        batch.line(left, bottom, right, bottom)
        y = bottom

    bottom = y - lay.row - 4
    base = bottom + (lay.row - size) / 2 + 2
    batch.text(xs[6] - 8, base, ew.total, layout.BOLD, size + 1, align="right")
    total = card.total
    if total is None:
        write_box(batch, xs[6] + inset, bottom + inset, widths[6] - 2 * inset, lay.row - 2 * inset, bold=True)
    else:
        batch.text(xs[6] + widths[6] - 6, base, fmt(total), layout.BOLD, size + 1, align="right")
    if data.codes.get(card.entrant.key):
        _codes(batch, data.codes[card.entrant.key], left, room, bottom - 6)


def _seated_games(data: EventData) -> set[int]:
    cached = data.__dict__.get("_seated_games")
    if cached is None:
        cached = data.__dict__["_seated_games"] = {p.round for p in data.plays}
    return cached
