"""The answer of the Planner and "Explain my result" pages, first and in large type."""

from __future__ import annotations

from html import escape

import streamlit as st

#: The answer's look: a figure larger than the page's title, its label above, a line under; the
#: theme's own text colour, so that it reads in a light and a dark theme. Static CSS. Words (the
#: Explain page's "Win · K 16 · cube 4") are smaller than a number but still larger than the
#: title (Streamlit's h1 is 2.75rem at every width), wrapping between words on a phone.
ANSWER_STYLE = """<style>
.gammon-answer { border: 1px solid rgba(31, 95, 91, 0.55); background: rgba(31, 95, 91, 0.08);
  border-radius: 0.75rem; padding: 0.5rem 0.85rem 0.65rem; margin: 0 0 1rem; }
.gammon-answer span { display: block; }
.gammon-answer-label { font-weight: 600; }
.gammon-answer-figure { font-size: clamp(3.25rem, 2rem + 4vw, 4.75rem); font-weight: 700;
  line-height: 1.1; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.gammon-answer-figure.gammon-answer-words { font-size: clamp(3rem, 2.25rem + 2vw, 3.5rem);
  line-height: 1.15; }
.gammon-answer-line { font-size: 0.95rem; }
.gammon-answer-note { font-size: 0.95rem; font-weight: 600; margin-top: 0.3rem; }
</style>"""


def answer(
    label: str, figure: str, line: str, *, small: bool = False, note: str | None = None
) -> None:
    """The page's answer first: ``figure`` large, ``label`` above it, ``line`` under it
    (``small``: words, not a number, at a size that keeps them on a phone's first screen and
    still above the title's), and the ``note`` that changes how it reads (a caveat), if any,
    last in bold."""
    words = " gammon-answer-words" if small else ""
    extra = f'<span class="gammon-answer-note">{escape(note)}</span>' if note else ""
    st.markdown(
        f'{ANSWER_STYLE}\n\n<div class="gammon-answer">'
        f'<span class="gammon-answer-label">{escape(label)}</span>'
        f'<span class="gammon-answer-figure{words}">{escape(figure)}</span>'
        f'<span class="gammon-answer-line">{escape(line)}</span>{extra}</div>',
        unsafe_allow_html=True,
    )
