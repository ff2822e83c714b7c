"""Secrets Streamlit itself cannot read, on a real lab server: each gives every path the page
that says the lab is closed and names the setting (``secrets.files``), never "500 Internal
Server Error", and nothing of the lab.

Streamlit reads its secrets while it builds its server, and three shapes of file stopped it
there, so that every request was answered 500: a ``.toml`` path that is a directory, a
``.toml`` file that is not UTF-8, and a secrets directory (Kubernetes style) holding a file that
is not UTF-8. ``lab.py`` serves the closed page instead (server/closed.py). A file Streamlit
reads but cannot parse, and the other settings the lab refuses, are tested under AppTest
(tests/ui/test_lab_access.py).
"""

from __future__ import annotations

import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_support import ROOT, streamlit_server

from ui.catalogs import EL, EN

pytestmark = pytest.mark.browser

#: An e-mail address written in Latin-1: é is byte 0xE9, never valid UTF-8 on its own.
LATIN_1 = '[gammon_elo]\nlab_allow = ["andr\xe9@example.org"]\n'.encode("latin-1")


def _directory(folder: Path) -> Path:
    path = folder / "secrets.toml"
    path.mkdir()
    return path


def _latin_1(folder: Path) -> Path:
    path = folder / "secrets.toml"
    path.write_bytes(LATIN_1)
    return path


def _secrets_directory(folder: Path) -> Path:
    path = folder / "secrets"
    (path / "auth").mkdir(parents=True)
    (path / "auth" / "cookie_secret").write_bytes("caf\xe9".encode("latin-1"))
    return path


SHAPES: dict[str, Callable[[Path], Path]] = {
    "a .toml path that is a directory": _directory,
    "a .toml file in Latin-1": _latin_1,
    "a secrets directory holding a Latin-1 file": _secrets_directory,
}


def _get(url: str, language: str = "en-GB") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.status, answer.read().decode("utf-8")


@pytest.mark.parametrize("shape", list(SHAPES))
def test_secrets_streamlit_cannot_read_give_the_closed_page(shape: str, tmp_path: Path) -> None:
    secrets = SHAPES[shape](tmp_path)
    with streamlit_server(ROOT / "lab.py", options=("--secrets.files", str(secrets))) as url:
        for path in ("/", "/history?source=upload", "/designer"):
            status, body = _get(url + path)
            assert status == 200, (path, status)
            assert f"<h1>{EN['lab.title'].replace(chr(39), '&#x27;')}</h1>" in body
            assert "secrets.files" in body and "cannot be read" in body
            assert "<script" not in body and "stFileUploader" not in body
        status, body = _get(url + "/", language="el-GR,el;q=0.9")
        assert status == 200 and EL["lab.title"] in body and "secrets.files" in body
