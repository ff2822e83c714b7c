"""The designers' lab's admission on a real server (ui/lab/access.py), driven in Chromium.

Sign-in on: ``streamlit run lab.py`` with a secrets file of the test's own (``--secrets.files``)
whose ``[auth]`` points at a mock OpenID Connect provider (``oidc-provider-mock``) and whose
allow-list holds two designers. Its ``/oauth2/authorize`` page signs in whatever is typed in its
``sub`` field, with that text as the e-mail address, so each test signs in as whom it needs; the
provider says it verified an address only where the test tells it to (its ``PUT /users/<sub>``).
A copy of the sign-in cookie saved before "Sign out" no longer opens the lab.

Sign-in off: the lab serves a reader on loopback, and refuses a reader from another address. A
reader from another address is what a reverse proxy on this machine reports with
``X-Forwarded-For`` (the server trusts that header from loopback only), so Chromium on loopback
sending that header is such a reader, on the same real server.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from browser_support import ROOT, oidc_provider, open_page, streamlit_server, wait_idle
from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.browser

DESIGNER = "designer@example.org"
#: On the list too, but the provider never says it verified this address.
UNVERIFIED = "unverified@example.org"
#: Not on the list, and written as a Markdown link: the page must show these characters.
STRANGER = "[mallory](https://evil.example)@example.org"
LAB_PAGES = ("History", "Simulator", "Rule designer")
#: The English catalog's texts the tests look for (ui/catalogs/en.py).
SIGN_IN_NEEDED = "The lab serves designers who have signed in."
CLOSED_REMOTE = "This lab serves readers on its own machine only."


class SignedLab(NamedTuple):
    """The lab with sign-in on, and the provider it signs readers in with."""

    url: str
    provider: str


def _secrets(path: Path, provider: str, *, allow: list[str]) -> Path:
    """A secrets file with Streamlit's ``[auth]`` for ``provider`` (``{port}`` is the lab's own
    port, filled in by Streamlit) and the lab's allow-list."""
    lines = [
        "[auth]",
        'redirect_uri = "http://127.0.0.1:{port}/oauth2callback"',
        'cookie_secret = "a-test-cookie-secret-of-some-length"',
        'client_id = "gammon-lab"',
        'client_secret = "gammon-lab-secret"',
        f'server_metadata_url = "{provider}/.well-known/openid-configuration"',
    ]
    listed = ", ".join(f'"{address}"' for address in allow)
    lines += ["", "[gammon_elo]", f"lab_allow = [{listed}]"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def signed_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SignedLab]:
    """The lab with sign-in on, the allow-list holding DESIGNER (in other capitals: addresses
    are compared without case) and UNVERIFIED; the provider verifies DESIGNER's address."""
    folder = tmp_path_factory.mktemp("signed_lab")
    with oidc_provider() as provider:
        allow = ["Designer@Example.org", UNVERIFIED]
        secrets = _secrets(folder / "secrets.toml", provider, allow=allow)
        claims = json.dumps({"email": DESIGNER, "email_verified": True}).encode()
        put = urllib.request.Request(f"{provider}/users/{DESIGNER}", data=claims, method="PUT")
        put.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(put, timeout=10) as answer:
            assert answer.status == 204
        with streamlit_server(ROOT / "lab.py", options=("--secrets.files", str(secrets))) as url:
            yield SignedLab(url, provider)


@pytest.fixture(scope="module")
def open_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The lab with sign-in off: an empty secrets file of its own, whatever the checkout has."""
    secrets = tmp_path_factory.mktemp("open_lab") / "secrets.toml"
    secrets.write_text("", encoding="utf-8")
    with streamlit_server(ROOT / "lab.py", options=("--secrets.files", str(secrets))) as url:
        yield url


def _menu_link(page: Page, name: str) -> Locator:
    return page.get_by_test_id("stSidebarNav").get_by_role("link", name=re.compile(name))


def _expect_no_lab(page: Page) -> None:
    """Nothing of the lab on the page: no menu, no lab page's link, no file input."""
    wait_idle(page)
    expect(page.get_by_test_id("stSidebarNav")).to_have_count(0)
    for name in LAB_PAGES:
        expect(page.get_by_role("link", name=re.compile(name))).to_have_count(0)
    expect(page.locator("input[type=file]")).to_have_count(0)


def _closed_page(page: Page, url: str) -> None:
    """Open ``url`` and wait for the lab's admission page (its title)."""
    page.goto(url)
    expect(page.get_by_role("heading", name="Gammon42 ELO designers' lab")).to_be_visible()


def _sign_in(page: Page, lab: str, who: str) -> None:
    """From the sign-in page to the provider's Authorize page and back, signed in as ``who``."""
    _closed_page(page, lab)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/oauth2/authorize\?"))
    page.locator("input[name=sub]").fill(who)
    page.get_by_role("button", name="Authorize", exact=True).click()
    page.wait_for_url(f"{lab}/")


