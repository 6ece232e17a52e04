"""Game sets to print, and parsers that read the printed PDFs back into game sets."""

from __future__ import annotations

import io
import random
import re
from collections import defaultdict
from pathlib import Path

from pypdf import PdfReader

from director.printing.words import Words
from scoring.cards import SUITS, Card, parse_card, quad_deck, sort_key
from scoring.gamesets import ORIENTATIONS, GameSet, deal_game_set, save_game_sets

SYMBOL_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK = r"(?:10|[2-9JQKA])"
RANKS_OR_VOID = rf"(?:{RANK}(?:\s+{RANK})*|—)"
CARD_LINE = re.compile(rf"^([♠♥♦♣]) ({RANKS_OR_VOID})$")
SUIT_GROUP = re.compile(rf"([♠♥♦♣]) ({RANKS_OR_VOID})(?=\s+[♠♥♦♣]|\s*$)")


def make_sets(count: int, seed: int = 1) -> list[GameSet]:
    """``count`` random game sets dealt by ``scoring.gamesets`` from ``seed``, with first dealers
    and orientations varying from set to set."""
    rng = random.Random(seed)
    key = f"{seed:032x}"
    return [
        deal_game_set(number, key, first_dealer=rng.choice(SUITS), orientation=rng.choice(ORIENTATIONS))
        for number in range(1, count + 1)
    ]


def sorted_set(number: int = 1) -> GameSet:
    """The unshuffled quad-deck dealt in order: a hand of 13 spades with every rank repeated four
    times, hands void in three suits — the hardest hands to lay out."""
    deck = quad_deck()
    deals = tuple(
        {seat: tuple(deck[(4 * d + i) * 13 : (4 * d + i + 1) * 13]) for i, seat in enumerate(SUITS)} for d in range(4)
    )
    return GameSet(number, deals, "C", "SCHD")


def write_sets_file(path: Path, sets: list[GameSet]) -> Path:
    save_game_sets(path, sets)
    return path


# -- reading PDFs back -------------------------------------------------------------------------------------------------


def pdf_pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def page_sizes(data: bytes) -> list[tuple[float, float]]:
    return [
        (round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1))
        for p in PdfReader(io.BytesIO(data)).pages
    ]


def cards_of(symbol: str, ranks: str) -> list[Card]:
    if ranks == "—":
        return []
    return [parse_card(rank + SYMBOL_SUIT[symbol]) for rank in ranks.split()]


def _pattern(template: str) -> str:
    return re.escape(template).replace(r"\{n\}", r"(\d+)")


def parse_envelopes(pages: list[str], words: Words) -> list[dict]:
    """Each hand printed on envelopes or labels: set, deal, seat, dealer, leader and cards."""
    names = "|".join(re.escape(name) for name in words.suits.values())
    heading = re.compile(_pattern(words.game_set) + r"\s+·\s+" + _pattern(words.deal))
    seat = re.compile(rf"·\s+([♠♥♦♣]) ({names})(?:\s|$)")  # labels: on the heading line
    seat_line = re.compile(rf"^([♠♥♦♣]) ({names})$")  # envelopes: a line of its own
    roles = re.compile(rf"{re.escape(words.dealer)}: ([♠♥♦♣]) (?:{names})\s+{re.escape(words.leader)}: ([♠♥♦♣])")
    found: list[dict] = []
    for text in pages:
        for line in text.splitlines():
            line = line.strip()
            if match := heading.search(line):
                current = {"set": int(match[1]), "deal": int(match[2]), "seat": None, "cards": []}
                found.append(current)
                rest = line[match.end() :]
                if m := seat.search(rest):
                    current["seat"] = SYMBOL_SUIT[m[1]]
            elif m := roles.search(line):
                current["dealer"], current["leader"] = SYMBOL_SUIT[m[1]], SYMBOL_SUIT[m[2]]
            elif m := CARD_LINE.match(line):
                current["cards"].extend(cards_of(m[1], m[2]))
            elif (m := seat_line.match(line)) and current["seat"] is None:
                current["seat"] = SYMBOL_SUIT[m[1]]
    return found


def rebuild(hands: list[dict], numbers: list[int]) -> dict[int, list[dict[str, list[Card]]]]:
    """set number → 4 deals of seat → sorted cards, from parsed hands."""
    sets: dict[int, list[dict[str, list[Card]]]] = {n: [{} for _ in range(4)] for n in numbers}
    for hand in hands:
        deal = sets[hand["set"]][hand["deal"] - 1]
        assert hand["seat"] not in deal, f"hand printed twice: {hand}"
        deal[hand["seat"]] = sorted(hand["cards"], key=sort_key)
    return sets


def expected(game_set: GameSet) -> list[dict[str, list[Card]]]:
    return [{seat: sorted(deal[seat], key=sort_key) for seat in SUITS} for deal in game_set.deals]


def parse_duplication(text: str, words: Words) -> tuple[list[Card], list[dict[str, list[Card]]]]:
    """The card table (cards in printed order; deals rebuilt from card → hands) of one sheet."""
    prefix = re.escape(words.deal_prefix)
    cell = re.compile(rf"([♠♥♦♣])({RANK}) ((?:{prefix}[1-4][♠♥♦♣]\s*){{4}})")
    token = re.compile(rf"{prefix}([1-4])([♠♥♦♣])")
    order: list[Card] = []
    deals: list[dict[str, list[Card]]] = [defaultdict(list) for _ in range(4)]
    for match in cell.finditer(text):
        card = parse_card(match[2] + SYMBOL_SUIT[match[1]])
        order.append(card)
        places = token.findall(match[3])
        assert len(places) == 4
        for deal, symbol in places:
            deals[int(deal) - 1][SYMBOL_SUIT[symbol]].append(card)
    return order, [{seat: sorted(deal[seat], key=sort_key) for seat in SUITS} for deal in deals]


def parse_check_rows(text: str, words: Words) -> list[dict[str, list[Card]]]:
    row = re.compile(rf"^{re.escape(words.deal_prefix)}([1-4])([♠♥♦♣]) (.*)$")
    deals: list[dict[str, list[Card]]] = [{} for _ in range(4)]
    for line in text.splitlines():
        if m := row.match(line.strip()):
            cards = [card for g in SUIT_GROUP.finditer(m[3]) for card in cards_of(g[1], g[2])]
            deals[int(m[1]) - 1][SYMBOL_SUIT[m[2]]] = sorted(cards, key=sort_key)
    return deals


def parse_hand_record(text: str) -> tuple[list[dict[str, list[Card]]], list[tuple[int, ...]]]:
    """The 16 hands of a hand record (suit lines in printed order: deal by deal, seats ♠ ♥ ♦ ♣)
    and the statistics lines (lengths…, own, partner)."""
    suit_lines = [CARD_LINE.match(line.strip()) for line in text.splitlines()]
    cards_by_hand: list[list[Card]] = []
    for i, m in enumerate(m for m in suit_lines if m):
        if i % 4 == 0:
            cards_by_hand.append([])
        cards_by_hand[-1].extend(cards_of(m[1], m[2]))
    assert len(cards_by_hand) == 16, len(cards_by_hand)
    deals = [{seat: sorted(cards_by_hand[4 * d + i], key=sort_key) for i, seat in enumerate(SUITS)} for d in range(4)]
    stats = [
        tuple(int(x) for x in m.groups())
        for m in re.finditer(r"(\d+)-(\d+)-(\d+)-(\d+)\s+·\s+\w+ (\d+)\s+·\s+\w+ (\d+)", text)
    ]
    return deals, stats
