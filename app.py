"""Gammon42 ELO calculator: the entry point, ``streamlit run app.py``.

It routes (:func:`ui.frame.route`): the reader's language first (the pages' titles are
translated), then ``st.navigation`` over the pages listed in :data:`ui.frame.PAGES` (the players',
the designers', the classic calculator, in that order; hidden in the compact embedded views), one
page config titled after the chosen page; then it runs the page. Each page is a file in
``pages/`` that declares its inputs, calls ``gammon_elo`` and renders, through the scaffold in
``ui.page``.
"""

from __future__ import annotations

from ui import frame

frame.route().run()
