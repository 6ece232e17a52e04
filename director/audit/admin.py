from django.contrib import admin

from .models import AuditEntry, SignInDevice


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """Read-only: the log is written by ``audit.services.record`` and never changed."""

    list_display = ["at", "actor", "action", "object_repr", "event", "club", "ip_address"]
    list_filter = ["action", "club"]
    search_fields = ["actor", "action", "object_repr", "note", "event__name"]
    list_select_related = ["event", "club"]
    date_hierarchy = "at"

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(SignInDevice)
class SignInDeviceAdmin(admin.ModelAdmin):
    """The browsers users signed in from (``director.audit.login``): deleting one forgets it, so it
    is slowed down like any browser until its user signs in there again."""

    list_display = ["user", "user_agent", "ip_address", "last_sign_in_at", "failures", "last_failure_at"]
    search_fields = ["user__username", "user_agent", "ip_address"]
    list_select_related = ["user"]
    exclude = ["key"]  # the cookie's secret: not shown

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields if f.name != "key"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
