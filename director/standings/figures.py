"""Each table's kind of sheet, and the figures of those whose sheet scores each player (docs/variants.md):
read from the confirmed sheet by the table's kind (``SheetKind.tally_figures``), not from its sides."""

from __future__ import annotations

from director.events.selectors import odd_variant
from director.results.models import Submission
from director.sheets import registry


def bind_kinds(result) -> None:
    """Each play's kind of sheet (``registry.kind_of``): the event's, or what a progressive
    individual's table of three or two plays in the seats it holds (``events.selectors.odd_variant``)."""
    bound = {}
    for play in result.plays.values():
        variant, seats = odd_variant(result.event, play.seat_players)
        if variant is None:
            play.sheet_kind = result.sheet_kind
            continue
        if (variant, seats) not in bound:
            bound[(variant, seats)] = registry.kind_of(result.event, variant, seats)
        play.sheet_kind = bound[(variant, seats)]


def read_figures(out: dict) -> None:
    """Each confirmed sheet of individual scores (``Play.per_player``), read by its kind: each
    player's own score where the event adds own scores, else each player's net. One more query,
    only when there is such a sheet (the main query leaves the sheets out)."""
    plays = {
        play.submission.pk: (result, play)
        for result in out.values()
        for play in result.plays.values()
        if play.confirmed and play.per_player
    }
    if not plays:
        return
    for pk, sheet in Submission.objects.filter(pk__in=list(plays)).values_list("pk", "sheet"):
        result, play = plays[pk]
        figures = play.sheet_kind.tally_figures(sheet, own=result.own_scores)
        if figures is not None:  # None: a sheet stored before the table's seating or form changed
            seated = play.seat_players
            play.figures = {seated[seat]: figure for seat, figure in figures.items() if seat in seated}
