"""A progressive individual played cutthroat: each player's trick pile and score, 208 cards."""
