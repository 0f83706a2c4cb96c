"""CSV and Parquet tables with a text column."""

from __future__ import annotations

import csv
import datetime as dt
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from clindeid.io import open_writer, read_documents, table
from clindeid.io.base import InputError, ReadError, ReadOptions, Record

NAME = "Castafiore"


def _items(path: Path, **options: object) -> list[Record | ReadError]:
    return list(read_documents(path, ReadOptions(**options)))  # type: ignore[arg-type]


def _records(items: list[Record | ReadError]) -> list[Record]:
    return [i for i in items if isinstance(i, Record)]


def _roundtrip(src: Path, out: Path, fmt: str, **options: object) -> None:
    opts = ReadOptions(**options)  # type: ignore[arg-type]
    with open_writer(out, fmt, opts, src) as writer:
        for item in read_documents(src, opts):
            if isinstance(item, Record):
                writer.write(item, item.document.text.replace("Jean", "[NOM]"))


# --- CSV -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "ids"),
    [
        ("doc_id,nom,text\na,Dupont,Jean\nb,Martin,Paul\n", ["a", "b"]),
        ("ID;nom;Text\r\na;Dupont;Jean\r\n", ["a"]),  # ";", CRLF, case-insensitive
        ("nom\ttext\nDupont\tJean\nMartin\tPaul\n", ["1", "2"]),  # tabs, row numbers
        ('nom,text\nDupont,"Jean\nsur deux lignes, avec ""guillemets"""\n', ["1"]),
    ],
)
def test_csv_reading(tmp_path: Path, content: str, ids: list[str]) -> None:
    path = tmp_path / "t.csv"
    path.write_text(content, encoding="utf-8", newline="")
    records = _records(_items(path))
    assert [r.document.id for r in records] == ids
    assert records[0].document.meta.patient_last_name == "Dupont"
    assert records[0].document.text.startswith("Jean")


def test_csv_metadata_and_columns(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text(
        "document_id,prenom,nom,ddn,service,note\nx1,Jean,Dupont,03/04/1950,cardio,Jean va bien\n",
        encoding="utf-8",
    )
    (record,) = _items(path, text_column="note")
    assert isinstance(record, Record)
    meta = record.document.meta
    assert record.document.id == "x1"
    assert (meta.patient_first_name, meta.patient_last_name) == ("Jean", "Dupont")
    assert meta.birth_date == dt.date(1950, 4, 3)
    assert meta.extra == {"service": "cardio"}
    (record,) = _items(path, text_column="note", id_column="service", meta_columns=("nom",))
    assert isinstance(record, Record)
    assert record.document.id == "cardio"
    assert record.document.meta.patient_first_name is None


@pytest.mark.parametrize("sep", [",", ";"])
def test_csv_write_keeps_all_columns(tmp_path: Path, sep: str) -> None:
    src = tmp_path / "in.csv"
    header = sep.join(["id", "nom", "text", "autre"])
    src.write_text(
        f'{header}\r\n1{sep}Dupont{sep}"Jean, ligne\ndeux"{sep}x\r\n2{sep}{sep}Paul{sep}\r\n',
        encoding="utf-8",
        newline="",
    )
    out = tmp_path / "out.csv"
    _roundtrip(src, out, "csv")
    expected = src.read_text(encoding="utf-8").replace("Jean", "[NOM]")
    assert out.read_text(encoding="utf-8") == expected


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('3,"Casta"fiore",x', "malformed row (',' expected after '\"')"),
        ("3,Castafiore", "malformed row (2 fields, expected 3)"),
        ("3,Castafiore,x,y", "malformed row (4 fields, expected 3)"),
        ("3,Casta\x00fiore,x", "binary data (NUL byte)"),
        ("3," + "Castafiore" * 20 + ",x", "document too large (200 bytes > 100 bytes limit)"),
    ],
)
def test_csv_bad_row_is_a_read_error_and_reading_goes_on(
    tmp_path: Path, line: str, reason: str
) -> None:
    path = tmp_path / "t.csv"
    path.write_text(f"id,text,other\n1,a,x\n2,b,x\n{line}\n4,d,x\n", encoding="utf-8")
    items = _items(path, max_document_bytes=100)
    assert [type(i).__name__ for i in items] == ["Record", "Record", "ReadError", "Record"]
    error = items[2]
    assert isinstance(error, ReadError)
    assert (error.location, error.reason) == ("row 3", reason)
    assert NAME not in error.message()
    assert items[3].document.id == "4"  # type: ignore[union-attr]


