"""Page-number pagination with a client-chosen page size, read as strictly as the filters
(``director.api.params``): ``?page_size=abc``, ``?page_size=0``, ``?page_size=500`` or ``?page=0``
is a 400 naming the parameter, never silently replaced by a default. A page past the last one
parses, so it is a 404 (nothing there)."""

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

from .params import int_param


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
    invalid_page_message = "there is no page {page_number}: {message}"

    def get_page_size(self, request):
        size = int_param(request, self.page_size_query_param, minimum=1)
        if size is None:
            return self.page_size
        if size > self.max_page_size:
            name = self.page_size_query_param
            raise ValidationError({name: [f"must be a whole number from 1 to {self.max_page_size}, not {size}"]})
        return size

    def get_page_number(self, request, paginator):
        return int_param(request, self.page_query_param, minimum=1) or 1
