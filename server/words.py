"""What the server says in its own HTTP answers, which have no session to take a reader's
language from: a :data:`Words` function, given by the entry file (``app.py``, ``lab.py``) from
the app's catalogs, picks the catalog of the language a request asks for. The server's modules
know the lines by key only, and never import the app's text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

#: ``words(wanted)``: the language code and the catalog (key → line, its ``{fields}`` still to
#: fill in) of the first language of ``wanted`` (an Accept-Language header, or a ``lang``
#: parameter) the app has, else its default.
Words = Callable[[str], tuple[str, Mapping[str, str]]]
