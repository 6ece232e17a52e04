"""QR codes drawn as one path (``director.printing.qr``): the same modules as reportlab's
``QrCodeWidget``, proved on the printed page.

No QR decoder is installed (no zbar, no pure-Python decoder in the environment), so the printed
code is read back by rasterising the PDF with ``pdftoppm`` and sampling every module — nine points
of each, the centre and near its corners — and compared with the matrix reportlab's widget encodes
for the same value; the quiet zone must be light. ``read_modules`` is shared with the guide-card
tests. The tests at the bottom prove that a broken drawing (rows swapped or upside down, one run
dropped, the wrong scale, no quiet zone) does not pass that check.
"""

from __future__ import annotations

import io
import math
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.pdfgen.canvas import Canvas

from director.printing import qr

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

DPI = 288
SAMPLES = (0.2, 0.5, 0.8)  # where each module is read, as fractions of its side
URL = "https://calypso.example.org/t/0123456789abcdef0123456789abcdef/"
VALUES = [
    "https://club.example/t/x/",
    URL,
    URL + "?" + "long-query-string-" * 6,
    "0123456789012345",
    "Table 7 · Bénodet",
]

needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")


def widget_matrix(value: str, level: str = "M") -> list[list[bool]]:
    """The modules reportlab's own ``QrCodeWidget`` draws for ``value`` — the reference."""
    widget = QrCodeWidget(value, barLevel=level, barBorder=2)
    widget.draw()
    return [[bool(m) for m in row] for row in widget.qr.modules]


def read_modules(
    pdf: Path, page: int, page_height: float, x: float, y: float, size: float, cells: int
) -> list[list[bool | None]]:
    """The ``cells`` × ``cells`` grid of the square of side ``size`` points at (x, y) (bottom-left,
    PDF coordinates) on ``page`` (1-based) of ``pdf``, top row first: True where all nine sample
    points of a cell are dark, False where all are light, None where they disagree (a module drawn
    at the wrong place or scale)."""
    scale = DPI / 72
    margin = 4  # points around the square, so that a code drawn too large is still in the crop
    left = math.floor((x - margin) * scale)
    top = math.floor((page_height - y - size - margin) * scale)
    side = math.ceil((size + 2 * margin) * scale)
    stem = pdf.with_suffix("")
    subprocess.run(
        ["pdftoppm", "-png", "-gray", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile",
         "-x", str(left), "-y", str(top), "-W", str(side), "-H", str(side), str(pdf), str(stem)],
        check=True,
    )  # fmt: skip
    from PIL import Image

    with Image.open(stem.with_suffix(".png")) as image:
        pixels = image.convert("L").load()
    step = size / cells
    grid: list[list[bool | None]] = []
    for row in range(cells):
        line: list[bool | None] = []
        for col in range(cells):
            dark = {
                pixels[
                    int((x + (col + fx) * step) * scale) - left,
                    int((page_height - (y + size - (row + fy) * step)) * scale) - top,
                ]
                < 128
                for fx in SAMPLES
                for fy in SAMPLES
            }
            line.append(dark.pop() if len(dark) == 1 else None)
        grid.append(line)
    return grid


def mismatches(grid: list[list[bool | None]], matrix: list[list[bool]], border: int = 2) -> list[tuple]:
    """(row, column, read, expected) wherever the printed grid differs from ``matrix`` surrounded
    by ``border`` light modules; empty when the printed code is right."""
    n = len(matrix)
    assert len(grid) == n + 2 * border
    wrong = []
    for r, line in enumerate(grid):
        for c, read in enumerate(line):
            inside = border <= r < border + n and border <= c < border + n
            expected = matrix[r - border][c - border] if inside else False
            if read is not expected:
                wrong.append((r - border, c - border, read, expected))
    return wrong


