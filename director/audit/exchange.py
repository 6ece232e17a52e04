"""One event to one JSON file and back: players, movement, seating, game sets, every scoresheet
version, the standings adjustments and the audit log — nothing lost.

The file (``calypso-event/1``) is canonical: rows sorted by primary key, keys sorted, datetimes in
UTC with microseconds, so exporting the same event twice gives the same bytes, and exporting an
imported event gives the file it came from. Rows keep their primary keys: the movement, seat
rotations and audit entries refer to players and rows by id, and a restore must not renumber them.
Users are referred to by username; an import creates any that are missing, with no usable
password (set one with ``manage.py changepassword``).

Deal secrets stay out unless asked for. Until the hands are released (or a generated file's seed
revealed), the dealing seed and the hands are secret: a plain export leaves them out and says so
(``left_out``); a **full backup** (``full=True``, ``export_event --full``) keeps them and says that
it holds secrets (``full_backup``). A full backup restores every deal; a plain export restores the
event without the secret game sets and the seed, and ``missing_from`` says what the director has
to bring back (docs/backup.md). Either file holds the table links' tokens: keep it as carefully as
the database.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import connection, models, transaction

from director.core import json_body
from director.core.errors import Conflict, ValidationError

FORMAT = "calypso-event/1"


# --- the models in the file, in the order an import writes them ------------------------------------
def _model(label: str):
    try:
        return apps.get_model(label)
    except LookupError:
        return None


def _sections(event_id: int, club_id: int) -> list[tuple[str, object, models.QuerySet]]:
    """``(section name, model, rows of this event)``, parents before children."""
    event = _model("events.Event").objects.filter(pk=event_id)
    sections = [
        ("clubs", "clubs.Club", {"pk": club_id}),
        ("seasons", "clubs.Season", {"pk__in": event.values("season_id")}),
        ("club_directors", "clubs.ClubDirector", {"club_id": club_id}),
        ("players", "clubs.Player", {"club_id": club_id}),
        ("events", "events.Event", {"pk": event_id}),
        ("tables", "events.Table", {"event_id": event_id}),
        ("teams", "events.Team", {"event_id": event_id}),
        ("partnerships", "events.Partnership", {"event_id": event_id}),
        ("partnership_members", "events.PartnershipMember", {"partnership__event_id": event_id}),
        ("rounds", "events.Round", {"event_id": event_id}),
        ("seatings", "events.Seating", {"round__event_id": event_id}),
        ("seats", "events.Seat", {"round__event_id": event_id}),
        ("game_set_files", "deals.GameSetFile", {"event_id": event_id}),
        ("game_sets", "deals.GameSet", {"event_id": event_id}),
        ("auction_deals", "deals.AuctionDeal", {"event_id": event_id}),
        ("submissions", "results.Submission", {"round__event_id": event_id}),
        ("artificial_scores", "standings.ArtificialScore", {"event_id": event_id}),
        ("fouled_sets", "standings.FouledSet", {"event_id": event_id}),
        ("standings_options", "standings.StandingsOptions", {"event_id": event_id}),
        ("audit_entries", "audit.AuditEntry", {"event_id": event_id}),
    ]
    found = []
    for name, label, lookup in sections:
        model = _model(label)
        if model is not None:  # an app that is not installed has nothing to keep
            found.append((name, model, model.objects.filter(**lookup).order_by("pk")))
    return found


def _is_user(field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def _value(field, value):
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(field, models.DateField):
        return value.isoformat()
    return value


def _row(obj, usernames: dict) -> dict:
    data = {}
    for field in obj._meta.concrete_fields:
        value = getattr(obj, field.attname)
        if _is_user(field):
            data[field.name] = usernames.get(value) if value is not None else None
        elif field.is_relation:
            data[field.name] = value
        else:
            data[field.name] = _value(field, value)
    for field in obj._meta.many_to_many:
        if field.remote_field.through._meta.auto_created:
            data[field.name] = sorted(getattr(obj, field.attname).values_list("pk", flat=True))
    return data


FULL_BACKUP = (
    "a full backup: it holds the event's deal secrets (the dealing seed and the hands before they are "
    "released); keep it as carefully as the database"
)


def _leave_out_deal_secrets(data: dict) -> dict:
    """Take the seed (until revealed) and the game sets or an Auction team match's deals (until their
    hands are released or can be worked out from a revealed seed) out of an export; what was taken
    out, for ``left_out``."""
    files = data.get("game_set_files") or []
    if not files:
        return {}
    set_file, left_out = files[0], {}
    if set_file["seed"] and not set_file["seed_revealed"]:
        set_file["seed"] = ""
        left_out["seed"] = True
    for section in ("game_sets", "auction_deals"):
        if data.get(section) and not (set_file["released"] or set_file["seed_revealed"]):
            left_out[section] = [row["number"] for row in data[section]]
            data[section] = []
    return left_out


def export_event(event, *, full: bool = False) -> dict:
    """The event as one JSON-able dict (see the module docstring); with ``full``, its deal secrets too."""
    sections = _sections(event.pk, event.club_id)
    user_ids = set()
    for _, model, rows in sections:
        user_fields = [f.attname for f in model._meta.concrete_fields if _is_user(f)]
        for values in rows.values_list(*user_fields) if user_fields else ():
            user_ids.update(v for v in values if v is not None)
    User = get_user_model()
    usernames = dict(User.objects.filter(pk__in=user_ids).values_list("pk", User.USERNAME_FIELD))
    data = {"format": FORMAT, "users": sorted(usernames.values())}
    for name, _, rows in sections:
        data[name] = [_row(obj, usernames) for obj in rows]
    if full:
        data["full_backup"] = FULL_BACKUP
    elif left_out := _leave_out_deal_secrets(data):
        data["left_out"] = left_out
    return data


def dumps(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def export_event_text(event, *, full: bool = False) -> str:
    return dumps(export_event(event, full=full))


def missing_from(data: dict) -> str | None:
    """What a plain export lacks once restored, and how to bring it back; None for a full backup
    or a plain export that left nothing out."""
    left_out = data.get("left_out") if isinstance(data, dict) else None
    if not left_out:
        return None
    what = []
    if left_out.get("game_sets"):
        sets = left_out["game_sets"]
        what.append(f"the hands of game set{'s' if len(sets) > 1 else ''} {', '.join(map(str, sets))}")
    if left_out.get("auction_deals"):
        rounds = left_out["auction_deals"]
        what.append(f"the deals of round{'s' if len(rounds) > 1 else ''} {', '.join(map(str, rounds))}")
    if left_out.get("seed"):
        what.append("the dealing seed")
    lines = [
        "This is a plain export, taken before the hands were released: it does not hold "
        + " or ".join(what)
        + ". The event, its players, movement, scoresheets, standings and audit log are restored."
    ]
    if left_out.get("game_sets"):
        lines.append(
            "The game sets are not: import their game-set file again (the event's game-sets page, "
            "or POST /api/game-sets/import/), or restore a full backup (export_event --full) instead."
        )
    if left_out.get("auction_deals"):
        lines.append(
            "The Auction team match's deals are not: deal the rounds again on the event's Deals page (a new "
            "seed and commitment, to announce again), or restore a full backup (export_event --full) instead."
        )
    if left_out.get("seed"):
        lines.append(
            "The seed cannot be revealed after play from this copy: the commitment is kept, the seed only "
            "in a full backup."
        )
    return " ".join(lines)


# --- import ------------------------------------------------------------------------------------------
def _parse(field, value):
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        return datetime.datetime.fromisoformat(value)
    if isinstance(field, models.DateField):
        return datetime.date.fromisoformat(value)
    return value


def _users(names: Iterable[str]) -> dict[str, int]:
    User = get_user_model()
    ids = {}
    for name in names:
        user = User.objects.filter(**{User.USERNAME_FIELD: name}).first()
        if user is None:
            user = User(**{User.USERNAME_FIELD: name})
            user.set_unusable_password()
            user.save()
        ids[name] = user.pk
    return ids


def _check(data) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ValidationError(f"not a Calypso event export (format {found!r}, expected {FORMAT!r})", field="file")
    if len(data.get("events") or []) != 1 or len(data.get("clubs") or []) != 1:
        raise ValidationError("the file must hold exactly one club and one event", field="file")


@transaction.atomic
def import_event(data: dict | str | bytes):
    """Write an exported event into this database (normally an empty one) and return the event.

    The club and its players are reused when this database already holds them with the same ids
    (an earlier import of another of the club's events); any other row already present is a
    ``Conflict`` naming it, and nothing is written.
    """
    Event = _model("events.Event")  # like every model of the file, by its label: the log stands below events
    if isinstance(data, bytes | str):
        try:
            data = json_body.loads(data, limit=None, what="the file")
        except json_body.BadJSON as error:
            raise ValidationError(error.message, field="file") from None
    _check(data)
    club = data["clubs"][0]
    sections = _sections(data["events"][0]["id"], club["id"])
    users = _users(data.get("users") or [])
    written = []
    for name, model, _ in sections:
        rows = data.get(name) or []
        if not rows:
            continue
        reusable = name in ("clubs", "players", "seasons", "club_directors")
        existing = set(model.objects.filter(pk__in=[r["id"] for r in rows]).values_list("pk", flat=True))
        if existing and not reusable:
            raise Conflict(
                f"this database already has {name.replace('_', ' ')} with ids {sorted(existing)[:5]}: "
                "import into an empty database",
                field="file",
            )
        if name == "clubs" and existing:
            same = model.objects.filter(pk=club["id"], slug=club["slug"]).exists()
            if not same:
                raise Conflict(f"club id {club['id']} here is another club than {club['slug']!r}", field="file")
        objs, m2m, stamps = [], [], []
        for row in rows:
            if row["id"] in existing:
                continue
            obj, auto = model(), {}
            for field in model._meta.concrete_fields:
                if field.name not in row and field.has_default():
                    # a file written before the column existed (e.g. a submission's submitted_side)
                    setattr(obj, field.attname, field.get_default())
                    continue
                value = row.get(field.name)
                if _is_user(field):
                    value = users.get(value) if value is not None else None
                elif not field.is_relation:
                    value = _parse(field, value)
                setattr(obj, field.attname, value)
                if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
                    auto[field.attname] = value
            if hasattr(obj, "fill_derived"):  # e.g. a player's name key: not in a file written before it existed
                obj.fill_derived()
            objs.append(obj)
            stamps.append((row["id"], auto))
            for field in model._meta.many_to_many:
                if field.name in row:
                    m2m.append((obj, field, row[field.name]))
        model.objects.bulk_create(objs)
        for pk, auto in stamps:  # bulk_create stamps "now" on auto_now(_add) fields: put the originals back
            if auto:
                model.objects.filter(pk=pk).update(**auto)
        for obj, field, ids in m2m:
            getattr(obj, field.name).set(ids)
        written.append(model)
    # Rows were written with their ids: move PostgreSQL's sequences past them.
    statements = connection.ops.sequence_reset_sql(no_style(), written)
    if statements:
        with connection.cursor() as cursor:
            for sql in statements:
                cursor.execute(sql)
    # No audit entry for the import itself: it would take an id that the next event's file (of the
    # same club, restored into the same database) may hold. The command's output says what happened.
    return Event.objects.get(pk=data["events"][0]["id"])
