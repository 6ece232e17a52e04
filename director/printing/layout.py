"""Every measurement, font size and colour the printed documents use, in one place.

Units are PDF points (1/72 inch). Sizes were chosen by printing and reading the pages at arm's
length: card lines on envelopes are 18 pt, table text never below 9 pt unless a line has to be
shrunk to fit (``MIN_FIT_SIZE``).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import SUIT_SYMBOLS

MM = 72 / 25.4
INCH = 72.0

# Paper, portrait (width, height).
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * INCH, 11 * INCH),
}

# Envelopes, landscape (width, height): printed on the front, fed short edge first.
ENVELOPES: dict[str, tuple[float, float]] = {
    "c6": (162 * MM, 114 * MM),
    "dl": (220 * MM, 110 * MM),
}


@dataclass(frozen=True)
class LabelSheet:
    """A sheet of self-adhesive labels: ``columns`` × ``rows`` labels of ``width`` × ``height``."""

    name: str
    columns: int
    rows: int
    width: float
    height: float
    left: float  # page edge to the first label's left edge
    top: float  # page edge to the first label's top edge
    pitch_x: float  # left edge to left edge
    pitch_y: float  # top edge to top edge

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


# A4: 16 labels per sheet — exactly one game set — in the common 99.1 × 33.9 mm format
# (Avery L7162 / J8162 geometry). Letter: 14 per sheet, 4 × 1⅓ inch (Avery 5162 geometry).
LABEL_SHEETS: dict[str, LabelSheet] = {
    "a4": LabelSheet("99.1 × 33.9 mm, 2 × 8", 2, 8, 99.1 * MM, 33.9 * MM, 4.65 * MM, 12.9 * MM, 101.6 * MM, 33.9 * MM),
    "letter": LabelSheet(
        "4 × 1⅓ in, 2 × 7", 2, 7, 4 * INCH, 4 / 3 * INCH, 0.156 * INCH, 0.833 * INCH, 4.188 * INCH, 4 / 3 * INCH
    ),
}

# Fonts (vendored DejaVu Sans, director/printing/fonts/): it has ♠ ♥ ♦ ♣.
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONT_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}

# Colours (RGB 0..1). Hearts and diamonds print red, as on the cards.
BLACK = (0.0, 0.0, 0.0)
RED = (0.78, 0.0, 0.0)
GREY = (0.38, 0.38, 0.38)
RULE = (0.6, 0.6, 0.6)
SHADE = (0.93, 0.93, 0.93)
RED_SUITS = frozenset("HD")
# The glyph a suit symbol's room is measured with (the suits come from scoring.cards).
SYMBOL_SAMPLE = SUIT_SYMBOLS["S"]

# Smallest size a line is shrunk to when it would not fit its box.
MIN_FIT_SIZE = 6.0

# Ranks as printed: "10" reads better than "T" on paper.
RANK_LABELS = {"T": "10"}

# Whether page content streams are compressed: see docs/benchmarks.md, "Printing".
COMPRESS = False


@dataclass(frozen=True)
class EnvelopeLayout:
    margin: float = 9 * MM
    event_size: float = 11
    title_size: float = 20  # "Set 3 · Deal 2"
    seat_size: float = 30  # "♥ Hearts"
    role_size: float = 12  # who deals, who leads
    card_size: float = 21
    card_leading: float = 27
    symbol_gap: float = 9  # between a suit symbol and its ranks
    footer_size: float = 8.5


@dataclass(frozen=True)
class LabelLayout:
    pad_x: float = 3.5 * MM
    pad_top: float = 2.6 * MM
    title_size: float = 11
    event_size: float = 7
    role_size: float = 7.5
    card_size: float = 10.5
    card_leading: float = 12.6
    symbol_gap: float = 5


@dataclass(frozen=True)
class SheetLayout:
    """Duplication sheets and hand records (A4 / Letter portrait)."""

    margin: float = 12 * MM
    title_size: float = 17
    event_size: float = 10
    note_size: float = 9
    note_leading: float = 12
    heading_size: float = 11
    # duplication: card → hands table
    table_header_size: float = 11
    card_label_size: float = 12
    token_size: float = 10
    token_gap: float = 3.5
    card_row: float = 27
    # duplication: check rows
    check_size: float = 10.5
    check_row: float = 18
    # hand records
    hand_size: float = 11
    hand_leading: float = 14
    seat_size: float = 11
    stats_size: float = 8.5
    deal_label_width: float = 58
    commitment_size: float = 9.5
    analysis_size: float = 10.5


ENVELOPE = EnvelopeLayout()
LABEL = LabelLayout()
SHEET = SheetLayout()


@dataclass(frozen=True)
class EventSheetLayout:
    """Scoresheets, tally cards, guide cards and the results sheet (A4 / Letter portrait)."""

    margin: float = 12 * MM
    title_size: float = 20
    subtitle_size: float = 13
    event_size: float = 10
    heading_size: float = 12.5
    label_size: float = 8.5  # column headings, hints
    name_size: float = 12.5
    cell_size: float = 11
    row: float = 31  # a row with write-in boxes
    box_inset: float = 3.5
    # scoresheet columns, as fractions of the width: seat+player, calypsoes, unfinished, revokes, points
    score_columns: tuple[float, ...] = (0.37, 0.13, 0.15, 0.13, 0.22)
    # a sheet of individual scores: seat+player, calypsoes, unfinished, own trick pile, revokes, score
    individual_columns: tuple[float, ...] = (0.34, 0.12, 0.13, 0.13, 0.11, 0.17)
    help_size: float = 8.5
    # guide cards: the QR code's side
    qr_size: float = 36 * MM
    guide_size: float = 13  # names and moves on guide cards
    # tally cards: two per page, cut along the middle
    tally_per_page: int = 2
    # results: table text
    table_size: float = 9.5
    table_row: float = 14.5
    chart_height: float = 86 * MM
    histogram_height: float = 52 * MM  # score histograms, two to a row


EVENT_SHEET = EventSheetLayout()
