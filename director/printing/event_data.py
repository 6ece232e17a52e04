"""The adapter between an event's rows and the printed documents' plain data (``data.py``).

Everything is read in a fixed number of queries whatever the event's size; the renderers never
see a model. ``event_game_sets`` gives the hand documents (envelopes, duplication sheets, hand
records) the event's game sets as ``scoring.gamesets.GameSet`` objects.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import Prefetch

from director.core.errors import DomainError
from director.deals.adapters import to_game_set
from director.deals.auction import auction_deals_of, check_team_match, deals_state
from director.deals.models import GameSet as GameSetRow
from director.deals.models import GameSetFile
from director.deals.selectors import analysis_summaries, commitment_state, sets_needed
from director.events import codes
from director.events.models import Event, Partnership, PartnershipMember, Round, Seat, Seating, Table
from director.events.selectors import odd_variant
from director.movements.selectors import load_movement, next_places
from director.results.models import Submission
from director.sheets.registry import kind_of
from scoring import gamesets
from scoring.cards import SUIT_INDEX

from .data import DIRECTION_SUITS, DIRECTIONS, Entrant, EventData, Play, Result, Side, TableInfo
from .options import PrintInputError


def player_code_url(code: str) -> str:
    """A player's own page (``/me/<code>/``), as their tally card's QR code prints it."""
    return f"{settings.PUBLIC_BASE_URL.rstrip('/')}/me/{code}/"


def _entrant_codes(event: Event, members: dict) -> dict:
    """Each tally card's codes (``EventData.codes``): issued here first when missing, so a card is
    never printed without one (``codes.ensure_codes``; nothing on a night of table links)."""
    if not codes.uses_codes(event):
        return {}
    codes.ensure_codes(event)
    by_entrant: dict = {}
    partnership_of = {pid: number for number, people in members.items() for pid, _ in people}
    for row in codes.codes_of(event):
        shown = codes.shown(row.code)
        if row.partnership_id is not None:
            key = row.partnership.number
            who = ""
        else:
            key = row.player_id if event.is_individual else partnership_of.get(row.player_id)
            who = row.player.name
        by_entrant.setdefault(key, []).append((who, shown, player_code_url(row.code)))
    return {key: tuple(rows) for key, rows in by_entrant.items()}


def table_entry_url(token: str) -> str:
    """The table's score-entry page, as its QR code and guide card print it."""
    return f"{settings.PUBLIC_BASE_URL.rstrip('/')}/t/{token}/"


def _side(seating: Seating, members: dict[int, list[tuple[int, str]]], names: dict[int, str]) -> Side:
    seats = sorted((s for s in seating.seats.all() if s.suit), key=lambda s: SUIT_INDEX[s.suit])
    out = next((s for s in seating.seats.all() if not s.suit), None)
    for seat in seating.seats.all():
        names[seat.player_id] = seat.player.name
    seated = tuple((s.suit, s.player_id, s.player.name) for s in seats)
    third = (out.player_id, out.player.name) if out is not None else None
    if not seated and seating.partnership_id is not None:
        # No seat rows (an old plan): members in position order take the direction's suits.
        people = members.get(seating.partnership_id, [])
        suits = DIRECTION_SUITS[seating.direction]
        seated = tuple((suit, pid, name) for suit, (pid, name) in zip(suits, people, strict=False))
        third = people[2] if len(people) > 2 else None
    sit_out = tuple(names.get(pid, f"#{pid}") for pid in seating.sit_out_order or ())
    return Side(
        direction=seating.direction,
        partnership=seating.partnership.number if seating.partnership_id is not None else None,
        seats=seated,
        third=third,
        sit_out=sit_out,
    )


def _table_kind(event: Event, entry: dict):
    """The kind of sheet a table plays (``sheets.registry.kind_of``): a progressive individual's
    table of three or two its variant in the seats its players hold, any other the event's."""
    suits = [suit for d in DIRECTIONS if entry.get(d) is not None for suit, _, _ in entry[d].seats]
    suits += [""] * sum(entry[d].third is not None for d in DIRECTIONS if entry.get(d) is not None)
    return kind_of(event, *odd_variant(event, suits))


def _figures(entry: dict, kind, sheet, *, scores: bool) -> tuple:
    """A confirmed sheet of individual scores: (player id, figure) for the tally cards, in player
    order (``SheetKind.tally_figures``); ``()`` for a partnership sheet or one that does not score."""
    figures = kind.tally_figures(sheet, own=scores) or {}
    player = {suit: pid for d in DIRECTIONS if entry.get(d) is not None for suit, pid, _ in entry[d].seats}
    return tuple(sorted((player[seat], figure) for seat, figure in figures.items() if seat in player))


