"""The worst case of each public page: the server's time for one run of the page with every input
at its limit, beside the same page at its defaults, measured in the same run.

    python -m benchmarks.public_pages [--repeat 7] [--pages home planner ...]

Each page is opened under Streamlit's AppTest as a link opens it (``tests/ui/apptest_support``:
``app.py`` first, then the page with its URL parameters), so the figures are the server's part
only: the page's script run in this process, from ``at.run()`` until it returns, with no browser
and no websocket. Every parameter the link sets is checked to have reached its widget (a value
outside the page's bounds would be refused with a notice and the default used instead).

For each page and case, R runs after the one that opened it: **cold**, the caches emptied
before each run (``st.cache_data.clear()``: the first reader after a restart, or a value no one
asked for yet, which is what a stranger can always ask for), and **warm** (the same inputs
again: the caches answer). Each run's wall time and this process's CPU time (AppTest runs the
script in a thread of this process; on a shared machine the CPU time moves far less than the
wall time, which waits for the cores). Reported: the median and the slowest of each, and the
ratio of the limits' cold CPU median to the defaults' (the page's own baseline) and to the home
page's at its defaults.

A third case, **pasted**, gives the Classic page's teams and the Planner's results 100 times the
text a field takes, after the page opened, as a hand-made message could (the browser's field
stops at the limit; Streamlit cuts the value on the server to the field's ``max_chars``).

The limits are the pages' own (``IntParam``/``FloatParam`` ``low``/``high``, the text fields'
500-character ``limit``, ``ui/params.py``): ratings ±100,000, cube 64, K 1,000, the Divisors'
span 2,000, the Planner's 2,000 games a week and a full week of 10,080 games before game 1, the
Classic page's teams as long as the link may make them. The Planner's simulation is always
1,000 paths × 2,000 games (``ui/cached.py``), whatever the inputs. The machine is shared:
figures move with its load (printed).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.ui.apptest_support import open_page


@dataclass(frozen=True)
class Case:
    """One page with one set of link parameters."""

    page: str  #: the page's name, as in its catalog keys ("planner")
    name: str  #: "defaults", "limits" or "pasted"
    params: dict[str, str]
    #: Text fields given a value after the page opened, past the field's limit, as a
    #: hand-made message could send it (the browser's field stops at the limit).
    pasted: tuple[tuple[str, str, str], ...] = ()  #: (widget kind, name, text)

    @property
    def script(self) -> str:
        return "app.py" if self.page == "home" else f"pages/{self.page}.py"


#: The link's teams at the text fields' 500-character limit: 125 ratings of 3 characters each.
TEAM = ",".join(["999"] * 125)
#: The Planner's performance list at the same limit: 125 games of "1 1" (opponent 1, a win).
RESULTS = "\n".join(["1 1"] * 125)
#: A custom rule set at its limits: the steepest curve (÷1), the largest K, heavy from game 0.
CUSTOM_RULES = {"rules": "custom", "divisor": "1", "k": "1000", "heavy_k": "1000"}

LIMITS: dict[str, dict[str, str]] = {
    "home": {
        "rating": "-100000",
        "opponent": "100000",
        "cube": "64",
        "games": "100000",
        "opponent_games": "100000",
        **CUSTOM_RULES,
        "heavy_games": "0",
        "type": "tournament",
        "ending": "backgammon",
    },
    "planner": {
        "rating": "-100000",
        "target": "100000",
        "opponent": "0",
        "win_rate": "100",
        "per_week": "2000",
        "this_week": "10080",
        "cube": "mix",
        **CUSTOM_RULES,
        "heavy_games": "0",
        "results": RESULTS,
    },
    "explain": {
        "rating": "-100000",
        "when": "after",
        "change": "10000",
        "opponent": "100000",
        "cube": "any",
        **CUSTOM_RULES,
        "heavy_games": "0",
    },
    "divisors": {
        "difference": "2000",
        "k": "1000",
        "cube": "64",
        "custom_on": "true",
        "custom": "100000",
        "fibs": "true",
        "span": "2000",
    },
    "tables": {
        "rules": "1.3.1",
        "table_k": "1000",
        "table_heavy_k": "1000",
        "cube": "64",
        "difference": "2000",
    },
    "classic": {
        "teams": "true",
        "score": "0.5",
        "k": "custom",
        "k_custom": "1000",
        "divisor": "1",
        "team_a": TEAM,
        "team_b": TEAM,
    },
}
PAGES = tuple(LIMITS)
#: 100 times what a text field takes: a team of 12,500 ratings, 10,000 games of results.
PASTED = {
    "classic": (
        ("text_input", "team_a", ",".join(["999"] * 12_500)),
        ("text_input", "team_b", ",".join(["999"] * 12_500)),
    ),
    "planner": (("text_area", "results", "\n".join(["1 1"] * 12_500)),),
}
CASES = ("defaults", "limits", "pasted")


def cases(pages: tuple[str, ...]) -> list[Case]:
    found = []
    for page in pages:
        found += [Case(page, "defaults", {}), Case(page, "limits", LIMITS[page])]
        if page in PASTED:
            limits = {k: v for k, v in LIMITS[page].items() if k not in ("team_a", "team_b")}
            found.append(Case(page, "pasted", limits, PASTED[page]))
    return found


def opened(case: Case) -> AppTest:
    """The page as its link opens it; stops if a parameter did not reach its widget."""
    at = open_page(case.script, **case.params)
    if at.exception:
        raise SystemExit(f"{case.page} {case.name}: {at.exception[0].value}")
    for name, raw in case.params.items():
        value = at.session_state[f"{case.page}.{name}"]
        if not taken(value, raw):
            raise SystemExit(f"{case.page} {case.name}: {name}={raw!r} was not taken ({value!r})")
    for kind, name, text in case.pasted:
        field = getattr(at, kind)(key=f"{case.page}.{name}")
        field.set_value(text).run()
        kept = at.session_state[f"{case.page}.{name}"]
        print(f"{case.page} {case.name}: {name} given {len(text):,} characters, kept {len(kept)}")
    return at


def taken(value: Any, raw: str) -> bool:
    """Whether the widget holds the link's value (a number, a flag, a choice or a text)."""
    if isinstance(value, bool):
        return value == (raw == "true")
    if isinstance(value, int | float):
        return float(value) == float(raw)
    return str(value) == raw


