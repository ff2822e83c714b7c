"""What a table's number cells cost when a Styler writes them (``ui.grids.styled``), beside the
same numbers sent bare to the grid, measured in the same run: the reason ``ui.grids.STYLED_CELLS``
caps the cells a table shows.

    python -m benchmarks.styled_cells [--rows 1000] [--columns 14] [--repeat 5]

One page under Streamlit's AppTest draws a rows × columns table of numbers written signed
("+12", "−16") with :func:`ui.grids.draw` (its writers reading the reader's language once for
the table), the cap lifted so that a Styler writes them all; then the same Styler drawn with
its writers reading the language at every cell; then the same numbers as a table without
writers (no Styler: the grid's own number display), the baseline. Printed: the CPU time of the
page's run (AppTest runs the script in this process), the best of R after one warm-up run, each
against the baseline, and the difference per cell.
"""

from __future__ import annotations

import argparse
import time

from streamlit.testing.v1 import AppTest

#: How the page draws its table: by ui.grids.draw; a Styler whose writers read the language at
#: every cell; bare numbers.
MODES = ("held", "each cell", "bare")


def _page() -> None:
    import pandas as pd
    import streamlit as st

    from ui import grids
    from ui.i18n import signed

    rows, columns = st.session_state["rows"], st.session_state["columns"]
    grids.STYLED_CELLS = rows * columns
    cells = [[(r * columns + c) % 2000 - 1000 for c in range(columns)] for r in range(rows)]
    frame = pd.DataFrame(cells, columns=[f"c{c}" for c in range(columns)])
    writers = dict.fromkeys(frame.columns, signed)
    mode = st.session_state["mode"]
    if mode == "each cell":
        config = grids.grid_config(frame, {})
        st.dataframe(grids.styled(frame, writers), hide_index=True, column_config=config)
    else:
        grids.draw(grids.Table(frame, writers if mode == "held" else {}), max_rows=rows)


def cpu_ms(rows: int, columns: int, mode: str, repeat: int) -> float:
    """The best CPU time, in ms, of ``repeat`` runs of the page after one warm-up run."""
    at = AppTest.from_function(_page, default_timeout=600)
    at.session_state["rows"], at.session_state["columns"] = rows, columns
    at.session_state["mode"] = mode
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
    held, each, bare = (cpu_ms(args.rows, args.columns, m, args.repeat) for m in MODES)
    print(f"{args.rows:,} × {args.columns} cells, CPU of the page's run (best of {args.repeat}):")
    print(f"  {'sent bare (the baseline)':<34} {bare:7,.0f} ms")
    for name, ms in (
        ("Styler, language held (ui.grids)", held),
        ("Styler, language read at each cell", each),
    ):
        per_cell = (ms - bare) / cells * 1000
        ratio = ms / bare
        print(f"  {name:<34} {ms:7,.0f} ms  {ratio:5.1f}× the baseline, {per_cell:.0f} µs a cell")


if __name__ == "__main__":
    main()
