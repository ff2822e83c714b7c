"""The answer of the Planner and "Explain my result" pages, first and in large type."""

from __future__ import annotations

from html import escape

import streamlit as st

#: The look of a page's answer, first and large: the Planner's and Explain's answer box, and the
#: home page's headline. Each is a figure larger than the page's title (Streamlit's h1 is 2.75rem
#: at every width), its label above and a line under, in a tinted box under the theme's own text
#: colour, so that it reads in a light and a dark theme. Explain's words ("Win · K 16 · cube 4")
#: are smaller than a number but still larger than the title, wrapping between words on a phone.
#: The headline's two outcomes stay side by side at every width (a grid of two columns that never
#: stacks, down to a 320-px frame), the win tinted green and the loss red. Static CSS: no reader's
#: text enters it. It travels with the answer's own markdown (a style-only ``st.html`` goes to a
#: container redrawn apart from the page, and the answer showed unstyled while a run was under
#: way). No digit in a class name, so that a test reading the page's numbers reads only the
#: figures.
STYLE = """<style>
.gammon-answer, .gammon-outcome { border: 1px solid; border-radius: 0.75rem;
  padding: 0.5rem 0.85rem 0.65rem; min-width: 0; }
.gammon-answer { border-color: rgba(31, 95, 91, 0.55); background: rgba(31, 95, 91, 0.08);
  margin: 0 0 1rem; }
.gammon-answer span, .gammon-outcome span { display: block; }
.gammon-answer-label, .gammon-label { font-weight: 600; }
.gammon-answer-figure, .gammon-change { font-size: clamp(3.25rem, 2rem + 4vw, 4.75rem);
  font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere; }
.gammon-answer-figure.gammon-answer-words { font-size: clamp(3rem, 2.25rem + 2vw, 3.5rem);
  line-height: 1.15; }
.gammon-answer-line, .gammon-mirror { font-size: 0.95rem; }
.gammon-answer-note { font-size: 0.95rem; font-weight: 600; margin-top: 0.3rem; }
.gammon-headline { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.75rem; margin: 0 0 1rem; }
.gammon-win { background: rgba(33, 195, 84, 0.12); border-color: rgba(33, 195, 84, 0.6); }
.gammon-loss { background: rgba(255, 75, 75, 0.1); border-color: rgba(255, 75, 75, 0.6); }
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
        f'{STYLE}\n\n<div class="gammon-answer">'
        f'<span class="gammon-answer-label">{escape(label)}</span>'
        f'<span class="gammon-answer-figure{words}">{escape(figure)}</span>'
        f'<span class="gammon-answer-line">{escape(line)}</span>{extra}</div>',
        unsafe_allow_html=True,
    )
