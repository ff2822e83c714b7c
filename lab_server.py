"""The designers' lab as Streamlit serves it: ``streamlit run lab_server.py``.

The same pages as ``streamlit run lab.py``, with one guard in front of Streamlit's own routes
(public API: ``st.App`` takes Starlette middleware): a session may have at most
``upload_files`` uploaded files held by the server at once (:mod:`ui.lab.held_uploads`).
"""

import streamlit as st
from starlette.middleware import Middleware

from ui.lab.held_uploads import HeldUploads

app = st.App("lab.py", middleware=[Middleware(HeldUploads)])
