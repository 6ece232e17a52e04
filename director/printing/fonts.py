"""The embedded TrueType fonts: registered with reportlab once per process, widths memoised."""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .layout import FONT_FILES

FONT_DIR = Path(__file__).resolve().parent / "fonts"

_lock = threading.Lock()
_registered = False


def register_fonts() -> None:
    """Register DejaVu Sans (regular and bold) with reportlab; cheap after the first call."""
    global _registered
    if _registered:
        return
    with _lock:  # a Celery worker may render in threads
        if _registered:
            return
        for name, filename in FONT_FILES.items():
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
        _registered = True


@lru_cache(maxsize=8192)
def width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points. Memoised: the documents repeat the same few strings."""
    return pdfmetrics.stringWidth(text, font, size)
