"""A Mitchell's standings in a real browser at 1280 px (issue 14.10): the director's page shows the
♠♥ pairs (N/S) and the ♦♣ pairs (E/W) as two lists side by side in the page's width, the Lists
option turns them into one overall list, and the public page redraws itself from two lists to one
without a reload."""

import pytest

from director.events import services as events
from director.events.models import Event
from director.standings import services as standings
from tests.browser.conftest import move_the_clock_until, sign_in
from tests.director.conftest import add_players
from tests.director.factories import enter_all, make_duplicate
from tests.director.standings.conftest import HAND_SCORED, MITCHELL_NETS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def mitchell(django_user_model):
    from director.clubs import services as clubs

    director = django_user_model.objects.create_user("dora", password="calypso-2026")
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=director)
    event = make_duplicate(
        club, add_players(club, 12), **HAND_SCORED, games=3, name="Mitchell", movement=Event.MovementKind.MITCHELL
    )
    enter_all(event, director, nets=MITCHELL_NETS)
    return event


def lists_on(page, scope: str) -> list[tuple[str, list[str]]]:
    """(heading, ranks) of each standings list in ``scope``, as the browser shows them."""
    return page.evaluate(
        """scope => Array.from(document.querySelectorAll(scope + " table.standings")).map(t => {
            const box = t.closest(".scroll");
            const h = box && box.previousElementSibling;
            const heading = h && h.classList.contains("standings-list") ? h.textContent.trim() : "";
            return [heading, Array.from(t.querySelectorAll("tbody td.rank")).map(td => td.textContent.trim())];
        })""",
        scope,
    )


def test_the_director_sees_two_lists_and_switches_to_one(page, mitchell):
    sign_in(page, "dora", "calypso-2026")
    page.goto(f"/events/{mitchell.pk}/results/")
    assert lists_on(page, "main") == [["♠♥ pairs (N/S)", ["1", "2", "3"]], ["♦♣ pairs (E/W)", ["1", "2", "3"]]]
    for heading in ("♠♥ pairs (N/S)", "♦♣ pairs (E/W)"):
        assert page.get_by_role("heading", name=heading).is_visible()
    # nothing runs off the side at 1280 px
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.screenshot(path="/tmp/mitchell-standings-1280.png", full_page=True)

    page.get_by_label("Lists").select_option("overall")
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Standings options saved.").wait_for()
    assert lists_on(page, "main") == [["", ["=1", "=1", "=3", "=3", "=5", "=5"]]]


def test_the_public_page_redraws_from_two_lists_to_one(page, mitchell):
    events.set_public_switches(event=mitchell, standings_released=True)
    page.goto(f"/p/pos/{mitchell.pk}/")
    assert [heading for heading, _ in lists_on(page, "#live-standings")] == ["♠♥ pairs (N/S)", "♦♣ pairs (E/W)"]
    page.evaluate("window.__same_page = true")

    standings.set_options(event=mitchell, ranking="overall")  # the director changes the option meanwhile
    page.locator("#live-standings .standings-list").first.wait_for(state="detached")  # the next poll redraws
    assert lists_on(page, "#live-standings") == [["", ["=1", "=1", "=3", "=3", "=5", "=5"]]]
    assert page.evaluate("window.__same_page") is True
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280


def test_the_projector_redraws_both_lists_under_their_headings(page, mitchell):
    sign_in(page, "dora", "calypso-2026")
    page.goto(f"/events/{mitchell.pk}/projector/")
    drawn = page.locator("#projector .standings tr.list-heading")
    assert drawn.all_inner_texts() == ["♠♥ pairs (N/S)", "♦♣ pairs (E/W)"]
    page.locator("#projector .standings tbody tr").first.evaluate("tr => tr.setAttribute('data-server', '1')")
    page.locator("#projector .standings tr[data-server]").wait_for(state="detached")  # the script redrew it
    assert drawn.all_inner_texts() == ["♠♥ pairs (N/S)", "♦♣ pairs (E/W)"]
    ranks = page.locator("#projector .standings td.rank").all_inner_texts()
    assert ranks == ["1", "2", "3", "1", "2", "3"]


def test_a_projector_poll_the_server_never_answers_does_not_freeze_the_projector(page, mitchell):
    """An unanswered request (lost on the venue's wifi) is given up and polling goes on: before,
    one fetch that never came back froze the projector until someone reloaded it."""
    held = []

    def hold_the_first_poll(route):
        if not held:
            held.append(route)  # never answered: held until the test ends
        else:
            route.continue_()

    sign_in(page, "dora", "calypso-2026")
    page.route("**/projector.json", hold_the_first_poll)
    page.clock.install()  # the projector's 5 s polls and 15 s patience, on a clock the test moves
    page.goto(f"/events/{mitchell.pk}/projector/")
    page.locator("#projector .standings tbody tr").first.evaluate("tr => tr.setAttribute('data-server', '1')")
    move_the_clock_until(page, page.locator("#projector .standings tr[data-server]"), state="detached")
    assert len(held) == 1
