"""Reading a history of games: a CSV file's cells exactly as written, each row numbered as a
person counts rows in the file, and the sample history shipped with the package.
"""

from __future__ import annotations

import io
import os
import warnings
from typing import IO, Final

import numpy as np
import pandas as pd

from .._errors import InvalidInput
from .validate import column_labels

__all__ = ["SAMPLE_HISTORY", "read_history", "sample_history"]

#: The sample history shipped with the package (the History page opens on it).
SAMPLE_HISTORY: Final = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "data", "sample_history.csv"
)


def read_history(source: str | os.PathLike[str] | IO[bytes] | IO[str] | bytes) -> pd.DataFrame:
    """A CSV file of games as a DataFrame of its cells exactly as written, ready for :func:`replay`.

    UTF-8 with or without a byte-order mark. Every cell is kept as text, so a bad value is
    reported as the file spells it. The index holds each row's number as a person counts rows
    in the file (the header is row 1, the first data row is row 2; a quoted cell spanning
    several lines is one row, as in a spreadsheet), and ``replay`` reports rows by it. Wholly
    blank rows (an empty line, or only commas) are dropped, keeping the others' numbers.

    A file that cannot be read or is empty, a missing required column, bytes that are not UTF-8
    or a row with more cells than the header raise :class:`InvalidInput` naming the problem.

    >>> frame = read_history(b"time,winner,loser\\n2026-10-01T20:00:00Z,Eleni,Nikos\\n")
    >>> frame.index.tolist(), frame.loc[2, "winner"]
    ([2], 'Eleni')
    """
    name = _source_name(source)
    if isinstance(source, bytes):
        source = io.BytesIO(source)
    try:
        with warnings.catch_warnings():
            # pandas drops a row's extra cells with only a warning; that loses data.
            warnings.simplefilter("error", pd.errors.ParserWarning)
            frame = pd.read_csv(
                source,
                dtype=object,
                na_filter=False,
                keep_default_na=False,
                skip_blank_lines=False,
                index_col=False,
                encoding="utf-8-sig",
            )
    except pd.errors.EmptyDataError:
        raise InvalidInput("file", name, "is empty") from None
    except OSError as error:
        raise InvalidInput("file", name, f"cannot be read ({error.strerror or error})") from None
    except UnicodeDecodeError as error:
        raise InvalidInput(
            "file",
            name,
            f"must be UTF-8 text (byte {error.object[error.start]:#04x} at"
            f" offset {error.start} is not)",
        ) from None
    except pd.errors.ParserWarning:
        raise InvalidInput("file", name, "has a row with more cells than the header") from None
    except pd.errors.ParserError as error:
        detail = str(error).removeprefix("Error tokenizing data. C error: ").strip()
        raise InvalidInput("file", name, f"is not a well-formed CSV file ({detail})") from None
    frame.columns = [str(column) for column in frame.columns]
    column_labels(frame)  # a missing required column is the file's problem, said early
    blank = np.ones(len(frame), dtype=bool)
    for column in frame.columns:
        blank &= frame[column].to_numpy() == ""
    frame.index = pd.RangeIndex(2, len(frame) + 2, name="row")
    if blank.any():
        frame = frame.loc[~blank]
    return frame


def _source_name(source: object) -> str:
    if isinstance(source, str | os.PathLike):
        return os.fspath(source)
    return str(getattr(source, "name", "the uploaded file"))


def sample_history() -> pd.DataFrame:
    """The sample history shipped with the package: a few hundred games of twelve players.

    >>> from gammon_elo import replay
    >>> len(replay(sample_history()).players)
    12
    """
    return read_history(SAMPLE_HISTORY)
