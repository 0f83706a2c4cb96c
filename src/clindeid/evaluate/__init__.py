"""Detection quality (entity and token level) and inter-annotator agreement.

>>> report = evaluate_files("gold/", "detect.jsonl", label_map="coarse")
>>> report.render(rich.console.Console()); report.to_json()
"""

from clindeid.evaluate.agreement import (
    AgreementError,
    AgreementReport,
    agreement,
    cohen_kappa,
    fleiss_kappa,
    fleiss_kappa_by_category,
)
from clindeid.evaluate.api import EvaluationError, agreement_files, evaluate, evaluate_files
from clindeid.evaluate.metrics import Counts, Scores, TokenCounts, TokenLabelCounts
from clindeid.evaluate.relabel import LabelMap, Relabel
from clindeid.evaluate.report import EvaluationReport

__all__ = [
    "AgreementError",
    "AgreementReport",
    "Counts",
    "EvaluationError",
    "EvaluationReport",
    "LabelMap",
    "Relabel",
    "Scores",
    "TokenCounts",
    "TokenLabelCounts",
    "agreement",
    "agreement_files",
    "cohen_kappa",
    "evaluate",
    "evaluate_files",
    "fleiss_kappa",
    "fleiss_kappa_by_category",
]
