"""The dearest link of each public page: a search over the inputs a link can carry, each page's
worst link and its server CPU time, beside the page at its defaults in the same run.

    python -m benchmarks.public_pages [--repeat 5] [--pages home planner ...]
    python -m benchmarks.public_pages --link "planner?rating=1238&target=1529&..." [--link ...]

Each link is opened under Streamlit's AppTest as a browser opens it: a new session of
``app.py`` whose first run draws the page with the link's URL parameters. That run is timed in
this process's CPU time (AppTest runs the script in a thread of this process; on a shared
machine CPU time moves far less than wall time, which waits for the cores), with every cache
emptied first (``st.cache_data`` and the change lookup's): a stranger can always ask for a
value no one asked for yet. Every parameter is checked to have reached its widget (a value
outside the page's bounds would be refused with a notice and the default used instead).

The search, per page: every link of a grid (the product of the axes in :data:`GRID`, each at
its extremes: the bounds of ``IntParam``/``FloatParam``, every choice that changes the
computation, the rule sets that stretch it), plus the known links (:data:`KNOWN`: the Planner
link that once cost 10 s); then, from the dearest, one axis of :data:`AXES` (every parameter
of the page) at a time moved to each of its values, a move kept when it costs 15 % and 20 ms
more, until a pass over every axis keeps none. The page's dearest link is then timed
``--repeat`` times, as are the page at its defaults and the home page at its defaults (the
baseline). Each search run is timed once; the machine is shared, so figures move with its
load (printed).

Two more cases are timed the same way: the Classic page's teams and the Planner's results
given 100 times the text a field takes after the page opened at its defaults, as a hand-made
message could (the browser's field stops at the limit; Streamlit cuts the value on the server to
the field's ``max_chars``).
"""

from __future__ import annotations

import argparse
import itertools
import logging
import os
import platform
import statistics
import time
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tests.ui.apptest_support import cold_run_cpu, new_session

Params = dict[str, str]
#: An axis of the search: a name and the parameter sets it takes (one set may set several).
Axis = tuple[str, tuple[Params, ...]]


@dataclass(frozen=True)
class Link:
    """One page with one set of link parameters (and, optionally, text pasted afterwards)."""

    page: str  #: the page's name, as in its catalog keys ("planner")
    params: Params
    #: Text fields given a value after the page opened, past the field's limit, as a
    #: hand-made message could send it (the browser's field stops at the limit).
    pasted: tuple[tuple[str, str, str], ...] = ()  #: (widget kind, name, text)

    @property
    def script(self) -> str:
        return f"pages/{self.page}.py"

    @property
    def url(self) -> str:
        """The link as printed: a long value by its length (a team, the results)."""
        path = "/" if self.page == "home" else f"/{self.page}"
        shown = {k: v if len(v) <= 40 else f"<{len(v):,} chars>" for k, v in self.params.items()}
        query = urllib.parse.urlencode(shown, safe=",;<> ", quote_via=urllib.parse.quote)
        pasted = "".join(f" + {name} pasted ({len(text):,} chars)" for _, name, text in self.pasted)
        return (f"{path}?{query}" if query else path) + pasted


def _each(name: str, *values: str) -> Axis:
    """One parameter at each of ``values``."""
    return name, tuple({name: v} for v in values)


#: Rule sets that stretch the computation: the article's three, a custom set at the steepest
#: curve with an odd K (odd K at cubes 2, 8 and 32 puts a saturated change on a half-integer,
#: where Go's last bits could decide), the flattest curve at the largest K (every game far
#: beyond the change lookup), and a heavy week from game 0.
RULE_SETS: Axis = (
    "rules",
    (
        {},
        {"rules": "1.0.5"},
        {"rules": "custom", "divisor": "1", "k": "999", "heavy_k": "999", "heavy_games": "0"},
        {"rules": "custom", "divisor": "100000", "k": "1000", "heavy_k": "1000"},
        {"rules": "custom", "divisor": "3", "k": "1", "heavy_k": "999", "heavy_games": "0"},
    ),
)
#: Each custom value alone at its bounds (the ascent moves them one at a time).
CUSTOM_AXES: tuple[Axis, ...] = (
    _each("divisor", "1", "3", "100000"),
    _each("k", "1", "3", "999", "1000"),
    _each("heavy_k", "1", "999", "1000"),
    _each("heavy_games", "0", "100000"),
)
RATINGS = ("-100000", "1500", "100000")
#: The link's teams at the text fields' 500-character limit: 125 ratings of 3 characters each.
TEAM = ",".join(["999"] * 125)
#: The Planner's performance list at the same limit: 125 games of "1 1" (opponent 1, a win).
RESULTS = "\n".join(["1 1"] * 125)
#: The Planner's climbs: the default, the link that once cost 10 s, the longest climb, a climb
#: far past the settling rating, and the longest fall.
CLIMBS: Axis = (
    "climb",
    (
        {},
        {"rating": "1238", "target": "1529", "opponent": "1500"},
        {"rating": "-100000", "target": "100000", "opponent": "0"},
        {"rating": "1500", "target": "100000", "opponent": "1500"},
        {"rating": "100000", "target": "-100000", "opponent": "0"},
    ),
)

