"""Speed figures, each measured beside a baseline in the same run (so the machine's noise falls
on both sides). ``core/``: the package's calculations against plain Python loops; ``browser/``:
the app in Chromium against two baseline Streamlit pages.

Run each from the project root as a module, e.g. ``python -m benchmarks.core.bench_core --help``:
that puts the checkout on the import path, so the benchmarks use this ``gammon_elo`` and share
the tests' oracles (``tests/oracles.py``) and browser helpers
(``tests/browser/browser_support.py``).
"""
