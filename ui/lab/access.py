"""Who may open the lab: readers on this machine, or designers signed in.

- Sign-in off (no ``[auth]`` table in ``.streamlit/secrets.toml``): readers on loopback only. A
  reader from any other address gets a page that says how to turn sign-in on, and nothing else.
- Sign-in on (Streamlit's own OpenID Connect sign-in, ``st.login``): every reader signs in,
  loopback included; with an allow-list (``[gammon_elo] lab_allow = ["a@example.org"]``) only
  those e-mail addresses are served, anyone else is refused by name with a sign-out button.

Behind a reverse proxy on the same machine every reader arrives from loopback: turn sign-in on
there (docs/lab.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from ..i18n import t
from ..settings import SECRETS_TABLE

#: The allow-list's key in the ``[gammon_elo]`` table of the secrets.
ALLOW_KEY = "lab_allow"


def _secrets() -> Mapping[str, Any]:
    """The server's secrets, or nothing when it has no secrets file."""
    try:
        return dict(st.secrets)
    except Exception:  # no secrets file at all: Streamlit raises rather than returning nothing
        return {}


def sign_in_configured() -> bool:
    """Whether the operator set up Streamlit's sign-in (the ``[auth]`` table)."""
    return "auth" in _secrets()


def allow_list() -> frozenset[str] | None:
    """The e-mail addresses the lab serves (lower case), or None when every signed-in designer
    is served."""
    table = _secrets().get(SECRETS_TABLE, {})
    allowed = table.get(ALLOW_KEY) if isinstance(table, Mapping) else None
    if allowed is None:
        return None
    return frozenset(str(address).strip().lower() for address in allowed)


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


def admit() -> None:
    """Let the reader in, or draw why not and end the run (``st.stop``)."""
    if not sign_in_configured():
        if reader_is_local():
            return
        _closed(t("lab.closed_remote"))
    if not st.user.is_logged_in:
        _closed(t("lab.sign_in_needed"), sign_in=True)
    email = str(st.user.get("email") or "")
    allowed = allow_list()
    if allowed is not None and email.lower() not in allowed:
        _closed(t("lab.refused", email=email or "—"), sign_out=True)
    with st.sidebar:
        st.caption(t("lab.signed_in", email=email or "—"))
        if st.button(t("lab.sign_out"), key="lab.sign_out", icon=":material/logout:"):
            st.logout()


def _closed(message: str, *, sign_in: bool = False, sign_out: bool = False) -> None:
    """The page a reader who is not admitted gets: the lab's name, why, one button at most."""
    st.set_page_config(page_title="Gammon42 ELO lab", page_icon=":material/lock:")
    st.title(t("lab.title"))
    st.text(message)
    if sign_in and st.button(t("lab.sign_in"), type="primary", icon=":material/login:"):
        st.login()
    if sign_out and st.button(t("lab.sign_out"), icon=":material/logout:"):
        st.logout()
    st.stop()
