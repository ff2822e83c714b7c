"""Gammon42 ELO designers' lab: ``streamlit run lab.py``.

Every page of the calculator and the lab's own (:data:`ui.frame.LAB`): History, Simulator and
Rule designer, with uploads, replays, simulations, sweeps and engine leagues. It serves readers
on this machine only, or designers signed in through Streamlit's OpenID Connect sign-in
(:mod:`ui.lab.access`).
"""

from __future__ import annotations

from ui import frame

frame.route(frame.LAB).run()
