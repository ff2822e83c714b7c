"""The app's string catalogs, one module per language, each a flat dict of key → text: ``EN``
(``en.py``) and ``EL`` (``el.py``). Every catalog holds every key (``tests/ui/test_i18n.py``)."""

from __future__ import annotations

from .el import EL
from .en import EN

__all__ = ["EL", "EN"]
