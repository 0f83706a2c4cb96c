"""The shared definition of a *token* for token-level metrics and agreement.

A token is either a maximal run of word characters (Unicode ``\\w``: letters, digits and
the underscore, accents included) or any single other non-space character. Whitespace is
never part of a token. ``"Né le 12/03/1960."`` gives ``Né``, ``le``, ``12``, ``/``, ``03``,
``/``, ``1960``, ``.``.

The tokenizer is deliberately simple, fast and deterministic so that token-level scores
are comparable between systems and runs; it is not a linguistic tokenizer.
"""

from __future__ import annotations

import re

TOKEN_RE = re.compile(r"\w+|[^\w\s]")


def tokenize(text: str) -> list[tuple[int, int]]:
    """Character spans ``(start, end)`` of the tokens of ``text``, in order."""
    return [m.span() for m in TOKEN_RE.finditer(text)]
