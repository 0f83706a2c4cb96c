"""Masking of HTML remnants before detection.

Exports of a clinical data warehouse often keep pieces of the HTML their notes were typed in:
``CHU&nbsp;de&nbsp;Poitiers<br>Dermatologie``. Detectors see a masked copy of the text, of
the same length (so that their spans are valid in the original, which is what gets
substituted): whitespace entities become spaces, line-breaking tags a line break padded with
spaces, other tags spaces. Text without such remnants is returned unchanged.
"""

from __future__ import annotations

import re

__all__ = ["mask_markup"]

_CHEAP_TEST = re.compile(r"&(?:nbsp|#160|#xa0);|</?[a-zA-Z][a-zA-Z0-9]*(?:[ \t][^<>\n]{0,80})?/?>")
_SPACE_ENTITY = re.compile(r"&(?:nbsp|#160|#xa0);", re.IGNORECASE)
_BREAKING_TAG = re.compile(r"<(?:br|/?p|/?div|/?li|/?tr|/?h[1-6])(?:[ \t][^<>\n]{0,80})?[ \t]*/?>",
                           re.IGNORECASE)
_OTHER_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:[ \t][^<>\n]{0,80})?[ \t]*/?>")


def mask_markup(text: str) -> str:
    """``text`` with HTML whitespace entities and tags masked (same length), or ``text``
    itself when it holds none."""
    if _CHEAP_TEST.search(text) is None:
        return text
    text = _SPACE_ENTITY.sub(lambda m: " " * len(m.group()), text)
    text = _BREAKING_TAG.sub(lambda m: "\n" + " " * (len(m.group()) - 1), text)
    return _OTHER_TAG.sub(lambda m: " " * len(m.group()), text)
