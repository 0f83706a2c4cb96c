"""Exact text assembly: a document is built piece by piece and every entity's offsets are
recorded as it is appended (never found by searching afterwards).

Options change how pieces are written without breaking offsets: ``upper`` writes a block in
capitals (entities included), ``wrap`` breaks long lines at spaces *between* entities, as
text extracted from PDFs does ("line breaks inside sentences").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from clindeid.document import Entity

__all__ = ["GOLD_SOURCE", "Builder", "Piece"]

GOLD_SOURCE = "gold/synthetic"


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of text: literal (``label`` None) or an entity with its attributes."""

    text: str
    label: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=dict)


class Builder:
    """Concatenates pieces, recording entity offsets exactly."""

    def __init__(self, wrap: int | None = None) -> None:
        self._parts: list[str] = []
        self._length = 0
        self._column = 0
        self.entities: list[Entity] = []
        self.wrap = wrap
        self.upper = False
        self._wrapping = False

    @property
    def length(self) -> int:
        return self._length

    def _append(self, text: str) -> None:
        if not text:
            return
        self._parts.append(text)
        self._length += len(text)
        nl = text.rfind("\n")
        self._column = len(text) - nl - 1 if nl >= 0 else self._column + len(text)

    def text(self, text: str) -> None:
        """Append literal text (wrapped at spaces when wrapping is on)."""
        if self.upper:
            text = text.upper()
        if self._wrapping and self.wrap and "\n" not in text:
            out: list[str] = []
            col = self._column
            for i, word in enumerate(text.split(" ")):
                if i:
                    if col + 1 + len(word) > self.wrap and col > 0:
                        out.append("\n")
                        col = 0
                    else:
                        out.append(" ")
                        col += 1
                out.append(word)
                col += len(word)
            text = "".join(out)
        self._append(text)

    def entity(self, text: str, label: str, **attributes: Any) -> None:
        """Append an entity (never wrapped inside)."""
        if self.upper:
            text = text.upper()
        if not text or text != text.strip():
            raise ValueError(f"entity {label} must be non-empty and not start/end with spaces")
        start = self._length
        self._append(text)
        attrs = {k: v for k, v in attributes.items() if v is not None}
        self.entities.append(Entity(start, self._length, label, GOLD_SOURCE, 1.0, None, attrs))

    def pieces(self, pieces: list[Piece]) -> None:
        for p in pieces:
            if p.label is None:
                self.text(p.text)
            else:
                self.entity(p.text, p.label, **p.attributes)

    def wrapping(self, on: bool) -> None:
        """Turn line wrapping of literal text on or off (narrative blocks only)."""
        self._wrapping = on

    def newline(self, n: int = 1) -> None:
        self._append("\n" * n)

    def build(self) -> tuple[str, list[Entity]]:
        return "".join(self._parts), list(self.entities)