def render(tmp_path: Path, draw, page_height: float = 300) -> Path:
    """A one-page PDF of ``draw(canvas)`` (white page)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(300, page_height), invariant=1)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    pdf = tmp_path / "qr.pdf"
    pdf.write_bytes(buffer.getvalue())
    return pdf


# -- the matrix ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("level", ["L", "M", "H"])
def test_the_matrix_is_the_widgets(value, level):
    matrix = qr.qr_matrix(value, level)
    assert matrix == widget_matrix(value, level)
    assert len(matrix) in range(21, 178, 4) and all(len(row) == len(matrix) for row in matrix)


def test_a_longer_value_or_a_higher_level_needs_a_larger_code():
    assert len(qr.qr_matrix(URL, "M")) < len(qr.qr_matrix(VALUES[2], "M"))
    assert len(qr.qr_matrix(URL, "L")) <= len(qr.qr_matrix(URL, "M")) < len(qr.qr_matrix(URL, "H"))


@pytest.mark.parametrize("value", VALUES)
def test_the_dark_runs_are_exactly_the_dark_modules(value):
    matrix = qr.qr_matrix(value)
    runs = list(qr.dark_runs(matrix))
    rebuilt = [[False] * len(matrix) for _ in matrix]
    for r, c, length in runs:
        assert length >= 1
        for col in range(c, c + length):
            assert not rebuilt[r][col], "runs overlap"
            rebuilt[r][col] = True
        assert c == 0 or not matrix[r][c - 1], "a run that could start earlier"
        assert c + length == len(matrix) or not matrix[r][c + length], "a run that could go further"
    assert rebuilt == matrix


def test_runs_at_the_edges_of_a_row():
    assert list(qr.dark_runs([[True, True, False, True], [False, False, False, False], [True, False, True, True]])) == [
        (0, 0, 2), (0, 3, 1), (2, 0, 1), (2, 2, 2),
    ]  # fmt: skip


def test_the_code_is_one_path_filled_once(tmp_path):
    """One rectangle per run of dark modules, all in a single path with a single fill: the point
    of drawing it ourselves."""
    pdf = render(tmp_path, lambda canvas: qr.draw_qr(canvas, 50, 50, 100, URL))
    operators = PdfReader(pdf).pages[0].get_contents().get_data().split()
    assert operators.count(b"re") == len(list(qr.dark_runs(qr.qr_matrix(URL))))
    assert sum(operators.count(op) for op in (b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"S", b"s")) == 1


# -- the printed code --------------------------------------------------------------------------------------------------


@needs_pdftoppm
@pytest.mark.parametrize(("value", "x", "y", "size"), [(URL, 40, 60, 36 * 72 / 25.4), (VALUES[2], 13.3, 21.7, 150)])
def test_the_printed_code_has_the_widgets_modules_and_a_light_quiet_zone(tmp_path, value, x, y, size):
    pdf = render(tmp_path, lambda canvas: qr.draw_qr(canvas, x, y, size, value, level="M", border=2))
    matrix = widget_matrix(value)
    grid = read_modules(pdf, 1, 300, x, y, size, len(matrix) + 4)
    assert mismatches(grid, matrix) == []
    edge = len(grid) - 2
    quiet = [grid[r][c] for r in range(len(grid)) for c in range(len(grid)) if min(r, c) < 2 or max(r, c) >= edge]
    assert quiet and not any(quiet)


def swap_rows(matrix):
    first = next(r for r in range(len(matrix) - 1) if matrix[r] != matrix[r + 1])
    swapped = [list(row) for row in matrix]
    swapped[first], swapped[first + 1] = swapped[first + 1], swapped[first]
    return swapped


def drop_a_run(monkeypatch):
    runs = qr.dark_runs

    def all_but_one(matrix):
        found = list(runs(matrix))
        return iter(found[: len(found) // 2] + found[len(found) // 2 + 1 :])

    monkeypatch.setattr(qr, "dark_runs", all_but_one)


BROKEN = {
    "two rows swapped": lambda c, m, mp: qr.draw_modules(c, 40, 60, 100, swap_rows(m), 2),
    "upside down": lambda c, m, mp: qr.draw_modules(c, 40, 60, 100, m[::-1], 2),
    "one run dropped": lambda c, m, mp: drop_a_run(mp) or qr.draw_qr(c, 40, 60, 100, URL),
    "1 % too small": lambda c, m, mp: qr.draw_modules(c, 40, 60, 99, m, 2),
    "1 % too large": lambda c, m, mp: qr.draw_modules(c, 40, 60, 101, m, 2),
    "no quiet zone": lambda c, m, mp: qr.draw_modules(c, 40, 60, 100, m, 0),
    "quiet zone of one module": lambda c, m, mp: qr.draw_modules(c, 40, 60, 100, m, 1),
    "half a module to the right": lambda c, m, mp: qr.draw_modules(c, 40 + 100 / (len(m) + 4) / 2, 60, 100, m, 2),
}


@needs_pdftoppm
@pytest.mark.parametrize("broken", list(BROKEN))
def test_a_broken_drawing_fails_the_check(tmp_path, monkeypatch, broken):
    matrix = widget_matrix(URL)
    pdf = render(tmp_path, lambda canvas: BROKEN[broken](canvas, matrix, monkeypatch))
    assert mismatches(read_modules(pdf, 1, 300, 40, 60, 100, len(matrix) + 4), matrix)
