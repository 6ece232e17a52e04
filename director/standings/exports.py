"""Exports of an event's results as plain rows: standings, tallies and travellers.

Each ``*_rows`` function returns a list of flat dicts (one per line); ``to_csv`` and ``to_json``
write them. Numbers are numbers: nets as integers, matchpoints and percentages rounded half-up
to two places (the exact values are ``Fraction``s inside). The same rows feed the JSON the
public standings page polls.
"""

from __future__ import annotations

import csv
import io
import json
import re

from .adapters import MAJORS, MINORS
from .page import StandingsPage
from .selectors import EventResults, StandingsList, as_number


def standings_rows(results: EventResults | StandingsPage) -> list[dict]:
    """One line per entrant, list after list: a duplicate pairs event ranked by direction gives its
    ♠♥ pairs, then its ♦♣ pairs, each ranked from 1, with ``direction`` (``majors`` / ``minors``;
    empty in one overall list)."""
    rows = []
    games = [r.number for r in results.rounds]
    for lst in results.standings_lists():
        rows.extend(list_lines(lst, games))
    return rows


def standings_lists(results: EventResults | StandingsPage) -> list[dict]:
    """The lists as the pages show them: ``direction``, ``heading`` and that list's ``standings``
    rows (those of ``standings_rows``)."""
    games = [r.number for r in results.rounds]
    return [
        {"direction": lst.direction or "", "heading": lst.heading, "standings": list_lines(lst, games)}
        for lst in results.standings_lists()
    ]


def list_lines(lst: StandingsList, games: list[int]) -> list[dict]:
    """The export rows of one list (``standings_rows``'s lines)."""
    rows = []
    for row in lst.rows:
        line = {
            "rank": row.rank,
            "direction": lst.direction or "",
            "number": row.entrant.number,
            "names": row.entrant.names,
            "games": row.games,
            "total": as_number(row.total),
            "percentage": as_number(row.percentage),
        }
        for game in games:
            line[f"game_{game}"] = as_number(row.per_game.get(game))
        line["tie_break"] = row.decided_by or ""
        rows.append(line)
    return rows


def team_rows(results: EventResults | StandingsPage) -> list[dict]:
    return [
        {
            "rank": t.rank,
            "team": t.team,
            "points": as_number(t.points),
            "aggregate": t.aggregate,
            "matches": t.matches,
            "won": t.won,
            "drawn": t.drawn,
            "lost": t.lost,
            "tie_break": t.decided_by or "",
        }
        for t in results.team_standings()
    ]


def tally_rows(results: EventResults) -> list[dict]:
    """One line per entrant and game: table, side, opponents and the net on the tally (where every
    player scores alone: the player's seat, the other players and the player's own score)."""
    if results.own_scores:
        return own_score_rows(results)
    rows = []
    for play in results.play_list():
        if not play.confirmed:
            continue
        for direction in (MAJORS, MINORS):
            side, other = play.side(direction), play.other(direction)
            if side is None or other is None:
                continue
            for key in side.entrants:
                entrant = results.entrants.get(key)
                rows.append(
                    {
                        "game": play.round,
                        "table": play.table,
                        "direction": direction,
                        "number": entrant.number if entrant else None,
                        "names": entrant.names if entrant else str(key),
                        "opponents": results.entrant_label(other.entrants),
                        "score": side.score,
                        "net": side.net,
                    }
                )
    rows.sort(key=lambda r: (r["number"] or 0, r["names"], r["game"]))
    return rows


def traveller_rows(results: EventResults, game_set: int | None = None) -> list[dict]:
    """Every play of every game set (or of one): both sides, scores, net and matchpoints."""
    rows = []
    sets = [game_set] if game_set is not None else results.game_sets()
    for number in sets:
        traveller = results.traveller(number)
        if traveller is None:
            continue
        for play in traveller.plays:
            majors, minors = play.majors, play.minors
            rows.append(
                {
                    "game_set": number,
                    "game": play.round,
                    "table": play.table,
                    "majors": results.entrant_label(majors.entrants) if majors else "",
                    "minors": results.entrant_label(minors.entrants) if minors else "",
                    "majors_score": majors.score if majors else None,
                    "minors_score": minors.score if minors else None,
                    "majors_net": majors.net if majors else None,
                    "majors_artificial": majors.artificial.code if majors and majors.artificial else "",
                    "minors_artificial": minors.artificial.code if minors and minors.artificial else "",
                    "majors_mp": as_number(majors.mp) if majors else None,
                    "minors_mp": as_number(minors.mp) if minors else None,
                    "top": traveller.top,
                    "group": majors.group if majors else 1,
                    "status": play.status,
                }
            )
    return rows


# A cell a spreadsheet would read as a formula: text typed by a person (a player's name) that starts
# with one of these. Numbers and ranks the exports write themselves ("-120", "=2", "81.25") are not.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
WRITTEN_FIGURE = re.compile(r"[=+-]?\d+(\.\d+)?%?")


def spreadsheet_safe(value):
    """``value`` as a CSV cell a spreadsheet shows as text: a name such as ``=HYPERLINK(…)`` gets a
    leading ``'`` (the spreadsheets' own mark for "this is text"), so opening an export never runs it."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not WRITTEN_FIGURE.fullmatch(value):
        return "'" + value
    return value


def to_csv(rows: list[dict]) -> str:
    buffer = io.StringIO()
    if rows:
        fields = list(rows[0])
        for row in rows[1:]:
            fields.extend(k for k in row if k not in fields)
        writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows({key: spreadsheet_safe(value) for key, value in row.items()} for row in rows)
    return buffer.getvalue()


def to_json(results: EventResults, what: str, rows: list[dict]) -> str:
    event = results.event
    payload = {
        "event": {"id": event.pk, "name": event.name, "date": event.date.isoformat(), "type": event.type},
        "scale": event.matchpoint_scale if results.uses_matchpoints else None,
        what: rows,
    }
    return json.dumps(payload, ensure_ascii=False, indent=1)


def own_score_rows(results: EventResults) -> list[dict]:
    rows = []
    for play in results.play_list():
        if not play.figures:
            continue
        for mark, player, score in play.seat_scores():
            entrant = results.entrants.get(player)
            rows.append(
                {
                    "game": play.round,
                    "table": play.table,
                    "seat": mark,
                    "number": None,
                    "names": entrant.names if entrant else str(player),
                    "opponents": " & ".join(
                        results.entrants[p].names if p in results.entrants else str(p)
                        for _, p, _ in play.seat_scores()
                        if p != player
                    ),
                    "score": score,
                }
            )
    rows.sort(key=lambda r: (r["names"], r["game"]))
    return rows
