"""Who may open the lab: readers on this machine, or designers signed in.

- Sign-in off (no ``[auth]`` table in the server's secrets): readers on loopback only. A reader
  from any other address gets a page that says how to turn sign-in on, and nothing else.
- Sign-in on (Streamlit's own OpenID Connect sign-in, ``st.login``): every reader signs in,
  loopback included, and the allow-list says who is served: ``[gammon_elo] lab_allow`` holds
  e-mail addresses, or ``"*"`` for anyone the provider signs in. A reader is served only when
  the provider says the address is verified (``email_verified`` the boolean true) and, with a
  list, the address is on it (compared after lower-casing its ASCII letters only). "Sign out"
  ends that sign-in on this server too: a copy of its cookie no longer opens the lab.

The lab fails closed: secrets that exist but cannot be read, an ``[auth]`` table missing one of
the settings ``st.login`` needs, a missing or malformed allow-list, a key of ``[gammon_elo]``
that is no setting, or one of the lab's settings in another table give every reader a page
naming the problem, loopback readers included.

Behind a reverse proxy on the same machine every reader may arrive from loopback: turn sign-in on
there (docs/lab.md).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import streamlit as st

from server import settings

from ..i18n import t
from ..plain import Code

_log = logging.getLogger(__name__)

#: The allow-list's key in the ``[gammon_elo]`` table of the secrets.
ALLOW_KEY = "lab_allow"
#: The allow-list that serves anyone the provider signs in: said, never assumed.
EVERYONE = "*"
#: What ``st.login`` needs in ``[auth]`` itself, and for each provider (Streamlit 1.67's
#: ``st.login`` documentation): the default provider's keys sit in ``[auth]``, a named
#: provider's in ``[auth.NAME]``.
SHARED_KEYS = ("redirect_uri", "cookie_secret")
PROVIDER_KEYS = ("client_id", "client_secret", "server_metadata_url")
#: Where Streamlit takes the provider's answer: ``redirect_uri`` is the lab's address plus this.
CALLBACK = "/oauth2callback"
#: Tables inside ``[auth]`` that are a provider's settings, not a provider.
NOT_PROVIDERS = frozenset({"client_kwargs"})
#: The ID token's claims that name one sign-in: its issuer, its subject, when it was issued
#: (OpenID Connect Core 1.0, section 2: each is required in every ID token).
SIGN_IN_CLAIMS = ("iss", "sub", "iat")
#: Seconds Streamlit's sign-in cookie lasts (30 days, its ``st.login`` documentation): a
#: sign-out is remembered as long as a copy of that cookie could still be sent.
COOKIE_LIFE = 30 * 24 * 3600
#: A..Z to a..z and nothing else: ``str.lower`` also folds non-ASCII letters onto ASCII ones
#: (U+212A KELVIN SIGN to ``k``), which would let an address the list does not hold through.
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


class AdmissionError(Exception):
    """The operator's secrets do not say who may come in; the message names the setting."""


def ascii_lower(text: str) -> str:
    """``text`` with its ASCII capitals in lower case, every other character as it is.

    >>> ascii_lower("Ann@Example.ORG"), ascii_lower("\\u212aim@example.org") == "kim@example.org"
    ('ann@example.org', False)
    """
    return text.translate(_ASCII_LOWER)


def secrets_unreadable() -> bool:
    """Whether a secrets file the server is configured with (Streamlit's ``secrets.files``)
    exists but cannot be read, or is a link to nothing; the file and why are logged.

    Streamlit raises the same error for a missing file and for one it cannot parse, and reads
    a link to nothing as no file: neither may read as "no secrets", which is sign-in off."""
    paths = [Path(path) for path in st.get_option("secrets.files")]
    dangling = [path for path in paths if path.is_symlink() and not path.exists()]
    try:
        st.secrets.to_dict()
    except Exception as error:
        present = [path for path in paths if path.exists()]
        if present:
            _log.error("the secrets (%s) cannot be read: %s", ", ".join(map(str, present)), error)
            return True
    if dangling:
        _log.error("the secrets file %s is a link to nothing", dangling[0])
        return True
    return False


def _secrets() -> Mapping[str, Any]:
    """The server's secrets; nothing when it has no secrets file; :class:`AdmissionError` when
    one cannot be read (:func:`secrets_unreadable`)."""
    if secrets_unreadable():
        raise AdmissionError(t("lab.secrets_unreadable"))
    try:
        return st.secrets.to_dict()
    except Exception:  # no secrets file at all: Streamlit raises rather than returning nothing
        return {}


def sign_in_configured() -> bool:
    """Whether the operator set up Streamlit's sign-in (the ``[auth]`` table)."""
    return "auth" in _secrets()


