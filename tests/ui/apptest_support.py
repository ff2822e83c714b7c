"""Opening the app's pages under Streamlit's AppTest, the way a link opens them.

Each new AppTest scans every installed distribution for Streamlit components, which can take as long
as a whole test, and Streamlit offers no option to skip it. The installed distributions do not
change while the tests run, so the scan's result is kept after the first: every AppTest still
registers whatever components are installed. ``scan_component_manifests`` is Streamlit's own
function, looked up by the method that scans at each call; should a new Streamlit move it, this
import fails loudly and the cache can go.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pandas as pd
import streamlit as st
from streamlit import dataframe_util
from streamlit.components.v2 import manifest_scanner
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Dataframe, Table

from gammon_elo._core.lookup import lookup

ROOT = Path(__file__).resolve().parents[2]
#: The doors' navigation scripts (``doors/``, away from ``pages/``: ui/navigation.py).
APP = str(ROOT / "doors" / "calculator.py")
LAB = str(ROOT / "doors" / "lab.py")

manifest_scanner.scan_component_manifests = functools.cache(
    manifest_scanner.scan_component_manifests
)


def open_page(page: str = "app.py", *, timeout: float = 60, **params: str) -> AppTest:
    """Open ``page`` as a link does, its URL parameters reaching that page.

    ``page`` is ``app.py`` (the entry point, which opens the home page) or a page's file as
    the entry file registers it with ``st.navigation`` (``pages/divisors.py``); a lab page
    (``pages/lab/history.py``) is opened through ``lab.py``, as a reader on this machine. The
    session starts on the home page with only ``lang`` (``st.navigation`` registers the pages on
    that first run), so the home page does not consume the other page's parameters.
    """
    lab = page.startswith("pages/lab/")
    at = AppTest.from_file(LAB if lab else APP, default_timeout=timeout)
    if lab:
        admit_locally()
    first = params if page == "app.py" else {k: v for k, v in params.items() if k == "lang"}
    for name, value in first.items():
        at.query_params[name] = value
    at.run()
    if page != "app.py":
        for name, value in params.items():
            at.query_params[name] = value
        at.switch_page(page_file(page))
        at.run()
    return at


def new_session(page: str, **params: str) -> AppTest:
    """A new session of the calculator whose first run (not yet made) draws ``page`` (its file:
    ``pages/planner.py``) from a link with ``params``, as a browser opening the link starts it."""
    at = AppTest.from_file(APP, default_timeout=600)
    for name, value in params.items():
        at.query_params[name] = value
    return at.switch_page(page_file(page))


def cold_run_cpu(at: AppTest) -> float:
    """The CPU seconds of this process for one run of ``at`` with every cache emptied first
    (``st.cache_data`` and the change lookup's): what a value no reader asked for yet costs.
    AppTest runs the script in a thread of this process."""
    st.cache_data.clear()
    lookup.cache_clear()
    start = time.process_time()
    at.run()
    return time.process_time() - start


def page_file(page: str) -> str:
    """A page's file (``pages/divisors.py``, from the project's folder) as ``AppTest.switch_page``
    takes it: relative to the navigation script, which lies in ``doors/``; absolute here."""
    return str(ROOT / page)


def admit_locally() -> None:
    """AppTest's reader has a mock for an address (Streamlit's harness has no connection), which
    the lab takes for a reader from elsewhere: for the rest of the test the lab takes it for a
    reader on this machine, as ``streamlit run lab.py`` takes a browser on loopback
    (tests/ui/conftest.py puts the lab's own check back after each test). Admission itself is
    tested in test_lab_access.py and tests/browser/test_lab_access_browser.py."""
    from ui.lab import access

    access.reader_is_local = lambda: True


@contextmanager
def reader_local(answer: bool) -> Iterator[None]:
    """Within the block the lab takes AppTest's reader for one on this machine (True) or from
    another address (False); after it, whatever it took before."""
    from ui.lab import access

    original = access.reader_is_local
    access.reader_is_local = lambda: answer
    try:
        yield
    finally:
        access.reader_is_local = original


def header(column: object) -> str:
    """A column's header as the table's CSV writes it: a two-level one (a player's points for a
    win under the player's name) as "Favourite: Win", one with an empty upper level as itself."""
    if isinstance(column, tuple):
        return ": ".join(str(level) for level in column if str(level))
    return str(column)


def numbers(table: Dataframe | Table) -> pd.DataFrame:
    """The frame an st.dataframe or st.table was sent, the numbers a header click sorts by
    (headers as :func:`header` writes them)."""
    value = table.value
    frame = value.data if hasattr(value, "data") else value
    return frame.set_axis([header(c) for c in frame.columns], axis="columns")


def cells(table: Dataframe | Table) -> pd.DataFrame:
    """An st.dataframe's or st.table's cells as the reader sees them (headers as :func:`header`
    writes them). A table written where it is drawn carries each cell's written text beside its
    numbers (a pandas Styler's display values, which the grid draws): that text; else the
    frame."""
    written = table.proto.arrow_data.styler.display_values
    if not written:
        return numbers(table)
    frame = dataframe_util.convert_arrow_bytes_to_pandas_df(written)
    return frame.set_axis([header(c) for c in frame.columns], axis="columns")


@contextmanager
def refused(pattern: str) -> Iterator[None]:
    """The block is refused by the lab's queue, and the reader's message (in English) matches
    ``pattern``: the server names the refusal by key and fields, the app words it."""
    import re

    import pytest

    from server.runs import RunRefusedError
    from ui.lab.run import refusal_text

    with pytest.raises(RunRefusedError) as refusal:
        yield
    message = refusal_text(refusal.value)
    assert re.search(pattern, message), message
