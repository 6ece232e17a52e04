"""Set-up for the engine's tests.

tqdm draws the command line's progress bars; its monitor thread (started by the first bar) holds a
lock now and then, and a process forked while it does — as mutmut forks a worker per mutant from a
process that has run the tests once — waits on that lock for ever. The bars need no monitor (it
only tunes how often a slow bar redraws), so the engine's tests run without it.
"""

from __future__ import annotations

from tqdm import tqdm

tqdm.monitor_interval = 0
