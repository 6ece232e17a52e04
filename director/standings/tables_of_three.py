"""A progressive individual's tables of three in the standings (issue #17.7; docs/variants.md):
their figures come from the sheet, scored as the table's variant in its seats, not from sides."""

from __future__ import annotations

from director.events.selectors import odd_variant
from director.results.models import Submission
from scoring import scores as score_engine
from scoring import variants


def score_tables_of_three(out: dict) -> None:
    """A progressive individual's tables of three (#17.7): each confirmed sheet scored as the table's
    variant in its seats (``scoring.variants.score_table_sheet``; one more query, only when there is
    one). A tally event gets each player's figure (``table_nets`` of the totals: split partnership's
    own + right-hand player's where the table played it), a cutthroat event each player's total."""
    plays = {}
    for result in out.values():
        if not result.event.is_individual:
            continue
        for play in result.plays.values():
            variant, seats = odd_variant(result.event, play.seat_players)
            if variant in variants.TABLE_FORMS:
                play.odd = (variant, seats)
                if play.confirmed:
                    plays[play.submission.pk] = (result, play)
    if not plays:
        return
    for pk, sheet in Submission.objects.filter(pk__in=list(plays)).values_list("pk", "sheet"):
        result, play = plays[pk]
        try:
            scored = variants.score_table_sheet(play.odd[0], sheet, play.odd[1])
        except score_engine.ScoreSheetError:  # a sheet stored before the table's seating changed
            continue
        if result.cutthroat:
            play.individual = {play.seat_players[seat]: total for seat, total in scored.totals.items()}
        else:
            play.odd_nets = {play.seat_players[seat]: net for seat, net in scored.nets.items()}
