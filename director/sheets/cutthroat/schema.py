"""What a cutthroat sheet adds to the API's JSON schema of a sheet: a trick pile per seat."""

from director.events.models import Event

SHEET = {
    "description": 'A cutthroat event\'s sheet has a trick pile per seat (`{"S": 30, "H": 30, "D": 40, "C": 45}`).',
    "properties": {
        "form": {"type": "string", "enum": list(Event.Form.values), "description": "optional"},
    },
}
