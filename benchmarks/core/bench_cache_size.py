"""Memory one kept history comparison takes: what the lab's ``ui.lab.cached.history`` keeps, at
most 4 of them, for an upload as large as the lab takes.

    python -m benchmarks.core.bench_cache_size [--games 375000]

A history of N games (``bench_compiled``'s ``flat`` shape, written as ``bench_end_to_end``
writes its CSV) is read as the lab reads an upload (``ui.lab.uploads.read``, within the server's
budget), replayed under every rule set (``compare_rules``) and pickled, as ``st.cache_data``
keeps a result. Printed: the CSV file's size (the baseline, measured in the same run), the
pickle's, and their ratio. The default N makes a file just under the upload limit
(``upload_bytes``).
"""

from __future__ import annotations

import argparse
import pickle
import tempfile
from pathlib import Path

from benchmarks.core.bench_end_to_end import write_csv
from gammon_elo import RULES
from gammon_elo.replay import compare_rules
from ui.lab import uploads


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=375_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.csv"
        write_csv(args.games, path)
        data = path.read_bytes()
    frame = uploads.read(data)
    kept = len(pickle.dumps(compare_rules(frame, tuple(RULES))))
    print(
        f"{args.games:,} games, {len(RULES)} rule sets: CSV {len(data) / 2**20:.1f} MiB,"
        f" the kept comparison {kept / 2**20:.0f} MiB ({kept / len(data):.1f}× the file)"
    )


if __name__ == "__main__":
    main()
