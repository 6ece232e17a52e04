"""The kinds provide the event types (``registry.event_types()``, ``registry.event_type(value)``):
each type's value and label, its movement, its ranking, whether it seats players, its table sizes —
and everything that used to decide them by type asks the registry (docs/domain.md, "Sheet kinds")."""

from __future__ import annotations

import pytest

from director.events.models import Event
from director.sheets import registry
from director.sheets.base import EventType

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def test_the_registry_lists_every_type_the_event_may_store_in_the_form_s_order():
    values = [t.value for t in registry.event_types()]
    assert values[:7] == [
        "progressive-pairs",
        "progressive-individual",
        "duplicate-pairs",
        "duplicate-teams",
        "duplicate-coop",
        "auction-pairs",
        "auction-teams",
    ]
    assert len(values) == len(set(values))  # a kind extending another does not provide its types again
    assert Event._meta.get_field("type").choices == registry.event_type_choices()


@pytest.mark.parametrize(
    "value, movement, ranking, individual, teams",
    [
        ("progressive-pairs", "progressive", "tally", False, False),
        ("progressive-individual", "progressive-individual", "tally", True, False),
        ("duplicate-pairs", "mitchell", "matchpoints", False, False),
        ("duplicate-teams", "team-match", "teams", False, True),
        ("duplicate-coop", "barometer", "tally", False, False),
        ("auction-pairs", "progressive", "tally", False, False),
        ("auction-teams", "auction-team-match", "teams", False, True),
    ],
)
def test_each_built_in_type_says_what_its_events_decided_by_type_before(value, movement, ranking, individual, teams):
    found = registry.event_type(value)
    assert (found.movement, found.ranking, found.individual, found.teams) == (movement, ranking, individual, teams)
    assert found.label == Event.Type(value).label


def test_an_unknown_type_is_named_with_the_types_there_are():
    with pytest.raises(LookupError, match=r"no event type is called 'bridge' \(progressive-pairs, "):
        registry.event_type("bridge")


def test_the_api_publishes_each_kind_s_own_settings():
    fields = registry.api_fields()
    for name in ("form", "three_table", "removed_suit", "game", "embers_hands", "auction", "coop_bands"):
        assert name in fields


def test_a_type_a_kind_adds_is_an_event_s_type_with_no_migration(monkeypatch):
    """A kind's new type is one the model field accepts and the services set up with its movement."""
    new = EventType("test-threes", "Test: threes", Event.MovementKind.PROGRESSIVE_INDIVIDUAL, individual=True)
    every = (*registry.event_types(), new)
    monkeypatch.setattr(registry, "event_types", lambda: every)
    assert ("test-threes", "Test: threes") in Event._meta.get_field("type").choices
    event = Event(type="test-threes")
    assert event.is_individual and event.event_type is new
    assert event.get_type_display() == "Test: threes"
    assert Event._meta.get_field("type").deconstruct()[3]["choices"] is registry.event_type_choices


def test_the_api_s_tally_check_publishes_the_kinds_own_fields_first():
    """The tally check's ``cutthroat`` is the cutthroat kind's to publish, in its old place (the first key)."""
    from types import SimpleNamespace

    from director.api.serializers import TallyCheckSerializer

    check = SimpleNamespace(own_scores=True, against_sheets=True, discrepancies=[], written=[], not_entered=[])
    data = TallyCheckSerializer(check).data
    assert list(data)[:2] == ["cutthroat", "against"] and data["cutthroat"] is True
    assert registry.tally_check_fields() == {"cutthroat": ("own_scores", "cards hold each player's own score")}
