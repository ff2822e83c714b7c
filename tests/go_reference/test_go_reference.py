"""Differential test: gammon_elo.rating_change, and the array twin that rates many games at once
without the change lookup, against the article's Go code, compiled and run.

``tests/go_reference/main.go`` is the server's CalculateChangeWithK from the article, with the
divisor as a parameter; it reads "winnerELO loserELO winnerK loserK cube divisor" lines and
prints "winner loser". Go's math.Pow and C's pow (behind Python's math.pow) differ in the last
bits for about half of all exponents, so the interesting inputs are those where
K × (1 − E) × multiplier lies next to a half-integer: they are hunted down on purpose below.

The Go toolchain is required (Debian: ``apt-get install golang-go``; ``.ci/run`` installs it).
Without it these tests fail rather than skip: they are the evidence that the numbers are the
server's.
"""

from __future__ import annotations

import math
import os
import platform
import random
import shutil
import subprocess
from collections.abc import Iterable, Iterator
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from gammon_elo import Rules, change_steps, go_round, rating_change
from gammon_elo._core.arrays import changes_at, cube_multipliers

pytestmark = pytest.mark.go

GO_SOURCE = Path(__file__).resolve().parent
CUBES = (1, 2, 4, 8, 16, 32, 64)
#: Keeps the generated inputs the same from run to run (and from machine to machine).
SEED = 20261018

#: One game for the Go program: winnerELO, loserELO, winnerK, loserK, cube, divisor.
Case = tuple[int, int, int, int, int, float]


# --------------------------------------------------------------------------------------------
# The reference program


