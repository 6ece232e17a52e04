"""The top floor: commands that touch every app — the demo club night and ``serve`` (which loads it)."""