def load_event_data(event: Event | int) -> EventData:
    """Everything the event documents print, as plain data (about eight queries)."""
    if not isinstance(event, Event):
        found = Event.objects.select_related("club").filter(pk=event).first()
        if found is None:
            raise PrintInputError(f"no event {event}")
        event = found
    tables = list(Table.objects.filter(event=event).order_by("number"))
    rounds = list(
        Round.objects.filter(event=event)
        .prefetch_related(
            Prefetch("sitting_out_partnerships", queryset=Partnership.objects.order_by("number")),
            "sitting_out_players",
        )
        .order_by("number")
    )
    partnerships = list(
        Partnership.objects.filter(event=event)
        .prefetch_related(
            Prefetch("members", queryset=PartnershipMember.objects.select_related("player").order_by("position"))
        )
        .order_by("number")
    )
    members = {p.pk: [(m.player_id, m.player.name) for m in p.members.all()] for p in partnerships}
    seatings = list(
        Seating.objects.filter(round__event=event)
        .select_related("round", "table", "partnership")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
        .order_by("round__number", "table__number", "direction")
    )
    event_kind = kind_of(event)
    # A sheet of individual scores gives each player a figure, and only an individual event's tables
    # play one, so only its sheets are read.
    with_sheets = event.is_individual
    fields = ("round_id", "table_id", "majors", "minors") + (("sheet",) if with_sheets else ())
    submissions = Submission.objects.filter(round__event=event, status=Submission.Status.CONFIRMED).only(*fields)
    confirmed = {(s.round_id, s.table_id): Result(s.majors, s.minors) for s in submissions}
    sheets = {(s.round_id, s.table_id): s.sheet for s in submissions} if with_sheets else {}

    names: dict[int, str] = {pid: name for people in members.values() for pid, name in people}
    by_place: dict[tuple[int, int], dict] = {}
    for seating in seatings:
        key = (seating.round.number, seating.table.number)
        entry = by_place.setdefault(
            key,
            {
                "game_set": None,
                "result": confirmed.get((seating.round_id, seating.table_id)),
                "sheet": sheets.get((seating.round_id, seating.table_id)),
            },
        )
        entry["game_set"] = seating.game_set_number
        entry[seating.direction] = _side(seating, members, names)
    for entry in by_place.values():
        entry["kind"] = _table_kind(event, entry)
        if entry["result"] is not None and entry["sheet"] is not None:
            # the players' own scores where the event ranks them by score, else their tally figures
            figures = _figures(entry, entry["kind"], entry["sheet"], scores=event_kind.individual)
            if figures:
                entry["result"] = Result(entry["result"].majors, entry["result"].minors, figures)
    nexts = next_places(load_movement(event))
    plays = tuple(
        Play(
            round=r,
            table=t,
            game_set=entry["game_set"],
            majors=entry.get("majors"),
            minors=entry.get("minors"),
            result=entry["result"],
            next=nexts.get((r, t)),
            kind=entry["kind"],
        )
        for (r, t), entry in sorted(by_place.items())
    )

    if event.is_individual:
        seen: dict[int, str] = {}
        for play in plays:
            for side in play.sides():
                for pid, name in zip(side.player_ids, side.names, strict=True):
                    seen.setdefault(pid, name)
        entrants = tuple(Entrant(pid, None, name) for pid, name in sorted(seen.items(), key=lambda kv: kv[1]))
    else:
        entrants = tuple(
            Entrant(p.number, p.number, " & ".join(name for _, name in members[p.pk])) for p in partnerships
        )
    sitting_out = {}
    for r in rounds:
        out = [
            f"{p.number} · " + " & ".join(n for _, n in members.get(p.pk, [])) for p in r.sitting_out_partnerships.all()
        ]
        out += sorted(p.name for p in r.sitting_out_players.all())
        if out:
            sitting_out[r.number] = tuple(out)

    return EventData(
        event_id=event.pk,
        name=event.name,
        club=event.club.name,
        date=event.date.isoformat() if event.date else "",
        type=event.type,
        individual=event.is_individual,
        duplicate=event.is_duplicate,
        scale=event.matchpoint_scale,
        rounds=tuple(r.number for r in rounds),
        tables=tuple(TableInfo(t.number, table_entry_url(t.token)) for t in tables),
        plays=plays,
        entrants=entrants,
        sitting_out=sitting_out,
        kind=event_kind,
        codes=_entrant_codes(event, {p.number: members.get(p.pk, []) for p in partnerships}),
    )


