"""The public calculator's pages: ``st.navigation`` over the players' pages and the cheap
designers' views (:data:`ui.frame.CALCULATOR`). ``streamlit run app.py`` serves it."""

from __future__ import annotations

from ui import frame

frame.route(frame.CALCULATOR).run()
