"""Reading and writing documents: text files, JSONL, CSV, Parquet and HTML.

`detect_format` names the kind of an input (a file by its extension, a folder by the
files inside), `read_documents` streams its documents as `Record` or `ReadError`, and
`open_writer` writes de-identified documents back in the same kind::

    fmt = detect_format(src, options.format)
    with open_writer(dst, fmt, options, src) as writer:
        for item in read_documents(src, options):
            if isinstance(item, Record):
                writer.write(item, new_text, replacements)

A folder is read recursively in sorted order of relative paths; entries whose name starts
with ``.`` are skipped, as are folders and extension-less files starting with ``_``
(``_SUCCESS``, ``_metadata`` of Parquet datasets). The output of a folder is a folder with
the same relative paths; the output of a file is a file (or a file of the same name inside
``output_path`` when that is an existing folder).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path

from clindeid.io.base import (
    BaseWriter,
    InputError,
    OutputLayout,
    ReadError,
    ReadOptions,
    Record,
    Writer,
)
from clindeid.io.html import HtmlWriter, read_html_file
from clindeid.io.jsonl import JsonlWriter, read_jsonl_file, write_jsonl_lines
from clindeid.io.table import CsvWriter, ParquetWriter, read_csv_file, read_parquet_file
from clindeid.io.txt import TextWriter, read_text_file

__all__ = [
    "FORMATS",
    "InputError",
    "ReadError",
    "ReadOptions",
    "Record",
    "Writer",
    "detect_format",
    "input_files",
    "open_writer",
    "read_documents",
    "write_jsonl_lines",
]

FORMATS = ("txt", "jsonl", "csv", "parquet", "html")
EXTENSIONS: dict[str, tuple[str, ...]] = {
    "txt": (".txt",),
    "jsonl": (".jsonl", ".ndjson"),
    "csv": (".csv", ".tsv"),
    "parquet": (".parquet", ".pq"),
    "html": (".html", ".htm", ".xhtml"),
}
_ALIASES = {"text": "txt", "json": "jsonl", "ndjson": "jsonl", "tsv": "csv", "pq": "parquet"}
_ALIASES |= {"htm": "html", "xhtml": "html"}
_BY_SUFFIX = {ext: fmt for fmt, exts in EXTENSIONS.items() for ext in exts}


def _format_of(path: Path) -> str | None:
    """The format of one file: by extension, else Parquet by its magic bytes."""
    fmt = _BY_SUFFIX.get(path.suffix.lower())
    if fmt is not None or path.suffix:
        return fmt
    try:
        with path.open("rb") as f:
            return "parquet" if f.read(4) == b"PAR1" else None
    except OSError:
        return None


def _walk(root: Path) -> Iterator[tuple[Path, str]]:
    """``(file, relative posix path)`` under ``root``, recursively, in sorted order."""
    found: list[tuple[str, Path]] = []
    for folder, dirs, files in os.walk(root, followlinks=True):
        dirs[:] = [d for d in dirs if not d.startswith((".", "_"))]
        base = Path(folder)
        for name in files:
            if name.startswith(".") or (name.startswith("_") and "." not in name):
                continue
            path = base / name
            found.append((path.relative_to(root).as_posix(), path))
    found.sort()
    return ((path, rel) for rel, path in found)


def input_files(path: Path, fmt: str) -> list[tuple[Path, str]]:
    """The files of ``fmt`` that make up an input: ``[(file, relative path)]``."""
    if not path.is_dir():
        return [(path, path.name)]
    return [(p, rel) for p, rel in _walk(path) if _format_of(p) == fmt]


def detect_format(path: Path | str, explicit: str | None = None) -> str:
    """The format of an input: ``explicit`` if given (aliases accepted), else from the
    file extension or, for a folder, from the files inside (all of one kind, else the
    one kind of the files directly inside it). Raises InputError."""
    path = Path(path)
    if explicit:
        fmt = _ALIASES.get(explicit.strip().lower(), explicit.strip().lower())
        if fmt not in FORMATS:
            raise InputError(f"unknown format {explicit!r} (choose from {', '.join(FORMATS)})")
    if not path.exists():
        raise InputError(f"{path}: no such file or directory")
    if explicit:
        return fmt
    if not path.is_dir():
        found = _format_of(path)
        if found is None:
            raise InputError(
                f"{path}: cannot tell the format from the file name; "
                f"use --format ({', '.join(FORMATS)})"
            )
        return found
    counts: dict[str, int] = {}
    top: set[str] = set()  # the formats of the files directly inside
    for file, rel in _walk(path):
        kind = _format_of(file)
        if kind is not None:
            counts[kind] = counts.get(kind, 0) + 1
            if "/" not in rel:
                top.add(kind)
    if not counts:
        raise InputError(f"{path}: empty input (no {', '.join(FORMATS)} files in the folder)")
    if len(counts) == 1:
        return next(iter(counts))
    if len(top) == 1:  # e.g. texts with a subfolder of other kinds: the top level decides
        return next(iter(top))
    listing = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    raise InputError(f"{path}: folder mixes formats ({listing}); choose one with --format")


def _strip_extension(relpath: str) -> str:
    name = relpath.rsplit("/", 1)[-1]
    return relpath[: len(relpath) - len(name)] + (name.rsplit(".", 1)[0] if "." in name else name)


def _read_file(
    fmt: str, path: Path, relpath: str, single: bool, options: ReadOptions
) -> Iterator[Record | ReadError]:
    source = str(path)
    doc_id = _strip_extension(relpath)
    if fmt == "txt":
        return read_text_file(path, source, relpath, doc_id, options)
    if fmt == "html":
        return read_html_file(path, source, relpath, doc_id, options)
    prefix = "" if single else f"{doc_id}:"
    reader = {"jsonl": read_jsonl_file, "csv": read_csv_file, "parquet": read_parquet_file}[fmt]
    return reader(path, source, relpath, prefix, options)


def _stream(
    fmt: str, files: list[tuple[Path, str]], single: bool, options: ReadOptions
) -> Iterator[Record | ReadError]:
    yielded = False
    for path, relpath in files:
        try:
            for item in _read_file(fmt, path, relpath, single, options):
                yielded = True
                yield item
        except InputError as exc:  # a later file of a folder: that file fails, others go on
            if single or not yielded:
                raise
            reason = str(exc).removeprefix(f"{path}: ")
            yield ReadError(str(path), None, reason)


def read_documents(path: Path | str, options: ReadOptions) -> Iterator[Record | ReadError]:
    """Stream the documents of an input (file or folder) as `Record` or `ReadError`.

    Problems with the input as a whole (missing, empty, unknown format, no text column in
    the first file) raise InputError at once; a bad document or line is a ReadError and
    the stream goes on.
    """
    path = Path(path)
    fmt = detect_format(path, options.format)
    single = not path.is_dir()
    files = input_files(path, fmt)
    if not files:
        raise InputError(f"{path}: empty input (no {fmt} files in the folder)")
    if single:
        try:
            empty = path.stat().st_size == 0
        except OSError:
            empty = False
        if empty:
            raise InputError(f"{path}: empty input")
    stream = _stream(fmt, files, single, options)
    try:  # start now, so that InputErrors of the first file are raised here
        first = next(stream)
    except StopIteration:
        return iter(())
    return itertools.chain((first,), stream)


def open_writer(
    output_path: Path | str, fmt: str, options: ReadOptions, input_path: Path | str
) -> BaseWriter:
    """A writer of ``fmt`` (a context manager) mirroring ``input_path`` into ``output_path``.

    Text, JSONL and CSV are written in UTF-8; HTML in ``options.encoding`` (characters it
    lacks as character references). Refuses to overwrite the input.
    """
    output_path, input_path = Path(output_path), Path(input_path)
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    single = not input_path.is_dir()
    if single and output_path.is_dir():
        output_path = output_path / input_path.name
    if not single and output_path.exists() and not output_path.is_dir():
        raise InputError(f"{output_path}: the output of a folder must be a folder")
    src, dst = input_path.resolve(), output_path.resolve()
    if src == dst or (not single and src in dst.parents):
        raise InputError(f"{output_path}: the output would overwrite or sit inside the input")
    if single:
        output_path.parent.mkdir(parents=True, exist_ok=True)
    else:
        output_path.mkdir(parents=True, exist_ok=True)
    layout = OutputLayout(output_path, single)
    if fmt == "txt":
        return TextWriter(layout)
    if fmt == "jsonl":
        return JsonlWriter(layout)
    if fmt == "csv":
        return CsvWriter(layout)
    if fmt == "parquet":
        return ParquetWriter(layout)
    return HtmlWriter(layout, options.encoding)
