"""Hostile links: whatever a URL holds, a page runs without an exception and names every bad
parameter in a visible notice, falling back to its default.

The parsing is tested where it is cheap, on ``ui.params`` directly: thousands of values for every
kind of parameter (whole number, number, choice, on/off, list), each either read as a valid value
or refused with a notice that names the parameter, the value and the default; the fixed corpus
holds every hostile value below. Full pages run under AppTest only for what a page adds, the
wiring of its own parameters: every parameter bad at once (each just past its page's bounds, or
near its page's choices) in every view and both languages, plus a few random links per page.
The markup payloads, on every parameter of every page, are test_plain_text.py's.
"""

from __future__ import annotations

import math
import random
import string
from collections.abc import Callable
from typing import Any

import pytest
from apptest_support import open_page
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ui.params import BoolParam, ChoiceParam, FloatParam, IntParam, ListParam, Param
from ui.plain import code

#: Values no parameter accepts: words, blanks, NaN, infinities, overflow, markup, formulas.
HOSTILE = [
    "abc", "", " ", "nan", "NaN", "inf", "-inf", "1e400", "9" * 40, "<img src=x onerror=alert(1)>",
    "=HYPERLINK(1)", "0x10", "½", "١٥٠٠", "None", "null", "[]", "{}", "1,5", "--1",
]  # fmt: skip

#: Hypothesis examples per property (drawing them, not reading them, is what costs time); the
#: fixed corpus below adds thousands of values to every property at almost no cost. Derandomized:
#: the same examples every run, so that a failure is seen again on the next run.
EXAMPLES = 100
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True)


def corpus(size: int = 4000) -> list[str]:
    """Thousands of link values, the same every run: numbers written every way a link might write
    them (signs, exponents, blanks, underscores, other scripts' digits), words and junk."""
    rng = random.Random("corpus")
    digits = "0123456789"
    values = list(HOSTILE)
    while len(values) < size:
        kind = rng.randrange(6)
        if kind == 0:
            values.append(str(rng.randint(-(10 ** rng.randint(0, 12)), 10 ** rng.randint(0, 12))))
        elif kind == 1:
            number = rng.uniform(-1, 1) * 10 ** rng.randint(-6, 8)
            values.append(rng.choice(["{:g}", "{:.3f}", "{!r}", "{:e}", "{:+}"]).format(number))
        elif kind == 2:
            text = "".join(rng.choice(digits) for _ in range(rng.randint(1, 7)))
            values.append(
                rng.choice(["", " ", "+", "-", "\t"])
                + text
                + rng.choice(["", " ", ".", ".0", "e2", "_0"])
            )
        elif kind == 3:
            values.append("".join(rng.choice(string.printable) for _ in range(rng.randint(0, 10))))
        elif kind == 4:
            values.append("".join(chr(rng.randint(0x80, 0x2FFF)) for _ in range(rng.randint(1, 4))))
        else:
            word = rng.choice([str(c) for options in CHOICES for c in options] + ["true", "false"])
            values.append(rng.choice([word, word.upper(), f" {word} ", word + ",", word[1:]]))
    return values


#: Texts a link may carry: anything, and above all what looks like a number.
NUMBERISH = st.from_regex(
    r"\s?[-+]?[0-9_٠-٩]{0,8}(\.[0-9]{0,4})?([eE][-+]?[0-9]{1,4})?\s?", fullmatch=True
)
RAW = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=30),
    st.text(alphabet=string.printable, max_size=12),
    NUMBERISH,
    st.integers().map(str),
    st.floats().map(str),
    st.floats().map(repr),
)


def refused_with_notice(param: Param, raw: str, value: Any, notice: str | None) -> None:
    """A refused value falls back to the default, and the notice names parameter, value and
    default (the catalog's "`name=value` is not valid …; using the default, D"), the link's text
    in one code span whatever backticks it holds."""
    assert notice is not None, (param.name, raw)
    assert value == param.default
    assert code(f"{param.name}={raw[:40]}") in notice, notice
    assert notice.endswith(f"default, {param.show(param.default)}."), notice


