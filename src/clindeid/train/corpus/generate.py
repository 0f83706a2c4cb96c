"""A whole synthetic corpus: document types in configured proportions, patients with several
documents, optional E3C injection, a patient-level split, written as our JSONL and BRAT.

Everything is drawn from ``numpy`` generators seeded with ``(seed, purpose, index)``, so one
seed gives byte-identical output, whatever the machine.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from clindeid.io.annotations import AnnotatedDocument
from clindeid.io.annotations import brat as brat_format
from clindeid.io.annotations.base import entity_json, jsonable_meta
from clindeid.train.corpus.documents import make_document, make_patient
from clindeid.train.corpus.inject import INJECTED_TYPE, Carrier, inject, iter_carriers
from clindeid.train.corpus.split import DEFAULT_RATIOS, SPLITS, assign_split
from clindeid.train.corpus.templates import DOCUMENT_TYPES

__all__ = [
    "DEFAULT_TYPE_WEIGHTS",
    "CorpusConfig",
    "CorpusStats",
    "allocate",
    "generate_corpus",
    "write_corpus",
]

# Share of each document type (roughly a hospital warehouse's mix).
DEFAULT_TYPE_WEIGHTS: dict[str, float] = {
    "cr_hospitalisation": 0.15, "lettre_sortie": 0.1, "cr_operatoire": 0.06,
    "consultation": 0.15, "urgences": 0.08, "ordonnance": 0.06, "courrier_medecin": 0.07,
    "biologie": 0.07, "imagerie": 0.06, "note_rapide": 0.07, "transmissions": 0.05,
    "administratif": 0.05, "genetique": 0.03,
}  # fmt: skip
MEAN_DOCS_PER_PATIENT = 2.5
OUTPUT_FORMATS: tuple[str, ...] = ("clindeid", "brat")


@dataclass(frozen=True)
class CorpusConfig:
    """What to generate. ``type_weights`` are normalised; ``inject_share`` of the documents
    are E3C case reports with injected PHI (needs ``carriers``)."""

    n: int
    seed: int = 0
    type_weights: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_TYPE_WEIGHTS))
    inject_share: float = 0.0
    split_ratios: Sequence[float] = DEFAULT_RATIOS
    mean_docs_per_patient: float = MEAN_DOCS_PER_PATIENT

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("the number of documents must be ≥ 0")
        unknown = sorted(set(self.type_weights) - set(DOCUMENT_TYPES))
        if unknown:
            raise ValueError(
                f"unknown document type(s) {', '.join(unknown)}; choose from "
                f"{', '.join(DOCUMENT_TYPES)}"
            )
        if any(w < 0 for w in self.type_weights.values()) or not any(
            w > 0 for w in self.type_weights.values()
        ):
            raise ValueError("document type weights must be ≥ 0 and not all zero")
        if not 0.0 <= self.inject_share <= 1.0:
            raise ValueError("inject share must be within [0, 1]")

    def type_counts(self, with_injection: bool) -> dict[str, int]:
        """Exact number of documents per type (largest remainder)."""
        n_inject = round(self.n * self.inject_share) if with_injection else 0
        counts = allocate(self.n - n_inject, self.type_weights)
        if n_inject:
            counts[INJECTED_TYPE] = n_inject
        return counts


def allocate(n: int, weights: Mapping[str, float]) -> dict[str, int]:
    """Split ``n`` into integer counts proportional to ``weights`` (largest remainder,
    ties by name)."""
    total = sum(weights.values())
    exact = {k: n * w / total for k, w in weights.items()}
    counts = {k: int(v) for k, v in exact.items()}
    rest = n - sum(counts.values())
    order = sorted(exact, key=lambda k: (-(exact[k] - counts[k]), k))
    for k in order[:rest]:
        counts[k] += 1
    return {k: counts[k] for k in weights}


def _rng(seed: int, purpose: int, index: int) -> np.random.Generator:
    return np.random.default_rng([seed, purpose, index])


def generate_corpus(
    config: CorpusConfig, carriers: Sequence[Carrier] | None = None
) -> Iterator[AnnotatedDocument]:
    """Yield the documents of the corpus in order (ids ``doc-000000`` …)."""
    counts = config.type_counts(bool(carriers))
    types = [t for t, c in counts.items() for _ in range(c)]
    order_rng = _rng(config.seed, 0, 0)
    types = [types[int(i)] for i in order_rng.permutation(len(types))]
    carrier_iter = iter_carriers(list(carriers), _rng(config.seed, 3, 0)) if carriers else None
    patient_rng = _rng(config.seed, 1, 0)
    p_new = 1.0 / max(1.0, config.mean_docs_per_patient)
    n_patients = 0
    patient = None
    visit = 0
    for i, doc_type in enumerate(types):
        doc_rng = _rng(config.seed, 2, i)
        if doc_type == INJECTED_TYPE:
            assert carrier_iter is not None
            key = f"pat-{n_patients:06d}"
            n_patients += 1
            text, entities, meta = inject(doc_rng, next(carrier_iter), key)
        else:
            if patient is None or patient_rng.random() < p_new:
                key = f"pat-{n_patients:06d}"
                patient = make_patient(_rng(config.seed, 4, n_patients), key)
                n_patients += 1
                visit = 0
            else:
                visit += 1
            text, entities, meta = make_document(doc_rng, patient, doc_type, visit)
        meta["split"] = assign_split(meta["patient_key"], config.seed, config.split_ratios)
        meta["seed"] = config.seed
        yield AnnotatedDocument(f"doc-{i:06d}", text, tuple(entities), meta)


@dataclass
class CorpusStats:
    """Counts of a generated corpus (per label, type, split, and label × type)."""

    documents: int = 0
    characters: int = 0
    patients: set[str] = field(default_factory=set)
    by_label: Counter[str] = field(default_factory=Counter)
    by_type: Counter[str] = field(default_factory=Counter)
    by_split: Counter[str] = field(default_factory=Counter)
    by_type_label: dict[str, Counter[str]] = field(default_factory=dict)
    icd10: Counter[str] = field(default_factory=Counter)

    def add(self, doc: AnnotatedDocument) -> None:
        t = str(doc.meta.get("document_type"))
        self.documents += 1
        self.characters += len(doc.text)
        self.patients.add(str(doc.meta.get("patient_key")))
        self.by_type[t] += 1
        self.by_split[str(doc.meta.get("split"))] += 1
        per_type = self.by_type_label.setdefault(t, Counter())
        for e in doc.entities:
            self.by_label[e.label] += 1
            per_type[e.label] += 1
        for code in doc.meta.get("icd10", ()):
            self.icd10[code["code"][:3]] += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "characters": self.characters,
            "patients": len(self.patients),
            "entities": sum(self.by_label.values()),
            "by_label": dict(sorted(self.by_label.items())),
            "by_type": dict(sorted(self.by_type.items())),
            "by_split": {s: self.by_split.get(s, 0) for s in SPLITS},
            "by_type_label": {
                t: dict(sorted(c.items())) for t, c in sorted(self.by_type_label.items())
            },
            "icd10_categories_top20": dict(self.icd10.most_common(20)),
        }


def _jsonl_line(doc: AnnotatedDocument) -> str:
    obj = {
        "id": doc.id,
        "text": doc.text,
        "entities": [entity_json(e) for e in doc.entities],
        "meta": jsonable_meta(doc.meta),
    }
    return json.dumps(obj, ensure_ascii=False) + "\n"


ATTRIBUTION = """# Licence and attribution

