"""The one normalisation used for every dictionary key in :mod:`clindeid.knowledge`.

``normalize_key`` maps every way people write a name to the same key: lowercase, accents
and ligatures removed (``é``→``e``, ``œ``→``oe``), every run of non-alphanumeric characters
(apostrophes, hyphens, dots, commas, several spaces) turned into one space, and the
abbreviations ``st``/``ste``/``sts``/``stes`` expanded to ``saint``/``sainte``/``saints``/
``saintes``. So ``"ST-ÉTIENNE"``, ``"Saint Etienne"`` and ``"saint-étienne"`` all give
``"saint etienne"``; ``"L'Haÿ-les-Roses"`` gives ``"l hay les roses"``.

The build script uses the same function to write the keys of the shipped tables, so a key
written at build time always matches a key computed at run time.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["normalize_key", "strip_accents"]

_LIGATURES = str.maketrans(
    {"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "ø": "o", "Ø": "o"}
)
_SEPARATORS = re.compile(r"[\W_]+")
_SAINT = {"st": "saint", "ste": "sainte", "sts": "saints", "stes": "saintes"}


def strip_accents(text: str) -> str:
    """``text`` without diacritics (``"Besançon"`` → ``"Besancon"``); case is kept."""
    if text.isascii():
        return text
    text = text.translate(_LIGATURES)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=1 << 16)
def normalize_key(text: str) -> str:
    """The lookup key of ``text`` (see the module docstring); ``""`` for blank input."""
    key = _SEPARATORS.sub(" ", strip_accents(text).lower()).strip()
    if "st" in key:
        parts = key.split(" ")
        if any(p in _SAINT for p in parts):
            key = " ".join(_SAINT.get(p, p) for p in parts)
    return key