def check(param: Param, raw: str, accepts: Callable[[Any], bool]) -> Any:
    """Read ``raw``: either a value ``accepts`` approves, which reads back the same from the URL
    text the page writes for it, or a refusal with its notice. Returns the value read (or None)."""
    value, notice = param.read(raw)
    if notice is not None:
        refused_with_notice(param, raw, value, notice)
        return None
    assert accepts(value), (param.name, raw, value)
    assert param.read(param.show(value)) == (value, None), (raw, value, param.show(value))
    return value


# --- Whole numbers ------------------------------------------------------------------------------

#: The whole-number bounds the pages declare (rating, games, K, difference, span, seed …).
INT_BOUNDS = [
    (-100_000, 100_000), (0, 100_000), (1, 1000), (-2000, 2000), (0, 2000), (100, 2000),
    (10, 20_000), (1, 104), (0, 2**31 - 1), (1, 100_000),
]  # fmt: skip


@FUZZ
@given(bounds=st.sampled_from(INT_BOUNDS), raw=RAW)
@example(bounds=(1, 1000), raw="1_000")  # Python's int() would take it
@example(bounds=(1, 1000), raw="١٥")
@example(bounds=(1, 1000), raw="1.5")
def test_whole_numbers_are_read_or_refused_with_a_notice(bounds: tuple[int, int], raw: str) -> None:
    whole_number(bounds, raw)


def whole_number(bounds: tuple[int, int], raw: str) -> None:
    low, high = bounds
    param = IntParam(name="rating", default=max(low, min(1500, high)), low=low, high=high)
    value = check(param, raw, lambda v: type(v) is int and low <= v <= high)
    text = raw.strip()
    if value is not None:
        assert text.isascii() and "_" not in text and float(text) == value
    elif text.isascii() and "_" not in text:
        try:
            number = float(text)
        except ValueError:
            return
        assert not (math.isfinite(number) and number.is_integer() and low <= number <= high)


@FUZZ
@given(data=st.data(), bounds=st.sampled_from(INT_BOUNDS))
def test_every_whole_number_in_bounds_is_read_and_every_other_refused(
    data: st.DataObject, bounds: tuple[int, int]
) -> None:
    low, high = bounds
    param = IntParam(name="k", default=low, low=low, high=high)
    inside = data.draw(st.integers(low, high))
    assert param.read(str(inside)) == (inside, None)
    assert param.read(f"{inside}.0") == (inside, None)
    outside = data.draw(st.one_of(st.integers(max_value=low - 1), st.integers(min_value=high + 1)))
    refused_with_notice(param, str(outside), *param.read(str(outside)))


# --- Numbers ------------------------------------------------------------------------------------

#: The number bounds the pages declare (divisor, ratings A and B, custom K, heavy share …).
FLOAT_BOUNDS = [
    (1.0, 100_000.0), (-100_000.0, 100_000.0), (0.1, 1000.0), (0.0, 1000.0), (100.0, 100_000.0),
    (1.0, 300.0), (0.0, 1.0),
]  # fmt: skip


@FUZZ
@given(bounds=st.sampled_from(FLOAT_BOUNDS), raw=RAW)
@example(bounds=(1.0, 100_000.0), raw="1e400")
@example(bounds=(1.0, 100_000.0), raw="1_000")
def test_numbers_are_read_or_refused_with_a_notice(bounds: tuple[float, float], raw: str) -> None:
    number(bounds, raw)


def number(bounds: tuple[float, float], raw: str) -> None:
    low, high = bounds
    param = FloatParam(name="divisor", default=low, low=low, high=high)
    value, notice = param.read(raw)
    if notice is not None:
        refused_with_notice(param, raw, value, notice)
        return
    assert math.isfinite(value) and low <= value <= high
    assert raw.strip().isascii() and "_" not in raw
    # The URL writes 6 significant digits (f"{v:g}"): read back, still valid, nearly the same.
    again, notice = param.read(param.show(value))
    assert notice is None and math.isclose(again, value, rel_tol=1e-5, abs_tol=1e-9)


