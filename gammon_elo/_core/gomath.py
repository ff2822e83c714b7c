"""Go's ``math.Pow(10, y)`` bit for bit, as the server computes it on linux/amd64.

The C library's ``pow`` (behind Python's ``math.pow``) is correctly rounded; Go's is not: it
splits y into an integer part, done by repeated squaring, and a fraction, done by
``Exp(yf × Log(10))`` whose amd64 assembly (Go 1.19, ``exp_amd64.s``) uses fused multiply-adds
when the CPU has AVX and FMA. The two often disagree by a few ulp, which decides
the rounding of a change only when K × (1 − E) × multiplier lies within about 2^-44 × K ×
multiplier of a half-integer.
:mod:`gammon_elo.formulas` calls :func:`go_pow10` for exactly those inputs.

Verified bit for bit against Go 1.19's ``math.Pow(10, y)`` on 220,000 values of y, with FMA and
with ``GODEBUG=cpu.fma=off``; the differential test in
``tests/go_reference/test_go_reference.py`` keeps it so.

This is an independent Python re-implementation of the numerical method of Go's ``math``
package (Copyright The Go Authors, BSD-style licence), written to reproduce its results; it holds
none of Go's source text.
"""

from __future__ import annotations

import math

__all__ = ["go_pow10"]

#: Go's math.Log(10) on amd64 (log_amd64.s): the correctly rounded ln 10, the same bits as
#: math.log(10).
_LN10 = 2.302585092994046

# The constants of exp_amd64.s, as its assembler parses them.
_LOG2E = 1.4426950408889634073599246810018920
_LN2U = 0.69314718055966295651160180568695068359375
_LN2L = 0.28235290563031577122588448175013436025525412068e-12
#: Taylor coefficients of (e^r − 1) / r, highest degree first, ending with 1/2 and 1.
_TAYLOR = (
    2.4801587301587301587e-5,
    1.9841269841269841270e-4,
    1.3888888888888888889e-3,
    8.3333333333333333333e-3,
    4.1666666666666666667e-2,
    1.6666666666666666667e-1,
    0.5,
    1.0,
)

#: Go's Frexp(10): 10 = 0.625 × 2^4.
_TEN_FRACTION, _TEN_EXPONENT = 0.625, 4

#: Where Go's Pow stops squaring and lets Ldexp overflow or underflow.
_SQUARING_LIMIT = 1 << 12


def _fma(a: float, b: float, c: float) -> float:
    """a × b + c rounded once (Python 3.11 has no math.fma): exact integers, then one division.

    Every float is an integer over a power of two, and int / int is correctly rounded in CPython.
    """
    an, ad = a.as_integer_ratio()
    bn, bd = b.as_integer_ratio()
    cn, cd = c.as_integer_ratio()
    return (an * bn * cd + cn * ad * bd) / (ad * bd * cd)


def _go_exp(x: float, *, fma: bool) -> float:
    """Go's amd64 math.Exp for the |x| ≤ ln 10 / 2 that Pow hands it (no overflow, no denormal)."""
    # CVTSD2SL rounds to nearest, ties to even, as Python's round does.
    k = round(_LOG2E * x)
    kf = float(k)
    if fma:
        r = _fma(-_LN2U, kf, x)
        r = _fma(-_LN2L, kf, r)
    else:
        r = x - _LN2U * kf
        r = r - _LN2L * kf
    r *= 0.0625
    p = _TAYLOR[0]
    for coefficient in _TAYLOR[1:]:
        p = _fma(p, r, coefficient) if fma else p * r + coefficient
    # e^16r − 1 from e^r − 1 by four doublings: (e^2s − 1) = (e^s − 1)(e^s − 1 + 2).
    r = r * p
    for _ in range(3):
        r = r * (r + 2.0)
    r = _fma(r, r + 2.0, 1.0) if fma else r * (r + 2.0) + 1.0
    return math.ldexp(r, k)


def go_pow10(y: float, *, fma: bool = True) -> float:
    """Go's math.Pow(10, y) on amd64 (``fma=False``: a CPU without AVX + FMA).

    >>> go_pow10(300 / 1200), math.pow(10, 300 / 1200)  # favourite by 300: one ulp apart
    (1.778279410038923, 1.7782794100389228)
    >>> go_pow10(2.0), go_pow10(-1.0)
    (100.0, 0.1)
    """
    # Pow's special cases, in Go's order, for x = 10.
    if y == 0:
        return 1.0
    if y == 1:
        return 10.0
    if math.isnan(y):
        return math.nan
    if math.isinf(y):
        return math.inf if y > 0 else 0.0
    if y == 0.5:
        return math.sqrt(10.0)
    if y == -0.5:
        return 1 / math.sqrt(10.0)

    yf, yi = math.modf(abs(y))
    if yi >= 2.0**63:
        return 0.0 if y < 0 else math.inf
    a1, ae = 1.0, 0
    if yf != 0:
        if yf > 0.5:
            yf -= 1
            yi += 1
        a1 = _go_exp(yf * _LN10, fma=fma)

    # 10^yi by squaring, keeping the powers of two apart in ae.
    x1, xe = _TEN_FRACTION, _TEN_EXPONENT
    i = int(yi)
    while i:
        if xe < -_SQUARING_LIMIT or xe > _SQUARING_LIMIT:
            ae += xe
            break
        if i & 1:
            a1 *= x1
            ae += xe
        x1 *= x1
        xe <<= 1
        if x1 < 0.5:
            x1 += x1
            xe -= 1
        i >>= 1

    if y < 0:
        a1 = 1 / a1
        ae = -ae
    try:
        return math.ldexp(a1, ae)
    except OverflowError:
        return math.inf
