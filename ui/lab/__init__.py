"""The designers' lab's own UI (``lab.py``): admission, uploads, the run queue and its cluster,
the lab's caches and its pages' charts and tables. The public calculator (``app.py``) never
imports it."""
