"""Gammon42 ELO calculator, the public door: ``streamlit run app.py``.

The players' pages and the cheap designers' views (:data:`ui.frame.CALCULATOR`), for anonymous
readers and help-center embeds: no upload, no cluster, no engine. The designers' lab is
``lab.py``.
"""

from __future__ import annotations

from ui import frame

frame.route(frame.CALCULATOR).run()
