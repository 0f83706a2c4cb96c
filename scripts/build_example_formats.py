"""Package five of the example documents (examples/*.txt) in the other input formats.

Writes, from the plain-text examples and the metadata table below:

* ``examples/formats/notes.jsonl``: one ``{"id", "text", "meta": {...}}`` object per line;
* ``examples/formats/notes.csv``: columns doc_id, patient_id, nom, prenom, ddn, document_type,
  text (quoted fields, embedded newlines kept; dates in the French ``JJ/MM/AAAA`` form);
* ``examples/formats/notes.parquet``: the CSV read back with pyarrow (every column a string).

All the content is fictitious. Run from the repository root::

    .venv/bin/python scripts/build_example_formats.py
"""

from __future__ import annotations

import csv
import datetime as dt
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
OUT = EXAMPLES / "formats"

# file stem → metadata (ISO dates; the CSV writes them as JJ/MM/AAAA).
DOCS: dict[str, dict[str, str]] = {
    "01_compte_rendu_hospitalisation": {
        "patient_id": "8001234567", "nom": "PETIT", "prenom": "Bernard", "ddn": "1954-03-12",
        "document_date": "2023-02-11", "document_type": "cr_hospitalisation", "sexe": "M",
    },
    "02_lettre_sortie": {
        "patient_id": "7100098123", "nom": "BLANC", "prenom": "Geneviève", "ddn": "1967-11-02",
        "document_date": "2022-11-28", "document_type": "lettre", "sexe": "F",
    },
    "03_compte_rendu_operatoire": {
        "patient_id": "2100567890", "nom": "LEFEBVRE", "prenom": "Jean-Marc",
        "ddn": "1978-01-02", "document_date": "2024-03-18", "document_type": "cr_operatoire",
        "sexe": "M",
    },
    "05_consultation": {
        "patient_id": "2500781234", "nom": "GARNIER", "prenom": "Léa", "ddn": "1991-05-14",
        "document_date": "2019-02-12", "document_type": "consultation", "sexe": "F",
    },
    "06_urgences": {
        "patient_id": "7100812345", "nom": "MOREL", "prenom": "Noah", "ddn": "2021-09-09",
        "document_date": "2021-12-14", "document_type": "urgences", "sexe": "M",
    },
}

CSV_COLUMNS = ["doc_id", "patient_id", "nom", "prenom", "ddn", "document_type", "text"]


def french_date(iso: str) -> str:
    return dt.date.fromisoformat(iso).strftime("%d/%m/%Y")


def load_docs() -> list[tuple[str, str, dict[str, str]]]:
    docs = []
    for stem, meta in DOCS.items():
        text = (EXAMPLES / f"{stem}.txt").read_text(encoding="utf-8")
        docs.append((stem, text, meta))
    return docs


def write_jsonl(docs: list[tuple[str, str, dict[str, str]]], path: Path) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for stem, text, meta in docs:
            record = {"id": stem, "text": text, "meta": meta}
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def write_csv(docs: list[tuple[str, str, dict[str, str]]], path: Path) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for stem, text, meta in docs:
            writer.writerow([
                stem, meta["patient_id"], meta["nom"], meta["prenom"], french_date(meta["ddn"]),
                meta["document_type"], text,
            ])


def csv_to_parquet(csv_path: Path, parquet_path: Path) -> pa.Table:
    table = pacsv.read_csv(
        csv_path,
        parse_options=pacsv.ParseOptions(newlines_in_values=True),
        convert_options=pacsv.ConvertOptions(
            column_types={name: pa.string() for name in CSV_COLUMNS}
        ),
    )
    pq.write_table(table, parquet_path, compression="zstd")
    return table


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    docs = load_docs()
    write_jsonl(docs, OUT / "notes.jsonl")
    write_csv(docs, OUT / "notes.csv")
    table = csv_to_parquet(OUT / "notes.csv", OUT / "notes.parquet")
    # The three packagings must carry exactly the texts of the .txt files.
    texts = pq.read_table(OUT / "notes.parquet").column("text").to_pylist()
    assert texts == [text for _, text, _ in docs], "parquet texts differ from the .txt files"
    assert table.num_rows == len(docs)
    print(f"wrote {len(docs)} documents to {OUT.relative_to(ROOT)}/notes.{{jsonl,csv,parquet}}")


if __name__ == "__main__":
    main()
