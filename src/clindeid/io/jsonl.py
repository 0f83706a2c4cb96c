"""JSON Lines input: one ``{"id", "text", "meta"?, ...}`` object per line.

A missing ``id`` becomes the line number; ``meta`` feeds `Metadata.from_mapping`; every
other key is kept and written back. Lines are read one at a time with a bounded buffer:
an oversized line is skipped without being held in memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from clindeid.document import Document, Metadata
from clindeid.io.base import (
    OutputLayout,
    PerFileWriter,
    ReadError,
    ReadOptions,
    Record,
    Replacements,
    decode_error,
    oversize,
    too_large,
)

_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class JsonlPayload:
    """The whole input object (written back with a new ``text``) and its file."""

    relpath: str
    obj: Mapping[str, Any]


def line_limit(max_document_bytes: int) -> int:
    """The longest JSON line read: escapes may double a text, plus room for other keys."""
    return 2 * max_document_bytes + (64 << 10)


def bounded_lines(stream: IO[bytes], limit: int) -> Iterator[tuple[int, bytes | int]]:
    """``(offset, line)`` per line, or ``(offset, size)`` for a line over ``limit`` bytes
    (read through in chunks, never held whole)."""
    offset = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield offset, line
            offset += len(line)
            continue
        size = len(line)
        del line
        while True:
            chunk = stream.readline(_CHUNK)
            size += len(chunk)
            if not chunk or chunk.endswith(b"\n"):
                break
        yield offset, size
        offset += size


def _type_name(value: Any) -> str:
    names = {bool: "boolean", int: "number", float: "number", list: "array", dict: "object"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def read_jsonl_file(
    path: Path, source: str, relpath: str, id_prefix: str, options: ReadOptions
) -> Iterator[Record | ReadError]:
    """The documents of one JSONL file; a bad line yields a ReadError and reading goes on."""
    limit = options.max_document_bytes
    try:
        stream = path.open("rb")
    except OSError as exc:
        yield ReadError(source, None, f"cannot read file ({exc.strerror or type(exc).__name__})")
        return
    with stream:
        for number, (offset, line) in enumerate(bounded_lines(stream, line_limit(limit)), 1):
            where = f"line {number}"
            if isinstance(line, int):
                yield ReadError(source, where, too_large(line, limit))
                continue
            if number == 1 and line.startswith(b"\xef\xbb\xbf"):
                line, offset = line[3:], offset + 3
            if not line.strip():
                continue
            if b"\x00" in line:
                yield ReadError(source, where, "binary data (NUL byte)")
                continue
            try:
                decoded = line.decode(options.encoding)
            except UnicodeDecodeError as exc:
                yield ReadError(source, where, decode_error(exc, options.encoding, offset))
                continue
            del line
            item = _parse(decoded, source, where, limit)
            if isinstance(item, ReadError):
                yield item
                continue
            obj, text, meta = item
            raw_id = obj.get("id")
            doc_id = f"{id_prefix}{number}" if raw_id is None or raw_id == "" else str(raw_id)
            doc = Document(id=doc_id, text=text, meta=meta)
            yield Record(doc, source, where, JsonlPayload(relpath, obj))


def _parse(
    line: str, source: str, where: str, limit: int
) -> tuple[dict[str, Any], str, Metadata] | ReadError:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return ReadError(source, where, f"invalid JSON ({exc.msg}, column {exc.colno})")
    except RecursionError:
        return ReadError(source, where, "invalid JSON (nested too deeply)")
    if not isinstance(obj, dict):
        return ReadError(source, where, f"expected a JSON object, got {_type_name(obj)}")
    if "text" not in obj:
        return ReadError(source, where, 'no "text" key')
    text = obj["text"]
    if not isinstance(text, str):
        return ReadError(source, where, f'"text" is {_type_name(text)}, not a string')
    size = oversize(text, limit)
    if size is not None:
        return ReadError(source, where, too_large(size, limit))
    meta = obj.get("meta")
    if meta is not None and not isinstance(meta, dict):
        return ReadError(source, where, f'"meta" is {_type_name(meta)}, not an object')
    try:
        metadata = Metadata.from_mapping(meta)
    except (TypeError, ValueError):
        return ReadError(source, where, 'unusable "meta"')
    return obj, text, metadata


class JsonlWriter(PerFileWriter[IO[str]]):
    """Writes each input object back with its ``text`` replaced (same keys, same order)."""

    def __init__(self, layout: OutputLayout):
        super().__init__(layout)

    def _open(self, path: Path, record: Record, append: bool) -> IO[str]:
        return path.open("a" if append else "w", encoding="utf-8", newline="\n")

    def _close(self, sink: IO[str]) -> None:
        sink.close()

    def write(self, record: Record, text: str, replacements: Replacements | None = None) -> None:
        if not isinstance(record.payload, JsonlPayload):
            raise TypeError("JsonlWriter needs records read from JSONL")
        obj = dict(record.payload.obj)
        obj["text"] = text
        sink = self.sink(record)
        try:
            sink.write(json.dumps(obj, ensure_ascii=False) + "\n")
        except UnicodeEncodeError:  # lone surrogates (from "\ud800" escapes): keep them escaped
            sink.write(json.dumps(obj, ensure_ascii=True) + "\n")


def write_jsonl_lines(path: Path, rows: Iterator[Mapping[str, Any]]) -> int:
    """Write ``rows`` as JSON lines (UTF-8) to ``path``; returns how many were written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    return count
