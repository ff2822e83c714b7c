"""The designers' lab's pages: ``st.navigation`` over every page (:data:`ui.navigation.LAB`), behind
the lab's admission. ``streamlit run lab.py`` serves it (why here: ``doors/calculator.py``)."""

from __future__ import annotations

from ui import navigation

navigation.route(navigation.LAB).run()
