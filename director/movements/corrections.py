"""A corrected sheet that later seating was drawn from (a progressive individual: winners stay).

Game n+1 of a progressive individual is seated from game n's confirmed results
(``services.compute_next_round``), and the movement keeps the results it was drawn from
(``Movement.results``). When a sheet of game n is corrected afterwards, the seating of games n+1..
no longer follows from the results: ``seating_notice`` recomputes game n+1 from the corrected results
(the same engine and seed) and says who would have sat elsewhere. The director then keeps the
seating as played (the only choice once game n+1 has started) or re-seats game n+1
(``reseat``); either way the audit log records it. Scores and tallies always follow the sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from director.audit.services import record
from director.core.errors import Conflict
from director.events.models import Event
from scoring import movements as mv
from scoring.movements import edit

from .selectors import game_results, load_movement
from .services import compute_next_round


@dataclass
class Move:
    """One player whose table in the next game would differ (None: sits out)."""

    name: str
    seated: int | None
    would: int | None


@dataclass
class SeatingNotice:
    """What a correction of ``game`` means for the games seated from it."""

    event: Event
    game: int
    later: list[int]  # the later games seated (game + 1 from the results, the rest from it)
    tables: list[int]  # the tables of ``game`` whose winners changed
    moves: list[Move] = field(default_factory=list)  # in game + 1
    started: bool = False  # game + 1 is under way: its seating stays as played

    @property
    def next(self) -> int:
        return self.game + 1

    @property
    def games_words(self) -> str:
        games = [str(g) for g in self.later]
        listed = f"{', '.join(games[:-1])} and {games[-1]}" if len(games) > 1 else games[0]
        return f"game{'s' * (len(games) > 1)} {listed}"

    @property
    def move_words(self) -> list[str]:
        def at(table):
            return f"table {table}" if table is not None else "sitting out"

        return [f"{m.name}: {at(m.would)}, not {at(m.seated)}" for m in self.moves]

    @property
    def text(self) -> str:
        tables = ", ".join(map(str, self.tables))
        words = (
            f"{self.games_words.capitalize()} {'were' if len(self.later) > 1 else 'was'} seated from game "
            f"{self.game}'s old result at table{'s' * (len(self.tables) > 1)} {tables}, which the correction "
            "changes (winners stay, losers move)."
        )
        if self.moves:
            words += f" From the corrected result, game {self.next} would seat " + "; ".join(self.move_words) + "."
        else:
            words += f" From the corrected result game {self.next} keeps its tables, with other partners."
        if self.started:
            words += f" Game {self.next} has started, so its seating stays as played."
        else:
            words += f" Game {self.next} has not started: keep its seating, or re-seat it from the corrected results."
        return words + " Scores and tallies follow the corrected sheet either way."

    def as_dict(self) -> dict:
        return {
            "game": self.game,
            "seated_from_old_result": self.later,
            "tables": self.tables,
            "would_sit_elsewhere": [{"player": m.name, "seated": m.seated, "would": m.would} for m in self.moves],
            "next_game_started": self.started,
            "can_reseat": not self.started,
            "text": self.text,
        }


def seating_notice(event: Event, game: int) -> SeatingNotice | None:
    """What correcting game ``game``'s sheets changed for the games seated from its results, or None
    (not a progressive individual, no later game seated, or the winners are the same)."""
    event.refresh_from_db(fields=["movement", "individual_movement"])  # a caller's copy may predate the seating
    state = load_movement(event)
    movement = state.movement
    if not state.individual or movement is None or len(movement.rounds) <= game or len(movement.results) < game:
        return None
    results, _ = game_results(state, game)
    if set(results) != set(movement.rounds[game - 1]):
        return None  # a table without a confirmed sheet now: nothing to draw from yet
    try:
        redo = mv.progressive_individual_next(
            edit.drop_after(movement.copy(), game), results, variant=event.individual_movement, odd=event.odd_tables
        )
    except mv.MovementError:
        return None
    old, new = movement.results[game - 1], redo.results[game - 1]
    tables = sorted(t for t in set(old) | set(new) if old.get(t) != new.get(t))
    if not tables:
        return None
    moves = []
    for player in _players(movement):
        seated, would = movement.where(player, game + 1).table, redo.where(player, game + 1).table
        if seated != would:
            moves.append(Move(state.player_name(player), seated, would))
    moves.sort(key=lambda m: (m.seated or 0, m.name.casefold()))
    return SeatingNotice(
        event=event,
        game=game,
        later=list(range(game + 1, len(movement.rounds) + 1)),
        tables=tables,
        moves=moves,
        started=any(state.locked_reason(n) for n in range(game + 1, event.games + 1)),
    )


def _players(movement: mv.Movement) -> list:
    return [u for u in movement.units() if isinstance(u, int)]


def record_correction(notice: SeatingNotice, *, by=None) -> None:
    """The save of a correction: logged with what it means for the seating (kept as it stands)."""
    record(
        "movements.correction_seating",
        event=notice.event,
        user=by,
        after={**_summary(notice), "choice": "kept"},
        note=notice.text,
    )


def _summary(notice: SeatingNotice) -> dict:
    data = notice.as_dict()
    data.pop("text")
    return data


def _notice(event: Event, game: int) -> SeatingNotice:
    notice = seating_notice(event, game)
    if notice is None:
        raise Conflict(f"no later game of {event.name} was seated from a changed result of game {game}", field="game")
    return notice


@transaction.atomic
def keep(*, event: Event, game: int, by=None) -> SeatingNotice:
    """The director keeps the seating as played after correcting game ``game``: logged."""
    notice = _notice(event, game)
    record(
        "movements.correction_kept",
        event=event,
        user=by,
        after={**_summary(notice), "choice": "kept"},
        note=f"Kept the seating of {notice.games_words} as seated after game {game}'s correction.",
    )
    return notice


@transaction.atomic
def reseat(*, event: Event, game: int, by=None) -> SeatingNotice:
    """Re-seat game ``game`` + 1 (not started) from game ``game``'s corrected results: logged."""
    notice = _notice(event, game)
    if notice.started:
        raise Conflict(
            f"game {notice.next} has started: its seating stays as played (the scores follow the corrected sheet)",
            field="game",
        )
    change = compute_next_round(event=event, by=by)
    record(
        "movements.correction_reseat",
        event=event,
        user=by,
        after={**_summary(notice), "choice": "re-seated"},
        note=f"Re-seated game {notice.next} from game {game}'s corrected results. {change.text}",
    )
    return notice
