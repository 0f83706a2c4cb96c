"""Inter-annotator agreement at token level: Cohen's kappa per pair, Fleiss' kappa overall
and per label.

Tokens come from `clindeid.tokens.tokenize`; each token gets the (mapped) label of the
entity covering it, the longest one when several do, or ``"O"``. Kappas whose expected
agreement is 1 (a single category used by everyone) are undefined and given as ``None``.
Pairwise entity-level F1 (one annotator as reference, strict and partial) is reported too,
since token kappa is inflated by the many ``O`` tokens.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from clindeid.evaluate.metrics import Counts, TokenIndex, entity_counts, ratio
from clindeid.evaluate.relabel import Relabel, Span
from clindeid.io.annotations.base import AnnotatedDocument

OUTSIDE = "O"


class AgreementError(ValueError):
    """Annotations that cannot be compared (too few annotators, different texts)."""


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float | None:
    """Cohen's kappa of two raters' labels over the same items (``None`` if undefined)."""
    if len(a) != len(b):
        raise ValueError("both raters must label the same items")
    n = len(a)
    if n == 0:
        return None
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    ca, cb = Counter(a), Counter(b)
    expected = sum(ca[k] * cb[k] for k in ca) / (n * n)
    if expected >= 1.0:
        return None
    return (observed - expected) / (1.0 - expected)


def fleiss_kappa(table: Sequence[Sequence[int]]) -> float | None:
    """Fleiss' kappa of a subjects × categories table of rater counts (``None`` if undefined).

    Every row must sum to the same number of raters ``n`` ≥ 2.
    """
    n_subjects, n_raters = _check_table(table)
    if n_subjects == 0:
        return None
    totals = [sum(col) for col in zip(*table, strict=True)]
    p_j = [t / (n_subjects * n_raters) for t in totals]
    p_i = [(sum(c * c for c in row) - n_raters) / (n_raters * (n_raters - 1)) for row in table]
    p_bar = sum(p_i) / n_subjects
    p_e = sum(p * p for p in p_j)
    if p_e >= 1.0:
        return None
    return (p_bar - p_e) / (1.0 - p_e)


def fleiss_kappa_by_category(table: Sequence[Sequence[int]]) -> list[float | None]:
    """Fleiss' per-category kappas (category j against all others), ``None`` if undefined."""
    n_subjects, n_raters = _check_table(table)
    if n_subjects == 0:
        return [None] * (len(table[0]) if table else 0)
    out: list[float | None] = []
    for j, col in enumerate(zip(*table, strict=True)):
        p = sum(col) / (n_subjects * n_raters)
        if p in (0.0, 1.0):
            out.append(None)
            continue
        disagreement = sum(row[j] * (n_raters - row[j]) for row in table)
        out.append(1.0 - disagreement / (n_subjects * n_raters * (n_raters - 1) * p * (1 - p)))
    return out


def _check_table(table: Sequence[Sequence[int]]) -> tuple[int, int]:
    if not table:
        return 0, 0
    sums = {sum(row) for row in table}
    if len(sums) != 1:
        raise ValueError("every subject must be rated by the same number of raters")
    n_raters = sums.pop()
    if n_raters < 2:
        raise ValueError("Fleiss' kappa needs at least two raters per subject")
    return len(table), n_raters


def token_labels(doc: AnnotatedDocument, relabel: Relabel, index: TokenIndex) -> list[str]:
    """One label per token of ``doc`` (the longest covering entity's, else ``"O"``)."""
    labels = [OUTSIDE] * len(index)
    spans = sorted(relabel.spans(doc.entities), key=lambda s: (s[1] - s[0], s[2]))
    for start, end, label in spans:  # shortest first: the longest entity wins
        for i in index.overlapping(start, end):
            labels[i] = label
    return labels


@dataclass(frozen=True, slots=True)
class PairAgreement:
    """Agreement of two annotators on the documents both annotated."""

    first: str
    second: str
    documents: int
    tokens: int
    observed: float
    kappa: float | None
    strict_f1: float
    partial_f1: float

    def to_json(self) -> dict[str, Any]:
        return {
            "annotators": [self.first, self.second],
            "documents": self.documents,
            "tokens": self.tokens,
            "observed_agreement": self.observed,
            "cohen_kappa": self.kappa,
            "entity_f1_strict": self.strict_f1,
            "entity_f1_partial": self.partial_f1,
        }


