"""Gammon42 ELO calculator, the public door: ``streamlit run app.py``.

The players' pages and the cheap designers' views (:data:`ui.navigation.CALCULATOR`, drawn by
``doors/calculator.py``), for anonymous readers and help-center embeds: no upload, no cluster, no
engine. Served as an ``st.App`` (public API) with two guards in front of Streamlit's own routes:
no reader empties the caches or reads the metrics (:mod:`server.door_guard`), and, since Streamlit
takes a file PUT to its upload route from any session, widget or not, and the calculator has no
uploader, it refuses every one (:mod:`server.held_uploads`). The designers' lab is ``lab.py``. The
script lies in ``doors/``, away from ``pages/`` (``doors/calculator.py`` says why);
``streamlit run`` puts this file's folder on ``sys.path``, where ``ui`` is found.
"""

import streamlit as st
from starlette.middleware import Middleware

from server.door_guard import DoorGuard
from server.held_uploads import HeldUploads
from ui.i18n import http_words

app = st.App(
    "doors/calculator.py",
    middleware=[
        Middleware(DoorGuard),
        Middleware(HeldUploads, words=http_words, files=0, refusal="upload.none"),
    ],
)
