"""Tables: CSV and Parquet with a text column; every other column is kept and written back.

The text column is ``ReadOptions.text_column`` (exact name, else a unique case-insensitive
match). The id comes from ``id_column``, else a column named ``id``/``doc_id``/
``document_id``, else the row number. Metadata is the other columns (or ``meta_columns``)
passed to `Metadata.from_mapping`, plus ``key=value`` folders of a partitioned dataset.

CSV: the delimiter (``,`` ``;`` tab ``|``) and line ending are taken from the header and
reused on output; rows are read one at a time, a record over the size limit is skipped
without being held whole. Parquet: read with ``ParquetFile.iter_batches`` (memory bounded
by a row group), written with ``ParquetWriter`` in row groups and the input schema.

Rows that cannot be read (malformed, undecodable, too large, null text) are ReadErrors and
are not written: the output holds exactly the rows the pipeline wrote.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import pyarrow as pa
import pyarrow.parquet as pq

from clindeid.document import Document, Metadata
from clindeid.io.base import (
    InputError,
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

ID_COLUMNS = ("id", "doc_id", "document_id")
_DELIMITERS = (",", ";", "\t", "|")
_CHUNK = 1 << 20
_PARQUET_BATCH_ROWS = 64
_ROW_GROUP_ROWS = 1024
_ROW_GROUP_BYTES = 64 << 20


# --- columns -------------------------------------------------------------------------------


def _listing(names: Sequence[str]) -> str:
    shown = ", ".join(names[:30])
    return shown + (f", … ({len(names)} columns)" if len(names) > 30 else "")


def find_column(names: Sequence[str], wanted: str) -> str | None:
    """``wanted`` among ``names``: exact, else a unique case-insensitive match."""
    if wanted in names:
        return wanted
    folded = [n for n in names if n.strip().lower() == wanted.strip().lower()]
    return folded[0] if len(folded) == 1 else None


@dataclass(frozen=True, slots=True)
class Columns:
    """The roles of a table's columns."""

    text: str
    id: str | None
    meta: tuple[str, ...]

    @classmethod
    def resolve(cls, names: Sequence[str], options: ReadOptions, source: str) -> Columns:
        """Pick the columns; raises InputError naming the file and the available columns."""
        text = find_column(names, options.text_column)
        if text is None:
            raise InputError(
                f"{source}: no text column {options.text_column!r} "
                f"(available columns: {_listing(names)}); choose one with --text-column"
            )
        if options.id_column:
            id_col = find_column(names, options.id_column)
            if id_col is None:
                raise InputError(
                    f"{source}: no id column {options.id_column!r} "
                    f"(available columns: {_listing(names)})"
                )
        else:
            id_col = next((c for n in ID_COLUMNS if (c := find_column(names, n))), None)
        if options.meta_columns is not None:
            meta = []
            for wanted in options.meta_columns:
                col = find_column(names, wanted)
                if col is None:
                    raise InputError(
                        f"{source}: no metadata column {wanted!r} "
                        f"(available columns: {_listing(names)})"
                    )
                meta.append(col)
        else:
            meta = [n for n in names if n not in (text, id_col)]
        return cls(text, id_col, tuple(meta))


def partition_values(relpath: str) -> dict[str, str]:
    """``key=value`` folders of a partitioned dataset (``year=2020/part-0.parquet``)."""
    out: dict[str, str] = {}
    for part in relpath.split("/")[:-1]:
        key, eq, value = part.partition("=")
        if eq and key:
            out[key] = value
    return out


def _make_record(
    values: Mapping[str, Any],
    columns: Columns,
    extra_meta: Mapping[str, Any],
    row_id: str,
    source: str,
    where: str,
    payload: Any,
) -> Record:
    raw_id = values.get(columns.id) if columns.id else None
    doc_id = row_id if raw_id is None or raw_id == "" else str(raw_id)
    meta = {**extra_meta, **{c: values[c] for c in columns.meta}}
    document = Document(id=doc_id, text=values[columns.text], meta=Metadata.from_mapping(meta))
    return Record(document, source, where, payload)


# --- CSV -----------------------------------------------------------------------------------


def record_limit(max_document_bytes: int) -> int:
    """The largest CSV record read: the text plus room for the other columns."""
    return 2 * max_document_bytes + (1 << 20)


