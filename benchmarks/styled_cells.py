"""What a table's number cells cost when a Styler writes them (``ui.grids.styled``), beside the
same numbers sent under the grid's own formats, measured in the same run: the reason
``ui.grids.STYLED_CELLS`` caps the tables a Styler writes.

    python -m benchmarks.styled_cells [--rows 1000] [--columns 14] [--repeat 5]

One page under Streamlit's AppTest draws a rows × columns table of numbers written signed
("+12", "−16") with :func:`ui.grids.draw`, the cap lifted so that a Styler writes them, then the
same table with the cap at 0 (the grid's own formats). Printed: the CPU time of the page's run
(AppTest runs the script in this process), the best of R after one warm-up run, and the
difference per cell.
"""

from __future__ import annotations

import argparse
import time

from streamlit.testing.v1 import AppTest


def _page() -> None:
    import pandas as pd
    import streamlit as st

    from ui import grids
    from ui.i18n import signed

    rows, columns = st.session_state["rows"], st.session_state["columns"]
    grids.STYLED_CELLS = rows * columns if st.session_state["styled"] else 0
    cells = [[(r * columns + c) % 2000 - 1000 for c in range(columns)] for r in range(rows)]
    frame = pd.DataFrame(cells, columns=[f"c{c}" for c in range(columns)])
    grids.draw(grids.Table(frame, dict.fromkeys(frame.columns, signed)), max_rows=rows)


def cpu_ms(rows: int, columns: int, styled: bool, repeat: int) -> float:
    """The best CPU time, in ms, of ``repeat`` runs of the page after one warm-up run."""
    at = AppTest.from_function(_page, default_timeout=600)
    at.session_state["rows"], at.session_state["columns"] = rows, columns
    at.session_state["styled"] = styled
    at.run()
    times = []
    for _ in range(repeat):
        start = time.process_time()
        at.run()
        times.append(1000 * (time.process_time() - start))
        if at.exception:
            raise SystemExit(f"the page raised: {at.exception[0].value}")
    return min(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--columns", type=int, default=14)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    cells = args.rows * args.columns
    styled = cpu_ms(args.rows, args.columns, True, args.repeat)
    text = cpu_ms(args.rows, args.columns, False, args.repeat)
    print(
        f"{args.rows:,} × {args.columns} cells: written by a Styler {styled:,.0f} ms CPU, by the"
        f" grid {text:,.0f} ms (best of {args.repeat});"
        f" {(styled - text) / cells * 1000:.0f} µs a cell"
    )


if __name__ == "__main__":
    main()
