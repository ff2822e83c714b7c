"""The README's and the docs' examples run as written: their Python sessions as doctests, and
every ``python -m gammon_elo`` command of their console sessions prints what the page shows (a
line ``…`` stands for any lines, a line ending in ``…`` for the rest of that line).

The commands run through :func:`gammon_elo.cli.main` in this process, as ``python -m
gammon_elo`` runs them (its ``__main__`` calls nothing else), each printing to one buffer as a
terminal would show both streams; one command runs as its own process, the way a reader types
it, so that the entry point itself is tested too."""

from __future__ import annotations

import contextlib
import doctest
import io
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from gammon_elo.cli import main

ROOT = Path(__file__).resolve().parent.parent
#: The README and every page of docs/, read as one text.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README, flags=re.DOTALL | re.MULTILINE)


def test_the_python_examples_run_as_written() -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = blocks("python")
    assert examples, "the README shows no Python session"
    for number, text in enumerate(examples):
        runner.run(parser.get_doctest(text, {}, f"README python block {number}", "README.md", 0))
    assert runner.summarize(verbose=False).failed == 0


def sessions() -> list[tuple[str, str, int]]:
    """(command, expected output, exit status) for each ``$ python -m gammon_elo`` line of the
    README; the status is 0 unless an ``$ echo $?`` right after it says otherwise."""
    found = []
    for block in blocks("console"):
        chunks = [c.partition("\n") for c in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]]
        for (command, _, output), after in zip(chunks, [*chunks[1:], ("", "", "")], strict=True):
            if command.startswith("python -m gammon_elo"):
                status = int(after[2]) if after[0] == "echo $?" else 0
                found.append((command, output, status))
    # A command shown on two pages with the same output is run once.
    return list(dict.fromkeys(found))


def pattern(expected: str) -> re.Pattern[str]:
    lines = []
    for line in expected.rstrip("\n").splitlines():
        if line.strip() == "…":
            lines.append(r"(?:[^\n]*\n)*?")
        elif line.endswith("…"):
            lines.append(re.escape(line[:-1]) + r"[^\n]*\n")
        else:
            lines.append(re.escape(line.rstrip()) + r"[ \t]*\n")
    return re.compile("".join(lines))


@pytest.mark.parametrize(
    ("command", "expected", "status"), sessions(), ids=[c for c, _, _ in sessions()]
)
def test_the_command_line_examples_print_what_the_readme_shows(
    command: str, expected: str, status: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        try:
            returned = main(shlex.split(command)[3:])
        except SystemExit as exit:  # argparse's refusals end the program
            returned = exit.code if isinstance(exit.code, int) else 1
    assert returned == status, printed.getvalue()
    assert_shows(command, expected, printed.getvalue())


def test_python_m_gammon_elo_runs_a_command_as_the_readme_types_it() -> None:
    command, expected, status = sessions()[0]
    done = subprocess.run(
        [sys.executable, *shlex.split(command)[1:]],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
    )
    assert done.returncode == status, done.stdout
    assert_shows(command, expected, done.stdout)


def assert_shows(command: str, expected: str, printed: str) -> None:
    """``printed`` is what the page shows under ``command`` (trailing blanks aside)."""
    shown = "".join(line.rstrip() + "\n" for line in printed.strip("\n").splitlines())
    assert pattern(expected).fullmatch(shown), f"{command}\n--- README\n{expected}--- got\n{shown}"
