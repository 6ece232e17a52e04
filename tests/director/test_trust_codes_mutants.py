"""The player codes' guess limit over time (#36, `make mutate ARGS=--trust`): wrong codes are counted
per address for PLAYER_CODE_GUESS_MINUTES from the first, then forgotten (docs/security.md). The
other tests count within one moment, so a window of another length (or none: counted for ever)
passed them. Here the cache is a small one on a clock the test moves.

Then what else of ``director/events/codes.py`` a changed rule got past the player-code tests with
(``make mutate ARGS="--trust --tests=… director.events.codes*"``, docs/testing.md): which players
get codes and how many are issued, a drawn code that clashes, how a code is read and shown, a
partnership's name, and the queries a bound phone's holder and place cost."""

from __future__ import annotations

import pytest

from director.audit.models import AuditEntry
from director.events import codes, lineup
from director.events import services as events
from director.events.models import Event, PartnershipMember, PlayerCode, Seat


class ClockCache:
    """The part of Django's cache API ``codes`` uses, with expiry on a clock the test sets."""

    def __init__(self):
        self.now = 1000.0
        self.rows: dict[str, tuple[int, float | None]] = {}

    def _live(self, key):
        row = self.rows.get(key)
        if row is not None and row[1] is not None and row[1] <= self.now:
            del self.rows[key]
            return None
        return row

    def get(self, key, default=None):
        row = self._live(key)
        return default if row is None else row[0]

    def add(self, key, value, timeout):
        if self._live(key) is not None:
            return False
        self.rows[key] = (value, None if timeout is None else self.now + timeout)
        return True

    def incr(self, key):
        row = self._live(key)
        if row is None:
            raise ValueError(f"Key '{key}' not found")
        self.rows[key] = (row[0] + 1, row[1])
        return row[0] + 1


@pytest.fixture
def clock(monkeypatch, settings):
    settings.PLAYER_CODE_GUESS_LIMIT = 3
    settings.PLAYER_CODE_GUESS_MINUTES = 7
    fake = ClockCache()
    monkeypatch.setattr(codes, "cache", fake)
    return fake


def test_wrong_guesses_are_forgotten_minutes_after_the_first(clock):
    for _ in range(3):
        assert not codes.guess_refused("10.0.0.9")
        codes.count_guess("10.0.0.9")
        clock.now += 60  # a guess a minute: the window runs from the first
    assert codes.guess_refused("10.0.0.9")
    clock.now = 1000.0 + 7 * 60 - 1  # a second before the window ends
    assert codes.guess_refused("10.0.0.9")
    clock.now = 1000.0 + 7 * 60  # the window is over: the count starts again
    assert not codes.guess_refused("10.0.0.9")
    codes.count_guess("10.0.0.9")
    assert clock.get("player-code-guesses:10.0.0.9") == 1


def test_guesses_are_counted_per_address_and_an_unknown_address_is_one_address(clock):
    for _ in range(3):
        codes.count_guess(None)
    assert codes.guess_refused(None) and codes.guess_refused("")
    assert not codes.guess_refused("10.0.0.9")
    assert clock.get("player-code-guesses:unknown") == 3


def test_a_count_that_expires_between_its_two_steps_starts_again_at_one(clock, monkeypatch):
    codes.count_guess("10.0.0.9")
    real_add = clock.add
    calls = []

    def add_then_expire(key, value, timeout):
        calls.append(timeout)
        added = real_add(key, value, timeout)
        if not added:  # the key expires just after add saw it
            del clock.rows[key]
        return added

    monkeypatch.setattr(clock, "add", add_then_expire)
    codes.count_guess("10.0.0.9")
    assert clock.get("player-code-guesses:10.0.0.9") == 1
    assert calls == [7 * 60, 7 * 60]  # the fresh count has the whole window again


def _with_codes(event, phones):
    Event.objects.filter(pk=event.pk).update(phones=phones)
    event.refresh_from_db()
    codes.ensure_codes(event)
    return event


@pytest.mark.django_db
@pytest.mark.parametrize("phones", ["player", "partnership"])
def test_the_codes_page_reads_every_code_and_its_holder_in_two_queries(running, phones, django_assert_num_queries):
    """codes_of reads a fixed number of queries however many codes: the codes with their player or
    partnership, and — only when there are partnerships' codes — the partnerships' members and their
    players (what the page and the tally cards print). Its docstring says 2; a partnership night
    takes 3 (the members, then their players), still not one per code."""
    event = _with_codes(running, phones)
    with django_assert_num_queries(3 if phones == "partnership" else 1):
        rows = codes.codes_of(event)
        names = [codes.holder_name(row) for row in rows]
    assert len(rows) == (event.partnerships.count() if phones == "partnership" else 16) and all(names)


