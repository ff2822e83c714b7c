"""The designers' lab's pages: ``st.navigation`` over every page (:data:`ui.frame.LAB`), behind
the lab's admission. ``streamlit run lab.py`` serves it (why here: ``doors/calculator.py``)."""

from __future__ import annotations

from ui import frame

frame.route(frame.LAB).run()
