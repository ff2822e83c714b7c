"""The lab's admission (ui/lab/access.py) under AppTest: what a reader the lab does not admit
gets, and how the operator's settings (``[auth]``, ``[gammon_elo] lab_allow``) are read; it
fails closed on every malformed setting, admits only an address the provider verified (the
boolean true) and the list holds (its ASCII letters compared without case, nothing else), and a
sign-in that signed out no longer opens it. The same admission on a real server, with a real
sign-in: tests/browser/test_lab_access_browser.py; secrets Streamlit itself cannot read:
tests/browser/test_broken_secrets.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from apptest_support import LAB, open_page, reader_local
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Block

from ui.catalogs import EL, EN
from ui.lab import access

AUTH = {
    "redirect_uri": "http://127.0.0.1:8501/oauth2callback",
    "cookie_secret": "a-test-cookie-secret-of-some-length",
    "client_id": "gammon-lab",
    "client_secret": "gammon-lab-secret",
    "server_metadata_url": "http://127.0.0.1:9400/.well-known/openid-configuration",
}
LAB_TITLE = EN["lab.title"]
#: Anyone the provider signs in, said explicitly.
EVERYONE = {"gammon_elo": {"lab_allow": "*"}}
#: What a signed-in reader's st.user holds beside their address: the ID token's claims that name
#: the sign-in, and the provider's word that the address is theirs.
CLAIMS = {"iss": "http://127.0.0.1:9400", "sub": "a-subject", "iat": 1_790_000_000}


def _signed_in(email: str, **claims: Any) -> dict[str, Any]:
    """st.user of a reader signed in as ``email``, verified unless ``claims`` say otherwise."""
    return {"is_logged_in": True, "email": email, **CLAIMS, "email_verified": True, **claims}


def _elements(at: AppTest) -> list[tuple[str, Any]]:
    """Every element drawn, main area and sidebar, as (type, value)."""
    nodes = [*at.main, *at.sidebar]
    return [
        (node.type, getattr(node, "value", None)) for node in nodes if not isinstance(node, Block)
    ]


def _lab(*, secrets: dict[str, Any], user: dict[str, Any], lang: str = "en") -> AppTest:
    """lab.py's home page, opened with these secrets by this signed-in (or not) reader."""
    at = AppTest.from_file(LAB, default_timeout=60)
    at.secrets.update(secrets)
    at.user = user
    if lang != "en":
        at.query_params["lang"] = lang
    at.run()
    assert not at.exception
    return at


def _closed_with(at: AppTest, text: str, *buttons: str, title: dict[str, str] = EN) -> None:
    """The admission page and nothing else: the lab's title (from the catalog ``title``),
    ``text`` as plain text (never Markdown), and exactly ``buttons``; no menu, no uploader, no
    lab page's content."""
    assert _elements(at) == [("title", title["lab.title"]), ("text", text)] + [
        ("button", False) for _ in buttons
    ]
    assert [button.label for button in at.button] == list(buttons)


@pytest.mark.parametrize(("lang", "catalog"), [("en", EN), ("el", EL)])
def test_sign_in_off_a_reader_from_elsewhere_gets_only_how_to_turn_it_on(
    lang: str, catalog: dict[str, str]
) -> None:
    """In the reader's language; the title stays the lab's name in that language too."""
    with reader_local(False):
        at = AppTest.from_file(LAB, default_timeout=60)
        if lang != "en":
            at.query_params["lang"] = lang
        at.run()
    assert not at.exception
    assert _elements(at) == [
        ("title", catalog["lab.title"]),
        ("text", catalog["lab.closed_remote"]),
    ]
    assert "[auth]" in catalog["lab.closed_remote"]
    assert "lab_allow" in catalog["lab.closed_remote"]


def test_sign_in_off_an_open_uploader_is_gone_for_a_reader_from_elsewhere() -> None:
    """History's uploader, open for a reader on this machine, is not drawn on the next run for a
    reader from elsewhere (the tab keeps its page and its URL's source=upload)."""
    at = open_page("pages/lab/history.py", source="upload")
    assert len(at.get("file_uploader")) == 1
    with reader_local(False):
        at.run()
    assert not at.exception
    assert _elements(at) == [("title", LAB_TITLE), ("text", EN["lab.closed_remote"])]
    assert len(at.get("file_uploader")) == 0