def event_game_sets(event: Event) -> tuple[list[gamesets.GameSet], str | None]:
    """The event's game sets (checked) and the commitment published for them; ``PrintInputError``
    when the event has none or one is still being recorded."""
    rows = list(GameSetRow.objects.filter(event=event).order_by("number"))
    if not rows:
        raise PrintInputError(f"event {event.pk} ({event.name}) has no game sets: generate or import them first")
    incomplete = [row.number for row in rows if not row.complete]
    if incomplete:
        listed = ", ".join(str(n) for n in incomplete)
        raise PrintInputError(f"event {event.pk} ({event.name}): game set {listed} is not complete yet")
    sets = []
    for row in rows:
        try:
            sets.append(to_game_set(row, validate=True))
        except gamesets.GameSetError as error:
            raise PrintInputError(f"event {event.pk}, set {row.number}: {error}") from None
    # The commitment as it is to be announced: only once every set the seating plays exists (a
    # hash over fewer sets would not be the one published), over the rows as they are now.
    state = commitment_state(event, set_file=GameSetFile.objects.filter(event=event).first(), sets=rows)
    if state.missing:
        return sets, None
    return sets, state.value or gamesets.commitment(sets)


def event_options(event: Event, options: dict | None = None):
    """``PrintOptions`` for an event's documents: the event's name on every page, plus ``options``
    (paper, envelope, lang, compress) as stored on a print job."""
    from .options import PrintOptions

    options = dict(options or {})
    return PrintOptions(
        paper=options.get("paper", "a4"),
        envelope=options.get("envelope", "c6"),
        lang=options.get("lang", "en"),
        event=f"{event.name} · {event.date.isoformat()}" if event.date else event.name,
        compress=bool(options.get("compress", False)),
    )


def render_auction(kind_name: str, event: Event, print_options, *, out=None, progress=None) -> bytes:
    """An Auction team match's deals (``deals.auction``), checked as the print job is started."""
    from .documents import kind

    try:
        check_team_match(event)
        state = deals_state(event)
        if state is not None and state.problem:
            raise PrintInputError(f"event {event.pk} ({event.name}): {state.problem}")
        deals = auction_deals_of(event)
    except DomainError as error:
        raise PrintInputError(f"event {event.pk} ({event.name}): {error.message}") from None
    return kind(kind_name).render(deals, print_options, out=out, progress=progress)


def render_event(kind_name: str, event: Event, options: dict | None = None, *, out=None, progress=None) -> bytes:
    """Document ``kind_name`` for ``event`` as PDF bytes: hand documents from its game sets, the
    others from its seatings and results. ``PrintError`` says what is missing."""
    from .documents import kind, render_from_event, render_from_sets

    document = kind(kind_name)
    print_options = event_options(event, options)
    if document.source == "match":
        return render_auction(kind_name, event, print_options, out=out, progress=progress)
    if document.source == "sets":
        sets, commitment = event_game_sets(event)
        if kind_name == "hand-records" and commitment is None:
            missing = ", ".join(str(n) for n in sets_needed(event) if n not in {s.number for s in sets})
            raise PrintInputError(
                f"event {event.pk} ({event.name}): hand records carry the commitment of all the session's sets, "
                f"but the seating also plays set {missing}, not dealt or recorded yet"
            )
        extra = {}
        if kind_name == "hand-records":  # with what the latest analysis of the sets found, if any
            extra = {"commitment": commitment, "analysis": analysis_summaries(event)}
        return render_from_sets(kind_name, sets, print_options, out=out, progress=progress, **extra)
    if kind_name == "results" and document.render is not None:
        if not Seating.objects.filter(round__event=event).exists():
            raise PrintInputError(f"event {event.pk} ({event.name}) has nobody seated yet: seat the event first")
        results = load_results_data(event, lang=print_options.lang)
        return render_from_event(kind_name, results, print_options, out=out, progress=progress)
    data = load_event_data(event)
    if not data.plays:
        raise PrintInputError(f"event {event.pk} ({event.name}) has nobody seated yet: seat the event first")
    if document.render is None:
        raise PrintInputError(f"{kind_name} cannot be printed yet")
    return render_from_event(kind_name, data, print_options, out=out, progress=progress)