@pytest.fixture(scope="module")
def go_reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The article's Go code, built once for this module."""
    go = shutil.which("go")
    if go is None:
        pytest.fail(
            "the Go toolchain ('go') is not on PATH. These tests compare gammon_elo with the "
            "article's Go code and must not be skipped: install it (Debian: apt-get install "
            "golang-go; .ci/run does).",
            pytrace=False,
        )
    build_dir = tmp_path_factory.mktemp("go_reference")
    binary = build_dir / "reference"
    env = dict(os.environ)
    # The module has no dependencies: never reach for the network or another toolchain.
    env |= {"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "-mod=mod"}
    if not any(name in env for name in ("GOCACHE", "XDG_CACHE_HOME", "HOME")):
        env["GOCACHE"] = str(build_dir / "gocache")
    built = subprocess.run(
        [go, "build", "-o", str(binary), "."],
        cwd=GO_SOURCE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if built.returncode != 0:
        pytest.fail(f"go build failed:\n{built.stdout}{built.stderr}", pytrace=False)
    return binary


def run_go(binary: Path, cases: list[Case]) -> list[tuple[int, int]]:
    """The Go program's "winner loser" for every case."""
    # repr() of a float is the shortest string that reads back as the same float64, in Go too.
    lines = "".join(
        f"{winner} {loser} {wk} {lk} {cube} {divisor!r}\n"
        for winner, loser, wk, lk, cube, divisor in cases
    )
    ran = subprocess.run(
        [str(binary)], input=lines, capture_output=True, text=True, timeout=120, check=True
    )
    out = [line.split() for line in ran.stdout.splitlines()]
    assert len(out) == len(cases), f"Go answered {len(out)} lines for {len(cases)} inputs"
    return [(int(winner), int(loser)) for winner, loser in out]


@cache
def rules_for(divisor: float, winner_k: int, loser_k: int) -> Rules:
    """A rule set that gives the winner winner_k (no games this week) and the loser loser_k
    (one game this week, from which the heavy-week K applies)."""
    return Rules(divisor=divisor, k=winner_k, heavy_k=loser_k, heavy_games=1)


def ours(case: Case) -> tuple[int, int]:
    winner, loser, winner_k, loser_k, cube, divisor = case
    change = rating_change(
        winner,
        loser,
        cube=cube,
        winner_recent_games=0,
        loser_recent_games=1,
        rules=rules_for(divisor, winner_k, loser_k),
    )
    return change.winner, change.loser


def ours_at_once(cases: list[Case]) -> list[tuple[int, int]]:
    """The array twin's changes (``changes_at``: what the Planner rates its far games with, no
    lookup), all the games of one divisor at once."""
    found: list[tuple[int, int]] = [(0, 0)] * len(cases)
    by_divisor: dict[float, list[int]] = {}
    for i, case in enumerate(cases):
        by_divisor.setdefault(case[5], []).append(i)
    for divisor, at in by_divisor.items():
        winner, loser, winner_k, loser_k, cube = (
            np.array([cases[i][field] for i in at], dtype=np.int64) for field in range(5)
        )
        changes = changes_at(loser - winner, divisor, winner_k, loser_k, cube_multipliers(cube))
        for i, w, lo in zip(at, *changes, strict=True):
            found[i] = (int(w), int(lo))
    return found


def assert_same_as_go(binary: Path, cases: list[Case]) -> None:
    """Every case must round as Go does, by the scalar path and by the array twin; on a
    mismatch, print the inputs to replay it."""
    theirs = run_go(binary, cases)
    at_once = ours_at_once(cases)
    mismatches = [
        (case, go, mine)
        for case, go, twin in zip(cases, theirs, at_once, strict=True)
        if (mine := ours(case)) != go or twin != go
    ]
    if mismatches:
        shown = "\n".join(
            f"  go_reference input {' '.join(map(repr, case))!s:<60} Go {go}  gammon_elo {mine}"
            f" (at once {at_once[cases.index(case)]})"
            for case, go, mine in mismatches[:25]
        )
        pytest.fail(
            f"{len(mismatches)} of {len(cases)} inputs round differently from the Go code "
            f"(winnerELO loserELO winnerK loserK cube divisor):\n{shown}",
            pytrace=False,
        )


# --------------------------------------------------------------------------------------------
# The article's formula in floats, written here independently of the package, to hunt inputs.


def multiplier(cube: int) -> float:
    # Go: 1 + math.Log2(float64(cube))/6 (Log2 is exact on powers of two).
    return 1 + math.log2(cube) / 6


def unrounded(winner: int, loser: int, k: int, cube: int, divisor: float) -> float:
    """K × (1 − E) × multiplier with C's pow: within a few ulp of Go's."""
    expected = 1.0 / (1.0 + math.pow(10.0, float(loser - winner) / divisor))
    return float(k) * (1 - expected) * multiplier(cube)


def distance_to_half(x: float) -> float:
    return abs(abs(x) % 1.0 - 0.5)


def half_away_from_zero(x: float) -> int:
    """Go's math.Round, independently: Decimal(x) is the float's exact value."""
    return int(Decimal(x).to_integral_value(rounding=ROUND_HALF_UP))


# --------------------------------------------------------------------------------------------
# Inputs


def random_cases(rng: random.Random, count: int) -> Iterator[Case]:
    """Everyday games and odd ones: any ratings, K, cube and divisor the package accepts."""

    def rating() -> int:
        roll = rng.random()
        if roll < 0.8:
            return rng.randint(0, 3500)
        if roll < 0.97:
            return rng.randint(-1_000_000, 1_000_000)
        return rng.randint(-(2**62) + 1, 2**62 - 1)

    def k() -> int:
        roll = rng.random()
        if roll < 0.5:
            return rng.choice((32, 16))
        if roll < 0.9:
            return rng.randint(1, 100)
        return rng.randint(1, 2**40)

    def divisor() -> float:
        roll = rng.random()
        if roll < 0.3:
            return float(rng.choice((400, 800, 1200, 2000)))
        if roll < 0.6:
            return float(rng.randint(1, 5000))
        if roll < 0.9:
            return rng.uniform(1, 5000)
        return 10 ** rng.uniform(-3, 9)

    for _ in range(count):
        yield rating(), rating(), k(), k(), rng.choice(CUBES), divisor()


def hunted_near_ties(rng: random.Random, ks: Iterable[int]) -> Iterator[Case]:
    """Inputs whose K × (1 − E) × multiplier lies within 1e-9 of a half-integer.

    For every K, cube and half-integer t below K × multiplier, solve for the exponent x with
    K × (1 − E) × multiplier = t, where 1 − E = 10^x / (1 + 10^x), so x = log10(q / (1 − q))
    with q = t / (K × multiplier). Then realise x = d / D two ways: a whole rating difference d
    over a non-integer divisor D = d / x (lands within ~1e-13 of t, where the last bits of 10^x
    decide), and a whole difference over a whole divisor, the best rational approximation of x
    with D ≤ 10^6 (within ~1e-9).
    """
    for k in ks:
        for cube in CUBES:
            scale = k * multiplier(cube)
            n = 0
            while n + 0.5 < scale:
                q = (n + 0.5) / scale
                x = math.log10(q / (1 - q))
                n += 1
                if x == 0:
                    continue  # d = 0: the exact halves below
                difference = rng.randint(1, 3000) * (1 if x > 0 else -1)
                fraction = Fraction(x).limit_denominator(10**6)
                candidates = [(difference, difference / x)]
                if fraction.numerator:
                    candidates.append((fraction.numerator, float(fraction.denominator)))
                for d, divisor in candidates:
                    winner = rng.randint(0, 3000)
                    loser_k = k if rng.random() < 0.8 else rng.randint(1, 64)
                    yield winner, winner + d, k, loser_k, cube, divisor


def exact_halves(rng: random.Random) -> Iterator[Case]:
    """d = 0 (E = ½ exactly: K × ½ × multiplier, a half-integer for odd K at cube 1) and
    d = ±j × D (10^±j, exactly representable for j ≤ 22 as 10^j)."""
    for k in range(1, 65):
        for cube in CUBES:
            for divisor in (1200.0, 400.0, 937.5, 1.0, 3.0):
                rating = rng.randint(0, 3000)
                yield rating, rating, k, k, cube, divisor
                for j in (1, 2, 3, -1, -2, -3):
                    d = j * divisor
                    if d.is_integer():
                        yield rating, rating + int(d), k, k, cube, divisor


# --------------------------------------------------------------------------------------------
# Tests


def test_random_inputs_round_as_go(go_reference: Path) -> None:
    cases = list(random_cases(random.Random(SEED), 15_000))
    assert_same_as_go(go_reference, cases)


def test_exact_halves_round_as_go(go_reference: Path) -> None:
    cases = list(exact_halves(random.Random(SEED + 1)))
    # Sanity of the generator: plenty of exact halves at d = 0 (K odd, cube 1 …).
    halves = [c for c in cases if c[0] == c[1] and distance_to_half(unrounded(*c[:3], *c[4:])) == 0]
    assert len(halves) >= 200, len(halves)
    assert_same_as_go(go_reference, cases)


def reference_is_amd64_with_fma() -> bool:
    """Whether this machine's Go computes Pow as the server's does (linux/amd64, AVX + FMA)."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    flags = next((line.split() for line in cpuinfo.splitlines() if line.startswith("flags")), [])
    return "fma" in flags and "avx" in flags and "cpu.fma=off" not in os.environ.get("GODEBUG", "")


def test_hunted_near_ties_round_as_go(go_reference: Path) -> None:
    rng = random.Random(SEED + 2)
    ks = [*range(1, 41), 48, 64, 100, 1000]
    cases = [
        c for c in hunted_near_ties(rng, ks) if distance_to_half(unrounded(*c[:3], *c[4:])) <= 1e-9
    ]
    # The hunt must find what it looks for, or this test proves nothing.
    ultra = {c for c in cases if distance_to_half(unrounded(*c[:3], *c[4:])) <= 1e-13}
    whole_divisors = [c for c in cases if c[5].is_integer()]
    assert len(cases) >= 15_000, len(cases)
    assert len(ultra) >= 5_000, len(ultra)
    assert len(whole_divisors) >= 5_000, len(whole_divisors)

    if not reference_is_amd64_with_fma():
        pytest.skip(
            "this machine's Go computes math.Pow differently from linux/amd64 with FMA (the "
            "server, which gammon_elo reproduces) in the last bit, which decides these ties"
        )
    theirs = run_go(go_reference, cases)
    # These inputs are worth testing: the textbook formula with C's pow (and Go's rounding)
    # gets some of them wrong, so a package that used it would fail here.
    textbook = [
        (
            half_away_from_zero(unrounded(winner, loser, wk, cube, d)),
            half_away_from_zero(-unrounded(winner, loser, lk, cube, d)),
        )
        for winner, loser, wk, lk, cube, d in cases
    ]
    wrong = sum(t != g for t, g in zip(textbook, theirs, strict=True))
    assert wrong >= 100, f"only {wrong} hunted inputs separate C's pow from Go's"
    assert_same_as_go(go_reference, cases)

    # The step-by-step explanation (what the app and rate_game show) rounds the same way: one
    # in five of the closest ties is enough, it shares the code path.
    closest = [(case, go) for case, go in zip(cases, theirs, strict=True) if case in ultra]
    for case, go in closest[::5]:
        winner, loser, winner_k, loser_k, cube, divisor = case
        steps = change_steps(
            winner,
            loser,
            cube=cube,
            loser_recent_games=1,
            rules=rules_for(divisor, winner_k, loser_k),
        )
        assert (steps.change.winner, steps.change.loser) == go, case
        assert go_round(steps.winner_unrounded) == go[0], case


def test_the_article_rule_sets_over_every_everyday_game(go_reference: Path) -> None:
    # Every rating difference from −3000 to 3000 under ÷400, ÷800 and ÷1200, with the article's
    # K 32 / 16 in all four combinations, at cubes 1, 2 and 64.
    k_pairs = ((32, 32), (16, 16), (32, 16), (16, 32))
    cases: list[Case] = [
        (1500, 1500 + d, *k_pair, cube, divisor)
        for divisor in (400.0, 800.0, 1200.0)
        for d in range(-3000, 3001)
        for k_pair in k_pairs
        for cube in (1, 2, 64)
        if (d + k_pairs.index(k_pair) + cube) % 7 == 0  # a seventh of the grid, evenly spread
    ]
    assert_same_as_go(go_reference, cases)
