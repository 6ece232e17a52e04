from django.contrib import admin

from .models import Submission


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    """Read-only: submissions are append-only; corrections go through ``results.services``."""

    list_display = ["round", "table", "version", "status", "majors", "minors", "net", "source", "submitted_at"]
    list_filter = ["status", "source", "round__event__club"]
    search_fields = ["round__event__name", "idempotency_key", "note"]
    list_select_related = ["round", "table", "round__event"]
    date_hierarchy = "submitted_at"

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