Synthetic documents (`document_type` other than `{injected}`) are generated by clindeid from
public knowledge tables (INSEE names and communes, FINESS, CIM-10 labels from ATIH via edsnlp);
no real person is described. They are free to use.

Documents of type `{injected}` embed, verbatim, French clinical case reports of the E3C corpus
(https://github.com/hltfbk/E3C-Corpus), originally published in The Pan African Medical Journal
under the Creative Commons Attribution 4.0 licence (CC BY 4.0,
https://creativecommons.org/licenses/by/4.0/). The case text was framed with synthetic headers
and sentences (changes made); `meta.source` of each document gives its E3C id, URL and DOI.
"""


def write_corpus(
    docs: Iterator[AnnotatedDocument] | Sequence[AnnotatedDocument],
    out_dir: str | Path,
    formats: Sequence[str] = OUTPUT_FORMATS,
    config: CorpusConfig | None = None,
) -> CorpusStats:
    """Write ``{split}.jsonl`` (our JSONL with metadata) and/or ``brat/{split}/`` into
    ``out_dir``, plus ``stats.json`` and ``ATTRIBUTION.md``; return the counts."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    bad = sorted(set(formats) - set(OUTPUT_FORMATS))
    if bad:
        raise ValueError(f"unknown corpus format(s) {', '.join(bad)}; choose from clindeid, brat")
    stats = CorpusStats()
    handles = {}
    if "clindeid" in formats:
        handles = {s: (out / f"{s}.jsonl").open("w", encoding="utf-8") for s in SPLITS}
    try:
        for doc in docs:
            split = str(doc.meta.get("split", "train"))
            stats.add(doc)
            if handles:
                handles[split].write(_jsonl_line(doc))
            if "brat" in formats:
                brat_format.write([doc], out / "brat" / split)
    finally:
        for fh in handles.values():
            fh.close()
    summary = stats.to_json()
    if config is not None:
        summary["config"] = {
            "n": config.n,
            "seed": config.seed,
            "type_weights": dict(config.type_weights),
            "inject_share": config.inject_share,
            "split_ratios": list(config.split_ratios),
        }
    (out / "stats.json").write_text(
        json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (out / "ATTRIBUTION.md").write_text(
        ATTRIBUTION.format(injected=INJECTED_TYPE), encoding="utf-8"
    )
    return stats