@pytest.mark.django_db
def test_the_codes_listed_are_the_kind_the_night_uses_now(running):
    """A night switched from player codes to partnership codes lists only the partnerships' codes,
    and one switched to table links lists none (the old codes no longer open anything)."""
    event = _with_codes(running, "player")
    players = len(codes.codes_of(event))
    event = _with_codes(event, "partnership")
    listed = codes.codes_of(event)
    assert players == 16 and listed and all(row.partnership_id and not row.player_id for row in listed)
    assert len(listed) == event.partnerships.count()
    event = _with_codes(event, "table")
    assert codes.codes_of(event) == []


def _draws(monkeypatch, *drawn):
    """``new_code`` drawing ``drawn`` in turn (then the last again); returns the list of draws made."""
    made = []

    def draw():
        made.append(drawn[min(len(made), len(drawn) - 1)])
        return made[-1]

    monkeypatch.setattr(codes, "new_code", draw)
    return made


@pytest.mark.django_db
def test_a_drawn_code_that_is_taken_is_drawn_again_for_this_event(
    running, club_a, players_a, new_progressive, monkeypatch
):
    """Mutants of ``_create``'s clash: a drawn code already another's (here the same player's in
    another event) is drawn again — not answered with that other event's row (its holder, without
    the event) nor any row of this event (without the holder), nor None."""
    one = _with_codes(running, "player")
    mine = PlayerCode.objects.filter(event=one).first()
    two = new_progressive(club_a, players_a, tables=2)
    made = _draws(monkeypatch, mine.code, "ABCDEFGH")
    row = codes._create(two, player_id=mine.player_id)
    assert made == [mine.code, "ABCDEFGH"]
    assert (row.event, row.player_id, row.code) == (two, mine.player_id, "ABCDEFGH")


@pytest.mark.django_db
def test_a_holder_whose_code_another_request_issued_meanwhile_gets_that_code(running, monkeypatch):
    """Mutants of ``_create``'s fallback: when the holder has a code in the event already (another
    request issued it between the look and the insert), that row is the answer — not another
    holder's of the event, not a draw after draw until it gives up."""
    night = _with_codes(running, "player")
    rows = list(PlayerCode.objects.filter(event=night).order_by("pk"))
    made = _draws(monkeypatch, "ABCDEFGH")
    assert codes._create(night, player_id=rows[-1].player_id) == rows[-1]
    assert made == ["ABCDEFGH"]


@pytest.mark.django_db
def test_eight_taken_draws_give_up_with_a_plain_error(running, monkeypatch):
    """Mutants of ``_create``'s loop: eight draws at most (a clash of 40 random bits is rare; eight
    in a row mean something else is wrong), then a plain error saying so."""
    night = _with_codes(running, "player")
    taken = PlayerCode.objects.filter(event=night).first()
    made = _draws(monkeypatch, taken.code)
    newcomer = PlayerCode.objects.exclude(pk=taken.pk).first()
    newcomer_player = newcomer.player_id
    newcomer.delete()
    with pytest.raises(RuntimeError, match=r"^could not draw a free player code$"):
        codes._create(night, player_id=newcomer_player)
    assert len(made) == 8


@pytest.mark.django_db
def test_a_reissue_that_cannot_draw_a_free_code_changes_nothing_and_says_so(running, director_a, monkeypatch):
    """A re-issue whose eight draws are all taken must not pass for done: the old code would keep
    working while the director is told (and the log says) the card has a new one."""
    night = _with_codes(running, "player")
    row, other = PlayerCode.objects.filter(event=night)[:2]
    _draws(monkeypatch, other.code)
    with pytest.raises(RuntimeError, match="could not draw a free player code"):
        codes.reissue(event=night, code_id=row.pk, by=director_a)
    assert PlayerCode.objects.get(pk=row.pk).code == row.code
    assert not AuditEntry.objects.filter(action="events.reissue_player_code").exists()


def test_with_a_guess_limit_of_one_the_first_code_is_read_and_one_wrong_one_refuses(clock, settings):
    """Mutant: an address with no wrong codes yet counted as one (``or 1``): with
    PLAYER_CODE_GUESS_LIMIT=1 (allowed) every phone would be refused before its first code."""
    settings.PLAYER_CODE_GUESS_LIMIT = 1
    assert not codes.guess_refused("10.0.0.9")
    codes.count_guess("10.0.0.9")
    assert codes.guess_refused("10.0.0.9")


def test_a_code_is_read_case_free_with_spaces_or_a_dash_and_nothing_else_is_a_code():
    """Mutants of ``normalise``: spaces typed inside a code (a phone keyboard's, "abcd efgh") are
    ignored as dashes are; a text of another length, or with a letter outside the alphabet (U),
    is no code (a lookup of it would only cost a query)."""
    assert codes.normalise(" abcd efgh ") == codes.normalise("ABCD-EFGH") == "ABCDEFGH"
    assert codes.normalise("oil0-1abc") == "0110" + "1ABC"
    assert [codes.normalise(text) for text in ("ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFGU", "", None, 12345678)] == [None] * 6


