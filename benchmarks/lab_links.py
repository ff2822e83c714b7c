"""What one link to the Rule designer costs the server on page load: the page opened with a long
rule list (the same rule set 250 times), beside the page at its defaults, measured in the same
run.

    python -m benchmarks.lab_links [--repeat 3] [--entries 250]

The page is opened under Streamlit's AppTest as a link opens it (``tests/ui/apptest_support``,
as a reader on this machine), so the figures are the server's part only: this process's CPU
time from opening the page until its script run returns (AppTest runs the script in a thread of
this process). Each run asks for a burn-in no run asked for before, so no kept calibration
answers it: a cold page load, as a stranger's new link always is. The shipped league is read
once, before the timed runs. The machine is shared: figures move with its load (printed).
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import time

from tests.ui.apptest_support import open_page

#: A fresh burn-in for every run: the calibration's scores are kept by it.
_BURN_INS = itertools.count(11)


def timed(page: str, **params: str) -> float:
    """Seconds of this process's CPU time to open ``page`` with ``params``."""
    began = time.process_time()
    at = open_page(page, timeout=1800, **params)
    took = time.process_time() - began
    if at.exception:
        raise SystemExit(f"{page} {params}: {at.exception[0].value}")
    return took


def designer(rules: str | None) -> float:
    params = {"burn_in": str(next(_BURN_INS))}
    if rules is not None:
        params["rules"] = rules
    return timed("pages/lab/designer.py", **params)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each link")
    parser.add_argument("--entries", type=int, default=250, help="rule sets in the long link")
    args = parser.parse_args()
    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"AppTest, {args.repeat} cold runs of each link; load average {load}")
    designer(None)  # every module imported, the shipped league read
    long = ",".join(["1.3.1"] * args.entries)
    defaults = [designer(None) for _ in range(args.repeat)]
    linked = [designer(long) for _ in range(args.repeat)]
    base = statistics.median(defaults)
    for name, runs in (("defaults", defaults), (f"rules=1.3.1 × {args.entries}", linked)):
        median = statistics.median(runs)
        print(
            f"designer {name:<22} CPU s median {median:7.2f} (slowest {max(runs):7.2f})"
            f"  {median / base:6.2f}× the defaults"
        )
    print(f"load average at the end {'/'.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