def _sign_out(page: Page, lab: str) -> None:
    """Sign out, confirm on the provider's sign-out page, and land on the sign-in page."""
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(re.compile(r"/oauth2/end_session\?"))
    page.get_by_role("button", name="End session").click()
    page.wait_for_url(f"{lab}/")
    expect(page.get_by_text(SIGN_IN_NEEDED)).to_be_visible()
    expect(page.get_by_role("button", name="Sign in")).to_be_visible()
    _expect_no_lab(page)


def test_before_sign_in_the_lab_shows_only_its_sign_in(page: Page, signed_lab: SignedLab) -> None:
    """A reader on this very machine (loopback) must sign in too once sign-in is on: the home
    page and a link straight to History's uploader both give the sign-in page and nothing of
    the lab."""
    for url in (f"{signed_lab.url}/", f"{signed_lab.url}/history?source=upload"):
        _closed_page(page, url)
        expect(page.get_by_text(SIGN_IN_NEEDED)).to_be_visible()
        expect(page.get_by_role("button", name="Sign in")).to_be_visible()
        _expect_no_lab(page)


def test_a_designer_on_the_list_signs_in_uses_the_lab_and_signs_out(
    browser: Browser, page: Page, signed_lab: SignedLab
) -> None:
    """Then a copy of the sign-in cookie saved before signing out, sent from a fresh browser,
    gets the sign-in page: the sign-in it names has ended on the server."""
    lab = signed_lab.url
    _sign_in(page, lab, DESIGNER)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_text(f"Signed in as {DESIGNER}", exact=True)).to_be_visible()
    for name in LAB_PAGES:
        expect(_menu_link(page, name)).to_be_visible()
    _menu_link(page, "History").click()
    page.wait_for_url(re.compile(r"/history"))
    expect(page.get_by_role("heading", name="Your games, re-rated game by game")).to_be_visible()
    open_page(page, f"{lab}/history?source=upload")
    expect(page.get_by_test_id("stFileUploader").locator("input[type=file]")).to_have_count(1)
    saved = page.context.cookies()
    assert any(cookie["name"] == "_streamlit_user" for cookie in saved)
    _sign_out(page, lab)
    replayed = browser.new_context()
    try:
        replayed.add_cookies(saved)
        again = replayed.new_page()
        _closed_page(again, f"{lab}/history?source=upload")
        expect(again.get_by_text(SIGN_IN_NEEDED)).to_be_visible()
        expect(again.get_by_role("button", name="Sign in")).to_be_visible()
        _expect_no_lab(again)
    finally:
        replayed.close()


def test_a_listed_address_the_provider_did_not_verify_is_refused(
    page: Page, signed_lab: SignedLab
) -> None:
    """The mock provider sends no email_verified for an address it was not told about: the
    designer is on the list, and still refused, by name."""
    _sign_in(page, signed_lab.url, UNVERIFIED)
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text(f"The sign-in provider has not said it verified {UNVERIFIED}")
    expect(main).to_contain_text("email_verified is None")
    _expect_no_lab(page)
    _sign_out(page, signed_lab.url)


def test_an_address_not_on_the_list_is_refused_by_name(page: Page, signed_lab: SignedLab) -> None:
    """The refusal names the address as the provider sent it, character for character (a
    Markdown link in it stays text: no link is drawn), offers a sign-out and nothing of the
    lab, not even through a link to History's uploader."""
    lab = signed_lab.url
    _sign_in(page, lab, STRANGER)
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text(f"{STRANGER} is not on this lab's list of designers")
    expect(main.locator("a[href*='evil.example']")).to_have_count(0)
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    _expect_no_lab(page)
    _closed_page(page, f"{lab}/history?source=upload")
    expect(main).to_contain_text(STRANGER)
    _expect_no_lab(page)
    _sign_out(page, lab)


def test_with_sign_in_off_the_lab_serves_a_loopback_reader(page: Page, open_lab: str) -> None:
    open_page(page, f"{open_lab}/history?source=upload")
    for name in LAB_PAGES:
        expect(_menu_link(page, name)).to_be_visible()
    expect(page.get_by_test_id("stFileUploader").locator("input[type=file]")).to_have_count(1)
    expect(page.get_by_role("button", name="Sign in")).to_have_count(0)


def test_with_sign_in_off_a_reader_from_another_address_gets_only_how_to_open_it(
    page: Page, open_lab: str
) -> None:
    """A reader whose address is 203.0.113.7 (a documentation address, RFC 5737), as a reverse
    proxy on this machine reports it, gets the page that says how to turn sign-in on, on the
    home page and through a link straight to History's uploader alike."""
    page.context.set_extra_http_headers({"X-Forwarded-For": "203.0.113.7"})
    for url in (f"{open_lab}/", f"{open_lab}/history?source=upload"):
        _closed_page(page, url)
        expect(page.get_by_test_id("stMain")).to_contain_text(CLOSED_REMOTE)
        expect(page.get_by_role("button", name=re.compile("Sign (in|out)"))).to_have_count(0)
        _expect_no_lab(page)
