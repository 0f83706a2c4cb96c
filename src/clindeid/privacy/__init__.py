"""Privacy mechanisms and budget accounting (numbers only, never text)."""

from clindeid.privacy.budget import BudgetLedger, split_budget
from clindeid.privacy.mechanisms import (
    bounded_laplace,
    exponential_choice,
    exponential_probabilities,
    metric_laplace,
    order_preserving_laplace,
    planar_laplace,
    tchouka_category,
)

__all__ = [
    "BudgetLedger",
    "bounded_laplace",
    "exponential_choice",
    "exponential_probabilities",
    "metric_laplace",
    "order_preserving_laplace",
    "planar_laplace",
    "split_budget",
    "tchouka_category",
]