@pytest.mark.parametrize(("lang", "catalog"), [("en", EN), ("el", EL)])
def test_sign_in_on_a_loopback_reader_signs_in_too(lang: str, catalog: dict[str, str]) -> None:
    with reader_local(True):
        at = _lab(secrets={"auth": AUTH, **EVERYONE}, user={"is_logged_in": False}, lang=lang)
    _closed_with(at, catalog["lab.sign_in_needed"], catalog["lab.sign_in"], title=catalog)


def test_named_providers_get_a_button_each() -> None:
    shared = {key: AUTH[key] for key in access.SHARED_KEYS}
    provider = {key: AUTH[key] for key in access.PROVIDER_KEYS}
    auth = {**shared, "okta": provider, "entra": provider}
    at = _lab(secrets={"auth": auth, **EVERYONE}, user={"is_logged_in": False})
    _closed_with(at, EN["lab.sign_in_needed"], "Sign in with `entra`", "Sign in with `okta`")


@pytest.mark.parametrize("missing", ["redirect_uri", "cookie_secret", "client_secret"])
def test_an_incomplete_auth_table_closes_the_lab_naming_the_setting(missing: str) -> None:
    """Even for a reader on this machine: the operator meant sign-in to be on."""
    auth = {key: value for key, value in AUTH.items() if key != missing}
    with reader_local(True):
        at = _lab(secrets={"auth": auth}, user={"is_logged_in": False})
    _closed_with(at, EN["lab.auth_incomplete"].format(key=f"[auth] {missing}"))


def test_a_redirect_uri_streamlit_does_not_answer_closes_the_lab() -> None:
    """Streamlit takes the provider's answer at /oauth2callback only (its st.login docs)."""
    auth = {**AUTH, "redirect_uri": "http://127.0.0.1:8501/"}
    at = _lab(secrets={"auth": auth}, user={"is_logged_in": False})
    _closed_with(at, EN["lab.auth_redirect"].format(value="http://127.0.0.1:8501/"))


def test_a_designer_on_the_list_is_in_whatever_the_capitals() -> None:
    at = _lab(
        secrets={"auth": AUTH, "gammon_elo": {"lab_allow": ["Ann@Example.org"]}},
        user=_signed_in("ann@example.ORG"),
    )
    assert at.sidebar.text[0].value == "Signed in as ann@example.ORG"
    assert [button.label for button in at.sidebar.button] == [EN["lab.sign_out"]]
    assert [title.value for title in at.title] == [EN["home.title"]]  # the home page itself


def test_with_lab_allow_star_every_verified_designer_is_in() -> None:
    at = _lab(secrets={"auth": AUTH, **EVERYONE}, user=_signed_in("bob@example.org"))
    assert at.sidebar.text[0].value == "Signed in as bob@example.org"


@pytest.mark.parametrize(
    "email",
    ["bob@example.org", "**bob**@example.org", "[bob](https://evil.example)@example.org", ""],
)
def test_an_address_off_the_list_is_refused_by_name_as_plain_text(email: str) -> None:
    at = _lab(
        secrets={"auth": AUTH, "gammon_elo": {"lab_allow": ["ann@example.org"]}},
        user=_signed_in(email),
    )
    _closed_with(at, EN["lab.refused"].format(email=email or "—"), EN["lab.sign_out"])


def test_a_refusal_in_greek_names_the_address() -> None:
    at = _lab(
        secrets={"auth": AUTH, "gammon_elo": {"lab_allow": ["ann@example.org"]}},
        user=_signed_in("bob@example.org"),
        lang="el",
    )
    refused = EL["lab.refused"].format(email="bob@example.org")
    _closed_with(at, refused, EL["lab.sign_out"], title=EL)
    assert refused.startswith("Το bob@example.org δεν είναι στη λίστα")


def test_an_empty_list_refuses_everyone() -> None:
    at = _lab(
        secrets={"auth": AUTH, "gammon_elo": {"lab_allow": []}},
        user=_signed_in("ann@example.org"),
    )
    _closed_with(at, EN["lab.refused"].format(email="ann@example.org"), EN["lab.sign_out"])


