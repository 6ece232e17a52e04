"""A pytest plugin that `make mutate` loads into mutmut's test runs (``-p tests.mutmut_plugin``, in
pyproject's [tool.mutmut] and tests/mutate.py's trust configuration).

mutmut 3.8's statistics run (which test reaches which function) keeps a call stack in a context
variable, set on entering each mutated function and reset on leaving it. A function entered from a
weak reference's callback (``play._forget``, when the garbage collector frees a game set in the
middle of another mutated function) can leave the variable unset where the outer function resets
it, and the reset then raises ``LookupError`` inside the engine's code: the statistics run stopped
("failed to collect stats") on tests/scoring/test_play.py. Here a reset that cannot be made puts the
stack back at its start instead; at worst a call is attributed to no caller (mutmut then reruns a
test more often), never a test left out.
"""

from __future__ import annotations

try:
    from mutmut.core import MutmutCallStack
except ImportError:  # not under mutmut
    MutmutCallStack = None

if MutmutCallStack is not None and not getattr(MutmutCallStack, "_calypso_tolerant", False):
    _reset = MutmutCallStack.reset.__func__

    def _tolerant_reset(cls, token) -> None:
        try:
            _reset(cls, token)
        except (LookupError, ValueError):
            cls._ctx.set((None, 0))

    MutmutCallStack.reset = classmethod(_tolerant_reset)
    MutmutCallStack._calypso_tolerant = True
