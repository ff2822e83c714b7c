"""Opening the app's pages under Streamlit's AppTest, the way a link opens them.

AppTest scans every installed distribution for Streamlit components on each run, which costs
about 0.3 s a run on a machine with many packages; the app uses no custom components, so the
scan is switched off here (the pages' behaviour does not depend on it).
"""

from __future__ import annotations

from pathlib import Path

from streamlit.components.v2.component_manager import BidiComponentManager
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _no_component_scan(self: BidiComponentManager, *, start_file_watching: bool = True) -> None:
    """The app registers no custom components: nothing to discover."""


BidiComponentManager.discover_and_register_components = _no_component_scan  # type: ignore[method-assign]


def open_page(page: str = "app.py", *, timeout: float = 60, **params: str) -> AppTest:
    """Open ``page`` as a link does, its URL parameters reaching that page.

    The session starts on the home page (Streamlit's entry point, which page links need) with
    only ``lang``, so the home page does not consume the other page's parameters.
    """
    at = AppTest.from_file(APP, default_timeout=timeout)
    first = params if page == "app.py" else {k: v for k, v in params.items() if k == "lang"}
    for name, value in first.items():
        at.query_params[name] = value
    at.run()
    if page != "app.py":
        for name, value in params.items():
            at.query_params[name] = value
        at.switch_page(page)
        at.run()
    return at
