"""Speed of the PERSON rules and the patient-context detector on ~1 MB of clinical-like text.

Builds the corpus from the fictitious documents of ``examples/`` (lines shuffled with a fixed
seed, cut into 4 kB documents), loads the knowledge tables first (not timed), then prints
characters per second for each detector. Target: ≥ 300,000 chars/s on one core.

Usage: ``.venv/bin/python benchmarks/persons_speed.py [--size 1000000] [--repeat 3]``
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from clindeid.detect.context import PatientContextDetector
from clindeid.detect.rules.persons import PersonDetector
from clindeid.document import Document

ROOT = Path(__file__).resolve().parents[1]
DOC_SIZE = 4000
META = {"nom": "Lefebvre", "prenom": "Jean-Marc", "ddn": "1978-01-02", "ipp": "8001234567",
        "tel": "06 45 78 12 90", "ville": "Beaune", "cp": "21200"}


def corpus(size: int, seed: int = 0) -> list[Document]:
    lines: list[str] = []
    for path in sorted((ROOT / "examples").glob("*.txt")):
        lines.extend(path.read_text(encoding="utf-8").splitlines())
    rng = random.Random(seed)
    docs: list[Document] = []
    total = 0
    buf: list[str] = []
    buf_len = 0
    while total < size:
        line = rng.choice(lines)
        buf.append(line)
        buf_len += len(line) + 1
        if buf_len >= DOC_SIZE:
            text = "\n".join(buf)
            docs.append(Document.create(f"d{len(docs)}", text, META))
            total += len(text)
            buf, buf_len = [], 0
    return docs


def bench(detector: object, docs: list[Document], repeat: int) -> float:
    chars = sum(len(d.text) for d in docs)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for d in docs:
            list(detector.detect(d))  # type: ignore[attr-defined]
        best = min(best, time.perf_counter() - t0)
    return chars / best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    docs = corpus(args.size)
    persons = PersonDetector()
    persons.detect(docs[0])  # load the knowledge tables before timing
    chars = sum(len(d.text) for d in docs)
    print(f"corpus: {len(docs)} documents, {chars:,} characters")
    for name, det in (("persons", persons), ("patient context", PatientContextDetector())):
        print(f"{name:16s} {bench(det, docs, args.repeat):>12,.0f} chars/s")


if __name__ == "__main__":
    main()
