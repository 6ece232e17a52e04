"""Set-up for the engine's tests.

tqdm draws the command line's progress bars. Its write lock is by default shared between processes
(a multiprocessing lock), and mutmut forks a worker per mutant from one parent: a worker killed
while it held the lock (a mutant that loops until its CPU limit) left it held for every later
worker, which then waited for ever. The engine's tests give tqdm a lock of their own process and
no monitor thread (it only tunes how often a slow bar redraws).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from tqdm import tqdm

tqdm.monitor_interval = 0
tqdm.set_lock(threading.RLock())


@pytest.fixture(autouse=True)
def _threads_for_processes_under_mutmut(monkeypatch):
    """Under mutmut (a forked worker per mutant, ``MUTANT_UNDER_TEST`` set) a process pool forked
    again from that worker waits for ever, so there ``analyse_sets`` gets a thread pool: the same
    futures and the same results (``analyse`` is pure), only not in other processes. Off otherwise:
    ``make test`` runs the real process pool."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        import scoring.analysis

        monkeypatch.setattr(scoring.analysis, "ProcessPoolExecutor", ThreadPoolExecutor)
