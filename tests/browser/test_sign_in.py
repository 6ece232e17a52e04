import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import sign_in_by_the_form as sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_signs_in_and_out_through_the_browser(page):
    get_user_model().objects.create_user("dora", password="calypso-2026")
    sign_in(page, "dora", "wrong-password")
    assert page.locator(".errorlist, .error").first.is_visible()
    assert "/login/" in page.url

    sign_in(page, "dora", "calypso-2026")
    page.wait_for_url("**/")
    assert page.locator(".topbar .who").inner_text() == "dora"
    page.get_by_role("button", name="Sign out").click()
    assert page.get_by_role("link", name="Sign in").first.is_visible()


def test_a_locked_out_director_is_told_when_to_try_again(page, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    get_user_model().objects.create_user("dora", password="calypso-2026")
    sign_in(page, "dora", "wrong-password")
    sign_in(page, "dora", "wrong-again")
    sign_in(page, "dora", "calypso-2026")  # the right one, too late
    error = page.locator(".errorlist").first
    assert "Try again after" in error.inner_text() and "minutes" in error.inner_text()
    assert "/login/" in page.url
    assert page.get_by_label("Username").input_value() == "dora"  # the form, ready for later
