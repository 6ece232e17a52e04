"""What an Auction Calypso pad adds to the API's JSON schema of a sheet."""

SHEET = {
    "description": 'An Auction Calypso event\'s sheet is its score pad instead: `{"hands": [...]}`, one '
    "`calypso-auction-hand/1` object a hand, each naming its declarer (docs/formats.md).",
    "properties": {
        "hands": {
            "type": "array",
            "description": "Auction Calypso events only (then the only key): the hands in the order played",
            "items": {
                "type": "object",
                "example": {
                    "contract": "1 & 290♥ X",
                    "declarer": "H",
                    "declarers": {"trick_pile": 20, "added": 15, "calypsos": 1, "cards_required": [4]},
                    "defenders": {"trick_pile": 12, "added": 5, "calypsos": 0},
                },
            },
        },
    },
}