@FUZZ
@given(data=st.data(), bounds=st.sampled_from(FLOAT_BOUNDS))
def test_every_number_in_bounds_is_read_and_every_other_refused(
    data: st.DataObject, bounds: tuple[float, float]
) -> None:
    low, high = bounds
    param = FloatParam(name="custom", default=high, low=low, high=high)
    inside = data.draw(st.floats(low, high))
    assert param.read(repr(inside)) == (inside, None)
    outside = data.draw(
        st.one_of(
            st.floats(max_value=low, exclude_max=True),
            st.floats(min_value=high, exclude_min=True),
        )
    )
    refused_with_notice(param, repr(outside), *param.read(repr(outside)))


# --- Choices, on/off and lists ------------------------------------------------------------------

CHOICES = [
    (1, 2, 4, 8, 16, 32, 64),
    ("1.0.5", "1.2.0", "1.3.1", "custom"),
    ("ranked", "boosted", "tournament"),
    ("1", "0.5", "0"),
    ("normal", "uniform", "skewed"),
]
#: Texts close to a choice: its own text, cased, padded, or one character off.
NEAR = st.sampled_from([str(c) for options in CHOICES for c in options]).flatmap(
    lambda text: st.sampled_from(
        [text, text.upper(), f" {text} ", text + "x", text[:-1], text + ",", text.title()]
    )
)


@FUZZ
@given(choices=st.sampled_from(CHOICES), raw=st.one_of(RAW, NEAR))
@example(choices=CHOICES[0], raw="3")
def test_choices_are_read_or_refused_with_a_notice(choices: tuple[Any, ...], raw: str) -> None:
    one_of(choices, raw)


def one_of(choices: tuple[Any, ...], raw: str) -> None:
    param = ChoiceParam(name="cube", default=choices[0], choices=choices)
    value = check(param, raw, lambda v: v in choices)
    known = {str(c) for c in choices}
    assert (value is not None) == (raw.strip() in known)


@FUZZ
@given(raw=st.one_of(RAW, st.sampled_from(["1", "0", "true", "FALSE", " True ", "2", "yes"])))
def test_switches_are_read_or_refused_with_a_notice(raw: str) -> None:
    switch(raw)


def switch(raw: str) -> None:
    param = BoolParam(name="fibs", default=False)
    value, notice = param.read(raw)
    if raw.strip().lower() in {"1", "0", "true", "false"}:
        assert notice is None and value == (raw.strip().lower() in {"1", "true"})
        assert param.read(param.show(value)) == (value, None)
    else:
        refused_with_notice(param, raw, value, notice)


RULE_SETS = ["1.0.5", "1.2.0", "1.3.1", "1.3.1-flat", "custom"]


@FUZZ
@given(
    raw=st.one_of(
        RAW,
        st.lists(st.sampled_from([*RULE_SETS, "zzz", "", " 1.2.0 ", "1.3.2"]), max_size=6).map(
            ",".join
        ),
    )
)
@example(raw="1.3.1,zzz")
@example(raw=",,")
def test_lists_are_read_or_refused_with_a_notice(raw: str) -> None:
    subset(raw)


def subset(raw: str) -> None:
    param = ListParam(name="rules", default=["1.3.1"], choices=RULE_SETS)
    value = check(param, raw, lambda v: bool(v) and all(item in RULE_SETS for item in v))
    items = [item.strip() for item in raw.split(",") if item.strip()]
    assert (value is not None) == (bool(items) and all(item in RULE_SETS for item in items))


def test_thousands_of_fixed_values_for_every_kind_of_parameter() -> None:
    """Every value against every kind of parameter, the bounds and choices taken in turn."""
    for index, raw in enumerate(corpus()):
        whole_number(INT_BOUNDS[index % len(INT_BOUNDS)], raw)
        number(FLOAT_BOUNDS[index % len(FLOAT_BOUNDS)], raw)
        one_of(CHOICES[index % len(CHOICES)], raw)
        switch(raw)
        subset(raw)
        subset(raw + "," + raw[::-1])


