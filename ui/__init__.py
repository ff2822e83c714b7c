"""The Streamlit side of the calculator, and with the pages the only code that imports streamlit.

``page`` is the scaffold every page calls and ``params`` its inputs (URL name, default, bounds,
widget); ``i18n`` and ``catalogs/`` the strings in English and Greek; ``grids`` dresses the core's
DataFrames for reading, ``charts`` draws them and ``heatmaps`` their heat maps; ``cached`` wraps the
core calls a rerun repeats; ``rules_input`` is the rule-set picker; ``steps`` writes the home page's
answer and the article's steps out, ``answer`` the Planner's and Explain's answer, ``planner`` and
``explain`` their pages' charts, tables and reasons; ``embed`` the compact views and "Embed this";
``frame`` the pages' list for ``st.navigation`` and the set-up every page shares. ``lab/`` is the
designers' lab's own UI, which the public calculator never imports.
"""
