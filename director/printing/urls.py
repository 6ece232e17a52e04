from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("<int:event_id>/print/", views.print_page, name="page"),
    path("<int:event_id>/print/jobs/<int:job_id>/status/", views.job_status, name="status"),
    path("<int:event_id>/print/jobs/<int:job_id>/download/", views.download, name="download"),
    path("<int:event_id>/print/jobs/<int:job_id>/delete/", views.delete, name="delete"),
]
