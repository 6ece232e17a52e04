"""An Auction Calypso event's score pad: the hands of a round, each contract and both sides' counts."""
