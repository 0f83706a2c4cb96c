"""Shared types of the readers and writers.

A reader turns an input path into a stream of `Record` (one document plus what its format
needs to write it back) and `ReadError` (a document or line that could not be read). A bad
line never stops the stream: the error is yielded and reading goes on. Messages name the
file and the location and never quote document text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from clindeid.document import Document

DEFAULT_MAX_DOCUMENT_BYTES = 20 * 1024 * 1024  # 20 MiB of text per document


class InputError(Exception):
    """A problem with an input as a whole (missing file, unknown format, missing column)."""


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """How to read an input: its format, the text column of a table, the text encoding."""

    format: str | None = None
    text_column: str = "text"
    id_column: str | None = None
    meta_columns: tuple[str, ...] | None = None
    encoding: str = "utf-8"
    max_document_bytes: int = DEFAULT_MAX_DOCUMENT_BYTES


@dataclass(frozen=True, slots=True)
class Record:
    """A document read from an input, with what its writer needs to write it back.

    ``payload`` is format-specific: the other columns of a table row, the HTML source and
    its offset map, a text file's relative path.
    """

    document: Document
    source: str
    location: str | None = None
    payload: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class ReadError:
    """A document that could not be read. ``reason`` never contains document text."""

    source: str
    location: str | None
    reason: str

    def message(self) -> str:
        where = f"{self.source}:{self.location}" if self.location else self.source
        return f"{where}: {self.reason}"


class Reader(Protocol):
    def __call__(self, path: Path, options: ReadOptions) -> Iterator[Record | ReadError]: ...


class Writer(Protocol):
    """Writes de-identified documents in the same kind as the input."""

    def write(self, record: Record, text: str) -> None: ...

    def close(self) -> None: ...
