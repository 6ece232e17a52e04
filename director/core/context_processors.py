"""Template context for every page: whether to warn that background jobs have no worker.

``templates/_worker_warning.html`` shows the warning to signed-in directors. The flag is lazy, so
a page that never looks at it costs nothing, and memoised for a few seconds (``health``).
"""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from .health import worker_missing


def background_jobs(request) -> dict:
    return {"worker_missing": SimpleLazyObject(worker_missing)}