@pytest.mark.django_db
def test_a_partnerships_code_is_named_by_its_number_and_players(running):
    """Mutants of ``holder_name``: a partnership's code is shown (the codes page, the tally card,
    the phone) as "Partnership 3: Ann & Bob"."""
    night = _with_codes(running, "partnership")
    row = PlayerCode.objects.filter(event=night, partnership__isnull=False).first()
    names = [m.player.name for m in row.partnership.members.all()]
    assert len(names) == 2
    assert codes.holder_name(row) == f"Partnership {row.partnership.number}: {names[0]} & {names[1]}"


@pytest.mark.django_db
@pytest.mark.parametrize("phones", ["player", "partnership"])
def test_a_codes_holder_and_place_are_read_in_fixed_queries(running, phones, django_assert_num_queries):
    """Mutants of ``holder_of``'s ``select_related`` / ``prefetch_related`` and ``place_in``'s: every
    request of a bound phone reads its holder (with the event and club, the player or the
    partnership's players) in one query (three with a partnership's members), and where it sits in
    one more."""
    night = _with_codes(running, phones)
    code = PlayerCode.objects.filter(event=night, player__isnull=phones == "partnership").first().code
    round = night.rounds.get(number=1)
    with django_assert_num_queries(3 if phones == "partnership" else 1):
        holder = codes.holder_of(code)
        assert holder.event.club.name and holder.name and holder.player_ids and holder.player is not None
    with django_assert_num_queries(1):
        place = codes.place_in(holder, round)
        assert place.table and place.table_id and place.direction


@pytest.mark.django_db
def test_a_nights_codes_go_to_its_players_and_no_one_else(club_a, players_a, new_players, new_progressive):
    """Mutant: the partnerships' players read as the membership rows' own ids. A second night of
    the club (its membership rows numbered after the first's) gives codes to exactly its players:
    those of its partnerships and those seated — not to players whose id happens to be a row's."""
    new_players(club_a, 8, "Late")  # more players than the nights seat: a wrong id is somebody
    _with_codes(new_progressive(club_a, players_a, tables=2), "player")
    two = _with_codes(new_progressive(club_a, players_a, tables=2), "player")
    members = PartnershipMember.objects.filter(partnership__event=two)
    theirs = set(members.values_list("player_id", flat=True))
    seated = set(Seat.objects.filter(round__event=two).values_list("player_id", flat=True))
    assert set(members.values_list("pk", flat=True)) != theirs  # so a mix-up would show
    assert set(PlayerCode.objects.filter(event=two).values_list("player_id", flat=True)) == theirs | seated


def test_a_text_that_is_not_eight_characters_is_shown_as_it_is():
    """Mutant of ``shown``: only an 8-character code gets its dash in the middle."""
    assert (codes.shown("ABCDEFGH"), codes.shown("ABC"), codes.shown("")) == ("ABCD-EFGH", "ABC", "")


@pytest.mark.django_db
def test_the_players_of_partnerships_not_yet_seated_have_codes(club_a, players_a, director_a):
    """Mutants of ``_holders_wanted``: every player of a partnership has a code, seated or not yet
    (the codes page issues them as soon as the partnerships are drawn), not only those seated."""
    event = events.create_event(club=club_a, name="Drawn", date="2025-03-14", games=2, by=director_a)
    lineup.draw_partnerships(event=event, players=players_a[:8], seed=1)
    assert not Seat.objects.filter(round__event=event).exists()
    assert codes.ensure_codes(event) == 8
    holders = set(PlayerCode.objects.filter(event=event).values_list("player_id", flat=True))
    assert holders == {p.pk for p in players_a[:8]}


@pytest.mark.django_db
def test_codes_are_issued_once_and_only_the_new_ones_are_counted(club_a, players_a, new_progressive):
    """Mutants of ``ensure_codes``' look at the codes issued: every call (each visit of the codes
    page, each print) issues codes only to holders without one and says how many; a second call
    issues none and keeps the codes. On a second night of the club, so that the code rows' own ids
    are not its players' ids."""
    _with_codes(new_progressive(club_a, players_a, tables=2), "player")
    night = new_progressive(club_a, players_a, tables=2)
    assert (codes.ensure_codes(night), codes.ensure_codes(night)) == (8, 0)
    issued = dict(PlayerCode.objects.filter(event=night).values_list("player_id", "code"))
    assert set(PlayerCode.objects.filter(event=night).values_list("pk", flat=True)) != set(issued)
    Event.objects.filter(pk=night.pk).update(phones="partnership")
    night.refresh_from_db()  # its four partnerships' codes, then none
    assert (codes.ensure_codes(night), codes.ensure_codes(night)) == (4, 0)
    assert PlayerCode.objects.filter(event=night, player=None).count() == 4
    assert dict(PlayerCode.objects.filter(event=night, partnership=None).values_list("player_id", "code")) == issued
