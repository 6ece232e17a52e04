"""A table of two: Calypso Duet, a partnership sheet with one player a side (each with a hand and a dummy)."""
