"""Between ``GameSet`` rows and ``scoring.gamesets.GameSet``."""

from __future__ import annotations

from scoring import gamesets
from scoring.cards import SUITS, format_hand, parse_card

from .models import GameSet


def to_game_set(row: GameSet, *, validate: bool = False) -> gamesets.GameSet:
    """The row as a scoring ``GameSet`` (possibly partial while it is being recorded)."""
    deals = tuple(
        {seat: tuple(parse_card(text) for text in (deal.get(seat) or ())) for seat in SUITS} for deal in row.deals
    )
    game_set = gamesets.GameSet(row.number, deals, row.first_dealer, row.orientation)
    return game_set.validate() if validate else game_set


def row_fields(game_set: gamesets.GameSet) -> dict:
    """Model fields for a scoring ``GameSet`` (cards canonical, hands sorted)."""
    data = game_set.canonical().to_dict()
    return {
        "number": data["number"],
        "first_dealer": data["first_dealer"],
        "orientation": data["orientation"],
        "deals": data["deals"],
    }


def hand_text(row: GameSet, deal: int, seat: str, *, symbols: bool = False) -> str:
    """One hand (deal 1-based) in suit-grouped notation, as the recording form shows it."""
    cards = [parse_card(text) for text in (row.deals[deal - 1].get(seat) or ())]
    return format_hand(cards, symbols=symbols) if cards else ""
