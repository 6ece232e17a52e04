from django.contrib import admin

from .models import Event, Partnership, PartnershipMember, Round, Seat, Seating, Table, Team


class TableInline(admin.StackedInline):
    model = Table
    extra = 0
    fields = ["number", "token_issued_at"]
    readonly_fields = ["token_issued_at"]


class RoundInline(admin.StackedInline):
    model = Round
    extra = 0
    fields = ["number", "status", "started_at", "closed_at"]
    # Set by starting and closing a game (and audited there); as inputs, Django's split date and time
    # boxes have no label of their own (axe-core: label).
    readonly_fields = ["started_at", "closed_at"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "type", "status", "games", "rules_variant", "matchpoint_scale"]
    list_filter = ["status", "type", "rules_variant", "form", "matchpoint_scale", "club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    list_select_related = ["club"]
    inlines = [TableInline, RoundInline]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["number", "event", "token_issued_at"]
    list_filter = ["event__club"]
    search_fields = ["event__name"]
    list_select_related = ["event"]
    readonly_fields = ["token", "token_issued_at"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["number", "event", "status", "started_at", "closed_at"]
    list_filter = ["status", "event__club"]
    search_fields = ["event__name"]
    list_select_related = ["event"]
    filter_horizontal = ["sitting_out_partnerships", "sitting_out_players"]


class PartnershipMemberInline(admin.StackedInline):
    model = PartnershipMember
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Partnership)
class PartnershipAdmin(admin.ModelAdmin):
    list_display = ["number", "event", "direction", "team"]
    list_filter = ["direction", "event__club"]
    search_fields = ["event__name", "members__player__name"]
    list_select_related = ["event", "team"]
    inlines = [PartnershipMemberInline]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "number", "event"]
    list_filter = ["event__club"]
    search_fields = ["name", "event__name"]
    list_select_related = ["event"]


class SeatInline(admin.StackedInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "direction", "partnership", "game_set_number"]
    list_filter = ["direction", "round__event__club"]
    search_fields = ["round__event__name"]
    list_select_related = ["round", "table", "partnership", "round__event"]
    inlines = [SeatInline]
