"""The public calculator's pages: ``st.navigation`` over the players' pages and the cheap
designers' views (:data:`ui.navigation.CALCULATOR`). ``streamlit run app.py`` serves it.

The two doors' navigation scripts live here, in a folder with no ``pages/`` beside them:
Streamlit serves a main script with a ``pages/`` folder beside it in its old pages-folder mode
until some reader's run has called ``st.navigation``, so that on a fresh server a link to
``/planner`` ran the page file alone. From here every link goes through ``st.navigation`` from
the first request on. Streamlit serves the ``static/`` folder beside the main script:
``doors/static/``.
"""

from __future__ import annotations

from ui import navigation

navigation.route(navigation.CALCULATOR).run()
