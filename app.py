"""Gammon42 ELO calculator: the entry point, ``streamlit run app.py``.

It routes: the reader's language first (the pages' titles are translated), then ``st.navigation``
over the pages listed in :data:`ui.frame.PAGES` (the players', the designers', the classic
calculator, in that order; hidden in the compact embedded views), one page config titled after
the chosen page, and the page itself. Each page is a file in ``pages/`` that declares its inputs,
calls ``gammon_elo`` and renders, through the scaffold in ``ui.page``.
"""

from __future__ import annotations

import streamlit as st

from ui import embed, frame, i18n

i18n.choose_language()
chosen = st.navigation(
    frame.navigation(), position="hidden" if embed.is_compact() else "sidebar", expanded=True
)
st.set_page_config(
    page_title=f"{chosen.title} · Gammon42 ELO", page_icon=":material/casino:", layout="wide"
)
chosen.run()
