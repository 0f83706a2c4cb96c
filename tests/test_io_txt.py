"""Plain-text inputs: a folder of .txt files or one file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from clindeid.io import open_writer, read_documents
from clindeid.io.base import InputError, ReadError, ReadOptions, Record

NAME = "Bérénice Castafiore"


def _items(path: Path, **options: object) -> list[Record | ReadError]:
    return list(read_documents(path, ReadOptions(**options)))  # type: ignore[arg-type]


def test_folder_is_recursive_and_sorted(tmp_path: Path) -> None:
    root = tmp_path / "in"
    for rel in ["b.txt", "a.txt", "sub/c.txt", "sub/deep/d.txt", ".hidden.txt", "notes.md"]:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"doc {rel}\r\n", encoding="utf-8")
    records = _items(root)
    assert [r.document.id for r in records if isinstance(r, Record)] == [
        "a",
        "b",
        "sub/c",
        "sub/deep/d",
    ]
    first = records[0]
    assert isinstance(first, Record)
    assert first.document.text == "doc a.txt\r\n"  # no newline translation
    assert first.source == str(root / "a.txt")


def test_single_file_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "cr.txt"
    path.write_bytes(b"\xef\xbb\xbfPatient: " + NAME.encode())
    (record,) = _items(path)
    assert isinstance(record, Record)
    assert record.document.id == "cr"
    assert record.document.text == f"Patient: {NAME}"


def test_write_mirrors_the_folder(tmp_path: Path) -> None:
    root = tmp_path / "in"
    (root / "sub").mkdir(parents=True)
    (root / "a.txt").write_text("Jean", encoding="utf-8")
    (root / "sub" / "b.txt").write_text("Paul", encoding="utf-8")
    out = tmp_path / "out"
    with open_writer(out, "txt", ReadOptions(), root) as writer:
        for record in _items(root):
            assert isinstance(record, Record)
            writer.write(record, record.document.text.upper())
    assert (out / "a.txt").read_text(encoding="utf-8") == "JEAN"
    assert (out / "sub" / "b.txt").read_text(encoding="utf-8") == "PAUL"


@pytest.mark.parametrize("output_is_dir", [False, True])
def test_write_single_file(tmp_path: Path, output_is_dir: bool) -> None:
    src = tmp_path / "cr.txt"
    src.write_text("Jean", encoding="utf-8")
    out = tmp_path / "out"
    if output_is_dir:
        out.mkdir()
    with open_writer(out, "txt", ReadOptions(), src) as writer:
        (record,) = _items(src)
        assert isinstance(record, Record)
        writer.write(record, "[NOM]")
    target = out / "cr.txt" if output_is_dir else out
    assert target.read_text(encoding="utf-8") == "[NOM]"


def test_writer_refuses_to_overwrite_the_input(tmp_path: Path) -> None:
    src = tmp_path / "cr.txt"
    src.write_text("Jean", encoding="utf-8")
    with pytest.raises(InputError, match="overwrite"):
        open_writer(src, "txt", ReadOptions(), src)
    with pytest.raises(InputError, match="overwrite"):
        open_writer(tmp_path / "out", "txt", ReadOptions(), tmp_path)


@pytest.mark.parametrize(
    ("content", "options", "reason"),
    [
        (
            f"Patient {NAME} né à Besançon".encode("latin-1"),
            {},
            "not valid UTF-8 at byte 9; try --encoding latin-1",
        ),
        (b"%PDF\x00\x01\x02" + NAME.encode(), {}, "binary file"),
        (bytes(range(1, 32)) * 4, {}, "binary file"),
        (("x" * 3000).encode(), {"max_document_bytes": 1000}, "document too large"),
        (("x" * (3 << 20)).encode(), {"max_document_bytes": 2 << 20}, "(3 MB > 2 MB limit)"),
    ],
)
def test_bad_file_is_a_read_error_and_the_folder_goes_on(
    tmp_path: Path, content: bytes, options: dict[str, object], reason: str
) -> None:
    root = tmp_path / "in"
    root.mkdir()
    (root / "a_bad.txt").write_bytes(content)
    (root / "b_ok.txt").write_text("ok", encoding="utf-8")
    bad, ok = _items(root, **options)
    assert isinstance(bad, ReadError)
    assert reason in bad.reason
    assert bad.source == str(root / "a_bad.txt")
    assert "Castafiore" not in bad.message()
    assert "\n" not in bad.message()
    assert isinstance(ok, Record)


def test_latin1_encoding_option(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes("né à Besançon".encode("latin-1"))
    (record,) = _items(path, encoding="latin-1")
    assert isinstance(record, Record)
    assert record.document.text == "né à Besançon"


def test_unreadable_file(tmp_path: Path) -> None:
    root = tmp_path / "in"
    root.mkdir()
    os.symlink(tmp_path / "missing.txt", root / "a.txt")  # a dangling link
    (root / "b.txt").write_text("ok", encoding="utf-8")
    bad, ok = _items(root)
    assert isinstance(bad, ReadError)
    assert bad.reason.startswith("cannot read file (")
    assert isinstance(ok, Record)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads anything")
def test_unreadable_file_permissions(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("x", encoding="utf-8")
    path.chmod(0)
    (bad,) = _items(path)
    assert isinstance(bad, ReadError) and "Permission denied" in bad.reason


def test_empty_inputs(tmp_path: Path) -> None:
    empty_file = tmp_path / "empty.txt"
    empty_file.write_bytes(b"")
    with pytest.raises(InputError, match="empty input"):
        read_documents(empty_file, ReadOptions())
    empty_dir = tmp_path / "dir"
    empty_dir.mkdir()
    with pytest.raises(InputError, match="empty input"):
        read_documents(empty_dir, ReadOptions())
    with pytest.raises(InputError, match="empty input"):
        read_documents(empty_dir, ReadOptions(format="txt"))