class _CsvLines:
    """Decoded physical lines for `csv.reader`, one record at a time.

    It notes undecodable bytes and NUL bytes as ``problem`` (the record is then rejected),
    and cuts a record over ``limit`` bytes: the rest is skipped (quote parity tells where
    the record ends), the reader gets a line that closes it, and ``oversize`` is its size.
    """

    def __init__(self, stream: IO[bytes], encoding: str, limit: int):
        self.stream, self.encoding, self.limit = stream, encoding, limit
        self.offset = 0
        self.line_no = 0
        first = stream.readline(limit + 1)
        if first.startswith(b"\xef\xbb\xbf") and encoding.lower().replace("_", "-") in (
            "utf-8",
            "utf8",
        ):
            first, self.offset = first[3:], 3
        self._pending: bytes | None = first
        self.first_line = first
        self.start_record()

    def start_record(self) -> None:
        self.problem: str | None = None
        self.oversize: int | None = None
        self._bytes = 0
        self._in_quotes = False

    def __iter__(self) -> _CsvLines:
        return self

    def _readline(self) -> bytes:
        if self._pending is not None:
            line, self._pending = self._pending, None
            return line
        return self.stream.readline(max(self.limit - self._bytes, 0) + 1)

    def __next__(self) -> str:
        line = self._readline()
        if not line:
            raise StopIteration
        offset = self.offset
        self.offset += len(line)
        self.line_no += 1
        if self._bytes + len(line) > self.limit:
            return self._skip_record(line)
        self._bytes += len(line)
        if line.count(b'"') % 2:
            self._in_quotes = not self._in_quotes
        if b"\x00" in line:
            self.problem = self.problem or "binary data (NUL byte)"
            line = line.replace(b"\x00", b"")
        try:
            return line.decode(self.encoding)
        except UnicodeDecodeError as exc:
            self.problem = self.problem or decode_error(exc, self.encoding, offset)
            return line.decode(self.encoding, errors="replace")

    def _skip_record(self, line: bytes) -> str:
        quoted_before = self._in_quotes
        size = self._bytes + len(line)
        in_quotes = quoted_before ^ bool(line.count(b'"') % 2)
        while True:
            while line and not line.endswith(b"\n"):  # the rest of a long physical line
                line = self.stream.readline(_CHUNK)
                size += len(line)
                self.offset += len(line)
                in_quotes ^= bool(line.count(b'"') % 2)
            if not in_quotes or not line:
                break
            line = self.stream.readline(_CHUNK)  # the quoted field goes on
            size += len(line)
            self.offset += len(line)
            self.line_no += 1
            in_quotes ^= bool(line.count(b'"') % 2)
        self.oversize = size
        return '"\n' if quoted_before else "\n"