def timed(at: AppTest, before: Callable[[], None]) -> tuple[float, float]:
    """One run of the page after ``before`` (not timed): its wall time and this process's CPU
    time in ms (AppTest runs the script in a thread of this process)."""
    before()
    cpu, start = time.process_time(), time.perf_counter()
    at.run()
    took = 1000 * (time.perf_counter() - start), 1000 * (time.process_time() - cpu)
    if at.exception:
        raise SystemExit(f"the run raised: {at.exception[0].value}")
    return took


def measure(case: Case, repeat: int) -> dict[str, list[float]]:
    """Wall and CPU times (ms) of ``repeat`` cold runs, then of ``repeat`` warm ones."""
    at = opened(case)
    cold = [timed(at, st.cache_data.clear) for _ in range(repeat)]
    warm = [timed(at, lambda: None) for _ in range(repeat)]
    return {
        "cold": [wall for wall, _ in cold],
        "cold CPU": [cpu for _, cpu in cold],
        "warm": [wall for wall, _ in warm],
        "warm CPU": [cpu for _, cpu in warm],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per case and kind")
    parser.add_argument("--pages", nargs="+", choices=PAGES, default=list(PAGES))
    args = parser.parse_args()
    pages = tuple(args.pages)
    if "home" not in pages:
        pages = ("home", *pages)  # the baseline
    print(
        f"AppTest (the server's script run only), {args.repeat} runs per case after the one "
        f"that opened the page; Python {platform.python_version()}, {platform.machine()}; "
        f"load average {'/'.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    figures = {(c.page, c.name): measure(c, args.repeat) for c in cases(pages)}
    report(pages, figures)


KINDS = ("cold", "cold CPU", "warm", "warm CPU")


def report(pages: tuple[str, ...], figures: dict[tuple[str, str], dict[str, list[float]]]) -> None:
    """Median (slowest) of each kind; the ratios are of the cold runs' median CPU times."""
    home = statistics.median(figures["home", "defaults"]["cold CPU"])
    print(
        f"{'page':<9}{'case':<9}"
        + "".join(f"{f'{kind} ms':>14}" for kind in KINDS)
        + f"{'÷ defaults':>12}{'÷ home':>9}"
    )
    for page in pages:
        base = statistics.median(figures[page, "defaults"]["cold CPU"])
        for name in CASES:
            if (page, name) not in figures:
                continue
            got = figures[page, name]
            cpu = statistics.median(got["cold CPU"])
            cells = "".join(
                f"{f'{statistics.median(got[kind]):.0f} ({max(got[kind]):.0f})':>14}"
                for kind in KINDS
            )
            print(f"{page:<9}{name:<9}{cells}{cpu / base:>11.2f}×{cpu / home:>8.2f}×")
    print(
        "cold: caches emptied before each run; median (slowest) in ms; ratios of the cold CPU "
        f"medians. Load average at the end {'/'.join(f'{x:.1f}' for x in os.getloadavg())}"
    )


if __name__ == "__main__":
    main()
