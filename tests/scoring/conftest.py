"""Set-up for the engine's tests.

tqdm draws the command line's progress bars; its monitor thread (started by the first bar) holds a
lock now and then, and a process forked while it does — as mutmut forks a worker per mutant from a
process that has run the tests once — waits on that lock for ever. The bars need no monitor (it
only tunes how often a slow bar redraws), so the engine's tests run without it.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from tqdm import tqdm

tqdm.monitor_interval = 0


@pytest.fixture(autouse=True)
def _threads_for_processes_under_mutmut(monkeypatch):
    """Under mutmut (a forked worker per mutant, ``MUTANT_UNDER_TEST`` set) a process pool forked
    again from that worker waits for ever, so there ``analyse_sets`` gets a thread pool: the same
    futures and the same results (``analyse`` is pure), only not in other processes. Off otherwise:
    ``make test`` runs the real process pool."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        import scoring.analysis

        monkeypatch.setattr(scoring.analysis, "ProcessPoolExecutor", ThreadPoolExecutor)
