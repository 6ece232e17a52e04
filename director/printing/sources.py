"""Reading what to print from files (no database): game-set files, analysis summaries."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scoring.gamesets import GameSet, GameSetError, load_game_sets

from .content import check_game_sets
from .options import PrintInputError


@dataclass(frozen=True)
class SetsFile:
    sets: list[GameSet]
    commitment: str | None  # as written in the file, when it has one


def _read_json(path: str | os.PathLike) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise PrintInputError(f"{path}: cannot read it ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise PrintInputError(f"{path}: not a UTF-8 text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise PrintInputError(f"{path}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None


def load_sets(path: str | os.PathLike) -> SetsFile:
    """The game sets of a ``calypso-gamesets/1`` file (docs/formats.md), checked, with the
    commitment it publishes; a ``PrintInputError`` saying what is wrong and where otherwise."""
    try:
        loaded = load_game_sets(path)
    except OSError as error:
        raise PrintInputError(f"{path}: cannot read it ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise PrintInputError(f"{path}: not a UTF-8 text file") from None
    except GameSetError as error:  # its message names the file already
        raise PrintInputError(str(error)) from None
    try:
        return SetsFile(check_game_sets(loaded.sets), loaded.commitment or None)
    except PrintInputError as error:
        raise PrintInputError(f"{path}: {error}") from None


def load_analysis(path: str | os.PathLike) -> dict[int, dict[str, Any]]:
    """Analysis summaries for hand records: a JSON object mapping set numbers to objects with
    ``expected_net_majors``, optional ``expected_net_minors``, ``lopsided``, ``games``, ``note`` and
    (from ``python -m scoring analyse --summary``) ``margin``, ``confidence``, ``tail``."""
    data = _read_json(path)
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise PrintInputError(f"{path}: expected an object mapping set numbers to analysis objects")
    try:
        return {int(key): value for key, value in data.items()}
    except ValueError:
        raise PrintInputError(f"{path}: keys must be set numbers") from None