AXES: dict[str, tuple[Axis, ...]] = {
    "home": (
        _each("rating", *RATINGS),
        _each("opponent", *RATINGS),
        _each("cube", "1", "8", "64"),
        RULE_SETS,
        _each("games", "0", "49", "100000"),
        _each("opponent_games", "0", "100000"),
        _each("type", "ranked", "boosted", "tournament"),
        _each("ending", "normal", "backgammon", "resigned"),
        *CUSTOM_AXES,
    ),
    "planner": (
        CLIMBS,
        _each("win_rate", "0", "50", "99.9", "100"),
        _each("cube", "1", "8", "64", "mix"),
        RULE_SETS,
        _each("per_week", "1", "2000"),
        _each("this_week", "0", "10080"),
        _each("expected", "true", "false"),
        ("results", ({}, {"results": RESULTS})),
        *CUSTOM_AXES,
    ),
    "explain": (
        _each("rating", *RATINGS),
        _each("opponent", *RATINGS),
        _each("change", "-10000", "0", "12", "10000"),
        _each("when", "before", "after"),
        _each("cube", "any", "8", "64"),
        RULE_SETS,
        *CUSTOM_AXES,
    ),
    "divisors": (
        _each("difference", "-2000", "0", "2000"),
        _each("k", "1", "999", "1000"),
        _each("cube", "1", "8", "64"),
        (
            "custom",
            ({}, {"custom_on": "true", "custom": "1"}, {"custom_on": "true", "custom": "100000"}),
        ),
        _each("span", "100", "2000"),
        _each("fibs", "false", "true"),
    ),
    "tables": (
        RULE_SETS,
        _each("table_k", "1", "999", "1000"),
        _each("table_heavy_k", "1", "999", "1000"),
        _each("cube", "1", "8", "64"),
        _each("difference", "0", "2000"),
        *CUSTOM_AXES,
    ),
    "classic": (
        ("teams", ({}, {"teams": "true", "team_a": TEAM, "team_b": TEAM})),
        _each("a", "-100000", "100000"),
        _each("b", "-100000", "100000"),
        _each("score", "1", "0.5", "0"),
        (
            "k",
            (
                {},
                {"k": "10"},
                {"k": "custom", "k_custom": "1000"},
                {"k": "custom", "k_custom": "0.1"},
            ),
        ),
        _each("divisor", "1", "400", "100000"),
    ),
}
PAGES = tuple(AXES)
#: The axes crossed in full, by their names; the others start at the page's defaults.
GRID: dict[str, tuple[str, ...]] = {
    "home": ("rating", "opponent", "cube", "rules"),
    "planner": ("climb", "win_rate", "cube", "rules"),
    "explain": ("rating", "change", "when", "cube", "rules"),
    "divisors": ("difference", "k", "cube", "custom", "span"),
    "tables": ("rules", "table_k", "cube", "difference"),
    "classic": ("teams", "a", "b", "score", "k", "divisor"),
}
#: Links the search always tries: the Planner link that cost 10 s of CPU.
KNOWN: dict[str, tuple[Params, ...]] = {
    "planner": (
        {
            "rating": "1238",
            "target": "1529",
            "opponent": "1500",
            "per_week": "2000",
            "cube": "64",
            "win_rate": "99.9",
            "rules": "custom",
            "divisor": "100000",
            "k": "1000",
            "heavy_k": "1000",
            "heavy_games": "0",
        },
    ),
}
#: 100 times what a text field takes: a team of 12,500 ratings, 12,500 games of results.
PASTED: dict[str, tuple[Params, tuple[tuple[str, str, str], ...]]] = {
    "classic": (
        {"teams": "true"},
        (
            ("text_input", "team_a", ",".join(["999"] * 12_500)),
            ("text_input", "team_b", ",".join(["999"] * 12_500)),
        ),
    ),
    "planner": ({}, (("text_area", "results", "\n".join(["1 1"] * 12_500)),)),
}
#: A move of the ascent is kept only when it costs this much more (the machine's noise).
GAIN, GAIN_SECONDS = 1.15, 0.020


