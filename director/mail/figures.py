"""Each player's place and figures in an event, as the standings show them (one read of the results):
what a results message says, and what a correction is compared with."""

from __future__ import annotations

from director.standings.selectors import event_results

# The parts of a player's figures that make a "corrected results" message worth sending.
COMPARED = ("place", "among", "of", "games", "total", "percentage")


def figures_of(event) -> dict[int, dict]:
    """Player id → ``{"name", "entrant", "label", "place", "among", "of", "games": [[game, text]],
    "total", "percentage"}`` for everyone in the event's standings (a pair's two players each)."""
    results = event_results(event)
    rounds = [r.number for r in results.rounds]
    found: dict[int, dict] = {}
    for standings in results.standings_lists():
        for row in standings.rows:
            figures = {
                "entrant": row.entrant.key,
                "label": row.entrant.label,
                "place": row.rank,
                "among": standings.heading,
                "of": len(standings.rows),
                "games": [[game, cell] for game, cell in zip(rounds, row.cells, strict=False)],
                "total": row.total_text,
                "percentage": row.percentage_text if results.uses_matchpoints else "",
            }
            for player_id, name in row.entrant.players:
                found[player_id] = {**figures, "name": name}
    return found


def changed(sent: dict, now: dict | None) -> bool:
    """Whether a player's figures differ from those their message gave (gone from the standings counts)."""
    if now is None:
        return True
    return any(sent.get(key) != now.get(key) for key in COMPARED)
