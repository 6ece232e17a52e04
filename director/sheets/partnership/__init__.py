"""Calypso by partnership: one 208-card sheet a game, ♠♥ against ♦♣ (the kind of every table no other kind claims)."""
