"""Format detection, the entry points of clindeid.io and the shared helpers."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from clindeid.io import detect_format, open_writer, read_documents
from clindeid.io.base import (
    BaseWriter,
    InputError,
    ReadError,
    ReadOptions,
    Record,
    apply_text_replacements,
    format_size,
    text_replacements,
)

NAME = "Castafiore"


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("a.txt", "txt"),
        ("a.jsonl", "jsonl"),
        ("a.NDJSON", "jsonl"),
        ("a.csv", "csv"),
        ("a.tsv", "csv"),
        ("a.parquet", "parquet"),
        ("a.html", "html"),
        ("a.HTM", "html"),
    ],
)
def test_detect_format_of_a_file(tmp_path: Path, name: str, fmt: str) -> None:
    path = tmp_path / name
    path.write_bytes(b"x")
    assert detect_format(path) == fmt


@pytest.mark.parametrize(
    ("files", "fmt"),
    [
        (["a.txt", "sub/b.txt"], "txt"),
        (["part-0.parquet", "part-1.parquet", "_SUCCESS", ".crc"], "parquet"),
        (["x.html", "y.htm"], "html"),
        (["a.txt", "b.txt", "formats/c.csv", "formats/d.jsonl"], "txt"),  # top level decides
    ],
)
def test_detect_format_of_a_folder(tmp_path: Path, files: list[str], fmt: str) -> None:
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    assert detect_format(tmp_path) == fmt


@pytest.mark.parametrize(
    ("explicit", "fmt"), [("JSONL", "jsonl"), ("json", "jsonl"), ("text", "txt"), ("pq", "parquet")]
)
def test_detect_format_explicit(tmp_path: Path, explicit: str, fmt: str) -> None:
    (tmp_path / "data.dat").write_bytes(b"x")
    assert detect_format(tmp_path / "data.dat", explicit) == fmt


@pytest.mark.parametrize(
    ("setup", "explicit", "match"),
    [
        ({}, None, "empty input"),
        ({"a.txt": b"x", "b.csv": b"x"}, None, r"mixes formats \(1 csv, 1 txt\)"),
        ({"data.dat": b"x"}, None, "cannot tell the format"),
        ({"a.txt": b"x"}, "docx", "unknown format 'docx'"),
    ],
)
def test_detect_format_errors(
    tmp_path: Path, setup: dict[str, bytes], explicit: str | None, match: str
) -> None:
    for rel, data in setup.items():
        (tmp_path / rel).write_bytes(data)
    target = tmp_path / "data.dat" if "data.dat" in setup else tmp_path
    with pytest.raises(InputError, match=match):
        detect_format(target, explicit)


def test_missing_input(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_documents(tmp_path / "nope.txt", ReadOptions())


def test_a_parquet_file_without_extension_is_recognised(tmp_path: Path) -> None:
    path = tmp_path / "000000_0"
    pq.write_table(pa.table({"text": ["x"]}), path)
    assert detect_format(path) == "parquet"


def test_folder_with_explicit_format_reads_only_those_files(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x", encoding="utf-8")
    (tmp_path / "b.csv").write_text("text\ny\n", encoding="utf-8")
    items = list(read_documents(tmp_path, ReadOptions(format="csv")))
    assert [i.document.text for i in items if isinstance(i, Record)] == ["y"]


def test_a_later_file_without_text_column_is_a_read_error(tmp_path: Path) -> None:
    (tmp_path / "a.csv").write_text("text\nx\n", encoding="utf-8")
    (tmp_path / "b.csv").write_text("body\nCastafiore\n", encoding="utf-8")
    (tmp_path / "c.csv").write_text("text\nz\n", encoding="utf-8")
    items = list(read_documents(tmp_path, ReadOptions()))
    assert [type(i).__name__ for i in items] == ["Record", "ReadError", "Record"]
    error = items[1]
    assert isinstance(error, ReadError)
    assert error.message().startswith(f"{tmp_path / 'b.csv'}: no text column 'text'")


def _bad_inputs(tmp_path: Path) -> list[Path]:
    """One input per kind of bad document, each with the patient name inside."""
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "a.jsonl").write_bytes(
        b'{"text": "ok"}\n{"text": "Castafiore" "x"}\n{"text": ["Castafiore"]}\n'
        + '{"text": "Hélène Castafiore"}\n'.encode("latin-1")
        + b'{"text": "' + b"Castafiore " * 20 + b'"}\n'
    )  # fmt: skip
    (bad / "b.csv").write_bytes(
        b'id,text\n1,"Casta"fiore"\n2,Castafiore,extra\n'
        + "3,Hélène Castafiore\n".encode("latin-1")
        + b"4,"
        + b"Castafiore " * 20
        + b"\n"
    )
    (bad / "c.txt").write_bytes("Hélène Castafiore".encode("latin-1"))
    (bad / "d.txt").write_bytes(b"Castafiore\x00\x00")
    (bad / "e.html").write_bytes(b"<p>" + b"Castafiore " * 20 + b"</p>")
    pq.write_table(pa.table({"text": ["Castafiore " * 20, None]}), bad / "f.parquet")
    return [bad / n for n in ("a.jsonl", "b.csv", "c.txt", "d.txt", "e.html", "f.parquet")]


def test_error_messages_are_one_line_and_never_quote_the_text(tmp_path: Path) -> None:
    errors: list[ReadError] = []
    for path in _bad_inputs(tmp_path):
        items = list(read_documents(path, ReadOptions(max_document_bytes=100)))
        errors += [i for i in items if isinstance(i, ReadError)]
    assert len(errors) == 13
    for error in errors:
        message = error.message()
        assert message.startswith(error.source)
        assert NAME not in message and "Hélène" not in message and "H\\xe9" not in message
        assert "\n" not in message and "\r" not in message


def test_open_writer_is_a_context_manager_and_closes(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"text": "Jean"}) + "\n", encoding="utf-8")
    out = tmp_path / "out" / "o.jsonl"
    writer = open_writer(out, "jsonl", ReadOptions(), src)
    assert isinstance(writer, BaseWriter)
    with writer:
        for record in read_documents(src, ReadOptions()):
            assert isinstance(record, Record)
            writer.write(record, "X", [(0, 4, "X")])
    writer.close()  # twice is fine
    assert json.loads(out.read_text(encoding="utf-8")) == {"text": "X"}


def test_open_writer_errors(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text("x", encoding="utf-8")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(InputError, match="must be a folder"):
        open_writer(tmp_path / "file", "txt", ReadOptions(), tmp_path / "in")
    with pytest.raises(InputError, match="unknown format"):
        open_writer(tmp_path / "o", "docx", ReadOptions(), tmp_path / "in")


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (100, "100 bytes"),
        (1536, "1.5 KB"),
        (20 * 1024 * 1024, "20 MB"),
        (int(52.4 * 1024 * 1024), "52.4 MB"),
    ],
)
def test_format_size(n: int, text: str) -> None:
    assert format_size(n) == text


@dataclass
class _Rep:
    start: int
    end: int
    new_start: int
    new_end: int


def test_text_replacements_accept_tuples_and_span_objects() -> None:
    new_text = "M. [NOM] est né le [DATE]."
    reps = [_Rep(19, 29, 19, 25), (3, 14, "[NOM]")]
    assert text_replacements(new_text, reps) == [(3, 14, "[NOM]"), (19, 29, "[DATE]")]
    assert apply_text_replacements("M. Jean Dupont est né le 03/04/1950.", [(3, 14, "X")]) == (
        "M. X est né le 03/04/1950."
    )
    with pytest.raises(ValueError, match="overlapping"):
        text_replacements("", [(0, 5, "a"), (4, 6, "b")])
    with pytest.raises(ValueError, match="invalid"):
        text_replacements("", [(5, 2, "a")])
