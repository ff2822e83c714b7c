"""The app uses Streamlit as documented: no module of ``ui/``, ``pages/``, ``doors/`` nor the
entry files imports or reaches into Streamlit's internals (``streamlit.runtime``,
``streamlit.elements``, ``streamlit.web``, ``streamlit.proto``, ``streamlit.delta_generator``,
``streamlit._…``), type hints included, and their styles and scripts name at most
:data:`MAX_TEST_IDS` distinct ``data-testid`` values, Streamlit's internal test hooks, each kept
where no public setting or documented ``st-key-`` class does the job (docs/layout.md). Styles go
through the theme (``.streamlit/config.toml``) where it can: the app's code holds at most
:data:`MAX_STYLE_BLOCKS` ``<style>`` blocks, and none of their rules hides or replaces text (a
rule that hides text Streamlit draws breaks, or garbles it, on its next release); a rule may hide
only a container of the app's own, found by its key's ``st-key-`` class. Read from the source
text; the checkers are tested on small texts.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The code Streamlit runs for the app: its helpers, its pages, the navigation and entry files.
APP_CODE = ("ui", "pages", "doors", "app.py", "lab.py")
#: The most distinct ``data-testid`` values the app's code may name.
MAX_TEST_IDS = 5
#: The most ``<style>`` blocks the app's code (and the server's pages) may write.
MAX_STYLE_BLOCKS = 2

_INTERNAL = re.compile(
    r"\b(?:streamlit|st)\.(?:runtime|elements|web|proto|delta_generator)\b"
    r"|\bfrom\s+streamlit\._|\bimport\s+streamlit\._"
)
_TEST_ID = re.compile(r"""data-testid\s*=\s*\\?["']?([A-Za-z][\w-]*)""")
#: Declarations that hide text or put other text in its place.
_HIDING = re.compile(
    r"\bcontent\s*:|font-size\s*:\s*0(?![.\d])|text-indent\s*:\s*-|visibility\s*:\s*hidden"
    r"|(?<![-\w])color\s*:\s*transparent"
)
#: A declaration that hides its element (the app writes a rule on one line, its selector first).
_HIDDEN = re.compile(r"display\s*:\s*none")


def app_files(root: Path) -> list[Path]:
    files: list[Path] = []
    for top in APP_CODE:
        where = root / top
        files += [where] if where.is_file() else sorted(where.rglob("*.py"))
    return files


def internal_uses(text: str) -> list[str]:
    """Each line of ``text`` that names a Streamlit internal module, as ``line: text``."""
    return [
        f"{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), start=1)
        if _INTERNAL.search(line)
    ]


def test_ids(text: str) -> set[str]:
    """The distinct ``data-testid`` values ``text`` names (in CSS or a script)."""
    return set(_TEST_ID.findall(text))


test_ids.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


def hiding_rules(text: str) -> list[str]:
    """Each declaration of ``text`` that hides or replaces text, and each rule that hides an
    element other than a keyed container of the app's own (``st-key-``)."""
    found = [match.group(0) for match in _HIDING.finditer(text)]
    return found + [
        line.strip() for line in text.splitlines() if _HIDDEN.search(line) and "st-key-" not in line
    ]


# The app's code.


def test_no_streamlit_internal_is_used() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{use}"
        for path in app_files(ROOT)
        for use in internal_uses(path.read_text(encoding="utf-8"))
    ]
    assert not found, "\n".join(found)


def test_at_most_five_data_testid_values_are_named() -> None:
    named = {
        value: path.relative_to(ROOT)
        for path in app_files(ROOT)
        for value in test_ids(path.read_text(encoding="utf-8"))
    }
    assert len(named) <= MAX_TEST_IDS, named


def test_at_most_two_style_blocks_and_none_hides_text() -> None:
    """Counted where they are written (each may be drawn on many pages); the rules read in
    every file that writes one."""
    files = app_files(ROOT) + sorted((ROOT / "server").rglob("*.py"))
    texts = {path.relative_to(ROOT): path.read_text(encoding="utf-8") for path in files}
    blocks = {path: text.count("<style") for path, text in texts.items() if "<style" in text}
    assert sum(blocks.values()) <= MAX_STYLE_BLOCKS, blocks
    hiding = {path: hiding_rules(texts[path]) for path in blocks}
    assert {path: rules for path, rules in hiding.items() if rules} == {}


# The checkers, on small texts.


def test_the_checker_finds_internal_imports_and_attributes() -> None:
    text = (
        "import streamlit as st\n"
        "from streamlit.runtime.scriptrunner import get_script_run_ctx\n"
        "def f(where: st.delta_generator.DeltaGenerator) -> None: ...\n"
        "from streamlit._private import x\n"
        "from streamlit.elements.lib.mutable_popover_container import PopoverContainer\n"
        "page: st.Page\n"
        "from starlette.middleware import Middleware\n"
    )
    assert [use.split(":")[0] for use in internal_uses(text)] == ["2", "3", "4", "5"]


def test_the_checker_counts_each_data_testid_once() -> None:
    css = (
        '[data-testid="stSidebarNavLink"]:focus-visible {}\n'
        "a[data-testid='stSidebarNavLink'] {}\n"
        "document.querySelector('[data-testid=stSidebar]')\n"
        ".st-key-page-lang { display: none; }\n"
    )
    assert test_ids(css) == {"stSidebarNavLink", "stSidebar"}


def test_the_checker_finds_rules_that_hide_text() -> None:
    css = (
        "[data-testid=stFileUploaderDropzone] span { font-size: 0; }\n"
        "[data-testid=stFileUploaderDropzone] span::after { content: 'Drop'; }\n"
        ".gammon-answer { font-size: 0.95rem; color: transparent; }\n"
        "small { visibility: hidden; }\n"
        "[data-testid=stCaption] { display: none; }\n"
        ":has(> .st-key-page-lang) { display: none; }\n"
        ".gammon-win { border-color: rgba(33, 195, 84, 0.6); }\n"
    )
    assert hiding_rules(css) == [
        "font-size: 0",
        "content:",
        "color: transparent",
        "visibility: hidden",
        "[data-testid=stCaption] { display: none; }",
    ]
