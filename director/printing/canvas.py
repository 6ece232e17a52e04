"""One reportlab canvas for a whole batch, with the few drawing primitives the documents need.

All text of a page goes into a single PDF text object that is written out when the page ends;
fonts and colours are switched only when they change. Lines and boxes are drawn straight onto
the canvas (so they lie under the text). This is what keeps a 480-envelope batch fast.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from scoring.cards import SUIT_SYMBOLS

from . import layout
from .fonts import register_fonts, width
from .options import PrintOptions

Progress = Callable[[int, int], object]
"""``progress(done, total)``: called after each item (envelope, label, sheet, hand record)."""

Output = str | os.PathLike | BinaryIO | None


class Batch:
    """A PDF being drawn: one canvas, pages added in order, ``finish()`` returns the bytes."""

    def __init__(self, options: PrintOptions, title: str, page_size: tuple[float, float]):
        register_fonts()
        self.options = options
        self.buffer = io.BytesIO()
        self.canvas = Canvas(self.buffer, pagesize=page_size, pageCompression=1 if options.compress else 0, invariant=1)
        self.canvas.setTitle(title)
        self.canvas.setAuthor(options.event or "Calypso Director")
        self.canvas.setCreator("Calypso Director")
        self.page_size = page_size
        self.pages = 0
        self._text = None
        self._font: tuple[str, float] | None = None
        self._color: tuple[float, float, float] | None = None

    # -- text ----------------------------------------------------------------------------------
    def text(
        self,
        x: float,
        y: float,
        s: str,
        font: str = layout.REGULAR,
        size: float = 10,
        color: tuple[float, float, float] = layout.BLACK,
        align: str = "left",
    ) -> float:
        """Draw ``s`` with its baseline at ``y``; ``align`` is left, right or centre of ``x``.
        Returns the width drawn."""
        w = width(s, font, size)
        if align == "right":
            x -= w
        elif align == "centre":
            x -= w / 2
        tx = self._text
        if tx is None:
            tx = self._text = self.canvas.beginText()
        tx.setTextOrigin(x, y)
        if self._font != (font, size):
            tx.setFont(font, size)
            self._font = (font, size)
        if self._color != color:
            tx.setFillColorRGB(*color)
            self._color = color
        tx.textOut(s)
        return w

    def symbol(self, x: float, y: float, suit: str, size: float, font: str = layout.REGULAR) -> float:
        """A suit symbol, red for ♥ ♦."""
        color = layout.RED if suit in layout.RED_SUITS else layout.BLACK
        return self.text(x, y, SUIT_SYMBOLS[suit], font, size, color)

    def seat(self, x: float, y: float, suit: str, name: str, size: float, font: str = layout.BOLD) -> float:
        """``♥ Hearts``: coloured symbol then the seat's name. Returns the width."""
        if suit not in layout.RED_SUITS:  # one string instead of two: fewer PDF operators
            return self.text(x, y, f"{SUIT_SYMBOLS[suit]} {name}", font, size)
        w = self.symbol(x, y, suit, size, font)
        w += width(" ", font, size)
        return w + self.text(x + w, y, name, font, size)

    def token(self, x: float, y: float, prefix: str, suit: str, size: float, font: str = layout.REGULAR) -> float:
        """``D2♦``: a deal-and-seat reference."""
        if suit not in layout.RED_SUITS:
            return self.text(x, y, prefix + SUIT_SYMBOLS[suit], font, size)
        w = self.text(x, y, prefix, font, size)
        return w + self.symbol(x + w, y, suit, size, font)

    def fit(self, s: str, font: str, size: float, room: float) -> float:
        """The largest size ≤ ``size`` (down to ``MIN_FIT_SIZE``) at which ``s`` fits in ``room``."""
        w = width(s, font, size)
        if w <= room:
            return size
        return max(layout.MIN_FIT_SIZE, size * room / w)

    def clip(self, s: str, font: str, size: float, room: float) -> str:
        """``s`` shortened with an ellipsis so that it fits in ``room``."""
        if width(s, font, size) <= room:
            return s
        while s and width(s + "…", font, size) > room:
            s = s[:-1]
        return s.rstrip() + "…"

    def wrap(self, s: str, font: str, size: float, room: float) -> list[str]:
        """``s`` broken into lines at spaces so that each fits in ``room``."""
        lines: list[str] = []
        current = ""
        for word in s.split():
            candidate = f"{current} {word}" if current else word
            if current and width(candidate, font, size) > room:
                lines.append(current)
                current = word
            else:
                current = candidate
        if current:
            lines.append(current)
        return lines

    # -- graphics ------------------------------------------------------------------------------
    def line(self, x1: float, y1: float, x2: float, y2: float, color=layout.RULE, weight: float = 0.6) -> None:
        c = self.canvas
        c.setStrokeColorRGB(*color)
        c.setLineWidth(weight)
        c.line(x1, y1, x2, y2)

    def box(self, x: float, y: float, w: float, h: float, *, stroke=layout.RULE, fill=None, weight=0.6, dash=None):
        c = self.canvas
        if fill is not None:
            c.setFillColorRGB(*fill)
        if stroke is not None:
            c.setStrokeColorRGB(*stroke)
            c.setLineWidth(weight)
        if dash:
            c.setDash(*dash)
        c.rect(x, y, w, h, stroke=int(stroke is not None), fill=int(fill is not None))
        if dash:
            c.setDash()

    # -- pages ---------------------------------------------------------------------------------
    def set_page_size(self, size: tuple[float, float]) -> None:
        """Size of the next page (call before drawing on it)."""
        if size != self.page_size:
            self.canvas.setPageSize(size)
            self.page_size = size

    def end_page(self) -> None:
        if self._text is not None:
            self.canvas.drawText(self._text)
        self.canvas.showPage()
        self._text = None
        self._font = None
        self._color = None  # boxes may have changed the fill colour under the text
        self.pages += 1

    def finish(self, out: Output = None) -> bytes:
        """Close the document; write it to ``out`` (a path or a binary file) if given; return the bytes."""
        if self._text is not None:
            self.end_page()
        self.canvas.save()
        data = self.buffer.getvalue()
        if out is not None:
            if isinstance(out, str | os.PathLike):
                with open(out, "wb") as handle:
                    handle.write(data)
            else:
                out.write(data)
        return data
