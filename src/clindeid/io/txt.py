"""Plain-text input: one ``.txt`` file is one document; output mirrors the input files.

Texts are read as bytes and decoded without newline translation, so offsets and line
endings survive. Output files are UTF-8.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from clindeid.document import Document, Metadata
from clindeid.io.base import (
    BaseWriter,
    OutputLayout,
    ReadError,
    ReadOptions,
    Record,
    Replacements,
    read_whole_file,
)


@dataclass(frozen=True, slots=True)
class TextPayload:
    """Where the document goes back: its path relative to the input root."""

    relpath: str


def read_text_file(
    path: Path, source: str, relpath: str, doc_id: str, options: ReadOptions
) -> Iterator[Record | ReadError]:
    """One text file as one document (or one ReadError)."""
    text = read_whole_file(path, source, options)
    if isinstance(text, ReadError):
        yield text
        return
    yield Record(
        Document(id=doc_id, text=text, meta=Metadata()), source, None, TextPayload(relpath)
    )


class TextWriter(BaseWriter):
    """Writes each document to its own UTF-8 file (same relative path as its input)."""

    def __init__(self, layout: OutputLayout):
        self.layout = layout

    def write(self, record: Record, text: str, replacements: Replacements | None = None) -> None:
        payload = record.payload
        relpath = (
            payload.relpath if isinstance(payload, TextPayload) else f"{record.document.id}.txt"
        )
        self.layout.target(relpath).write_bytes(text.encode("utf-8"))