def check_places(secrets: Mapping[str, Any]) -> None:
    """:class:`AdmissionError` naming the first of the lab's settings written where it is not
    read: outside any table, or in ``[auth]`` or one of its tables (``[auth] lab_allow``,
    ``[auth.gammon_elo]``), and any problem of the ``[gammon_elo]`` table itself (not one
    table, a key that is no setting, a value that is not one)."""
    ours = settings.names() | {settings.SECRETS_TABLE}
    misplaced = [key for key in secrets if key in ours - {settings.SECRETS_TABLE}]
    auth = secrets.get("auth")
    if isinstance(auth, Mapping):
        misplaced += [f"[auth] {key}" for key in auth if key in ours]
        misplaced += [
            f"[auth.{name}] {key}"
            for name, table in auth.items()
            if isinstance(table, Mapping)
            for key in table
            if key in ours
        ]
    if misplaced:
        raise AdmissionError(t("lab.misplaced", key=misplaced[0]))
    try:
        settings.read(secrets=settings.table(secrets))
    except ValueError as problem:
        raise AdmissionError(t("lab.settings_invalid", problem=str(problem))) from None


def providers(auth: object) -> list[str | None]:
    """The providers a reader may sign in with: None for ``[auth]``'s own (``st.login()``),
    else each ``[auth.NAME]`` table's name (``st.login(NAME)``); :class:`AdmissionError` names
    the first setting missing.

    >>> shared = {"redirect_uri": "http://127.0.0.1:8501/oauth2callback", "cookie_secret": "s"}
    >>> keys = {"client_id": "i", "client_secret": "c", "server_metadata_url": "https://x/"}
    >>> providers({**shared, **keys}), providers({**shared, "okta": keys})
    ([None], ['okta'])
    """
    if not isinstance(auth, Mapping):
        raise AdmissionError(t("lab.auth_incomplete", key="[auth]"))
    missing = [key for key in SHARED_KEYS if not auth.get(key)]
    named = sorted(
        name
        for name, value in auth.items()
        if isinstance(value, Mapping) and name not in NOT_PROVIDERS
    )
    own = any(key in auth for key in PROVIDER_KEYS) or not named
    found: list[str | None] = [None] if own else []
    found += named
    for name in found:
        table = auth if name is None else auth[name]
        prefix = "" if name is None else f"{name}."
        missing += [prefix + key for key in PROVIDER_KEYS if not table.get(key)]
        if name is not None and "_" in name:  # Streamlit refuses such a name at st.login
            missing.append(f"{name} (a name without _)")
    if missing:
        raise AdmissionError(t("lab.auth_incomplete", key=f"[auth] {missing[0]}"))
    redirect = str(auth["redirect_uri"])
    if not redirect.endswith(CALLBACK):  # Streamlit serves the provider's answer there only
        raise AdmissionError(t("lab.auth_redirect", value=redirect[:200]))
    return found


def allow_list(secrets: Mapping[str, Any]) -> frozenset[str] | None:
    """The e-mail addresses the lab serves (their ASCII letters lower case), or None for
    ``"*"``, anyone the provider signs in; :class:`AdmissionError` when ``lab_allow`` is
    missing (with sign-in on, the operator says who) or is neither."""
    try:
        allowed = settings.table(secrets).get(ALLOW_KEY)
    except ValueError as problem:
        raise AdmissionError(t("lab.settings_invalid", problem=str(problem))) from None
    if allowed is None:
        raise AdmissionError(t("lab.allow_missing"))
    return None if allowed == EVERYONE else parse_allow_list(allowed)


def parse_allow_list(allowed: object) -> frozenset[str]:
    """``lab_allow`` as addresses, their ASCII letters lower case; :class:`AdmissionError`
    names what is wrong.

    >>> sorted(parse_allow_list([" Ann@Example.org", "bob@example.org"]))
    ['ann@example.org', 'bob@example.org']
    """
    if not isinstance(allowed, list | tuple):
        raise AdmissionError(t("lab.allow_not_list", value=repr(allowed)[:80]))
    bad = [item for item in allowed if not isinstance(item, str) or "@" not in item]
    if bad:
        raise AdmissionError(t("lab.allow_not_list", value=repr(bad[0])[:80]))
    return frozenset(ascii_lower(item.strip()) for item in allowed)


# ------------------------------------------------------------------------------- signed out

#: Sign-ins ended by "Sign out" on this server: (issuer, subject) → the ``iat`` of the latest
#: one signed out. A cookie of that subject issued no later is refused. In this process's
#: memory, not in a cache a reader's message could empty.
_ended: dict[tuple[str, str], float] = {}
_ended_lock = threading.Lock()


def sign_in_of(user: Mapping[str, Any]) -> tuple[str, str, float] | None:
    """The sign-in a reader's cookie carries: its issuer, subject and time of issue (None when
    a claim is missing or not of its type)."""
    issuer, subject, issued = (user.get(claim) for claim in SIGN_IN_CLAIMS)
    if not isinstance(issuer, str) or not isinstance(subject, str):
        return None
    if isinstance(issued, bool) or not isinstance(issued, int | float):
        return None
    return issuer, subject, float(issued)


