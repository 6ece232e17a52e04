"""Movements: who sits where, which game set they play, round by round (issue 5).

Pure algorithms, no Django. ``Movement`` is the representation (``model``); the generators
build one for each kind of event. See docs/movements.md for each movement and the choices made
where the rules are silent.
"""

from .duplicate import auction_team_match, barometer, mitchell, round_robin, team_match
from .individual import (
    FIXED_SIZE_MOVEMENT,
    RULES_MOVEMENT,
    progressive_individual_next,
    progressive_individual_start,
)
from .model import (
    AUCTION_TEAM_MATCH,
    BAROMETER,
    DIRECTIONS,
    FORMAT,
    KINDS,
    MAJORS,
    MANUAL,
    MINORS,
    MITCHELL,
    PROGRESSIVE,
    PROGRESSIVE_INDIVIDUAL,
    ROUND_ROBIN,
    SEAT_SUITS,
    TEAM_KINDS,
    TEAM_MATCH,
    Balance,
    CoinToss,
    Movement,
    MovementError,
    PartnershipId,
    Placement,
    Player,
    PlayerMixing,
    Side,
    TableRound,
    deal_lineup,
    pair_key,
    sit_out_order,
)
from .pairs import progressive_pairs
from .warnings import MovementWarning, movement_warnings
from .where import NextMove, NextPlaces, next_places

__all__ = [
    "AUCTION_TEAM_MATCH",
    "BAROMETER",
    "DIRECTIONS",
    "FIXED_SIZE_MOVEMENT",
    "FORMAT",
    "KINDS",
    "MAJORS",
    "MANUAL",
    "MINORS",
    "MITCHELL",
    "PROGRESSIVE",
    "PROGRESSIVE_INDIVIDUAL",
    "ROUND_ROBIN",
    "RULES_MOVEMENT",
    "SEAT_SUITS",
    "TEAM_KINDS",
    "TEAM_MATCH",
    "Balance",
    "CoinToss",
    "Movement",
    "MovementError",
    "MovementWarning",
    "NextMove",
    "NextPlaces",
    "PartnershipId",
    "Placement",
    "Player",
    "PlayerMixing",
    "Side",
    "TableRound",
    "auction_team_match",
    "barometer",
    "deal_lineup",
    "mitchell",
    "movement_warnings",
    "next_places",
    "pair_key",
    "progressive_individual_next",
    "progressive_individual_start",
    "progressive_pairs",
    "round_robin",
    "sit_out_order",
    "team_match",
]