@pytest.mark.parametrize(
    "verified",
    ["False", "FALSE", "0", "no", "", None, "missing", "true", "True", 1],
    ids=repr,
)
@pytest.mark.parametrize("allow", [["ann@example.org"], "*"], ids=["listed", "everyone"])
def test_only_the_boolean_true_of_email_verified_admits(verified: object, allow: object) -> None:
    """OpenID Connect sends email_verified as a JSON boolean (Core 1.0, section 5.1): any other
    value, a missing claim or the text "true" among them, is not the provider's word."""
    claims = {} if verified == "missing" else {"email_verified": verified}
    user = _signed_in("ann@example.org")
    user.pop("email_verified")
    at = _lab(secrets={"auth": AUTH, "gammon_elo": {"lab_allow": allow}}, user={**user, **claims})
    shown = repr(None if verified == "missing" else verified)
    _closed_with(
        at, EN["lab.unverified"].format(email="ann@example.org", value=shown), EN["lab.sign_out"]
    )


@pytest.mark.parametrize(
    ("email", "listed", "admitted"),
    [
        ("KIM@Example.ORG", "kim@example.org", True),
        ("\u212aim@example.org", "kim@example.org", False),  # KELVIN SIGN, lower-cased to k
        ("kim@example.org", "\u212aim@example.org", False),
        ("émile@example.org", "émile@example.org", True),
        ("Émile@example.org", "émile@example.org", False),  # non-ASCII only as listed
    ],
)
def test_addresses_are_compared_exactly_after_ascii_lower_casing(
    email: str, listed: str, admitted: bool
) -> None:
    at = _lab(secrets={"auth": AUTH, "gammon_elo": {"lab_allow": [listed]}}, user=_signed_in(email))
    if admitted:
        assert at.sidebar.text[0].value == f"Signed in as {email}"
    else:
        _closed_with(at, EN["lab.refused"].format(email=email), EN["lab.sign_out"])


def test_a_sign_in_that_signed_out_no_longer_opens_the_lab() -> None:
    """The same cookie sent again after "Sign out" (its claims, as a saved copy carries them)
    gets the sign-in page; a later sign-in of the same subject is in, another subject's
    untouched. The real cookie on a real server: tests/browser/test_lab_access_browser.py."""
    secrets = {"auth": AUTH, **EVERYONE}
    cookie = _signed_in("ann@example.org", sub="ann-signs-out")
    at = _lab(secrets=secrets, user=dict(cookie))
    at.sidebar.button(key="lab.sign_out").click().run()
    assert at.user == {"is_logged_in": False}  # Streamlit's own sign-out ran
    at.user = dict(cookie)
    at.run()
    _closed_with(at, EN["lab.sign_in_needed"], EN["lab.sign_in"])
    later = _lab(secrets=secrets, user={**cookie, "iat": cookie["iat"] + 1})
    assert later.sidebar.text[0].value == "Signed in as ann@example.org"
    other = _lab(secrets=secrets, user={**cookie, "sub": "someone-else"})
    assert other.sidebar.text[0].value == "Signed in as ann@example.org"


@pytest.mark.parametrize("missing", ["iss", "sub", "iat"])
def test_a_sign_in_without_the_claims_that_name_it_is_refused(missing: str) -> None:
    user = _signed_in("ann@example.org")
    user.pop(missing)
    at = _lab(secrets={"auth": AUTH, **EVERYONE}, user=user)
    _closed_with(at, EN["lab.claims_missing"].format(claim=missing), EN["lab.sign_out"])


