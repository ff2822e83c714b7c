"""Gammon42 ELO designers' lab: ``streamlit run lab.py``.

Every page of the calculator and the lab's own (:data:`ui.frame.LAB`, drawn by
``doors/lab.py``): History, Simulator and Rule designer, with uploads, replays, simulations,
sweeps and engine leagues. It serves readers on this machine only, or designers signed in
through Streamlit's OpenID Connect sign-in (:mod:`ui.lab.access`).

Served as an ``st.App`` (public API) with two guards in front of Streamlit's own routes: no
reader empties the caches or reads the metrics (:mod:`ui.door_guard`), and a session may have at
most ``upload_files`` uploaded files held by the server at once (:mod:`ui.held_uploads`).
"""

import streamlit as st
from starlette.middleware import Middleware

from ui.door_guard import DoorGuard
from ui.held_uploads import HeldUploads

app = st.App("doors/lab.py", middleware=[Middleware(DoorGuard), Middleware(HeldUploads)])
