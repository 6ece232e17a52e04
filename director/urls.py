from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from director.clubs import views as club_views
from director.core import help as core_help
from director.core import views as core_views

# Players and the public see the app's own pages (director/templates/404.html, 500.html), never Django's.
handler404 = core_views.page_not_found

urlpatterns = [
    path("", club_views.home, name="home"),
    path("healthz", core_views.healthz, name="healthz"),
    # The rules of the game (docs/rules.md, shipped in the package), linked from every page's foot.
    path("rules/", core_help.rules, name="rules"),
    # Password guesses are limited by django-axes (director.audit.login), here and in the API.
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("api/", include("director.api.urls")),
    # The director's web app (director/templates/director/).
    path("clubs/", include("director.clubs.urls")),
    path("events/", include("director.events.urls")),
    path("events/<int:event_id>/movement/", include("director.movements.urls")),
    path("events/", include("director.results.urls")),
    path("events/", include("director.deals.urls")),
    path("events/", include("director.printing.urls")),
    path("events/", include("director.audit.urls")),
    # The table audience: each table's secret entry link (director/templates/table/).
    path("t/", include("director.table.urls")),
    # A player's own page on a night of player codes: /me/<code>/ from their tally card.
    path("me/", include("director.table.player_urls")),
    # Results: director pages, projector and ladder; public pages under /p/ (director.standings).
    path("", include("director.standings.urls")),
    path("p/", include("director.standings.public_urls")),
    # Results by e-mail: "Send now", a member's data, and the unsubscribe link (director.mail).
    path("", include("director.mail.urls")),
]
