"""Gammon42 ELO calculator — the entry point: page set-up, language, navigation.

Run with ``streamlit run app.py``. Each page lives in ``pages/`` and stays thin: it reads its
widgets, calls ``gammon_elo`` and renders.
"""

from __future__ import annotations

import streamlit as st

from ui import embed, i18n
from ui.i18n import t

st.set_page_config(
    page_title="Gammon42 ELO",
    page_icon=":material/casino:",
    layout="wide",
    initial_sidebar_state="auto",
)

i18n.choose_language()

PAGES = [
    st.Page("pages/home.py", title=t("home.nav"), icon=":material/calculate:", default=True),
    st.Page(
        "pages/divisors.py",
        title=t("divisors.nav"),
        icon=":material/show_chart:",
        url_path="divisors",
    ),
    st.Page(
        "pages/tables.py", title=t("tables.nav"), icon=":material/table_chart:", url_path="tables"
    ),
    st.Page(
        "pages/classic.py", title=t("classic.nav"), icon=":material/swap_horiz:", url_path="classic"
    ),
]

compact = embed.is_compact()
page = st.navigation(PAGES, position="hidden" if compact else "sidebar")
if not compact:
    with st.sidebar:
        i18n.language_selector()
        st.caption(t("app.footer"))
page.run()
