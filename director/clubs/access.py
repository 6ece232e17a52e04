"""Who may see and change which club's data.

Views and the API call these and nothing else to authorise: a director only ever sees and
changes their own clubs. ``club_for`` (and ``events.access.event_for``) raise ``NotFound`` for another club's object
(so it looks like it does not exist: a 404, not a 403); ``require_director`` raises
``PermissionDenied`` (a 403) when the caller already holds the object.
"""

from __future__ import annotations

from django.db.models import QuerySet

from director.core.errors import NotFound, PermissionDenied

from .models import Club, ClubDirector


def _is_anonymous(user) -> bool:
    return user is None or not getattr(user, "is_authenticated", False) or not user.is_active


def clubs_for(user) -> QuerySet[Club]:
    """The clubs ``user`` directs (every club for a superuser; none for anyone else)."""
    if _is_anonymous(user):
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(directors__user=user).distinct()


def club_ids_for(user) -> set[int]:
    return set(clubs_for(user).values_list("pk", flat=True))


def is_director(user, club: Club | int) -> bool:
    if _is_anonymous(user):
        return False
    if user.is_superuser:
        return True
    club_id = club if isinstance(club, int) else club.pk
    return ClubDirector.objects.filter(club_id=club_id, user=user).exists()


def require_director(user, club: Club | int) -> None:
    """Raise ``PermissionDenied`` unless ``user`` directs ``club``."""
    if not is_director(user, club):
        name = club if isinstance(club, int) else club.name
        raise PermissionDenied(f"you are not a director of club {name}")


def club_for(user, key: int | str) -> Club:
    """The club with primary key or slug ``key`` if ``user`` directs it, else ``NotFound``."""
    clubs = clubs_for(user)
    lookup = {"pk": key} if isinstance(key, int) or str(key).isdigit() else {"slug": key}
    club = clubs.filter(**lookup).first()
    if club is None:
        raise NotFound(f"no club {key!r} among your clubs")
    return club


def require_event_director(user, event) -> None:
    """Raise ``PermissionDenied`` unless ``user`` directs the club ``event`` belongs to."""
    require_director(user, event.club)
