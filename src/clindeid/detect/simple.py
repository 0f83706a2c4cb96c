"""A deliberately small first detector: e-mail addresses, phone numbers, numeric dates.

It exists so the product runs end to end before the real rule layer lands; the rule
detectors of `clindeid.detect.rules` supersede it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from clindeid.document import Document, Entity

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("EMAIL", re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-zA-Z]{2,}\b")),
    (
        "PHONE",
        re.compile(r"(?<![\d/.])(?:\+33\s?|0033\s?|0)[1-9](?:[ .-]?\d{2}){4}(?![\d/])"),
    ),
    (
        "DATE",
        re.compile(r"(?<![\d/.])(?:[0-3]?\d[/.-][01]?\d[/.-](?:19|20)?\d{2}|(?:19|20)\d{2}-[01]\d-[0-3]\d)(?![\d/])"),
    ),
)


@dataclass(frozen=True)
class SimpleRegexDetector:
    name: str = "simple"
    family: str = "simple"

    def detect(self, document: Document) -> Iterator[Entity]:
        for label, pattern in _PATTERNS:
            for m in pattern.finditer(document.text):
                yield Entity(m.start(), m.end(), label, source=f"pattern/simple-{label.lower()}")
