"""An Embers night's score pad: the hands of a game, calypsoes in progress carried from hand to hand."""
