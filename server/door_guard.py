"""What no reader may do to another through Streamlit's own routes: empty the server's caches,
or read what the server computes for everyone.

Any session may send Streamlit the websocket message ``clear_cache`` (the developer menu's
"Clear cache"), and Streamlit then empties every ``st.cache_data`` and ``st.cache_resource``
cache for every reader, so that one stranger's message makes everyone's next page cost what a
first reader's does. ``/_stcore/metrics`` answers anyone with the cached functions' names,
sizes, lookups and compute times, and the sessions open and their events. Streamlit 1.67 has no
option to turn either off.

:class:`DoorGuard` is an ASGI middleware for :class:`streamlit.App` (public API: ``st.App``
takes Starlette middleware) in front of Streamlit's own routes, used by both doors. On the
websocket ``/_stcore/stream`` it drops every frame that carries a BackMsg's ``clear_cache``
field (or more fields than a browser ever sends in one, MAX_TAGS) and passes every other frame
on as it came. ``/_stcore/metrics`` answers 404 unless the connection comes straight from this
machine (a loopback address) with no header saying it was forwarded: a proxy on this machine
forwards strangers, and says so.

It imports nothing of the app: it is server machinery, beside the routes it guards.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Final

from .asgi import App, Message, Receive, Scope, Send

#: Streamlit's websocket and metrics routes, under any base URL path.
_STREAM: Final = re.compile(r"/_stcore/stream/?$")
_METRICS: Final = re.compile(r"/_stcore/metrics/?$")
#: BackMsg's ``clear_cache`` (``BackMsg.proto``: ``bool clear_cache = 5``, one of ``type``).
CLEAR_CACHE_FIELD: Final = 5
#: Tags read in a frame before it is taken as carrying ``clear_cache``: a BackMsg is one field
#: (its ``oneof``), so a frame of more is hand-made.
MAX_TAGS: Final = 64
#: Headers a proxy adds when it forwards a request (the client's address).
FORWARDED: Final = frozenset({b"forwarded", b"x-forwarded-for", b"x-real-ip"})

# Protocol Buffers' wire types (protobuf.dev, "Encoding").
_VARINT, _I64, _LEN, _SGROUP, _EGROUP, _I32 = range(6)


class DoorGuard:
    """The middleware (see the module's docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        kind = scope.get("type")
        if kind == "websocket" and _STREAM.search(path):
            await self.app(scope, _without_clear_cache(receive), send)
        elif kind == "http" and _METRICS.search(path) and not _direct_from_loopback(scope):
            await _not_found(send)
        else:
            await self.app(scope, receive, send)


def _without_clear_cache(receive: Receive) -> Receive:
    """``receive``, skipping every websocket frame that carries ``clear_cache``."""

    async def filtered() -> Message:
        while True:
            message = await receive()
            frame = message.get("bytes") if message.get("type") == "websocket.receive" else None
            if not frame or not carries_field(frame, CLEAR_CACHE_FIELD):
                return message

    return filtered


def carries_field(frame: bytes, number: int) -> bool:
    """Whether the protobuf message ``frame`` has a top-level field ``number``, of any wire type
    and wherever it comes, or more tags than MAX_TAGS (read here in Python, a frame of millions
    of tiny fields would cost far more than Streamlit's own parser spends on it).

    Read more leniently than Protocol Buffers' parser (a tag's number also modulo 2^32, an
    end-group tag anywhere), never less: a frame that parser takes for ``clear_cache`` is found
    here. A message with the field and then another of its ``oneof`` would be parsed as the
    other one; the browser never sends such a frame (nor more than one field), so it is taken as
    carrying the field all the same. A frame that is no protobuf message (a varint or a field
    running past the end, wire type 6 or 7) carries nothing: Streamlit refuses it and closes the
    connection.
    """
    at = depth = 0
    try:
        for _ in range(MAX_TAGS):
            if at == len(frame):
                return False
            tag, at = _varint(frame, at)
            wire = tag & 7
            if depth == 0 and number in (tag >> 3, (tag & 0xFFFFFFFF) >> 3):
                return True
            if wire == _SGROUP:
                depth += 1
            elif wire == _EGROUP:
                depth = max(0, depth - 1)
            else:
                at = _skip(frame, at, wire)
    except ValueError:
        return False
    return at < len(frame)


def _varint(frame: bytes, at: int) -> tuple[int, int]:
    """The base-128 varint at ``at`` (at most 10 bytes, as for any 64-bit value), and where the
    next field starts."""
    value = 0
    for shift in range(0, 70, 7):
        if at >= len(frame):
            raise ValueError("a varint runs past the end")
        byte = frame[at]
        value |= (byte & 0x7F) << shift
        at += 1
        if not byte & 0x80:
            return value, at
    raise ValueError("a varint longer than 10 bytes")


def _skip(frame: bytes, at: int, wire: int) -> int:
    """Where the value of a field of wire type ``wire`` (no group) starting at ``at`` ends."""
    if wire == _VARINT:
        return _varint(frame, at)[1]
    if wire == _I64:
        at += 8
    elif wire == _I32:
        at += 4
    elif wire == _LEN:
        length, at = _varint(frame, at)
        at += length
    else:
        raise ValueError(f"wire type {wire} is no protobuf")
    if at > len(frame):
        raise ValueError("a field runs past the end")
    return at


def _direct_from_loopback(scope: Scope) -> bool:
    """Whether the connection comes from a loopback address with no forwarding header."""
    client = scope.get("client")
    if not client:
        return False
    try:
        address = ipaddress.ip_address(client[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    headers = {name.lower() for name, _ in scope.get("headers") or ()}
    return address.is_loopback and not headers & FORWARDED


async def _not_found(send: Send) -> None:
    body = b"Not Found\n"
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode("ascii")),
    ]
    await send({"type": "http.response.start", "status": 404, "headers": headers})
    await send({"type": "http.response.body", "body": body})
