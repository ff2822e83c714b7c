"""The lab's door when it starts with secrets it cannot read: one page at every path.

Streamlit reads the secrets files while it builds its server, and some files stop it there: a
``.toml`` path that is a directory, a file that is not UTF-8, a secrets directory holding a file
it cannot read. Every request then gets "500 Internal Server Error". ``lab.py`` serves this
Starlette application instead (``streamlit run`` serves a Starlette application as it serves
``st.App``): every path answers the page that says the lab is closed and names the setting,
in English or Greek (``?lang=el``, or a browser that asks for Greek first), and nothing else.
The file and why it cannot be read are in the server's log
(:func:`ui.lab.access.secrets_unreadable`).
"""

from __future__ import annotations

import html

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from .words import Words


def application(words: Words) -> Starlette:
    """The closed lab: every path, GET or HEAD, answers :func:`page` written by ``words``."""

    def page(request: Request) -> HTMLResponse:
        return closed_page(request, words)

    return Starlette(routes=[Route("/{path:path}", page, methods=["GET", "HEAD"])])


def closed_page(request: Request, words: Words) -> HTMLResponse:
    """The closed lab's page, in the reader's language."""
    wanted = request.query_params.get("lang") or request.headers.get("accept-language", "")
    lang, catalog = words(wanted)
    title, text = (html.escape(catalog[key]) for key in ("lab.title", "lab.secrets_unreadable"))
    body = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"</head><body><h1>{title}</h1><p>{text}</p></body></html>"
    )
    return HTMLResponse(body)