def signed_out(user: Mapping[str, Any]) -> bool:
    """Whether the reader's sign-in was ended by a sign-out on this server."""
    found = sign_in_of(user)
    if found is None:
        return False
    with _ended_lock:
        ended = _ended.get(found[:2])
    return ended is not None and found[2] <= ended


def sign_out() -> None:
    """End the reader's sign-in on this server (remembered for the cookie's life), then
    Streamlit's sign-out (``st.logout``)."""
    found = sign_in_of(st.user)
    if found is not None:
        oldest = time.time() - COOKIE_LIFE
        with _ended_lock:
            for key in [key for key, issued in _ended.items() if issued < oldest]:
                del _ended[key]
            _ended[found[:2]] = max(found[2], _ended.get(found[:2], found[2]))
    st.logout()


def refusal(user: Mapping[str, Any], allowed: frozenset[str] | None) -> str | None:
    """Why a signed-in reader is not served (None when they are): a sign-in without the
    claims that name it, an address off the list, or one the provider did not verify
    (``email_verified`` the boolean true; a text "true" is not what OpenID Connect sends)."""
    email = str(user.get("email") or "")
    missing = [claim for claim in SIGN_IN_CLAIMS if user.get(claim) is None]
    if missing or sign_in_of(user) is None:
        return t("lab.claims_missing", claim=(missing or list(SIGN_IN_CLAIMS))[0])
    if allowed is not None and ascii_lower(email) not in allowed:
        return t("lab.refused", email=email or "—")
    verified = user.get("email_verified")
    if verified is not True:
        return t("lab.unverified", email=email or "—", value=repr(verified)[:40])
    return None


def reader_is_local() -> bool:
    """Whether the reader's connection comes from this machine: Streamlit reports no address for
    loopback (``127.0.0.1`` or ``::1``)."""
    return st.context.ip_address is None


def reader_id() -> str:
    """Who is asking, for the run queue: ``user:`` and the signed-in designer's e-mail address
    (ASCII lower case) when sign-in is on, else ``address:`` and the reader's IP address, or
    ``local`` on this machine. One designer's tabs all share it (Streamlit's own id is a tab's)."""
    if sign_in_configured() and st.user.is_logged_in:
        email = ascii_lower(str(st.user.get("email") or "").strip())
        if email:
            return f"user:{email}"
    if reader_is_local():
        return "local"
    return f"address:{st.context.ip_address}"


def admit(paths: Sequence[str] = ("",)) -> None:
    """Let the reader in, or draw why not and end the run (``st.stop``). ``paths`` are the
    door's URL paths: a reader who is not admitted gets the same page at each of them."""
    closed = functools.partial(_closed, paths)
    try:
        secrets = _secrets()
        check_places(secrets)
        if "auth" not in secrets:
            if reader_is_local():
                return
            closed(t("lab.closed_remote"))
        found = providers(secrets["auth"])
        allowed = allow_list(secrets)
    except AdmissionError as problem:
        closed(str(problem))
    if not st.user.is_logged_in or signed_out(st.user):
        closed(t("lab.sign_in_needed"), sign_in=found)
    refused = refusal(st.user, allowed)
    if refused is not None:
        closed(refused, with_sign_out=True)
    with st.sidebar:
        st.text(t("lab.signed_in", email=str(st.user.get("email") or "—")))
        if st.button(t("lab.sign_out"), key="lab.sign_out", icon=":material/logout:"):
            sign_out()


def _closed(
    paths: Sequence[str],
    message: str,
    *,
    sign_in: Sequence[str | None] = (),
    with_sign_out: bool = False,
) -> NoReturn:
    """The page a reader who is not admitted gets, at every one of the door's ``paths`` and
    with no menu: the lab's name, why (as plain text: it may hold the provider's e-mail
    address), and the buttons to sign in or out."""

    def closed() -> None:
        st.title(t("lab.title"))
        st.text(message)
        for provider in sign_in:
            label = (
                t("lab.sign_in") if provider is None else t("lab.sign_in_with", name=Code(provider))
            )
            key = f"lab.sign_in.{provider}"
            if st.button(label, type="primary", icon=":material/login:", key=key):
                st.login(provider)
        if with_sign_out and st.button(t("lab.sign_out"), icon=":material/logout:"):
            sign_out()

    # Streamlit lists a pages/ folder beside the entry file until some run calls st.navigation:
    # this one does, with only this page, so no menu is drawn and no path is "not found".
    pages = [
        st.Page(closed, title=t("lab.title"), url_path=path or None, default=not path)
        for path in paths
    ]
    st.navigation(pages, position="hidden").run()
    st.set_page_config(page_title=t("lab.title"), page_icon=":material/lock:")
    st.stop()
