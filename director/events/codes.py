"""Player codes (issue 29): on a night of player codes (``Event.phones``) each player — or each
partnership, where the club prefers — has a code of their own for the event, printed with a QR code
on their tally card. Opening it binds a phone to that player (``director.table.views``), and the
table services let a phone act only where its player sits now, and confirm only the opponents'
sheet.

A code is 8 characters of Crockford's base 32 (no I, L, O or U: nothing to misread), shown as
``ABCD-EFGH`` and read case-free, with or without the dash, O read as 0 and I or L as 1. That is 40
random bits (about 10¹² codes); with the guesses limited per address (``guess_refused``) a stranger
finds a live code only by chance far below one in a million a night. New each event (a row per
event); re-issued by the director when a card is lost, the old code then stops working at once.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from director.audit.services import record
from director.core.errors import NotFound

from .models import Event, Partnership, PartnershipMember, PlayerCode, Round, Seat

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
LENGTH = 8
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown(code: str) -> str:
    """``ABCD-EFGH``: how a code is printed and shown."""
    return f"{code[:4]}-{code[4:]}" if len(code) == LENGTH else code


def normalise(text) -> str | None:
    """The code typed or scanned in ``text`` (any case, dashes and spaces ignored), or None when it
    cannot be one."""
    if not isinstance(text, str):
        return None
    code = "".join(text.split()).replace("-", "").upper().translate(_READ_AS)
    return code if len(code) == LENGTH and all(c in ALPHABET for c in code) else None


def uses_codes(event: Event) -> bool:
    return event.phones in (Event.Phones.PLAYER, Event.Phones.PARTNERSHIP)


# --- issuing ----------------------------------------------------------------------------------------
def _holders_wanted(event: Event) -> tuple[list[int], list[int]]:
    """``(player ids, partnership ids)`` that should have a code: the partnerships (a night of
    partnership codes), else every player of a partnership or seated in some game."""
    if event.phones == Event.Phones.PARTNERSHIP and not event.is_individual:
        return [], list(Partnership.objects.filter(event=event).values_list("pk", flat=True))
    players = set(PartnershipMember.objects.filter(partnership__event=event).values_list("player_id", flat=True))
    players |= set(Seat.objects.filter(round__event=event).values_list("player_id", flat=True))
    return sorted(players), []


def _create(event: Event, **holder) -> PlayerCode:
    for _ in range(8):  # a clash of 40 random bits is rare; a new draw settles it
        try:
            with transaction.atomic():
                return PlayerCode.objects.create(event=event, code=new_code(), **holder)
        except IntegrityError:
            existing = PlayerCode.objects.filter(event=event, **holder).first()
            if existing is not None:  # another request issued it meanwhile
                return existing
    raise RuntimeError("could not draw a free player code")


def ensure_codes(event: Event) -> int:
    """Issue a code to every player (or partnership) of a night of codes that has none yet; returns
    how many were issued. Nothing for a night of table links."""
    if not uses_codes(event):
        return 0
    players, partnerships = _holders_wanted(event)
    have = PlayerCode.objects.filter(event=event)
    have_players = set(have.exclude(player=None).values_list("player_id", flat=True))
    have_pairs = set(have.exclude(partnership=None).values_list("partnership_id", flat=True))
    issued = 0
    for pid in players:
        if pid not in have_players:
            _create(event, player_id=pid)
            issued += 1
    for pk in partnerships:
        if pk not in have_pairs:
            _create(event, partnership_id=pk)
            issued += 1
    return issued


def codes_of(event: Event) -> list[PlayerCode]:
    """The event's codes with their holders (players by name, partnerships by number): 2 queries."""
    rows = PlayerCode.objects.filter(event=event).select_related("player", "partnership")
    rows = rows.prefetch_related("partnership__members__player")
    wanted = (
        (Q(partnership__isnull=False) if event.phones == Event.Phones.PARTNERSHIP else Q(player__isnull=False))
        if uses_codes(event)
        else Q(pk__in=[])
    )
    return sorted(
        rows.filter(wanted),
        key=lambda r: (r.partnership.number, "") if r.partnership_id else (0, r.player.name.casefold()),
    )


