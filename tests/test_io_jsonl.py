"""JSON Lines inputs and outputs."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from clindeid.io import open_writer, read_documents, write_jsonl_lines
from clindeid.io.base import InputError, ReadError, ReadOptions, Record

NAME = "Castafiore"


def _write(path: Path, lines: list[str | bytes]) -> Path:
    data = b"".join((x if isinstance(x, bytes) else x.encode("utf-8")) + b"\n" for x in lines)
    path.write_bytes(data)
    return path


def _items(path: Path, **options: object) -> list[Record | ReadError]:
    return list(read_documents(path, ReadOptions(**options)))  # type: ignore[arg-type]


def test_records_ids_meta_and_extra_keys(tmp_path: Path) -> None:
    meta = {"nom": "Dupont", "ddn": "1950-04-03"}
    path = _write(
        tmp_path / "notes.jsonl",
        [
            json.dumps({"id": "d1", "text": "Jean", "meta": meta}),
            "",
            json.dumps({"text": "Paul", "service": "cardio"}),
            json.dumps({"id": 7, "text": "x"}),
        ],
    )
    r1, r2, r3 = _items(path)
    assert isinstance(r1, Record) and isinstance(r2, Record) and isinstance(r3, Record)
    assert r1.document.id == "d1"
    assert r1.document.meta.patient_last_name == "Dupont"
    assert r1.document.meta.birth_date == dt.date(1950, 4, 3)
    assert (r2.document.id, r2.location) == ("3", "line 3")  # missing id: the line number
    assert r3.document.id == "7"


def test_write_keeps_keys_and_order(tmp_path: Path) -> None:
    src = _write(
        tmp_path / "in.jsonl",
        [
            json.dumps({"meta": {"nom": "Dupont"}, "text": "Jean Dupont", "id": "a", "k": [1]}),
            json.dumps({"text": "Paul"}),
        ],
    )
    out = tmp_path / "out.jsonl"
    with open_writer(out, "jsonl", ReadOptions(), src) as writer:
        for record in _items(src):
            assert isinstance(record, Record)
            writer.write(record, "[NOM]")
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert lines == [
        {"meta": {"nom": "Dupont"}, "text": "[NOM]", "id": "a", "k": [1]},
        {"text": "[NOM]"},
    ]
    assert list(lines[0]) == ["meta", "text", "id", "k"]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('{"id": "x", "text" "Castafiore"}', "invalid JSON (Expecting ':' delimiter, column 20)"),
        ('{"id": "x" "text": "Castafiore"}', "invalid JSON (Expecting ',' delimiter, column 12)"),
        ('["Castafiore"]', "expected a JSON object, got array"),
        ('{"id": "x", "body": "Castafiore"}', 'no "text" key'),
        ('{"id": "x", "text": 12}', '"text" is number, not a string'),
        ('{"id": "x", "text": null}', '"text" is null, not a string'),
        ('{"text": "Castafiore", "meta": "Castafiore"}', '"meta" is str, not an object'),
        ('{"text": "Castafiore\x00"}', "binary data (NUL byte)"),
        ('{"text": "' + "Castafiore" * 30 + '"}', "document too large (300 bytes > 100 bytes"),
    ],
)
def test_bad_line_is_a_read_error_and_reading_goes_on(
    tmp_path: Path, line: str, reason: str
) -> None:
    lines = ['{"text": "ok 1"}', '{"text": "ok 2"}', line, '{"text": "ok 4"}']
    path = _write(tmp_path / "a.jsonl", lines)
    items = _items(path, max_document_bytes=100)
    assert [type(i).__name__ for i in items] == ["Record", "Record", "ReadError", "Record"]
    error = items[2]
    assert isinstance(error, ReadError)
    assert error.location == "line 3"
    assert error.reason.startswith(reason)
    assert error.message().startswith(f"{path}:line 3: ")
    assert NAME not in error.message()


def test_invalid_json_message_example(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.jsonl", ['{"text": "a"}', '{"text": "b"}', '{"text": "Jean" "x"}'])
    error = _items(path)[2]
    assert isinstance(error, ReadError)
    assert error.message() == f"{path}:line 3: invalid JSON (Expecting ',' delimiter, column 17)"


def test_wrong_encoding_names_the_byte(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.jsonl", ['{"text": "ok"}', '{"text": "né"}'.encode("latin-1")])
    ok, bad = _items(path)
    assert isinstance(ok, Record) and isinstance(bad, ReadError)
    assert bad.reason == "not valid UTF-8 at byte 26; try --encoding latin-1"
    ok, good = _items(path, encoding="latin-1")
    assert isinstance(good, Record) and good.document.text == "né"


def test_huge_line_is_skipped_in_chunks(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    with path.open("wb") as f:
        f.write(b'{"text": "' + b"x" * (3 << 20) + b'"}\n')
        f.write(b'{"text": "ok"}\n')
    big, ok = _items(path, max_document_bytes=1 << 20)
    assert isinstance(big, ReadError)
    assert big.reason == "document too large (3 MB > 1 MB limit)"
    assert isinstance(ok, Record) and ok.location == "line 2"


def test_empty_jsonl_file(tmp_path: Path) -> None:
    path = tmp_path / "e.jsonl"
    path.write_bytes(b"")
    with pytest.raises(InputError, match="empty input"):
        read_documents(path, ReadOptions())


def test_binary_jsonl_file(tmp_path: Path) -> None:
    path = tmp_path / "b.jsonl"
    path.write_bytes(b"\x00\x01\x02\x03" * 10)
    (error,) = _items(path)
    assert isinstance(error, ReadError) and "binary" in error.reason


def test_folder_of_jsonl_ids_are_prefixed(tmp_path: Path) -> None:
    root = tmp_path / "in"
    (root / "p").mkdir(parents=True)
    _write(root / "a.jsonl", ['{"text": "x"}'])
    _write(root / "p" / "b.jsonl", ['{"text": "y"}', '{"id": "k", "text": "z"}'])
    items = _items(root)
    assert [i.document.id for i in items if isinstance(i, Record)] == ["a:1", "p/b:1", "k"]
    with open_writer(tmp_path / "out", "jsonl", ReadOptions(), root) as writer:
        for item in items:
            assert isinstance(item, Record)
            writer.write(item, item.document.text)
    assert (tmp_path / "out" / "p" / "b.jsonl").read_text(encoding="utf-8").count("\n") == 2


def test_write_jsonl_lines(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "o.jsonl"
    assert write_jsonl_lines(out, iter([{"a": "é"}, {"b": 2}])) == 2
    assert out.read_text(encoding="utf-8") == '{"a": "é"}\n{"b": 2}\n'
