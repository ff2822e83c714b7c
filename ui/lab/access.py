"""Who may open the lab: readers on this machine, or designers signed in.

- Sign-in off (no ``[auth]`` table in the server's secrets): readers on loopback only. A reader
  from any other address gets a page that says how to turn sign-in on, and nothing else.
- Sign-in on (Streamlit's own OpenID Connect sign-in, ``st.login``): every reader signs in,
  loopback included; with an allow-list (``[gammon_elo] lab_allow = ["a@example.org"]``) only
  those e-mail addresses are served, anyone else is refused by name with a sign-out button.

The lab fails closed: secrets that exist but cannot be read, an ``[auth]`` table missing one of
the settings ``st.login`` needs, or an allow-list that is not a list of addresses give every
reader a page naming the problem, loopback readers included.

Behind a reverse proxy on the same machine every reader may arrive from loopback: turn sign-in on
there (docs/lab.md).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import streamlit as st

from ..i18n import t
from ..plain import Code
from ..settings import SECRETS_TABLE

#: The allow-list's key in the ``[gammon_elo]`` table of the secrets.
ALLOW_KEY = "lab_allow"
#: What ``st.login`` needs in ``[auth]`` itself, and for each provider (Streamlit 1.67's
#: ``st.login`` documentation): the default provider's keys sit in ``[auth]``, a named
#: provider's in ``[auth.NAME]``.
SHARED_KEYS = ("redirect_uri", "cookie_secret")
PROVIDER_KEYS = ("client_id", "client_secret", "server_metadata_url")
#: Where Streamlit takes the provider's answer: ``redirect_uri`` is the lab's address plus this.
CALLBACK = "/oauth2callback"
#: Tables inside ``[auth]`` that are a provider's settings, not a provider.
NOT_PROVIDERS = frozenset({"client_kwargs"})


class AdmissionError(Exception):
    """The operator's secrets do not say who may come in; the message names the setting."""


def _secrets() -> Mapping[str, Any]:
    """The server's secrets; nothing when it has no secrets file.

    Streamlit raises the same error for a missing file and for one it cannot parse: a file that
    exists (``secrets.files``) but cannot be read is :class:`AdmissionError`, not "no sign-in".
    """
    try:
        return st.secrets.to_dict()
    except Exception:
        present = [path for path in st.get_option("secrets.files") if Path(path).exists()]
        if present:
            raise AdmissionError(t("lab.secrets_unreadable")) from None
        return {}


def sign_in_configured() -> bool:
    """Whether the operator set up Streamlit's sign-in (the ``[auth]`` table)."""
    return "auth" in _secrets()


def providers(auth: Mapping[str, Any]) -> list[str | None]:
    """The providers a reader may sign in with: None for ``[auth]``'s own (``st.login()``),
    else each ``[auth.NAME]`` table's name (``st.login(NAME)``); :class:`AdmissionError` names
    the first setting missing.

    >>> shared = {"redirect_uri": "http://127.0.0.1:8501/oauth2callback", "cookie_secret": "s"}
    >>> keys = {"client_id": "i", "client_secret": "c", "server_metadata_url": "https://x/"}
    >>> providers({**shared, **keys}), providers({**shared, "okta": keys})
    ([None], ['okta'])
    """
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


def allow_list(secrets: Mapping[str, Any] | None = None) -> frozenset[str] | None:
    """The e-mail addresses the lab serves (lower case), or None when every signed-in designer
    is served; :class:`AdmissionError` when ``lab_allow`` is not a list of addresses."""
    table = (_secrets() if secrets is None else secrets).get(SECRETS_TABLE, {})
    allowed = table.get(ALLOW_KEY) if isinstance(table, Mapping) else None
    return None if allowed is None else parse_allow_list(allowed)


def parse_allow_list(allowed: object) -> frozenset[str]:
    """``lab_allow`` as lower-case addresses; :class:`AdmissionError` names what is wrong.

    >>> sorted(parse_allow_list([" Ann@Example.org", "bob@example.org"]))
    ['ann@example.org', 'bob@example.org']
    """
    if not isinstance(allowed, list | tuple):
        raise AdmissionError(t("lab.allow_not_list", value=repr(allowed)[:80]))
    bad = [item for item in allowed if not isinstance(item, str) or "@" not in item]
    if bad:
        raise AdmissionError(t("lab.allow_not_list", value=repr(bad[0])[:80]))
    return frozenset(item.strip().lower() for item in allowed)


def reader_is_local() -> bool:
    """Whether the reader's connection comes from this machine: Streamlit reports no address for
    loopback (``127.0.0.1`` or ``::1``)."""
    return st.context.ip_address is None


def reader_id() -> str:
    """Who is asking, for the run queue: ``user:`` and the signed-in designer's e-mail address
    (lower case) when sign-in is on, else ``address:`` and the reader's IP address, or
    ``local`` on this machine. One designer's tabs all share it (Streamlit's own id is a tab's)."""
    if sign_in_configured() and st.user.is_logged_in:
        email = str(st.user.get("email") or "").strip().lower()
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
        auth = secrets.get("auth")
        if auth is None:
            if reader_is_local():
                return
            closed(t("lab.closed_remote"))
        if not isinstance(auth, Mapping):
            raise AdmissionError(t("lab.auth_incomplete", key="[auth]"))
        found = providers(auth)
        allowed = allow_list(secrets)
    except AdmissionError as problem:
        closed(str(problem))
    if not st.user.is_logged_in:
        closed(t("lab.sign_in_needed"), sign_in=found)
    email = str(st.user.get("email") or "")
    # A provider that says the address is not verified has not vouched for it.
    verified = st.user.get("email_verified") not in (False, "false")
    if allowed is not None and email.lower() not in allowed:
        closed(t("lab.refused", email=email or "—"), sign_out=True)
    if allowed is not None and not verified:
        closed(t("lab.unverified", email=email), sign_out=True)
    with st.sidebar:
        st.text(t("lab.signed_in", email=email or "—"))
        if st.button(t("lab.sign_out"), key="lab.sign_out", icon=":material/logout:"):
            st.logout()


def _closed(
    paths: Sequence[str],
    message: str,
    *,
    sign_in: Sequence[str | None] = (),
    sign_out: bool = False,
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
        if sign_out and st.button(t("lab.sign_out"), icon=":material/logout:"):
            st.logout()

    # Streamlit lists a pages/ folder beside the entry file until some run calls st.navigation:
    # this one does, with only this page, so no menu is drawn and no path is "not found".
    pages = [
        st.Page(closed, title=t("lab.title"), url_path=path or None, default=not path)
        for path in paths
    ]
    st.navigation(pages, position="hidden").run()
    st.set_page_config(page_title=t("lab.title"), page_icon=":material/lock:")
    st.stop()
