"""What every UI test shares: the lab's admission as the lab itself decides it.

:func:`apptest_support.admit_locally` (which :func:`apptest_support.open_page` calls for a lab
page) lets AppTest's reader into the lab for the rest of one test; after each test the lab's own
``reader_is_local`` is back, so a test of the admission (test_lab_access.py) meets the real one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ui.lab import access


@pytest.fixture(autouse=True)
def _lab_admission_restored() -> Iterator[None]:
    original = access.reader_is_local
    yield
    access.reader_is_local = original
