"""The tally-card cross-check: the paper cards typed in, read, saved and checked against the sheets
(or against each other). The director's page and the API both call ``check_tally_cards``; neither
reads a figure itself.

A card's cells are named ``c<entrant>-g<game>`` (the net, or the player's own score where every
player scores alone, that game) and ``c<entrant>-t`` (the card's total): ``cell_name`` gives them.
How a figure is read, written back and checked is the event's kind of sheet's (``read_figure``,
``figure_text``, ``cross_check``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from director.core.errors import ValidationError
from director.events.models import Event
from scoring import tallies as tally_engine

from .selectors import event_results
from .services import latest_tally_cards, save_tally_cards


def cell_name(entrant, game: int | None) -> str:
    """The name of a card's cell: game ``game``'s figure, or the total when ``game`` is None."""
    return f"c{entrant}-t" if game is None else f"c{entrant}-g{game}"


@dataclass
class TallyCheck:
    """What the cross-check found. ``errors`` (cell name → why it cannot be read) stop the saving
    and the check; ``discrepancies`` is None when nothing was checked (no cards typed)."""

    results: object  # standings.selectors.EventResults
    entrants: list
    games: list[int]
    seat: dict  # (entrant key, game) → table number
    own_scores: bool  # the cards hold each player's own score (no sign, never negative), not nets
    against_sheets: bool
    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    discrepancies: list | None = None
    not_entered: list[str] = field(default_factory=list)
    flagged: set[str] = field(default_factory=set)
    saved: dict = field(default_factory=dict)
    written: list = field(default_factory=list)


def _cells_of(event: Event, check: TallyCheck, cards: Mapping) -> dict[str, object]:
    """``{entrant: {"games": {game: figure}, "total": figure}}`` (the API's shape) as cell names;
    an entrant or game the event does not have is a ``ValidationError`` naming it."""
    keys = {str(e.key): e.key for e in check.entrants}
    typed: dict[str, object] = {}
    for entrant, card in cards.items():
        key = keys.get(str(entrant))
        if key is None:
            raise ValidationError(f"{event.name} has no entrant {entrant!r}", field=f"cards.{entrant}")
        for game, figure in (card.get("games") or {}).items():
            number = int(game) if str(game).isdigit() else None
            if number not in check.games:
                raise ValidationError(f"{event.name} has no game {game!r}", field=f"cards.{entrant}.games.{game}")
            typed[cell_name(key, number)] = figure
        if card.get("total") is not None:
            typed[cell_name(key, None)] = card["total"]
    return typed


def error_fields(check: TallyCheck) -> dict[str, list[str]]:
    """``check.errors`` named as the API names its input: ``cards.<entrant>.games.<game>`` and
    ``cards.<entrant>.total``."""
    paths = {}
    for entrant in check.entrants:
        paths[cell_name(entrant.key, None)] = f"cards.{entrant.key}.total"
        for game in check.games:
            paths[cell_name(entrant.key, game)] = f"cards.{entrant.key}.games.{game}"
    return {paths.get(name, name): [message] for name, message in check.errors.items()}


def check_tally_cards(
    *,
    event: Event,
    typed: Mapping[str, object] | None = None,
    cards: Mapping | None = None,
    against_sheets: bool = True,
    by=None,
) -> TallyCheck:
    """Read the cards ``typed`` (cell name → figure as written) or ``cards`` (entrant → games and
    total), save those that changed (a new version each, by ``by``) and cross-check them. Neither:
    the cards saved last time are checked again and nothing is saved. ``against_sheets`` False
    checks the cards against each other only (zero sum, opponents' nets)."""
    results = event_results(event)
    entrants = sorted(
        (e for e in results.entrants.values() if results._plays_in(e.key)), key=lambda e: (e.number or 0, e.names)
    )
    seat = {}
    for play in results.play_list():
        for side in (play.majors, play.minors):
            if side is not None:
                for key in side.entrants:
                    seat[(key, play.round)] = play.table
    kind = results.sheet_kind  # how a card's figure is read, written and checked
    check = TallyCheck(
        results=results,
        entrants=entrants,
        games=[r.number for r in results.rounds],
        seat=seat,
        own_scores=results.own_scores,
        against_sheets=against_sheets,
        saved=latest_tally_cards(event),
    )
    if cards is not None:
        typed = _cells_of(event, check, cards)
    parse, shown = kind.read_figure, kind.figure_text
    source = typed
    if source is None and check.saved:  # the cards typed last time: shown and checked again
        source = {}
        for entrant in entrants:
            row = check.saved.get(str(entrant.key))
            if row is not None:
                for game, net in row.nets.items():
                    source[cell_name(entrant.key, game)] = shown(net)
                source[cell_name(entrant.key, None)] = "" if row.total is None else shown(row.total)
    if source is None:
        return check
    values, errors = check.values, check.errors

    def read(name: str) -> int | None:
        """The figure in cell ``name``: None when blank or unreadable (why: in ``errors``)."""
        values[name] = source.get(name, "")
        try:
            return parse(values[name])
        except ValueError as error:
            errors[name] = str(error)
            return None

    cards = []
    to_save = {}
    for entrant in entrants:
        lines = []
        for game in check.games:
            net = read(cell_name(entrant.key, game))
            if net is not None:
                lines.append(tally_engine.TallyLine(game, net, seat.get((entrant.key, game))))
        total = read(cell_name(entrant.key, None))
        if lines or total is not None:
            cards.append(tally_engine.TallyCard(entrant.key, tuple(lines), total))
        to_save[entrant.key] = ({line.game: line.net for line in lines}, total)
    if errors:
        return check
    if typed is not None:
        check.written = save_tally_cards(event=event, cards=to_save, by=by)
        check.saved = latest_tally_cards(event)
    names = {e.key: e.label for e in entrants}
    # Cards are often typed a few at a time: the zero-sum check waits for all of them, and the
    # cards not typed yet are listed once rather than one line each.
    found = kind.cross_check(
        cards,
        results.tally_results() if against_sheets else None,
        names=names,
        zero_sum=len(cards) == len(entrants),
    )
    check.discrepancies = [d for d in found if d.kind != "missing-card"]
    check.not_entered = [names.get(d.entrants[0], str(d.entrants[0])) for d in found if d.kind == "missing-card"]
    for d in check.discrepancies:
        for key in d.entrants:
            check.flagged.add(cell_name(key, d.game))
    return check
