"""Evaluate rules-only, model-only and hybrid detection on every evaluation set (docs/model.md).

    .venv/bin/python scripts/evaluate_model.py [--model DIR] [--json out.json] [--sets ...]

Sets: the generated corpus's dev and test splits (same generation parameters as the shipped
model), tests/data/gold/gold.jsonl (in-house), tests/data/heldout/heldout.jsonl and
tests/data/heldout_b/heldout_b.jsonl (blind, evaluation only), and the French WikiNEuRal
validation set (evaluation only, NC licence: never trained on), on which PER/LOC/ORG token
recall is reported (MISC ignored). Prints markdown tables; never prints document text.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from clindeid.config import Config
from clindeid.detect import build_detectors
from clindeid.detect.model import GeneralNerDetector, ModelDetector, shipped_model_dir
from clindeid.document import Document, Entity
from clindeid.evaluate import evaluate
from clindeid.io.annotations import AnnotatedDocument, read_annotations
from clindeid.pipeline import Pipeline

ROOT = Path(__file__).resolve().parents[1]
WIKINEURAL = ROOT.parent / "shared" / "data" / "corpora" / "wikineural_fr" / "val.conllu"
WIKI_MAP = {"PER": "PERSON", "LOC": "LOCATION", "ORG": "ORG"}


def read_wikineural(path: Path, per_doc: int = 25) -> list[AnnotatedDocument]:
    """``index token tag`` lines → documents of ``per_doc`` sentences (tokens joined by
    spaces, sentences by newlines); MISC dropped."""
    docs: list[AnnotatedDocument] = []
    sents: list[list[tuple[str, str]]] = []
    cur: list[tuple[str, str]] = []

    def flush() -> None:
        if not sents:
            return
        text_parts: list[str] = []
        ents: list[Entity] = []
        offset = 0
        for k, sent in enumerate(sents):
            if k:
                text_parts.append("\n")
                offset += 1
            open_: tuple[int, str] | None = None
            last_end = offset
            for i, (tok, tag) in enumerate(sent):
                if i:
                    text_parts.append(" ")
                    offset += 1
                start = offset
                text_parts.append(tok)
                offset += len(tok)
                label = tag[2:] if tag != "O" else None
                if open_ and (tag == "O" or tag.startswith("B-") or label != open_[1]):
                    if open_[1] in WIKI_MAP:
                        ents.append(Entity(open_[0], last_end, WIKI_MAP[open_[1]], "gold"))
                    open_ = None
                if label and open_ is None:
                    open_ = (start, label)
                last_end = offset
            if open_ and open_[1] in WIKI_MAP:
                ents.append(Entity(open_[0], last_end, WIKI_MAP[open_[1]], "gold"))
        docs.append(AnnotatedDocument(f"wikineural-{len(docs)}", "".join(text_parts),
                                      tuple(ents)))  # fmt: skip
        sents.clear()

    for line in path.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) < 3:
            if cur:
                sents.append(cur)
                cur = []
                if len(sents) >= per_doc:
                    flush()
            continue
        cur.append((cols[1], cols[2]))
    if cur:
        sents.append(cur)
    flush()
    return docs


def corpus_splits(n: int, seed: int, inject_share: float) -> dict[str, list[AnnotatedDocument]]:
    from clindeid.train.corpus import DEFAULT_E3C_PATH, CorpusConfig, generate_corpus, load_carriers

    docs = list(generate_corpus(CorpusConfig(n=n, seed=seed, inject_share=inject_share),
                                load_carriers(DEFAULT_E3C_PATH)))  # fmt: skip
    return {s: [d for d in docs if d.meta.get("split") == s] for s in ("dev", "test")}


def run(pipeline: Pipeline, docs: Iterable[AnnotatedDocument]
        ) -> tuple[list[AnnotatedDocument], float]:  # fmt: skip
    out = []
    chars = 0
    t0 = time.perf_counter()
    for d in docs:
        ents = pipeline.detect(Document.create(d.id, d.text, d.meta))
        out.append(AnnotatedDocument(d.id, d.text, tuple(ents)))
        chars += len(d.text)
    return out, chars / max(time.perf_counter() - t0, 1e-9)


def summarise(gold: list[AnnotatedDocument], pred: list[AnnotatedDocument],
              speed: float) -> dict:  # fmt: skip
    s = evaluate(gold, pred, ignore_labels=["MISC"]).scores
    labels = {}
    for label in s.labels:
        c = s.strict.get(label)
        t = s.token_labels.get(label)
        labels[label] = {
            "support": c.support if c else 0,
            "precision": c.precision if c else None,
            "recall": c.recall if c else None,
            "f1": c.f1 if c else None,
            "token_recall": t.recall if t else None,
        }
    return {
        "token_precision": s.tokens.precision, "token_recall": s.tokens.recall,
        "token_f1": s.tokens.f1, "strict_f1": s.micro_strict.f1,
        "clean_share": s.clean_share, "chars_per_s": speed, "labels": labels,
    }  # fmt: skip


def markdown(results: dict[str, dict[str, dict]]) -> str:
    """The results as markdown tables (overall; per label for hybrid; WikiNEuRal recall)."""
    lines = ["| set | mode | token P | token R | token F1 | strict F1 | clean docs | chars/s |",
             "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for name, modes in results.items():
        for mode, r in modes.items():
            lines.append(
                f"| {name} | {mode} | {r['token_precision']:.4f} | {r['token_recall']:.4f} | "
                f"{r['token_f1']:.4f} | {r['strict_f1']:.4f} | {r['clean_share']:.3f} | "
                f"{r['chars_per_s']:,.0f} |"
            )
    lines += ["", "| set | label | support | P | R | F1 | token R |",
              "|---|---|---|---|---|---|---|"]  # fmt: skip
    for name, modes in results.items():
        if name == "wikineural" or "hybrid" not in modes:
            continue
        for label, c in sorted(modes["hybrid"]["labels"].items()):
            if not c["support"]:
                continue
            lines.append(
                f"| {name} | {label} | {c['support']} | {c['precision'] or 0:.3f} | "
                f"{c['recall'] or 0:.3f} | {c['f1'] or 0:.3f} | {c['token_recall'] or 0:.3f} |"
            )
    if "wikineural" in results:
        lines += ["", "| mode | PER token R | LOC token R | ORG token R | token P (PER+LOC+ORG) |",
                  "|---|---|---|---|---|"]  # fmt: skip
        for mode, r in results["wikineural"].items():
            rec = [r["labels"].get(lab, {}).get("token_recall") or 0.0
                   for lab in ("PERSON", "LOCATION", "ORG")]  # fmt: skip
            lines.append(f"| {mode} | {rec[0]:.3f} | {rec[1]:.3f} | {rec[2]:.3f} | "
                         f"{r['token_precision']:.3f} |")  # fmt: skip
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=None, help="model dir (default: shipped)")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--sets", nargs="*", default=None)
    ap.add_argument("--modes", nargs="*", default=["rules", "ner", "model", "hybrid"],
                    help="rules; ner (the trained model alone); model (ner + general NER); "
                    "hybrid (rules + model: the default detectors)")  # fmt: skip
    ap.add_argument("--corpus-n", type=int, default=5000)
    ap.add_argument("--corpus-seed", type=int, default=13)
    ap.add_argument("--inject-share", type=float, default=0.3)
    ap.add_argument("--max-split", type=int, default=250, help="documents of dev/test used")
    args = ap.parse_args(argv)
    model_dir = args.model or shipped_model_dir()

    sets: dict[str, list[AnnotatedDocument]] = {}
    wanted = args.sets or ["dev", "test", "gold", "heldout", "heldout_b", "wikineural"]
    if {"dev", "test"} & set(wanted):
        splits = corpus_splits(args.corpus_n, args.corpus_seed, args.inject_share)
        sets.update({k: v[: args.max_split] for k, v in splits.items() if k in wanted})
    files = {"gold": ROOT / "tests/data/gold/gold.jsonl",
             "heldout": ROOT / "tests/data/heldout/heldout.jsonl",
             "heldout_b": ROOT / "tests/data/heldout_b/heldout_b.jsonl"}  # fmt: skip
    for name, path in files.items():
        if name in wanted and path.is_file():
            sets[name] = read_annotations(path)
    if "wikineural" in wanted and WIKINEURAL.is_file():
        sets["wikineural"] = read_wikineural(WIKINEURAL)

    rules = build_detectors(["rules"])
    model = [ModelDetector(model_dir), GeneralNerDetector()] if model_dir else []
    modes = {"rules": rules, "ner": model[:1], "model": model, "hybrid": [*rules, *model]}
    results: dict[str, dict[str, dict]] = {}
    for name, docs in sets.items():
        for mode in args.modes:
            if mode != "rules" and not model:
                continue
            pipeline = Pipeline(Config(), detectors=modes[mode])
            pred, speed = run(pipeline, docs)
            res = summarise(docs, pred, speed)
            results.setdefault(name, {})[mode] = res
            extra = ""
            if name == "wikineural":
                extra = " " + " ".join(
                    f"{lab} R={res['labels'].get(lab, {}).get('token_recall') or 0:.3f}"
                    for lab in ("PERSON", "LOCATION", "ORG")
                )
            print(f"{name:11s} {mode:7s} tokP {res['token_precision']:.4f} tokR "
                  f"{res['token_recall']:.4f} strictF1 {res['strict_f1']:.4f} clean "
                  f"{res['clean_share']:.3f} {speed:,.0f} ch/s{extra}", flush=True)  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
