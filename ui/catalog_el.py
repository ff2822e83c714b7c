"""Ελληνικά: every visible string of the app, by key, in the article's terms."""

from __future__ import annotations

EL: dict[str, str] = {}