@dataclass(frozen=True, slots=True)
class AgreementReport:
    """Pairwise and overall token-level agreement between annotators."""

    annotators: tuple[str, ...]
    pairs: tuple[PairAgreement, ...]
    documents: int  # annotated by every annotator (the Fleiss subjects' documents)
    tokens: int
    fleiss: float | None
    fleiss_by_label: dict[str, float | None] = field(default_factory=dict)
    label_support: dict[str, int] = field(default_factory=dict)
    label_map: str = "clindeid"

    def to_json(self) -> dict[str, Any]:
        return {
            "annotators": list(self.annotators),
            "label_map": self.label_map,
            "documents_common_to_all": self.documents,
            "tokens_common_to_all": self.tokens,
            "fleiss_kappa": self.fleiss,
            "fleiss_kappa_by_label": {
                k: {"kappa": v, "token_ratings": self.label_support.get(k, 0)}
                for k, v in sorted(self.fleiss_by_label.items())
            },
            "pairs": [p.to_json() for p in self.pairs],
        }

    def render(self, console: Any) -> None:
        """Print the agreement tables on a rich console."""
        from clindeid.evaluate.report import render_agreement

        render_agreement(self, console)


def group_by_annotator(
    docs: Iterable[AnnotatedDocument], default: str = "gold"
) -> dict[str, dict[str, AnnotatedDocument]]:
    """annotator → document id → document (``default`` names unnamed annotators)."""
    out: dict[str, dict[str, AnnotatedDocument]] = {}
    for doc in docs:
        name = doc.annotator or default
        by_id = out.setdefault(name, {})
        if doc.id in by_id:
            raise AgreementError(f"annotator {name!r} annotated document {doc.id!r} twice")
        by_id[doc.id] = doc
    return out


def agreement(
    annotations: Mapping[str, Mapping[str, AnnotatedDocument]] | Iterable[AnnotatedDocument],
    label_map: Any = None,
    ignore_labels: Iterable[str] = (),
) -> AgreementReport:
    """Token-level agreement of annotators.

    ``annotations`` maps annotator → id → document, or is a flat iterable of documents
    grouped by their ``annotator``. Pairs use the documents both annotated; Fleiss' kappa
    uses those every annotator did. Texts of the same id must be equal.
    """
    if not isinstance(annotations, Mapping):
        annotations = group_by_annotator(annotations)
    names = sorted(annotations)
    if len(names) < 2:
        raise AgreementError(f"agreement needs at least two annotators, found {len(names)}")
    relabel = Relabel(label_map, ignore_labels)
    texts: dict[str, str] = {}
    for name in names:
        for doc_id, doc in annotations[name].items():
            if texts.setdefault(doc_id, doc.text) != doc.text:
                raise AgreementError(f"annotators disagree on the text of document {doc_id!r}")
    indexes = {doc_id: TokenIndex(text) for doc_id, text in texts.items()}
    labels = {
        name: {i: token_labels(d, relabel, indexes[i]) for i, d in annotations[name].items()}
        for name in names
    }
    pairs = []
    for a, b in combinations(names, 2):
        common = sorted(set(labels[a]) & set(labels[b]))
        seq_a = [lab for i in common for lab in labels[a][i]]
        seq_b = [lab for i in common for lab in labels[b][i]]
        strict_f1, partial_f1 = _entity_f1(
            [relabel.spans(annotations[a][i].entities) for i in common],
            [relabel.spans(annotations[b][i].entities) for i in common],
        )
        pairs.append(
            PairAgreement(
                a,
                b,
                len(common),
                len(seq_a),
                ratio(sum(x == y for x, y in zip(seq_a, seq_b, strict=True)), len(seq_a)),
                cohen_kappa(seq_a, seq_b),
                strict_f1,
                partial_f1,
            )
        )
    shared = sorted(set.intersection(*(set(labels[n]) for n in names)))
    columns = sorted({lab for n in names for i in shared for lab in labels[n][i]} | {OUTSIDE})
    col = {lab: j for j, lab in enumerate(columns)}
    table = []
    for i in shared:
        for t in range(len(indexes[i])):
            row = [0] * len(columns)
            for n in names:
                row[col[labels[n][i][t]]] += 1
            table.append(row)
    by_cat = fleiss_kappa_by_category(table) if table else [None] * len(columns)
    support = [sum(row[j] for row in table) for j in range(len(columns))]
    return AgreementReport(
        annotators=tuple(names),
        pairs=tuple(pairs),
        documents=len(shared),
        tokens=len(table),
        fleiss=fleiss_kappa(table) if table else None,
        fleiss_by_label={lab: by_cat[j] for lab, j in col.items() if lab != OUTSIDE},
        label_support={lab: support[j] for lab, j in col.items() if lab != OUTSIDE},
        label_map=relabel.describe(),
    )


def _entity_f1(first: list[set[Span]], second: list[set[Span]]) -> tuple[float, float]:
    strict_total, partial_total = Counts(), Counts()
    for a, b in zip(first, second, strict=True):
        strict, partial = entity_counts(a, b)
        strict_total = sum(strict.values(), strict_total)
        partial_total = sum(partial.values(), partial_total)
    return strict_total.f1, partial_total.f1
