"""Detection quality counts: entity-level (strict, partial) and token-level.

Count conventions:

* Spans are compared as distinct ``(start, end, label)`` triples after label mapping, so two
  detectors proposing the same span count once.
* **Strict**: a prediction matches a gold entity with the same offsets and label.
* **Partial**: a prediction matches every gold entity of the same label that it overlaps
  by at least one character. Precision counts predictions matching at least one gold entity,
  recall counts gold entities matched by at least one prediction (one long prediction
  covering two names makes both found; two halves of one name are both correct).
* **Tokens** come from `clindeid.tokens.tokenize` on the gold text. A token is gold PHI when
  it overlaps a gold entity, predicted PHI when it overlaps a prediction (any label): the
  i2b2 "binary HIPAA token" view. Per label, a gold token of label L is *covered* when any
  prediction overlaps it and *covered with its label* when a prediction of label L does.
* **Leak rate**: gold PHI tokens not covered by any prediction over gold PHI tokens
  (1 - binary token recall). A document is *clean* when it leaks no token (documents
  without PHI are clean).
* A ratio whose denominator is zero is 0; supports are always reported beside it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from clindeid.tokens import tokenize

Span = tuple[int, int, str]


def ratio(num: float, den: float) -> float:
    """``num / den``, 0 when ``den`` is 0."""
    return num / den if den else 0.0


def f1(precision: float, recall: float) -> float:
    """The harmonic mean of precision and recall (0 when both are 0)."""
    return ratio(2 * precision * recall, precision + recall)


@dataclass(frozen=True, slots=True)
class Counts:
    """Entity counts for one label (or all): ``support`` gold, ``predicted``, and matches."""

    support: int = 0
    predicted: int = 0
    matched_gold: int = 0
    matched_pred: int = 0

    @property
    def precision(self) -> float:
        return ratio(self.matched_pred, self.predicted)

    @property
    def recall(self) -> float:
        return ratio(self.matched_gold, self.support)

    @property
    def f1(self) -> float:
        return f1(self.precision, self.recall)

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.support + other.support,
            self.predicted + other.predicted,
            self.matched_gold + other.matched_gold,
            self.matched_pred + other.matched_pred,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "support": self.support,
            "predicted": self.predicted,
            "matched_gold": self.matched_gold,
            "matched_pred": self.matched_pred,
        }


@dataclass(frozen=True, slots=True)
class TokenCounts:
    """Binary token counts: PHI (positive) versus not PHI."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    @property
    def support(self) -> int:
        return self.tp + self.fn

    @property
    def precision(self) -> float:
        return ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        return ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float:
        return f1(self.precision, self.recall)

    @property
    def leak_rate(self) -> float:
        return ratio(self.fn, self.tp + self.fn)

    def __add__(self, other: TokenCounts) -> TokenCounts:
        return TokenCounts(
            self.tp + other.tp, self.fp + other.fp, self.fn + other.fn, self.tn + other.tn
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "leak_rate": self.leak_rate,
            "support": self.support,
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
        }


@dataclass(frozen=True, slots=True)
class TokenLabelCounts:
    """Gold tokens of one label and how many a prediction covers (any label / same label)."""

    support: int = 0
    covered: int = 0
    covered_same_label: int = 0

    @property
    def recall(self) -> float:
        return ratio(self.covered, self.support)

    @property
    def recall_same_label(self) -> float:
        return ratio(self.covered_same_label, self.support)

    def __add__(self, other: TokenLabelCounts) -> TokenLabelCounts:
        return TokenLabelCounts(
            self.support + other.support,
            self.covered + other.covered,
            self.covered_same_label + other.covered_same_label,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "recall": self.recall,
            "recall_same_label": self.recall_same_label,
            "support": self.support,
            "covered": self.covered,
            "covered_same_label": self.covered_same_label,
        }


def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for key, val in b.items():
        out[key] = out[key] + val if key in out else val
    return out


