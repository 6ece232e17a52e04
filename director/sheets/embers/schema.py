"""What an Embers pad adds to the API's JSON schema of a sheet."""

SHEET = {
    "description": 'An Embers night\'s sheet is its pad: `{"embers": [...]}`, one object a hand (docs/variants.md).',
    "properties": {
        "embers": {
            "type": "array",
            "description": "Embers nights only (then the only key): the hands played, in order",
            "items": {
                "type": "object",
                "example": {
                    "calypsos": {"S": 1, "H": 0, "D": 0, "C": 0},
                    "unfinished": {"S": 5, "H": 3, "D": 0, "C": 2},
                    "trick_piles": {"majors": 17, "minors": 12},
                    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
                },
            },
        },
    },
}