# --- Whole pages, with the nastiest links -------------------------------------------------------


def ints(low: int, high: int, *, good_up_to: int | None = None) -> tuple[Any, list[str]]:
    """A whole-number parameter accepting low … high; good values drawn up to good_up_to."""
    top = high if good_up_to is None else good_up_to
    good = lambda rng: str(rng.randint(low, top))  # noqa: E731
    return good, [str(low - 1), str(high + 1), "1.5", *HOSTILE]


def floats(low: float, high: float, *, good_up_to: float | None = None) -> tuple[Any, list[str]]:
    """A number parameter accepting low … high; good values drawn up to good_up_to."""
    top = high if good_up_to is None else good_up_to
    good = lambda rng: f"{rng.uniform(low, top):.3f}"  # noqa: E731
    return good, [str(low - 1), str(high * 2), *(h for h in HOSTILE if h != "1,5")]


def choice(*options: str) -> tuple[Any, list[str]]:
    return (lambda rng: rng.choice(options)), ["RANKED", "1.3.2", "Custom", *HOSTILE]


def flag() -> tuple[Any, list[str]]:
    return (lambda rng: rng.choice(["0", "1", "true", "false"])), ["2", "yes", *HOSTILE]


SIMULATOR_RULES = ["1.0.5", "1.2.0", "1.3.1", "1.3.1-flat", "custom"]
RULES = choice("1.3.1", "1.2.0", "1.0.5", "custom")
CUBES = choice("1", "2", "4", "8", "16", "32", "64")
SHARED = {"lang": choice("en", "el"), "view": choice("full", "compact", "chart", "table")}

PAGES = {
    "app.py": {
        "rating": ints(-100_000, 100_000),
        "opponent": ints(-100_000, 100_000),
        "cube": CUBES,
        "games": ints(0, 100_000),
        "opponent_games": ints(0, 100_000),
        "rules": RULES,
        "divisor": floats(1, 100_000),
        "k": ints(1, 1000),
        "heavy_k": ints(1, 1000),
        "heavy_games": ints(0, 100_000),
        "type": choice("ranked", "boosted", "tournament"),
        "ending": choice("normal", "gammon", "backgammon", "resigned", "left", "timed_out"),
    },
    "pages/divisors.py": {
        "difference": ints(-2000, 2000),
        "k": ints(1, 1000),
        "cube": CUBES,
        "custom_on": flag(),
        "custom": floats(1, 100_000),
        "fibs": flag(),
        "span": ints(100, 2000),
    },
    "pages/tables.py": {
        "rules": RULES,
        "divisor": floats(1, 100_000),
        "k": ints(1, 1000),
        "table_k": ints(1, 1000),
        "table_heavy_k": ints(1, 1000),
        "cube": CUBES,
        "difference": ints(0, 2000),
    },
    "pages/classic.py": {
        "teams": flag(),
        "a": floats(-100_000, 100_000),
        "b": floats(-100_000, 100_000),
        "score": choice("1", "0.5", "0"),
        "k": choice("40", "32", "20", "16", "10", "custom"),
        "k_custom": floats(0.1, 1000),
        "divisor": floats(1, 100_000),
    },
    "pages/lab/history.py": {
        "source": choice("sample", "upload"),
        "rules": (
            lambda rng: ",".join(rng.sample(["1.0.5", "1.2.0", "1.3.1"], rng.randint(1, 3))),
            ["1.3.1,zzz", "custom", *HOSTILE],
        ),
        "skip_invalid": flag(),
    },
    "pages/lab/simulator.py": {
        # Small populations keep the random links quick; the defaults (2 000 × 26) run once.
        "players": ints(10, 20_000, good_up_to=200),
        "weeks": ints(1, 104, good_up_to=3),
        "seed": ints(0, 2**31 - 1, good_up_to=5),
        "strength": choice("normal", "uniform", "skewed"),
        "strength_sd": floats(0, 1000, good_up_to=300),
        "games_per_week": floats(1, 300, good_up_to=40),
        "heavy_share": floats(0, 100, good_up_to=20),  # a percentage
        "pairing": choice("random", "band"),
        "rules": (
            lambda rng: ",".join(rng.sample(SIMULATOR_RULES, 2)),
            ["1.3.1,zzz", *HOSTILE],
        ),
        "divisor": ints(1, 100_000),
        "k": ints(1, 1000),
    },
}
#: Parameters whose bad value would fall back to an expensive default: rarely made bad at random.
COSTLY = {"players", "weeks"}
#: Views the all-bad links show, one a link, in English and Greek in turn; a last link has a bad
#: view and language too.
VIEWS = ["full", "compact", "chart", "table"]
#: Links with every parameter bad at once, per page.
ALL_BAD = len(VIEWS) + 1
#: Random links per page, a mix of good and bad values.
RANDOM = 4


