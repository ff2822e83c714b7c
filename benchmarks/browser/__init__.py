"""Benchmarks of the app in Debian's Chromium: ``bench_app`` (first load and rerun), ``bench_load``
(N readers at once) and ``bench_memory`` (memory over many readers, and a long simulation beside
a reader). Each drives the app beside two baseline pages, ``minimal_app.py`` (one widget) and
``required_app.py`` (the home page's required content, nothing else). ``harness.py`` holds what
they share; the server and the browser are started as the browser tests start them
(``tests/browser/browser_support.py``)."""
