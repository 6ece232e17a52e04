"""Three-handed Auction Calypso: a club night of tables of three, each player alone (``scoring.auction.three``)."""
