"""Plausible scoresheets for the demo, tests and load simulations (seeded, always add up to 208)."""

from __future__ import annotations

import random

from scoring.cards import SUITS as SEATS


def plausible_sheet(rng: random.Random, *, revoke_chance: float = 0.03) -> dict:
    """A sheet such as a real table writes: 0–2 calypsoes a player (more often 0 or 1), 0–12 cards
    in each unfinished calypso, the rest in the two trick piles, and a rare revoke."""
    calypsos = {seat: rng.choices((0, 1, 2), weights=(5, 4, 1))[0] for seat in SEATS}
    unfinished = {seat: rng.randint(0, 12) for seat in SEATS}
    rest = 208 - 13 * sum(calypsos.values()) - sum(unfinished.values())
    majors_pile = rng.randint(rest * 3 // 10, rest * 7 // 10)
    revokes = {seat: 1 if rng.random() < revoke_chance else 0 for seat in SEATS}
    return {
        "calypsos": calypsos,
        "unfinished": unfinished,
        "trick_piles": {"majors": majors_pile, "minors": rest - majors_pile},
        "revokes": revokes,
    }


def plausible_pad(seed, hands: int = 4, *, draft: bool = False, values=None) -> dict:
    """An Auction Calypso score pad such as a real table writes: a whole game of ``hands`` hands
    played by the engine's simple bots (``scoring.auction_play``, seeded), each hand as the pad
    records it (docs/formats.md, "An Auction pad on a Submission")."""
    from scoring.auction import VALUES, Contract
    from scoring.auction_play import SimpleBot, play_auction_game

    game = play_auction_game(SimpleBot(seed), hands, draft=draft, seed=seed, values=values or VALUES)
    pad = []
    for record in game.records:
        contract = record.contract
        hand = {
            "contract": str(Contract(contract.bid, contract.doubled)),
            "declarer": contract.declarer,
            "declarers": record.declarers.to_dict(),
            "defenders": record.defenders.to_dict(),
        }
        if record.sell is not None:
            hand["sell"] = record.sell
        pad.append(hand)
    return {"hands": pad}
