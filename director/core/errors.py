"""Errors a person can make, raised by services and turned into a 400 (web: a form error, API:
a field message) by the shell. Each carries a message that says what is wrong and where.

``field`` names the input the message belongs to when there is one (a form field, an API field,
``"hands.2.S"`` for a hand); views may use it to place the message next to that input.
"""

from __future__ import annotations


class DomainError(Exception):
    """Something the person asked for cannot be done; nothing was written."""

    def __init__(
        self, message: str, *, field: str | None = None, code: str | None = None, problems: list[str] | None = None
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code or type(self).__name__
        # Every problem found, one phrase each (a scoresheet or game set can have several).
        self.problems: list[str] = list(problems) if problems else [message]

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict:
        """``{field: [message]}`` (or ``{"detail": message}``) — the shape DRF's 400s use."""
        if self.field:
            return {self.field: [self.message]}
        return {"detail": self.message}


class NotFound(DomainError):
    """A referenced object (player, table, game set...) does not exist in this club or event."""


class PermissionDenied(DomainError):
    """The user may not see or change this club's data."""


class ValidationError(DomainError):
    """Input that is malformed or breaks a rule (a duplicate number, a negative count...)."""


class Conflict(DomainError):
    """The request clashes with the current state (already confirmed, round closed, ...)."""
