from django.shortcuts import render

from director.clubs.access import event_for
from director.clubs.views import director_view


@director_view
def game_sets(request, event_id):
    event = event_for(request.user, event_id)
    return render(request, "director/game_sets.html", {"event": event, "club": event.club})


@director_view
def record(request, event_id, number):
    event = event_for(request.user, event_id)
    return render(request, "director/game_sets.html", {"event": event, "club": event.club})
