"""Shared types of the readers and writers.

A reader turns an input path into a stream of `Record` (one document plus what its format
needs to write it back) and `ReadError` (a document or line that could not be read). A bad
line never stops the stream: the error is yielded and reading goes on. Messages name the
file and the location and never quote document text.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, Self, TypeVar

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


# --- Writer protocol, replacements and shared helpers (extensions) -------------------------


class SpanReplacement(Protocol):
    """A rewritten span as the pipeline reports it: ``original[start:end]`` became
    ``new_text[new_start:new_end]`` (e.g. `clindeid.substitute.Replacement`)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def new_start(self) -> int: ...
    @property
    def new_end(self) -> int: ...


#: ``(start, end, new)``: the original text ``[start, end)`` becomes ``new``.
TextReplacement = tuple[int, int, str]
Replacements = Sequence[TextReplacement | SpanReplacement]


class Writer(Protocol):
    """Writes de-identified documents in the same kind as the input.

    ``text`` is the new text of ``record.document``. ``replacements`` says which spans of
    the original text were rewritten: either ``(start, end, new)`` tuples or objects with
    ``start, end, new_start, new_end`` (offsets into ``text``). Plain-text formats ignore it;
    formats that map the text back into a richer source (HTML) need it.
    """

    def write(
        self, record: Record, text: str, replacements: Replacements | None = None
    ) -> None: ...

    def close(self) -> None: ...


class BaseWriter:
    """Common plumbing: a writer is a context manager that closes itself."""

    def write(self, record: Record, text: str, replacements: Replacements | None = None) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Flush and close what is open; calling it twice is harmless."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def text_replacements(new_text: str, replacements: Replacements) -> list[TextReplacement]:
    """Normalise replacements to sorted ``(start, end, new)`` tuples (new text taken from
    ``new_text`` for span objects); raises ValueError when they overlap."""
    out: list[TextReplacement] = []
    for rep in replacements:
        if isinstance(rep, tuple):
            start, end, new = rep
        else:
            start, end, new = rep.start, rep.end, new_text[rep.new_start : rep.new_end]
        if not (0 <= start <= end):
            raise ValueError(f"invalid replacement offsets [{start}, {end})")
        out.append((start, end, new))
    out.sort(key=lambda r: (r[0], r[1]))
    for prev, cur in itertools.pairwise(out):
        if cur[0] < prev[1]:
            raise ValueError(f"overlapping replacements at {prev[0]}-{prev[1]} and {cur[0]}")
    return out


def apply_text_replacements(text: str, replacements: Replacements) -> str:
    """``text`` with each ``(start, end, new)`` applied (offsets into the original)."""
    reps = text_replacements("", replacements) if replacements else []
    if reps and reps[-1][1] > len(text):
        raise ValueError("replacement beyond the end of the text")
    parts: list[str] = []
    cursor = 0
    for start, end, new in reps:
        parts += (text[cursor:start], new)
        cursor = end
    parts.append(text[cursor:])
    return "".join(parts)


def format_size(n_bytes: int) -> str:
    """A human size: ``52.4 MB``, ``20 MB``, ``3.5 KB``, ``100 bytes`` (binary units)."""
    for unit, scale in (("MB", 1 << 20), ("KB", 1 << 10)):
        if n_bytes >= scale:
            value = f"{n_bytes / scale:.1f}".removesuffix(".0")
            return f"{value} {unit}"
    return f"{n_bytes} bytes"


def too_large(size: int, limit: int) -> str:
    """The ReadError reason for a document over ``ReadOptions.max_document_bytes``."""
    return f"document too large ({format_size(size)} > {format_size(limit)} limit)"


def oversize(text: str, limit: int) -> int | None:
    """The UTF-8 size of ``text`` when it is over ``limit``, else None (cheap when short)."""
    if len(text) * 4 <= limit:
        return None
    size = len(text.encode("utf-8", errors="surrogatepass"))
    return size if size > limit else None


