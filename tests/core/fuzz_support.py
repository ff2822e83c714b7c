"""Bad input at scale, shared by the test modules: ANYTHING a caller might pass where a number
belongs, the hypothesis settings, and :func:`outcome`, which accepts InvalidInput naming its field
or a result. Every public function of gammon_elo is fed through it, in its own module's tests; the
command line's own fuzz test is in cli/test_cli.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import gammon_elo as g

#: Anything a caller might pass where a number belongs.
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, 1, 2, 3, 64, 65, -1, 1500, 0.5, 1e308, -1e308, 2**62, 2**63, 2**64]),
    st.text(max_size=8),
    st.sampled_from(["1500", "1.3.1", "custom", "ranked", "", "nan", "1e9"]),
    st.lists(st.integers(), max_size=3),
    st.builds(complex, st.floats(-1, 1), st.floats(-1, 1)),
)

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def outcome(call: Callable[[], Any]) -> Any:
    """The call's result, or None when it raised InvalidInput naming a field in its message."""
    try:
        return call()
    except g.InvalidInput as error:
        assert error.field and str(error).startswith(error.field.split("[")[0]), str(error)
        return None
