"""Gammon42 ELO designers' lab: ``streamlit run lab.py``.

Every page of the calculator and the lab's own (:data:`ui.navigation.LAB`, drawn by
``doors/lab.py``): History, Simulator and Rule designer, with uploads, replays, simulations,
sweeps and engine leagues. It serves readers on this machine only, or designers signed in
through Streamlit's OpenID Connect sign-in (:mod:`ui.lab.access`).

Served as an ``st.App`` (public API) with two guards in front of Streamlit's own routes: no
reader empties the caches or reads the metrics (:mod:`server.door_guard`), and uploads are taken
only from a browser the lab has admitted, at most ``upload_files`` held a session, and freed a
bounded time after the session's tab closes (:mod:`server.held_uploads`). A server that starts with
secrets it cannot read serves only the page that says so (:mod:`server.closed`): Streamlit
itself would answer every request with an error.
"""

import streamlit as st
from starlette.middleware import Middleware

from server import closed
from server.door_guard import DoorGuard
from server.held_uploads import HeldUploads
from ui.i18n import http_words
from ui.lab import access

if access.secrets_unreadable():
    app = closed.application(http_words)
else:
    guards = [Middleware(DoorGuard), Middleware(HeldUploads, words=http_words)]
    app = st.App("doors/lab.py", middleware=guards)
