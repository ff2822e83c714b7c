"""Results a reader ran (a sweep, a fit), kept in their session together with the inputs they
came from, and handed back only while those inputs still stand: a result is never shown beside
inputs it does not belong to. The inputs are compared whole (a history's digest, rule sets,
parameters), so any change of one of them hides the result until it is run again."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import streamlit as st

__all__ = ["get", "put", "stale"]


def _inputs_key(name: str) -> str:
    return f"{name}.inputs"


def put(name: str, inputs: Hashable, value: Any) -> None:
    """Keep ``value`` under ``name`` as the result of ``inputs`` (the one kept before goes)."""
    st.session_state[name] = value
    st.session_state[_inputs_key(name)] = inputs


def get(name: str, inputs: Hashable) -> Any | None:
    """The result kept under ``name`` if it came from ``inputs``; None otherwise."""
    if name not in st.session_state or st.session_state.get(_inputs_key(name)) != inputs:
        return None
    return st.session_state[name]


def stale(name: str, inputs: Hashable) -> bool:
    """Whether a result is kept under ``name`` for other inputs than ``inputs``."""
    return st.session_state.get(name) is not None and get(name, inputs) is None
