"""Patient-level privacy accounting and the encrypted mapping table.

`Ledger`: every distinct value released for a patient, as ``(patient pseudonym, value
digest, label, ε)`` in an SQLite file (bounded memory, idempotent inserts: a part done
again on resume is not counted twice). A patient's ε is the sum over its distinct values.
Digests and pseudonyms are keyed HMACs: no PHI.

`MappingWriter`: original ↔ surrogate pairs for authorised re-identification, each
document's pairs encrypted (Fernet, AES-128-CBC + HMAC-SHA256) with a key file; one token
per line. `read_mapping` decrypts a file or a folder of parts.
"""

from __future__ import annotations

import base64
import hashlib
import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS released (
    patient TEXT NOT NULL, value TEXT NOT NULL, label TEXT NOT NULL, epsilon REAL NOT NULL,
    PRIMARY KEY (patient, value)
) WITHOUT ROWID
"""


class Ledger:
    """Distinct released values per patient, on disk."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(_SCHEMA)

    def add(self, patient: str, released: Iterable[tuple[str, str, float]]) -> None:
        self.db.executemany(
            "INSERT OR IGNORE INTO released VALUES (?, ?, ?, ?)",
            ((patient, digest, label, eps) for label, digest, eps in released),
        )

    def commit(self) -> None:
        self.db.commit()

    def patients(self) -> Iterator[dict[str, Any]]:
        """Per patient: distinct values released and ε spent (total and per label)."""
        rows = self.db.execute(
            "SELECT patient, label, COUNT(*), SUM(epsilon) FROM released "
            "GROUP BY patient, label ORDER BY patient, label"
        )
        current: dict[str, Any] | None = None
        for patient, label, n, eps in rows:
            if current is None or current["patient"] != patient:
                if current is not None:
                    yield current
                current = {"patient": patient, "values": 0, "epsilon": 0.0, "by_label": {}}
            current["values"] += n
            current["epsilon"] += eps
            current["by_label"][label] = round(eps, 12)
        if current is not None:
            yield current

    def write_patients(self, path: Path) -> tuple[int, float, float]:
        """Write the per-patient report (JSONL); returns (patients, max ε, mean ε)."""
        n, top, total = 0, 0.0, 0.0
        tmp = path.with_name("." + path.name + ".tmp")
        with tmp.open("w", encoding="utf-8") as out:
            for row in self.patients():
                row["epsilon"] = round(row["epsilon"], 12)
                out.write(json.dumps(row) + "\n")
                n += 1
                top = max(top, row["epsilon"])
                total += row["epsilon"]
        tmp.replace(path)
        return n, top, (total / n if n else 0.0)

    def close(self) -> None:
        self.db.commit()
        self.db.close()


def _fernet(key: bytes) -> Any:
    try:
        from cryptography.fernet import Fernet
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError("the encrypted mapping table needs the 'cryptography' package") from exc
    key = key.strip()
    try:
        return Fernet(key)
    except ValueError:  # any other secret: derive a Fernet key from it
        return Fernet(base64.urlsafe_b64encode(hashlib.sha256(key).digest()))


class MappingWriter:
    """Appends one encrypted token per document: ``{"id", "patient", "pairs": [[label,
    original, surrogate], ...]}``."""

    def __init__(self, stream: IO[bytes], key: bytes):
        self.stream = stream
        self.fernet = _fernet(key)

    def write(
        self, doc_id: str, patient: str | None, pairs: Iterable[tuple[str, str, str]]
    ) -> None:
        row = {"id": doc_id, "patient": patient, "pairs": [list(p) for p in pairs]}
        data = json.dumps(row, ensure_ascii=False).encode("utf-8", errors="surrogatepass")
        self.stream.write(self.fernet.encrypt(data) + b"\n")


def read_mapping(path: Path | str, key: bytes) -> Iterator[dict[str, Any]]:
    """Decrypt a mapping table (a file, or a folder of ``part-*.enc`` files)."""
    path = Path(path)
    fernet = _fernet(key)
    files = sorted(path.glob("part-*.enc")) if path.is_dir() else [path]
    for file in files:
        with file.open("rb") as stream:
            for line in stream:
                if line.strip():
                    yield json.loads(fernet.decrypt(line.strip()).decode("utf-8", "surrogatepass"))