def load_results_data(event: Event, *, chart: bool = True, lang: str = "en"):
    """Standings, travellers and the running-totals chart of ``event`` as ``data.ResultsData``,
    from the standings app (``director.standings.selectors.event_results`` and ``charts``)."""
    from director.standings import charts
    from director.standings.selectors import event_results, fmt_mp, signed
    from director.standings.sum_check import sum_check

    from .data import ResultsData, StandingLine, StandingList, TeamLine, Traveller, TravellerLine
    from .words import EVENT_WORDS

    ew = EVENT_WORDS[lang]
    results = event_results(event)
    rounds = tuple(r.number for r in results.rounds)

    def per_game(value) -> str:
        return results.value_text(value)  # a net, matchpoints, or a player's own score

    def line(row) -> StandingLine:
        return StandingLine(
            rank=row.rank,
            label=row.entrant.label,
            total=row.total_text,
            percentage=row.percentage_text if results.uses_matchpoints else "",
            games=row.games,
            per_game=tuple(per_game(row.per_game.get(n)) for n in rounds),
        )

    lists = tuple(StandingList(lst.heading, tuple(line(row) for row in lst.rows)) for lst in results.standings_lists())
    standings = tuple(entry for lst in lists for entry in lst.lines)
    travellers = []

    def short_label(side) -> str:
        """A partnership by its number (the standings give the names), players by name."""
        if side is None:
            return "—"
        keys = tuple(side.entrants)
        entrant = results.entrants.get(keys[0]) if len(keys) == 1 else None
        if entrant is not None and entrant.number is not None:
            return str(entrant.number)
        return results.entrant_label(keys)

    for number in results.game_sets():
        traveller = results.traveller(number)
        if traveller is None:
            continue
        lines = []
        for play in traveller.plays:
            majors, minors = play.majors, play.minors

            def mp_text(side) -> str:
                if side is None:
                    return ""
                if side.artificial is not None:
                    return f"{side.artificial.code} {fmt_mp(side.mp)}".strip()
                return fmt_mp(side.mp) if side.mp is not None else ""

            lines.append(
                TravellerLine(
                    round=play.round,
                    table=play.table,
                    majors=short_label(majors),
                    minors=short_label(minors),
                    majors_score="" if majors is None or majors.score is None else str(majors.score),
                    minors_score="" if minors is None or minors.score is None else str(minors.score),
                    net="" if majors is None or majors.net is None else signed(majors.net),
                    majors_mp=mp_text(majors),
                    minors_mp=mp_text(minors),
                )
            )
        note = f"{traveller.results}/{traveller.expected}" if traveller.results < traveller.expected else ""
        if traveller.fouled is not None:
            note = (note + " · fouled").strip(" ·")
        top = "" if traveller.top is None else ew.top.format(n=traveller.top)
        travellers.append(Traveller(number, top, tuple(lines), note))
    teams = ()
    if results.kind == "teams":
        teams = tuple(
            TeamLine(row.rank, row.team, row.points_text, signed(row.aggregate)) for row in results.team_standings()
        )
    coop = coop_tables(results) if results.kind == "coop" else ()
    check = ""
    if results.kind == "tally" and any(row.games for row in results.standings()):
        check = sum_check(results).sentence(ew)
    chart_png = None
    if chart and any(row.per_game for row in results.standings()):
        chart_png = charts.event_running_totals(results, fmt="png", dpi=200, size=(7.4, 3.6))
    set_histograms: dict[int, bytes] = {}
    game_histograms: dict[int, bytes] = {}
    if chart:
        size = {"fmt": "png", "dpi": 200, "size": (5.0, 2.8)}
        if results.game_sets():
            for number in results.game_sets():
                if charts.set_nets(results, number):
                    set_histograms[number] = charts.set_histogram(results, number, **size)
        else:
            for number in rounds:
                if charts.set_nets(results, round_number=number):
                    game_histograms[number] = charts.set_histogram(results, round_number=number, **size)
    return ResultsData(
        name=event.name,
        matchpoints=results.uses_matchpoints,
        rounds=rounds,
        standings=standings,
        lists=lists,
        travellers=tuple(travellers),
        teams=teams,
        coop=coop,
        check=check,
        chart_png=chart_png,
        set_histograms=set_histograms,
        game_histograms=game_histograms,
    )


def coop_tables(results) -> tuple:
    """A duplicate coöperative event's coöp tables as printed (``standings.coop.coop_grades``):
    the session, then each set; every row rank, partnerships, total, grade, difference."""
    from director.standings.coop import coop_grades

    from .data import CoopTable

    grades = coop_grades(results)
    bands = ", ".join(f"{band.name} {band.floor}" for band in grades.bands)

    def rows(lines) -> tuple:
        return tuple((str(t.rank), t.pairs, t.total_text, t.grade or "–", t.difference_text) for t in lines)

    tables = [CoopTable(f"Coöp session, {heading} (grades: {bands})", rows(lines)) for heading, lines in grades.session]
    tables.extend(CoopTable(f"Coöp tables, set {number}", rows(lines)) for number, lines in grades.sets)
    return tuple(tables)