def holder_name(row: PlayerCode) -> str:
    if row.player_id is not None:
        return row.player.name
    names = " & ".join(m.player.name for m in row.partnership.members.all())
    return f"Partnership {row.partnership.number}: {names}"


@transaction.atomic
def reissue(*, event: Event, code_id, by=None) -> PlayerCode:
    """A new code for a lost card: the old code stops working at once (phones bound with it must
    open the new one). Logged, never the code itself."""
    row = PlayerCode.objects.select_for_update().filter(event=event, pk=code_id).first()
    if row is None:
        raise NotFound(f"{event.name} has no such player code", field="code")
    for _ in range(8):
        try:
            with transaction.atomic():
                PlayerCode.objects.filter(pk=row.pk).update(code=new_code(), issued_at=timezone.now())
            break
        except IntegrityError:
            continue
    else:  # never passed for done: the old code would keep working under a "new code" message
        raise RuntimeError("could not draw a free player code")
    row.refresh_from_db()
    who = {"player": row.player_id} if row.player_id is not None else {"partnership": row.partnership.number}
    record("events.reissue_player_code", event=event, obj=row, user=by, after=who)
    return row


# --- who a phone is ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Holder:
    """Who a bound phone acts for: a player, or a partnership (its players)."""

    row: PlayerCode

    @property
    def event(self) -> Event:
        return self.row.event

    @property
    def player_ids(self) -> frozenset[int]:
        if self.row.player_id is not None:
            return frozenset([self.row.player_id])
        return frozenset(m.player_id for m in self.row.partnership.members.all())

    @property
    def partnership(self):
        """The partnership whose code it is (None for a player's own code): recorded as who acted."""
        return self.row.partnership if self.row.partnership_id is not None else None

    @property
    def player(self):
        """The player the opponents' rule reads as the sender (a partnership's: its first player;
        the partnership itself is recorded beside it, ``partnership``)."""
        if self.row.player_id is not None:
            return self.row.player
        first = next(iter(self.row.partnership.members.all()), None)
        return first.player if first is not None else None

    @property
    def name(self) -> str:
        return holder_name(self.row)


def holder_of(code) -> Holder | None:
    """The holder of a live code (its event not finished long ago: any status), or None."""
    code = normalise(code)
    if code is None:
        return None
    row = (
        PlayerCode.objects.select_related("event", "event__club", "player", "partnership")
        .prefetch_related("partnership__members__player")
        .filter(code=code)
        .first()
    )
    return Holder(row) if row is not None and uses_codes(row.event) else None


@dataclass(frozen=True)
class Place:
    """Where a holder sits in one game: the table, the side (majors / minors) and their seats."""

    table_id: int
    table: int
    direction: str
    suits: tuple[str, ...]  # the holder's seats' suits ("" for a side of three's player out in deal 1)


def place_in(holder: Holder, round: Round) -> Place | None:
    """Where ``holder`` sits in game ``round`` (None: a bye, or not seated): one query."""
    seats = list(
        Seat.objects.filter(round=round, player_id__in=holder.player_ids)
        .select_related("seating__table")
        .order_by("suit")
    )
    if not seats:
        return None
    seating = seats[0].seating
    return Place(seating.table_id, seating.table.number, seating.direction, tuple(s.suit for s in seats))


# --- guesses ----------------------------------------------------------------------------------------
# Wrong codes are counted per client address (``audit.context.request_ip``, which believes a
# forwarded address only from TRUSTED_PROXIES) in the cache: Redis on a league server, so every web
# process shares the count. A player who mistypes a few times is never in the way.
def _guess_key(ip: str | None) -> str:
    return f"player-code-guesses:{ip or 'unknown'}"


def guess_refused(ip: str | None) -> bool:
    return (cache.get(_guess_key(ip)) or 0) >= settings.PLAYER_CODE_GUESS_LIMIT


def count_guess(ip: str | None) -> None:
    key = _guess_key(ip)
    window = settings.PLAYER_CODE_GUESS_MINUTES * 60
    if not cache.add(key, 1, window):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, window)
