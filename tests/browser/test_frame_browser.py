"""What frames every page, in Chromium: on a 390 × 844 phone the page a menu link opens has
what the reader typed (1650 and 60 games from home to the Planner); with the keyboard, the
focused menu link wears a ring the current page's highlight does not; a form's number field
shows no "Press Enter to submit form" over the typed value."""

from __future__ import annotations

import re

import pytest
from browser_support import open_page, wait_idle
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def type_in(page: Page, label: str, value: str) -> None:
    """Replace the number input's text with ``value``, leaving the field focused (its value is
    sent when the field loses the focus, as a phone's next tap does)."""
    field = page.get_by_label(label, exact=True)
    field.click()
    field.press("ControlOrMeta+a")
    field.press_sequentially(value)


def test_a_menu_tap_on_a_phone_keeps_the_inputs(phone_page: Page, app_url: str) -> None:
    page = phone_page
    open_page(page, app_url)
    wait_idle(page)
    type_in(page, "Your rating", "1650")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"rating=1650"))
    wait_idle(page)
    # The games are typed and the menu opened at once: the field's blur sends them.
    type_in(page, "Your ranked games in the last 7 days", "60")
    sidebar = page.get_by_test_id("stSidebar")
    page.get_by_test_id("stExpandSidebarButton").tap()
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Planner").tap()

    expect(page).to_have_url(re.compile(r"/planner\?"))
    expect(page.get_by_label("Your rating", exact=True)).to_have_value("1650")
    # The same count, the 7 days before the Planner's first game (not its games a week).
    expect(page.get_by_label("Ranked games in the last 7 days", exact=True)).to_have_value("60")
    expect(page).to_have_url(re.compile(r"this_week=60"))
    expect(page).to_have_url(re.compile(r"rating=1650"))


def test_the_focused_menu_link_has_a_ring_the_current_page_has_not(
    page: Page, app_url: str
) -> None:
    open_page(page, app_url)
    expect(page.get_by_role("heading", name="If you win")).to_be_visible()
    wait_idle(page)
    links = page.get_by_test_id("stSidebarNavLink")
    current, other = links.nth(0), links.nth(1)
    expect(current).to_have_attribute("aria-current", "page")
    for attempt in range(3):
        # Keys, not a click: the focus is then the keyboard's (:focus-visible). A redraw of
        # the menu while the page settles can take the focus away; the keys are pressed again.
        other.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        try:
            expect(other).to_be_focused(timeout=5_000)
            expect(other).to_have_css("outline-style", "solid", timeout=5_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    expect(current).to_have_css("outline-style", "none")


def test_a_form_s_number_field_shows_no_english_hint_over_the_typed_value(
    phone_page: Page, lab_url: str
) -> None:
    page = phone_page
    open_page(page, f"{lab_url}/simulator")
    expect(page.get_by_text("every rule set rated these same games")).to_be_visible(timeout=120_000)
    wait_idle(page)
    page.get_by_test_id("stExpander").first.locator("summary").click()
    form = page.get_by_test_id("stForm").first
    field = form.get_by_label("Players", exact=True)
    field.click()
    field.press("ControlOrMeta+a")
    field.press_sequentially("12345")
    expect(field).to_have_value("12345")
    # The form submits from its button only (enter_to_submit=False): Streamlit writes no hint.
    expect(form.get_by_text("Press Enter", exact=False)).to_have_count(0)
