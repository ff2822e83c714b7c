"""Gammon42 ELO designers' lab: ``streamlit run lab.py``.

Every page of the calculator and the lab's own (:data:`ui.frame.LAB`, drawn by
``doors/lab.py``): History, Simulator and Rule designer, with uploads, replays, simulations,
sweeps and engine leagues. It serves readers on this machine only, or designers signed in
through Streamlit's OpenID Connect sign-in (:mod:`ui.lab.access`).

Served as an ``st.App`` (public API) with one guard in front of Streamlit's own routes
(:mod:`ui.held_uploads`): uploads only from a browser the lab has admitted, at most
``upload_files`` held a session, and freed a bounded time after the session's tab closes.
"""

import streamlit as st
from starlette.middleware import Middleware

from ui.held_uploads import HeldUploads

app = st.App("doors/lab.py", middleware=[Middleware(HeldUploads)])
