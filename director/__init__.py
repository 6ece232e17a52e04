"""Calypso Director: the Django shell around the pure ``scoring`` engine."""

from .celery import app as celery_app

__all__ = ("celery_app",)