def all_bad_link(page: str, number: int) -> tuple[dict[str, str], set[str]]:
    """Every parameter of the page bad at once, each its number-th bad value: the first ones are
    the page's own (just past its bounds, near its choices). The link is in the number-th view,
    English and Greek in turn; past the views, bad in view and language too."""
    link = {name: hostile[number % len(hostile)] for name, (_, hostile) in PAGES[page].items()}
    bad = set(link)
    if number < len(VIEWS):
        link["view"] = VIEWS[number]
        link["lang"] = ("en", "el")[number % 2]
    else:
        link["view"] = SHARED["view"][1][number % len(SHARED["view"][1])]
        link["lang"] = SHARED["lang"][1][number % len(SHARED["lang"][1])]
        bad |= {"view", "lang"}
    return link, bad


def random_link(rng: random.Random, params: dict[str, Any]) -> tuple[dict[str, str], set[str]]:
    """A random query string for a page, and the names of the parameters made bad."""
    link: dict[str, str] = {}
    bad: set[str] = set()
    for name, (good, hostile) in {**SHARED, **params}.items():
        if rng.random() < 0.4:
            continue
        spoil = rng.random() < (0.03 if name in COSTLY else 0.3)
        link[name] = rng.choice(hostile) if spoil else good(rng)
        if spoil:
            bad.add(name)
    return link, bad


def assert_runs_and_names(page: str, link: dict[str, str], bad: set[str]) -> None:
    at = open_page(page, **link)
    where = f"{page}?{link}"
    assert not at.exception, (where, [e.message for e in at.exception])
    notices = " ".join(w.value for w in at.warning)
    for name in bad:
        assert f"`{name}=" in notices, (where, name, notices)


def test_the_all_bad_links_make_each_pages_own_bad_values() -> None:
    """The values past each page's own bounds and near its own choices reach the page; the other
    hostile values are the corpus's, read by every kind of parameter above."""
    assert set(HOSTILE) <= set(corpus())
    for page, params in PAGES.items():
        for name, (_, hostile) in params.items():
            made = {all_bad_link(page, number)[0][name] for number in range(ALL_BAD)}
            own = {value for value in hostile if value not in HOSTILE}
            assert own <= made, (page, name, own - made)
    views = {all_bad_link(page, number)[0]["view"] for number in range(ALL_BAD)}
    languages = {all_bad_link(page, number)[0]["lang"] for number in range(ALL_BAD)}
    assert set(VIEWS) < views and {"en", "el"} < languages


@pytest.mark.parametrize("page", list(PAGES))
def test_every_parameter_bad_at_once(page: str) -> None:
    for number in range(ALL_BAD):
        assert_runs_and_names(page, *all_bad_link(page, number))


@pytest.mark.parametrize("page", list(PAGES))
def test_random_links(page: str) -> None:
    rng = random.Random(f"links-{page}")
    for _ in range(RANDOM):
        assert_runs_and_names(page, *random_link(rng, PAGES[page]))