def cost(link: Link) -> float:
    """The CPU seconds of the run that draws the page from ``link`` (then of the pasted text's
    run, if any), with every cache empty."""
    at = new_session(link.script, **link.params)
    took = cold_run_cpu(at)
    if at.exception:
        raise SystemExit(f"{link.url}: the run raised {at.exception[0].value}")
    for name, raw in link.params.items():
        value = at.session_state[f"{link.page}.{name}"]
        if not taken(value, raw):
            raise SystemExit(f"{link.url}: {name}={raw!r} was not taken ({value!r})")
    for kind, name, text in link.pasted:
        getattr(at, kind)(key=f"{link.page}.{name}").set_value(text)
        took = cold_run_cpu(at)
    return took


def taken(value: Any, raw: str) -> bool:
    """Whether the widget holds the link's value (a number, a flag, a choice or a text)."""
    if isinstance(value, bool):
        return value == (raw == "true")
    if isinstance(value, int | float):
        return float(value) == float(raw)
    return str(value) == raw


def grid(page: str) -> list[Params]:
    """Every link of the page's grid, and its known links."""
    crossed = [axis for axis in AXES[page] if axis[0] in GRID[page]]
    links = [merged(sets) for sets in itertools.product(*(values for _, values in crossed))]
    return links + list(KNOWN.get(page, ()))


def merged(sets: Iterable[Params]) -> Params:
    out: Params = {}
    for params in sets:
        out |= params
    return out


def moved(params: Params, axis: Axis, to: Params) -> Params:
    """``params`` with the axis's parameters replaced by ``to`` (none of them: its default)."""
    names = {name for values in axis[1] for name in values}
    return {k: v for k, v in params.items() if k not in names} | to


def search(page: str) -> tuple[Params, int]:
    """The dearest link found (its parameters) and the number of links timed."""
    costs: dict[tuple[tuple[str, str], ...], float] = {}

    def timed(params: Params) -> float:
        key = tuple(sorted(params.items()))
        if key not in costs:
            costs[key] = cost(Link(page, params))
        return costs[key]

    best = max(grid(page), key=timed)
    kept = True
    while kept:
        kept = False
        for axis in AXES[page]:
            for to in axis[1]:
                candidate = moved(best, axis, to)
                if timed(candidate) > max(GAIN * timed(best), timed(best) + GAIN_SECONDS):
                    best, kept = candidate, True
    return best, len(costs)


def median_cost(link: Link, repeat: int) -> float:
    return statistics.median(cost(link) for _ in range(repeat))


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each link reported")
    parser.add_argument("--pages", nargs="+", choices=PAGES, default=list(PAGES))
    parser.add_argument(
        "--link", action="append", default=[], help="time this link (page?query) only"
    )
    args = parser.parse_args()
    # Emptying the caches between runs, outside a script run, is what the warnings are about.
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    print(
        f"AppTest (the server's script run only), CPU seconds, caches emptied before each run; "
        f"Python {platform.python_version()}, {platform.machine()}; load average {load()}"
    )
    for page in PAGES:  # the first run of each page imports its modules: not a reader's cost
        cost(Link(page, {}))
    home = median_cost(Link("home", {}), args.repeat)
    print(f"baseline: the home page at its defaults, {home:.3f} s (median of {args.repeat})")
    if args.link:
        for text in args.link:
            path, _, query = text.lstrip("/").partition("?")
            link = Link(path or "home", dict(urllib.parse.parse_qsl(query)))
            took = median_cost(link, args.repeat)
            print(f"{took:8.3f} s {took / home:8.1f}× home  {link.url}")
    else:
        for page in args.pages:
            report(page, home, args.repeat)
    print(f"load average at the end {load()}")


def report(page: str, home: float, repeat: int) -> None:
    """The page's defaults, its dearest link found, and its pasted case, timed ``repeat`` times."""
    started = time.perf_counter()
    found, tried = search(page)
    print(f"{page}: {tried} links timed once in {time.perf_counter() - started:.0f} s")
    defaults = median_cost(Link(page, {}), repeat)
    cases = [("defaults", Link(page, {})), ("dearest", Link(page, found))]
    if page in PASTED:
        params, pasted = PASTED[page]
        cases.append(("pasted", Link(page, params, pasted)))
    for name, link in cases:
        took = defaults if name == "defaults" else median_cost(link, repeat)
        print(
            f"  {name:<9}{took:8.3f} s {took / defaults:7.1f}× defaults {took / home:7.1f}× home"
            f"  {link.url if name != 'defaults' else ''}"
        )


if __name__ == "__main__":
    main()