def test_csv_wrong_encoding(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes("id,text\n1,ok\n2,Hélène Castafiore\n3,ok\n".encode("latin-1"))
    items = _items(path)
    error = items[1]
    assert isinstance(error, ReadError)
    assert error.message() == f"{path}:row 2: not valid UTF-8 at byte 16; try --encoding latin-1"
    assert isinstance(items[2], Record)
    assert _records(_items(path, encoding="latin-1"))[1].document.text == "Hélène Castafiore"


def test_csv_oversized_multiline_record_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    big = "\n".join(["Castafiore, " * 100] * 50)  # ~60 KB over many lines, quoted
    path.write_text(f'id,text\n1,a\n2,"{big}"\n3,c\n', encoding="utf-8")
    items = _items(path, max_document_bytes=1000)  # the record cap is 2x + 1 MB: still read
    assert [type(i).__name__ for i in items] == ["Record", "ReadError", "Record"]
    with path.open("rb") as f:  # a small cap: the record is cut and skipped, not held
        feeder = table._CsvLines(f, "utf-8", 5000)
        reader = csv.reader(feeder, strict=True)
        rows = []
        while True:
            feeder.start_record()
            try:
                row = next(reader)
            except StopIteration:
                break
            rows.append((row[:1], feeder.oversize))
    assert rows[0] == (["id"], None)
    assert rows[1] == (["1"], None)
    assert rows[2][1] is not None and rows[2][1] > 50_000
    assert rows[3] == (["3"], None)


def test_csv_missing_text_column(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("id,body,nom\n1,Castafiore,x\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_documents(path, ReadOptions())
    message = str(info.value)
    assert str(path) in message
    assert "'text'" in message and "id, body, nom" in message
    assert NAME not in message


def test_csv_missing_id_column(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("text\nx\n", encoding="utf-8")
    with pytest.raises(InputError, match="no id column 'num'"):
        read_documents(path, ReadOptions(id_column="num"))


def test_csv_empty_and_header_only(tmp_path: Path) -> None:
    empty = tmp_path / "e.csv"
    empty.write_bytes(b"")
    with pytest.raises(InputError, match="empty input"):
        read_documents(empty, ReadOptions())
    header_only = tmp_path / "h.csv"
    header_only.write_text("id,text\n", encoding="utf-8")
    assert _items(header_only) == []


def test_csv_large_field(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text('id,text\n1,"' + "x" * 300_000 + '"\n', encoding="utf-8")
    (record,) = _items(path)
    assert isinstance(record, Record) and len(record.document.text) == 300_000


# --- Parquet -------------------------------------------------------------------------------


def _table() -> pa.Table:
    return pa.table(
        {
            "doc_id": pa.array(["a", "b", "c"]),
            "nom": pa.array(["Dupont", None, "Martin"]),
            "ddn": pa.array([dt.date(1950, 4, 3), None, None], type=pa.date32()),
            "score": pa.array([1.5, 2.0, None]),
            "text": pa.array(["Jean Dupont", None, "Jean Martin"], type=pa.large_string()),
        }
    )


def test_parquet_read_null_text_and_metadata(tmp_path: Path) -> None:
    path = tmp_path / "t.parquet"
    pq.write_table(_table(), path, row_group_size=2)
    items = _items(path)
    assert [type(i).__name__ for i in items] == ["Record", "ReadError", "Record"]
    first, error = items[0], items[1]
    assert isinstance(first, Record) and isinstance(error, ReadError)
    assert first.document.id == "a"
    assert first.document.meta.birth_date == dt.date(1950, 4, 3)
    assert first.document.meta.extra == {"score": 1.5}
    assert error.message() == f"{path}:row 2: text is null"


def test_parquet_write_same_schema_in_row_groups(tmp_path: Path) -> None:
    src = tmp_path / "t.parquet"
    table = _table().replace_schema_metadata({"origin": "test"})
    pq.write_table(table, src)
    out = tmp_path / "out.parquet"
    opts = ReadOptions()
    with open_writer(out, "parquet", opts, src) as writer:
        writer.row_group_rows = 1  # type: ignore[attr-defined]
        for item in read_documents(src, opts):
            if isinstance(item, Record):
                writer.write(item, item.document.text.replace("Jean", "[NOM]"))
    written = pq.read_table(out)
    assert written.schema == table.schema
    assert written.schema.metadata == table.schema.metadata
    assert written.column("text").to_pylist() == ["[NOM] Dupont", "[NOM] Martin"]
    assert written.column("ddn").to_pylist() == [dt.date(1950, 4, 3), None]
    assert pq.ParquetFile(out).num_row_groups == 2  # the row with a null text is not written


def test_parquet_dataset_folder(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    for year, rows in (("2020", ["Jean"]), ("2021", ["Paul", "Luc"])):
        part = root / f"year={year}"
        part.mkdir(parents=True)
        pq.write_table(pa.table({"text": rows}), part / "part-0.parquet")
    (root / "_SUCCESS").write_bytes(b"")
    pq.write_table(pa.table({"text": ["Marc"]}), root / "year=2021" / "000001_0")  # no suffix
    items = _items(root)
    records = _records(items)
    assert [r.document.id for r in records] == [
        "year=2020/part-0:1",
        "year=2021/000001_0:1",
        "year=2021/part-0:1",
        "year=2021/part-0:2",
    ]
    assert records[0].document.meta.extra == {"year": "2020"}
    out = tmp_path / "out"
    _roundtrip(root, out, "parquet")
    assert pq.read_table(out / "year=2021" / "part-0.parquet").column("text").to_pylist() == [
        "Paul",
        "Luc",
    ]
    assert pq.read_table(out / "year=2020" / "part-0.parquet").column("text").to_pylist() == [
        "[NOM]"
    ]


def test_parquet_missing_or_non_text_column(tmp_path: Path) -> None:
    path = tmp_path / "t.parquet"
    pq.write_table(pa.table({"id": [1], "body": ["Castafiore"]}), path)
    with pytest.raises(InputError, match=r"no text column 'text' \(available columns: id, body\)"):
        read_documents(path, ReadOptions())
    with pytest.raises(InputError, match="holds int64, not text"):
        read_documents(path, ReadOptions(text_column="id"))
    records = _records(_items(path, text_column="body"))
    assert records[0].document.id == "1"


def test_parquet_too_large_and_not_parquet(tmp_path: Path) -> None:
    path = tmp_path / "t.parquet"
    pq.write_table(pa.table({"text": ["x" * 500, "ok"]}), path)
    big, ok = _items(path, max_document_bytes=100)
    assert isinstance(big, ReadError) and big.reason.startswith("document too large (500 bytes")
    assert isinstance(ok, Record)
    fake = tmp_path / "fake.parquet"
    fake.write_bytes(b"PAR1 Castafiore not really")
    (error,) = _items(fake)
    assert isinstance(error, ReadError) and error.reason == "not a valid Parquet file"
    assert NAME not in error.message()
