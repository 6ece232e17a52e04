"""QR codes drawn straight onto a reportlab canvas: the module matrix from reportlab's own encoder
(``reportlab.graphics.barcode.qrencoder``, the one its ``QrCodeWidget`` uses, so the code is the
same module for module), the dark modules as one path filled once.

The widget builds a validated ``Rect`` shape per run of dark modules, encodes the value twice
(``getBounds`` draws it once more) and renders the shapes one by one: about 29 ms a code. Here the
encoding runs once and each row's runs of dark modules become rectangles of a single path: about
1.3 ms of drawing after the encoder's 6 ms, most of which is choosing the mask pattern — what keeps
the code easy to scan, so it stays (docs/benchmarks.md, Printing).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from reportlab.graphics.barcode import qrencoder
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

Matrix = list[list[bool]]


def qr_matrix(value: str, level: str = "M") -> Matrix:
    """The module matrix of ``value`` (rows top to bottom, ``True`` is dark) at error-correction
    ``level`` (L, M, Q or H), the smallest version that holds it, as ``QrCodeWidget`` encodes it."""
    code = qrencoder.QRCode(None, getattr(qrencoder.QRErrorCorrectLevel, level))
    code.addData(value)
    code.make()
    return [[bool(module) for module in row] for row in code.modules]


def dark_runs(matrix: Sequence[Sequence[bool]]) -> Iterator[tuple[int, int, int]]:
    """(row, first column, length) of every maximal horizontal run of dark modules."""
    for r, row in enumerate(matrix):
        start = None
        for c, dark in enumerate(row):
            if dark and start is None:
                start = c
            elif not dark and start is not None:
                yield r, start, c - start
                start = None
        if start is not None:
            yield r, start, len(row) - start


def draw_modules(canvas: Canvas, x: float, y: float, size: float, matrix: Matrix, border: int) -> None:
    """``matrix`` in black, ``size`` points square with its bottom-left corner at (x, y), a quiet
    zone of ``border`` light modules included in ``size`` (nothing is drawn there)."""
    step = size / (len(matrix) + 2 * border)
    top = y + size - border * step
    path = canvas.beginPath()
    for r, c, length in dark_runs(matrix):
        path.rect(x + (border + c) * step, top - (r + 1) * step, length * step, step)
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)  # one fill: no seams between runs
    canvas.restoreState()


def draw_qr(canvas: Canvas, x: float, y: float, size: float, value: str, *, level: str = "M", border: int = 2) -> None:
    """A QR code of ``value`` with its bottom-left corner at (x, y), ``size`` points square
    including a quiet zone of ``border`` modules."""
    draw_modules(canvas, x, y, size, qr_matrix(value, level), border)


__all__ = ["dark_runs", "draw_modules", "draw_qr", "qr_matrix"]