def decode_error(exc: UnicodeDecodeError, encoding: str, offset: int = 0) -> str:
    """A one-line reason for undecodable bytes (``offset``: where the decoded bytes start)."""
    utf8 = encoding.lower().replace("_", "-") in ("utf-8", "utf8", "utf-8-sig")
    name = "UTF-8" if utf8 else encoding
    hint = "; try --encoding latin-1" if name == "UTF-8" else ""
    return f"not valid {name} at byte {offset + exc.start}{hint}"


_TEXT_CONTROLS = frozenset(b"\t\n\r\f\v\x1b")


def looks_binary(sample: bytes) -> bool:
    """True for bytes that are no text: a NUL byte, or many control characters."""
    if b"\x00" in sample:
        return True
    if not sample:
        return False
    controls = sum(1 for b in sample if (b < 32 and b not in _TEXT_CONTROLS) or b == 127)
    return controls * 10 > len(sample)


def decode_document(data: bytes, encoding: str) -> str:
    """Decode a whole document; raises ValueError with a PHI-free reason."""
    if looks_binary(data[:8192]):
        raise ValueError("binary file")
    bom = b"\xef\xbb\xbf"
    utf8 = encoding.lower().replace("_", "-") in ("utf-8", "utf8")
    skip = len(bom) if utf8 and data.startswith(bom) else 0
    try:
        return data[skip:].decode(encoding)
    except UnicodeDecodeError as exc:
        raise ValueError(decode_error(exc, encoding, skip)) from None
    except LookupError:
        raise ValueError(f"unknown encoding {encoding!r}") from None


@dataclass(frozen=True, slots=True)
class OutputLayout:
    """Where a writer puts the output for an input file given by its relative path.

    ``single``: the input was one file and ``root`` is the output file itself; otherwise
    ``root`` is a folder mirroring the input folder.
    """

    root: Path
    single: bool

    def target(self, relpath: str) -> Path:
        path = self.root if self.single else self.root.joinpath(*relpath.split("/"))
        path.parent.mkdir(parents=True, exist_ok=True)
        return path


_S = TypeVar("_S")


class PerFileWriter(BaseWriter, Generic[_S]):
    """A writer with one open output file (a "sink") at a time, chosen by each record's
    ``payload.relpath``; records arrive grouped by input file, as the readers yield them.
    A file seen again after another one is reopened with ``append=True``."""

    def __init__(self, layout: OutputLayout):
        self.layout = layout
        self._relpath: str | None = None
        self._sink: _S | None = None
        self._seen: set[str] = set()

    def _open(self, path: Path, record: Record, append: bool) -> _S:
        raise NotImplementedError

    def _close(self, sink: _S) -> None:
        raise NotImplementedError

    def sink(self, record: Record) -> _S:
        relpath: str = record.payload.relpath
        if relpath != self._relpath or self._sink is None:
            self.close()
            self._sink = self._open(self.layout.target(relpath), record, relpath in self._seen)
            self._relpath = relpath
            self._seen.add(relpath)
        return self._sink

    def close(self) -> None:
        sink, self._sink, self._relpath = self._sink, None, None
        if sink is not None:
            self._close(sink)


def read_whole_file(path: Path, source: str, options: ReadOptions) -> str | ReadError:
    """A one-document file decoded to text, or the `ReadError` saying why not (too large,
    unreadable, binary, wrong encoding). The file is never held beyond the size limit."""
    try:
        size = path.stat().st_size
        if size > options.max_document_bytes:
            return ReadError(source, None, too_large(size, options.max_document_bytes))
        data = path.read_bytes()
    except OSError as exc:
        return ReadError(source, None, f"cannot read file ({exc.strerror or type(exc).__name__})")
    try:
        return decode_document(data, options.encoding)
    except ValueError as exc:
        return ReadError(source, None, str(exc))