#: Secrets that once admitted an address off the list, or left a limit at its default unseen,
#: and what the page says of each.
MALFORMED = {
    "lab_allowed (a typo)": (
        {"auth": AUTH, "gammon_elo": {"lab_allowed": ["ann@example.org"]}},
        "[gammon_elo] lab_allowed is not a setting of this server",
    ),
    "lab_allow under [auth]": (
        {"auth": {**AUTH, "lab_allow": ["ann@example.org"]}},
        "[auth] lab_allow is not where the lab reads it",
    ),
    "gammon_elo as an array": (
        {"auth": AUTH, "gammon_elo": [{"lab_allow": ["ann@example.org"]}]},
        "[gammon_elo] must be one table of settings; the secrets hold a list",
    ),
    "a misspelt limit": (
        {"auth": AUTH, "gammon_elo": {"lab_allow": "*", "run_game": 10}},
        "[gammon_elo] run_game is not a setting of this server",
    ),
    "a limit that is not one": (
        {"auth": AUTH, "gammon_elo": {"lab_allow": "*", "workers": "many"}},
        "GAMMON_ELO_WORKERS must be a number, got 'many'",
    ),
    "a misspelt limit, sign-in off": (
        {"gammon_elo": {"upload_row": 10}},
        "[gammon_elo] upload_row is not a setting of this server",
    ),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_settings_close_the_lab_naming_them(case: str) -> None:
    """Even to a designer on this machine whom the provider signed in and verified (bob, off
    the list): the lab's title, one line naming the setting, and nothing else."""
    secrets, problem = MALFORMED[case]
    with reader_local(True):
        at = _lab(secrets=secrets, user=_signed_in("bob@example.org"))
    texts = [text.value for text in at.text]
    assert len(texts) == 1 and texts[0].startswith("The lab is closed: "), texts
    assert problem in texts[0]
    _closed_with(at, texts[0])


def test_a_variable_that_names_no_setting_closes_the_lab(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMMON_ELO_RUN_GAMEZ", "10")
    with reader_local(True):
        at = _lab(secrets={}, user={"is_logged_in": False})
    texts = [text.value for text in at.text]
    assert texts and "GAMMON_ELO_RUN_GAMEZ is not a setting of this server" in texts[0]
    _closed_with(at, texts[0])


@pytest.mark.parametrize(
    ("secrets", "where"),
    [
        ({"lab_allow": ["ann@example.org"]}, "lab_allow"),
        ({"auth": {**AUTH, "gammon_elo": {"lab_allow": ["a@b.c"]}}}, "[auth] gammon_elo"),
        ({"auth": {**AUTH, "okta": {"run_games": 10}}}, "[auth.okta] run_games"),
    ],
    ids=["outside any table", "[auth.gammon_elo]", "a limit in a provider's table"],
)
def test_a_misplaced_setting_closes_the_lab_naming_it(secrets: dict[str, Any], where: str) -> None:
    with reader_local(True):
        at = _lab(secrets={**EVERYONE, **secrets}, user=_signed_in("ann@example.org"))
    _closed_with(at, EN["lab.misplaced"].format(key=where))


def test_with_sign_in_on_a_missing_list_closes_the_lab() -> None:
    """Anyone the provider signs in is served only when the operator says so (``"*"``)."""
    with reader_local(True):
        at = _lab(secrets={"auth": AUTH}, user=_signed_in("ann@example.org"))
    _closed_with(at, EN["lab.allow_missing"])


@pytest.mark.parametrize(
    ("written", "named"),
    [
        ("ann@example.org", "'ann@example.org'"),  # a string, not a list of one
        (["*"], "'*'"),  # everyone is said as "*" itself, not in a list
        (["ann@example.org", 7], "7"),
        (["ann@example.org", "ann"], "'ann'"),
    ],
)
def test_a_list_that_is_not_addresses_closes_the_lab_naming_the_value(
    written: object, named: str
) -> None:
    """Read character by character, a string would have let in nobody, or anyone whose address
    is one letter; the lab stays closed and says what the setting holds."""
    with reader_local(True):
        at = _lab(
            secrets={"auth": AUTH, "gammon_elo": {"lab_allow": written}},
            user=_signed_in("ann@example.org"),
        )
    _closed_with(at, EN["lab.allow_not_list"].format(value=named))
    assert "[gammon_elo] lab_allow" in EN["lab.allow_not_list"]


def test_the_allow_list_is_read_as_lower_case_addresses() -> None:
    allowed = access.parse_allow_list([" Ann@Example.org ", "bob@example.org"])
    assert allowed == frozenset({"ann@example.org", "bob@example.org"})
    assert access.allow_list({"gammon_elo": {"lab_allow": "*"}}) is None
    with pytest.raises(access.AdmissionError, match="does not say who may come in"):
        access.allow_list({"gammon_elo": {"upload_rows": 10}})


def test_a_secrets_file_that_cannot_be_read_closes_the_lab(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Streamlit raises the same error for no file and for a broken one; a broken one must not
    read as "sign-in off" (behind a proxy on this machine that would open the lab to all)."""
    broken = tmp_path / "secrets.toml"
    broken.write_text("[auth\n", encoding="utf-8")

    class Unreadable:
        def to_dict(self) -> dict[str, Any]:
            raise FileNotFoundError("cannot parse")

    monkeypatch.setattr(st, "secrets", Unreadable())
    monkeypatch.setattr(st, "get_option", lambda name: [str(tmp_path / "none.toml"), str(broken)])
    with pytest.raises(access.AdmissionError, match="cannot be read"):
        access.sign_in_configured()
    monkeypatch.setattr(st, "get_option", lambda name: [str(tmp_path / "none.toml")])
    assert access.sign_in_configured() is False