def _sniff_delimiter(header: bytes, path: Path) -> str:
    if path.suffix.lower() == ".tsv":
        return "\t"
    counts = {d: header.count(d.encode()) for d in _DELIMITERS}
    best = max(_DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


@dataclass(frozen=True, slots=True)
class CsvPayload:
    """A CSV row as read (all cells), with what is needed to write it back."""

    relpath: str
    header: tuple[str, ...]
    row: tuple[str, ...]
    text_index: int
    delimiter: str = ","
    lineterminator: str = "\n"


def read_csv_file(
    path: Path, source: str, relpath: str, id_prefix: str, options: ReadOptions
) -> Iterator[Record | ReadError]:
    """The rows of one CSV file; a bad row yields a ReadError and reading goes on."""
    limit = record_limit(options.max_document_bytes)
    if csv.field_size_limit() < limit:
        csv.field_size_limit(min(limit, 2**31 - 1))
    try:
        stream = path.open("rb")
    except OSError as exc:
        yield ReadError(source, None, f"cannot read file ({exc.strerror or type(exc).__name__})")
        return
    with stream:
        lines = _CsvLines(stream, options.encoding, limit)
        delimiter = _sniff_delimiter(lines.first_line, path)
        terminator = "\r\n" if lines.first_line.endswith(b"\r\n") else "\n"
        reader = csv.reader(lines, delimiter=delimiter, quotechar='"', strict=True)
        try:
            header = tuple(next(reader))
        except StopIteration:
            raise InputError(f"{source}: empty input") from None
        except csv.Error as exc:
            raise InputError(f"{source}: malformed header ({exc})") from None
        if lines.problem or lines.oversize is not None:
            reason = lines.problem or "header too large"
            raise InputError(f"{source}: header: {reason}")
        columns = Columns.resolve(header, options, source)
        text_index = header.index(columns.text)
        extra_meta = partition_values(relpath)
        number = 0
        while True:
            lines.start_record()
            try:
                row = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                number += 1
                yield ReadError(source, f"row {number}", f"malformed row ({exc})")
                continue
            if lines.oversize is not None:
                number += 1
                yield ReadError(
                    source, f"row {number}", too_large(lines.oversize, options.max_document_bytes)
                )
                continue
            if not row:
                continue
            number += 1
            where = f"row {number}"
            if lines.problem:
                yield ReadError(source, where, lines.problem)
                continue
            if len(row) != len(header):
                reason = f"malformed row ({len(row)} fields, expected {len(header)})"
                yield ReadError(source, where, reason)
                continue
            size = oversize(row[text_index], options.max_document_bytes)
            if size is not None:
                yield ReadError(source, where, too_large(size, options.max_document_bytes))
                continue
            values = dict(zip(header, row, strict=True))
            payload = CsvPayload(relpath, header, tuple(row), text_index, delimiter, terminator)
            yield _make_record(
                values, columns, extra_meta, f"{id_prefix}{number}", source, where, payload
            )


class CsvWriter(PerFileWriter[tuple[IO[str], Any]]):
    """Writes every row back with all its cells, the text cell replaced (UTF-8)."""

    def _open(self, path: Path, record: Record, append: bool) -> tuple[IO[str], Any]:
        payload: CsvPayload = record.payload
        stream = path.open("a" if append else "w", encoding="utf-8", newline="")
        out = csv.writer(stream, delimiter=payload.delimiter, lineterminator=payload.lineterminator)
        if not append:
            out.writerow(payload.header)
        return stream, out

    def _close(self, sink: tuple[IO[str], Any]) -> None:
        sink[0].close()

    def write(self, record: Record, text: str, replacements: Replacements | None = None) -> None:
        payload = record.payload
        if not isinstance(payload, CsvPayload):
            raise TypeError("CsvWriter needs records read from CSV")
        row = list(payload.row)
        row[payload.text_index] = text
        self.sink(record)[1].writerow(row)


# --- Parquet -------------------------------------------------------------------------------


def _is_text_type(t: pa.DataType) -> bool:
    if pa.types.is_dictionary(t):
        t = t.value_type
    string_view = getattr(pa.types, "is_string_view", lambda _t: False)
    return bool(pa.types.is_string(t) or pa.types.is_large_string(t) or string_view(t))


@dataclass(frozen=True, slots=True)
class ParquetPayload:
    """A Parquet row as read (all columns) and the schema to write it back with."""

    relpath: str
    row: Mapping[str, Any]
    text_column: str
    schema: pa.Schema = field(compare=False)


def read_parquet_file(
    path: Path, source: str, relpath: str, id_prefix: str, options: ReadOptions
) -> Iterator[Record | ReadError]:
    """The rows of one Parquet file, a batch of rows at a time."""
    try:
        parquet = pq.ParquetFile(path)
    except OSError as exc:
        yield ReadError(source, None, f"cannot read file ({exc.strerror or type(exc).__name__})")
        return
    except (pa.ArrowException, ValueError):
        yield ReadError(source, None, "not a valid Parquet file")
        return
    with parquet:
        schema = parquet.schema_arrow
        columns = Columns.resolve(schema.names, options, source)
        text_type = schema.field(columns.text).type
        if not _is_text_type(text_type):
            raise InputError(f"{source}: text column {columns.text!r} holds {text_type}, not text")
        extra_meta = partition_values(relpath)
        number = 0
        try:
            for batch in parquet.iter_batches(batch_size=_PARQUET_BATCH_ROWS):
                for values in batch.to_pylist():
                    number += 1
                    where = f"row {number}"
                    text = values[columns.text]
                    if text is None:
                        yield ReadError(source, where, "text is null")
                        continue
                    size = oversize(text, options.max_document_bytes)
                    if size is not None:
                        yield ReadError(source, where, too_large(size, options.max_document_bytes))
                        continue
                    payload = ParquetPayload(relpath, values, columns.text, schema)
                    row_id = f"{id_prefix}{number}"
                    yield _make_record(values, columns, extra_meta, row_id, source, where, payload)
        except (OSError, pa.ArrowException) as exc:
            reason = f"unreadable Parquet data ({type(exc).__name__})"
            yield ReadError(source, f"row {number + 1}", reason)


@dataclass
class _ParquetSink:
    writer: pq.ParquetWriter
    schema: pa.Schema
    rows: list[dict[str, Any]] = field(default_factory=list)
    size: int = 0

    def flush(self) -> None:
        if self.rows:
            table = pa.Table.from_pylist(self.rows, schema=self.schema)
            self.writer.write_table(table, row_group_size=len(self.rows))
            self.rows, self.size = [], 0


class ParquetWriter(PerFileWriter[_ParquetSink]):
    """Writes rows back with the input schema, a row group every ``row_group_rows`` rows
    (or ~64 MB of text), the text column replaced."""

    def __init__(self, layout: OutputLayout, row_group_rows: int = _ROW_GROUP_ROWS):
        super().__init__(layout)
        self.row_group_rows = row_group_rows

    def _open(self, path: Path, record: Record, append: bool) -> _ParquetSink:
        if append:
            raise ValueError(f"rows of {record.payload.relpath} arrived out of order")
        schema: pa.Schema = record.payload.schema
        return _ParquetSink(pq.ParquetWriter(path, schema), schema)

    def _close(self, sink: _ParquetSink) -> None:
        try:
            sink.flush()
        finally:
            sink.writer.close()

    def write(self, record: Record, text: str, replacements: Replacements | None = None) -> None:
        payload = record.payload
        if not isinstance(payload, ParquetPayload):
            raise TypeError("ParquetWriter needs records read from Parquet")
        sink = self.sink(record)
        row = dict(payload.row)
        row[payload.text_column] = text
        sink.rows.append(row)
        sink.size += len(text)
        if len(sink.rows) >= self.row_group_rows or sink.size >= _ROW_GROUP_BYTES:
            sink.flush()
