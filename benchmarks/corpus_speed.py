"""Speed of the synthetic corpus generator: documents per second and the time for 10,000.

    .venv/bin/python benchmarks/corpus_speed.py [--n 10000] [--seed 0] [--inject-share 0.2]
                                                [--e3c PATH] [--no-write]

Generates the corpus (with E3C injection when the E3C file exists) and writes it, JSONL and
BRAT, into a temporary folder. Target: 10,000 documents in under 2 minutes on one core.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from clindeid.train.corpus import (
    CorpusConfig,
    generate_corpus,
    load_carriers,
    write_corpus,
)

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_E3C = ROOT.parent / "shared" / "data" / "corpora" / "e3c_fr_cc_by_clinical_cases.jsonl"
TARGET_S = 120.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--inject-share", type=float, default=0.2)
    parser.add_argument("--e3c", type=Path, default=DEFAULT_E3C)
    parser.add_argument("--no-write", action="store_true", help="generate only, write nothing")
    args = parser.parse_args()

    start = time.perf_counter()
    carriers = load_carriers(args.e3c) if args.inject_share > 0 and args.e3c.exists() else None
    config = CorpusConfig(n=args.n, seed=args.seed, inject_share=args.inject_share)
    docs = generate_corpus(config, carriers)
    if args.no_write:
        n = sum(1 for _ in docs)
        entities = None
    else:
        with tempfile.TemporaryDirectory() as tmp:
            stats = write_corpus(docs, tmp, config=config)
            n, entities = stats.documents, sum(stats.by_label.values())
    elapsed = time.perf_counter() - start
    rate = n / elapsed
    injected = "with" if carriers else "without"
    print(f"{n} documents ({injected} E3C injection), {entities or '-'} entities")
    print(f"{elapsed:.1f} s in all (tables loaded included), {rate:.0f} documents/s")
    print(f"projected time for 10,000 documents: {10_000 / rate:.1f} s (target < {TARGET_S:.0f} s)")


if __name__ == "__main__":
    main()