@dataclass(frozen=True, slots=True)
class Scores:
    """All counts over a set of documents; scores of disjoint sets add up with ``+``."""

    documents: int = 0
    documents_with_phi: int = 0
    clean_documents: int = 0
    strict: dict[str, Counts] = field(default_factory=dict)
    partial: dict[str, Counts] = field(default_factory=dict)
    tokens: TokenCounts = field(default_factory=TokenCounts)
    token_labels: dict[str, TokenLabelCounts] = field(default_factory=dict)

    @property
    def labels(self) -> list[str]:
        return sorted(set(self.strict) | set(self.partial) | set(self.token_labels))

    @property
    def micro_strict(self) -> Counts:
        return sum(self.strict.values(), Counts())

    @property
    def micro_partial(self) -> Counts:
        return sum(self.partial.values(), Counts())

    @property
    def leak_rate(self) -> float:
        return self.tokens.leak_rate

    @property
    def clean_share(self) -> float:
        """Share of documents that leak no PHI token."""
        return ratio(self.clean_documents, self.documents)

    @property
    def clean_share_with_phi(self) -> float:
        """Share of the documents containing PHI that leak none of it."""
        without_phi = self.documents - self.documents_with_phi
        return ratio(self.clean_documents - without_phi, self.documents_with_phi)

    def __add__(self, other: Scores) -> Scores:
        return Scores(
            self.documents + other.documents,
            self.documents_with_phi + other.documents_with_phi,
            self.clean_documents + other.clean_documents,
            _merge(self.strict, other.strict),
            _merge(self.partial, other.partial),
            self.tokens + other.tokens,
            _merge(self.token_labels, other.token_labels),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "documents_with_phi": self.documents_with_phi,
            "clean_documents": self.clean_documents,
            "clean_share": self.clean_share,
            "clean_share_with_phi": self.clean_share_with_phi,
            "leak_rate": self.leak_rate,
            "entity_strict": {
                "micro": self.micro_strict.to_json(),
                "labels": {k: self.strict[k].to_json() for k in sorted(self.strict)},
            },
            "entity_partial": {
                "micro": self.micro_partial.to_json(),
                "labels": {k: self.partial[k].to_json() for k in sorted(self.partial)},
            },
            "token_binary": self.tokens.to_json(),
            "token_labels": {k: self.token_labels[k].to_json() for k in sorted(self.token_labels)},
        }


def _by_label(spans: Iterable[Span]) -> dict[str, list[Span]]:
    out: dict[str, list[Span]] = {}
    for span in spans:
        out.setdefault(span[2], []).append(span)
    return out


def _overlapping(span: Span, others: list[Span]) -> bool:
    return any(span[0] < o[1] and o[0] < span[1] for o in others)


def entity_counts(gold: set[Span], pred: set[Span]) -> tuple[dict[str, Counts], dict[str, Counts]]:
    """Per-label strict and partial counts of one document."""
    g_by, p_by = _by_label(gold), _by_label(pred)
    strict: dict[str, Counts] = {}
    partial: dict[str, Counts] = {}
    for label in set(g_by) | set(p_by):
        g, p = g_by.get(label, []), p_by.get(label, [])
        exact = len(set(g) & set(p))
        strict[label] = Counts(len(g), len(p), exact, exact)
        partial[label] = Counts(
            len(g),
            len(p),
            sum(_overlapping(s, p) for s in g),
            sum(_overlapping(s, g) for s in p),
        )
    return strict, partial


class TokenIndex:
    """Tokens of a text, with fast lookup of the tokens a character span overlaps."""

    def __init__(self, text: str) -> None:
        self.spans = tokenize(text)
        self._starts = [s for s, _ in self.spans]
        self._ends = [e for _, e in self.spans]

    def __len__(self) -> int:
        return len(self.spans)

    def overlapping(self, start: int, end: int) -> range:
        """Indices of the tokens overlapping ``[start, end)``."""
        return range(bisect_right(self._ends, start), bisect_left(self._starts, end))


def score_document(text: str, gold: set[Span], pred: set[Span]) -> Scores:
    """All counts for one document, given its text and its scored gold/predicted spans."""
    strict, partial = entity_counts(gold, pred)
    index = TokenIndex(text)
    n = len(index)
    gold_any = bytearray(n)
    pred_any = bytearray(n)
    gold_label: dict[str, set[int]] = {}
    pred_label: dict[str, set[int]] = {}
    for start, end, label in gold:
        idx = index.overlapping(start, end)
        gold_any[idx.start : idx.stop] = b"\x01" * len(idx)
        gold_label.setdefault(label, set()).update(idx)
    for start, end, label in pred:
        idx = index.overlapping(start, end)
        pred_any[idx.start : idx.stop] = b"\x01" * len(idx)
        pred_label.setdefault(label, set()).update(idx)
    tp = fp = fn = 0
    for g, p in zip(gold_any, pred_any, strict=True):
        tp += g and p
        fp += p and not g
        fn += g and not p
    tokens = TokenCounts(tp, fp, fn, n - tp - fp - fn)
    token_labels = {
        label: TokenLabelCounts(
            len(idx),
            sum(1 for i in idx if pred_any[i]),
            len(idx & pred_label.get(label, set())),
        )
        for label, idx in gold_label.items()
    }
    has_phi = tokens.support > 0
    return Scores(
        documents=1,
        documents_with_phi=int(has_phi),
        clean_documents=int(fn == 0),
        strict=strict,
        partial=partial,
        tokens=tokens,
        token_labels=token_labels,
    )
