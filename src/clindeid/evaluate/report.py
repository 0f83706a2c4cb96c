"""Evaluation and agreement reports: JSON form and rich tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.table import Table

from clindeid.evaluate.metrics import Counts, Scores

if TYPE_CHECKING:
    from rich.console import Console

    from clindeid.evaluate.agreement import AgreementReport


@dataclass(frozen=True, slots=True)
class EvaluationReport:
    """Detection quality over a corpus, overall and per document type.

    ``missing_predictions`` counts gold documents that had no prediction document (scored
    as predicting nothing); ``unmatched_predictions`` counts prediction documents whose id
    is not in the gold (ignored).
    """

    scores: Scores
    by_document_type: dict[str, Scores] = field(default_factory=dict)
    label_map: str = "clindeid"
    ignored_labels: tuple[str, ...] = ()
    missing_predictions: int = 0
    unmatched_predictions: int = 0

    @property
    def micro_strict(self) -> Counts:
        return self.scores.micro_strict

    @property
    def micro_partial(self) -> Counts:
        return self.scores.micro_partial

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-serialisable data (no document text, no ids)."""
        return {
            "label_map": self.label_map,
            "ignored_labels": list(self.ignored_labels),
            "missing_predictions": self.missing_predictions,
            "unmatched_predictions": self.unmatched_predictions,
            "overall": self.scores.to_json(),
            "by_document_type": {
                k: self.by_document_type[k].to_json() for k in sorted(self.by_document_type)
            },
        }

    def render(self, console: Console) -> None:
        """Print the report's tables on a rich console."""
        console.print(label_table(self.scores, title=f"Entities ({self.label_map} labels)"))
        console.print(summary_table(self.scores))
        if len(self.by_document_type) > 1 or (
            self.by_document_type and "unknown" not in self.by_document_type
        ):
            console.print(document_type_table(self.by_document_type))
        notes = []
        if self.missing_predictions:
            notes.append(f"{self.missing_predictions} gold documents had no predictions")
        if self.unmatched_predictions:
            notes.append(f"{self.unmatched_predictions} predicted documents not in the gold")
        if self.ignored_labels:
            notes.append(f"ignored labels: {', '.join(self.ignored_labels)}")
        for note in notes:
            console.print(f"[dim]{note}[/dim]")


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}"


def _prf(counts: Counts) -> list[str]:
    return [_pct(counts.precision), _pct(counts.recall), _pct(counts.f1)]


def label_table(scores: Scores, title: str = "Entities") -> Table:
    """Per label P/R/F1 (strict and partial, %) with support and token recall, micro row."""
    table = Table(
        title=title,
        title_justify="left",
        caption="s = strict (same offsets), p = partial (overlap); tok R = share of the "
        "label's gold tokens covered by any prediction; all in %",
        caption_justify="left",
    )
    table.add_column("Label", no_wrap=True)
    table.add_column("Gold", justify="right")
    table.add_column("Pred", justify="right")
    for kind in ("s", "p"):
        for name in ("P", "R", "F1"):
            table.add_column(f"{kind}{name}", justify="right")
    table.add_column("tok R", justify="right")
    empty = Counts()
    for label in scores.labels:
        strict = scores.strict.get(label, empty)
        partial = scores.partial.get(label, empty)
        tokens = scores.token_labels.get(label)
        table.add_row(
            label,
            str(strict.support),
            str(strict.predicted),
            *_prf(strict),
            *_prf(partial),
            _pct(tokens.recall) if tokens else "—",
        )
    micro_s, micro_p = scores.micro_strict, scores.micro_partial
    table.add_section()
    table.add_row(
        "[bold]micro[/bold]",
        str(micro_s.support),
        str(micro_s.predicted),
        *_prf(micro_s),
        *_prf(micro_p),
        _pct(scores.tokens.recall),
    )
    return table


def summary_table(scores: Scores) -> Table:
    """Token-level binary P/R/F1, leak rate and clean documents."""
    table = Table(title="PHI tokens (any label)", title_justify="left")
    for name in ("Tokens", "PHI tokens", "P", "R", "F1", "Leak rate", "Clean docs"):
        table.add_column(name, justify="right")
    tok = scores.tokens
    table.add_row(
        str(tok.tp + tok.fp + tok.fn + tok.tn),
        str(tok.support),
        _pct(tok.precision),
        _pct(tok.recall),
        _pct(tok.f1),
        _pct(tok.leak_rate),
        f"{scores.clean_documents}/{scores.documents} ({_pct(scores.clean_share)})",
    )
    return table


def document_type_table(by_type: dict[str, Scores]) -> Table:
    """One summary row per document type."""
    table = Table(title="By document type", title_justify="left")
    table.add_column("Type", no_wrap=True)
    for name in ("Docs", "Gold", "F1\nstrict", "F1\npartial", "Token\nP", "Token\nR"):
        table.add_column(name, justify="right")
    for name in ("Token\nF1", "Leak\nrate", "Clean\ndocs"):
        table.add_column(name, justify="right")
    for doc_type in sorted(by_type):
        s = by_type[doc_type]
        table.add_row(
            doc_type,
            str(s.documents),
            str(s.micro_strict.support),
            _pct(s.micro_strict.f1),
            _pct(s.micro_partial.f1),
            _pct(s.tokens.precision),
            _pct(s.tokens.recall),
            _pct(s.tokens.f1),
            _pct(s.leak_rate),
            f"{s.clean_documents}/{s.documents}",
        )
    return table


def render_agreement(report: AgreementReport, console: Console) -> None:
    """Print pairwise and overall agreement tables."""
    pairs = Table(title=f"Pairwise agreement ({report.label_map} labels)", title_justify="left")
    for name in ("Annotators", "Docs", "Tokens", "Observed", "Cohen κ", "F1 strict", "F1 partial"):
        pairs.add_column(name, justify="left" if name == "Annotators" else "right")
    for p in report.pairs:
        pairs.add_row(
            f"{p.first} / {p.second}",
            str(p.documents),
            str(p.tokens),
            _pct(p.observed),
            _kappa(p.kappa),
            _pct(p.strict_f1),
            _pct(p.partial_f1),
        )
    console.print(pairs)
    overall = Table(
        title="Fleiss κ",
        title_justify="left",
        caption=f"{len(report.annotators)} annotators, {report.documents} documents "
        f"annotated by all, {report.tokens} tokens",
        caption_justify="left",
    )
    overall.add_column("Label")
    overall.add_column("Token ratings", justify="right")
    overall.add_column("κ", justify="right")
    for label in sorted(report.fleiss_by_label):
        overall.add_row(
            label, str(report.label_support.get(label, 0)), _kappa(report.fleiss_by_label[label])
        )
    overall.add_section()
    overall.add_row("[bold]all[/bold]", "", _kappa(report.fleiss))
    console.print(overall)


def _kappa(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"
