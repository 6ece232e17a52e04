"""What a table of three's sheet adds to the API's JSON schema of a sheet (its shape is cutthroat's)."""

SHEET = {
    "description": "A table of three's sheet names its three seats and holds fewer cards "
    "(117 three-handed, 207 Neutralised).",
}
