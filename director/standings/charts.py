"""Charts drawn on the server with matplotlib's Agg backend: no pyplot, no global state, so it is
safe in a web worker; the same functions give the PNGs of the pages and the drawings of the results
PDF (``fmt="svg"`` or ``"pdf"``, or a PNG at print resolution with ``dpi``).

Two drawings:

- ``running_totals_chart(series)``: each entrant's running total over the session, one line each;
- ``score_histogram(values)``: how the scores (nets) on one game set — or one game — were spread.

Both take plain data (labels and numbers) and return bytes. ``event_running_totals`` and
``set_histogram`` take an ``EventResults`` (``selectors.event_results(event)``) and pick the data.
Output is deterministic (no dates or version stamps in the files): the same data gives the same
bytes, so each process keeps the last ``DRAWN`` drawings by what they draw (the labels, the numbers,
the title, the format, the size) and hands the same bytes back for the same data: the projector and
every phone reloading a public results page ask for the same charts again, and a drawing costs
70–100 ms of CPU. A new result changes the numbers, and so the key. ``forget()`` empties it.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Mapping, Sequence
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

FORMATS = {"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf"}
INK = "#1d2330"
ACCENT = "#0b6e4f"
GRID = "#d8dce3"
_METADATA = {"png": {"Software": None}, "svg": {"Date": None, "Creator": None}, "pdf": {"CreationDate": None}}
DRAWN = 64  # drawings kept per process and kind: a few MB at most (a results page's PNG is 40–100 kB)


def _figure(width: float, height: float) -> Figure:
    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _render(figure: Figure, fmt: str, dpi: int) -> bytes:
    if fmt not in FORMATS:
        raise ValueError(f"unknown chart format {fmt!r}: use {', '.join(FORMATS)}")
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "calypso", "svg.fonttype": "none"}):
        figure.savefig(buffer, format=fmt, dpi=dpi, metadata=_METADATA[fmt], facecolor="white")
    return buffer.getvalue()


def _style(axes) -> None:
    axes.grid(True, color=GRID, linewidth=0.8)
    axes.set_axisbelow(True)
    for spine in ("top", "right"):
        axes.spines[spine].set_visible(False)
    axes.tick_params(colors=INK, labelsize=9)


# The longest legend label for 1, 2 or 3 columns; longer ones end in "…". At the 8-point legend
# size they keep the plot at least half the width of the default 800-pixel chart.
LEGEND_CHARACTERS = {1: 36, 2: 24, 3: 16}


def _shorten(label: str, limit: int) -> str:
    return label if len(label) <= limit else label[: limit - 1].rstrip() + "…"


def _number(value) -> float:
    return float(value) if isinstance(value, Fraction | int | float) else float(str(value))


def running_totals_chart(
    series: Mapping[str, Sequence[tuple[int, object]]],
    *,
    title: str = "Running totals",
    ylabel: str = "Running total",
    fmt: str = "png",
    size: tuple[float, float] = (8.0, 4.5),
    dpi: int = 100,
) -> bytes:
    """One line per entrant (``label → [(game, running total), ...]``), games along the bottom.

    The default is an 800 × 450 PNG; a print wants ``dpi=200`` or ``fmt="svg"``/``"pdf"``. Many
    entrants get a legend in two or three columns outside the plot.
    """
    lines = tuple((str(label), tuple((int(g), _number(v)) for g, v in points)) for label, points in series.items())
    return _running_totals(lines, title, ylabel, fmt, (float(size[0]), float(size[1])), dpi)


@functools.lru_cache(maxsize=DRAWN)
def _running_totals(lines: tuple, title: str, ylabel: str, fmt: str, size: tuple[float, float], dpi: int) -> bytes:
    figure = _figure(*size)
    axes = figure.add_subplot()
    _style(axes)
    games: set[int] = set()
    # A long name (names may be 120 characters) would push the legend off the chart's right edge.
    limit = LEGEND_CHARACTERS[1 if len(lines) <= 12 else 2 if len(lines) <= 24 else 3]
    for label, points in lines:
        if not points:
            continue
        xs = [0] + [g for g, _ in points]
        ys = [0.0] + [v for _, v in points]
        games.update(xs)
        axes.plot(xs, ys, marker="o", markersize=3.5, linewidth=1.6, label=_shorten(label, limit))
    axes.axhline(0, color=INK, linewidth=0.8)
    axes.set_xticks(sorted(games) or [0])
    axes.set_xlabel("After game", color=INK)
    axes.set_ylabel(ylabel, color=INK)
    axes.set_title(title, color=INK, loc="left", fontsize=12)
    if lines:
        columns = 1 if len(lines) <= 12 else 2 if len(lines) <= 24 else 3
        axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, ncols=columns, frameon=False)
    return _render(figure, fmt, dpi)


def score_histogram(
    values: Sequence[object],
    *,
    title: str = "Scores",
    xlabel: str = "Net (majors)",
    fmt: str = "png",
    size: tuple[float, float] = (6.0, 3.5),
    dpi: int = 100,
    bins: int | None = None,
) -> bytes:
    """How ``values`` (nets) are spread: a histogram with the mean marked. Empty input draws an
    empty frame saying so."""
    numbers = tuple(_number(v) for v in values)
    return _histogram(numbers, title, xlabel, fmt, (float(size[0]), float(size[1])), dpi, bins)


@functools.lru_cache(maxsize=DRAWN)
def _histogram(
    numbers: tuple[float, ...], title: str, xlabel: str, fmt: str, size: tuple[float, float], dpi: int, bins: int | None
) -> bytes:
    figure = _figure(*size)
    axes = figure.add_subplot()
    _style(axes)
    if numbers:
        low, high = min(numbers), max(numbers)
        count = bins or max(6, min(20, len(set(numbers))))
        if low == high:
            low, high = low - 50, high + 50
        axes.hist(numbers, bins=count, range=(low, high), color=ACCENT, edgecolor="white")
        mean = sum(numbers) / len(numbers)
        axes.axvline(mean, color=INK, linestyle="--", linewidth=1)
        axes.annotate(f"mean {mean:+.0f}", (mean, 1), xycoords=("data", "axes fraction"), xytext=(4, -12),
                      textcoords="offset points", fontsize=8, color=INK)  # fmt: skip
        axes.yaxis.get_major_locator().set_params(integer=True)
    else:
        axes.text(0.5, 0.5, "No results yet", ha="center", va="center", transform=axes.transAxes, color=INK)
    axes.set_xlabel(xlabel, color=INK)
    axes.set_ylabel("Tables", color=INK)
    axes.set_title(title, color=INK, loc="left", fontsize=12)
    return _render(figure, fmt, dpi)


def forget() -> None:
    """Empties the drawings this process keeps (the next call draws again)."""
    _running_totals.cache_clear()
    _histogram.cache_clear()


# --- from an event's results -------------------------------------------------------------------------
def running_series(results) -> dict[str, list[tuple[int, object]]]:
    """``label → [(game, running total)]`` for every entrant in standings order."""
    running = results.running_totals()
    return {row.entrant.label: running.get(row.entrant.key, []) for row in results.standings() if row.per_game}


def event_running_totals(results, *, fmt: str = "png", **options) -> bytes:
    """The running-totals chart of an event (tallies, or matchpoints for duplicate events)."""
    ylabel = "Matchpoints" if results.uses_matchpoints else "Score" if results.own_scores else "Tally (net)"
    title = f"{results.event.name}: running totals"
    return running_totals_chart(running_series(results), title=title, ylabel=ylabel, fmt=fmt, **options)


def set_nets(results, game_set: int | None = None, round_number: int | None = None) -> list[int]:
    """The majors' nets of the confirmed results on ``game_set`` (or in game ``round_number``);
    where every player scores alone, every player's own score."""
    if results.own_scores:
        return [
            score
            for p in results.play_list()
            if p.figures and (game_set is None or p.game_set == game_set)
            and (round_number is None or p.round == round_number)
            for score in p.figures.values()
        ]  # fmt: skip
    return [
        p.majors.net
        for p in results.play_list()
        if p.confirmed
        and p.majors is not None
        and (game_set is None or p.game_set == game_set)
        and (round_number is None or p.round == round_number)
    ]


def set_histogram(results, game_set: int | None = None, *, round_number: int | None = None, fmt: str = "png",
                  **options) -> bytes:  # fmt: skip
    """The histogram of the majors' nets on one game set (duplicate) or in one game (progressive)."""
    title = f"Game set {game_set}" if game_set is not None else f"Game {round_number}"
    values = set_nets(results, game_set, round_number)
    if results.own_scores:
        return score_histogram(values, title=f"{title}: scores", xlabel="Own score", fmt=fmt, **options)
    return score_histogram(values, title=f"{title}: majors' nets", fmt=fmt, **options)
