"""A corrected sheet that later seating was drawn from (a progressive individual: winners stay).

Game n+1 of a progressive individual is seated from game n's confirmed results
(``services.compute_next_round``), and the movement keeps the results it was drawn from
(``Movement.results``). When a sheet of game n is corrected afterwards, ``seating_notice`` goes
through every later game seated (``LaterGame``): game n+1 is recomputed from the corrected results
(the same engine and seed), naming who would have sat elsewhere; a game after it was drawn from the
game before it, so it stands once that game has started (played as seated), and otherwise it can only
be seated again once that game has results (its results were withdrawn): re-seating takes it away.
The director then keeps the seating as played (the only choice once game n+1 has started) or re-seats
every later game not yet started (``reseat``); either way the audit log records it. Scores and
tallies always follow the sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from director.audit.services import record
from director.core.errors import Conflict
from director.events.models import Event, Seating
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


def _at(table: int | None) -> str:
    return f"table {table}" if table is not None else "sitting out"


@dataclass
class LaterGame:
    """One later game seated when game ``n`` was corrected, and what the correction means for it."""

    number: int
    started: bool  # under way (has results or is closed): its seating stays as played
    # who would sit elsewhere (game n+1, from the corrected results); None: it cannot be drawn until
    # the game before it has results again, so re-seating the game before takes its seating away
    moves: list[Move] | None = None
    stands: bool = False  # drawn from the game before as played: the correction does not reach it

    @property
    def move_words(self) -> list[str]:
        return [f"{m.name}: {_at(m.would)}, not {_at(m.seated)}" for m in self.moves or []]

    def words(self, corrected: int) -> str:
        before = self.number - 1
        if self.stands:
            return f"Game {self.number} was seated from game {before} as played, so it stands."
        if self.moves is None:
            return (
                f"Game {self.number} was seated from game {before}'s results, which are no longer in: "
                f"re-seating game {corrected + 1} takes its seating away, and nobody's table in game "
                f"{self.number} is known until game {before} has results again."
            )
        if self.moves:
            return f"From the corrected result, game {self.number} would seat " + "; ".join(self.move_words) + "."
        return f"From the corrected result game {self.number} keeps its tables, with other partners."


@dataclass
class SeatingNotice:
    """What a correction of ``game`` means for the games seated after it."""

    event: Event
    game: int
    tables: list[int]  # the tables of ``game`` whose winners changed
    games: list[LaterGame] = field(default_factory=list)  # every later game seated, n+1 first

    @property
    def next(self) -> int:
        return self.game + 1

    @property
    def later(self) -> list[int]:
        """The later games the correction reaches (not those drawn from a game played as seated)."""
        return [g.number for g in self.games if not g.stands]

    @property
    def moves(self) -> list[Move]:
        return self.games[0].moves or []

    @property
    def started(self) -> bool:
        """Game n+1 is under way: the seating stays as played (re-seating is refused)."""
        return self.games[0].started

    @property
    def reseated(self) -> list[int]:
        """The games a re-seat changes: n+1 and every later one not started that it reaches."""
        return [] if self.started else [g.number for g in self.games if not g.stands and not g.started]

    @staticmethod
    def _listed(numbers: list[int]) -> str:
        games = [str(g) for g in numbers]
        listed = f"{', '.join(games[:-1])} and {games[-1]}" if len(games) > 1 else games[0]
        return f"game{'s' * (len(games) > 1)} {listed}"

    @property
    def games_words(self) -> str:
        return self._listed(self.later)

    @property
    def move_words(self) -> list[str]:
        return self.games[0].move_words

    @property
    def after_next(self) -> list[str]:
        """What the correction means for each game after n+1 (the correction page lists them)."""
        return [g.words(self.game) for g in self.games[1:]]

    @property
    def text(self) -> str:
        tables = ", ".join(map(str, self.tables))
        words = (
            f"{self.games_words.capitalize()} {'were' if len(self.later) > 1 else 'was'} seated from game "
            f"{self.game}'s old result at table{'s' * (len(self.tables) > 1)} {tables}, which the correction "
            "changes (winners stay, losers move)."
        )
        first, *rest = self.games
        words += " " + first.words(self.game)
        if self.started:
            words += f" Game {self.next} has started, so its seating stays as played."
        words += "".join(" " + g.words(self.game) for g in rest)
        if not self.started:
            words += (
                f" Game {self.next} has not started: keep the seating, or re-seat "
                f"{self._listed(self.reseated)} from the corrected results."
            )
        return words + " Scores and tallies follow the corrected sheet either way."

    def as_dict(self) -> dict:
        return {
            "game": self.game,
            "seated_from_old_result": self.later,
            "tables": self.tables,
            "would_sit_elsewhere": [{"player": m.name, "seated": m.seated, "would": m.would} for m in self.moves],
            "later_games": [
                {
                    "game": g.number,
                    "started": g.started,
                    "stands": g.stands,
                    "would_sit_elsewhere": None
                    if g.moves is None
                    else [{"player": m.name, "seated": m.seated, "would": m.would} for m in g.moves],
                }
                for g in self.games
            ],
            "next_game_started": self.started,
            "can_reseat": not self.started,
            "reseats": self.reseated,
            "text": self.text,
        }


def seating_notice(event: Event, game: int) -> SeatingNotice | None:
    """What correcting game ``game``'s sheets changed for the games seated after it, or None (not a
    progressive individual, no later game seated, or the winners are the same)."""
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
    later = [LaterGame(game + 1, bool(state.locked_reason(game + 1)), moves)]
    for number in range(game + 2, len(movement.rounds) + 1):
        before = later[-1]
        # Drawn from the game before: played as seated, it stands (and so do the games after it).
        stands = before.stands or before.started
        later.append(LaterGame(number, bool(state.locked_reason(number)), None if not stands else [], stands))
    return SeatingNotice(event=event, game=game, tables=tables, games=later)


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
    """Re-seat game ``game`` + 1 (not started) from game ``game``'s corrected results, and with it
    every later game not started that it reaches (``notice.reseated``): logged."""
    notice = _notice(event, game)
    if notice.started:
        raise Conflict(
            f"game {notice.next} has started: its seating stays as played (the scores follow the corrected sheet)",
            field="game",
        )
    # compute_next_round drops every game after ``game`` and seats game n+1 afresh: a later game it
    # reaches is seated again from game n+1's results, once game n+1 is played (the notice said so).
    change = compute_next_round(event=event, by=by)
    taken = [n for n in notice.reseated if n != notice.next]
    # compute_next_round writes game n+1 only: the later games' tables go with their movement.
    Seating.objects.filter(round__event=event, round__number__in=taken).delete()
    away = f" Game{'s' * (len(taken) > 1)} {', '.join(map(str, taken))} no longer seated." if taken else ""
    record(
        "movements.correction_reseat",
        event=event,
        user=by,
        after={**_summary(notice), "choice": "re-seated"},
        note=f"Re-seated game {notice.next} from game {game}'s corrected results. {change.text}{away}",
    )
    return notice
