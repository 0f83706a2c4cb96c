"""Privacy budget: how the document's ε is split over its mentions, and what was spent.

By sequential composition, releasing k mentions of one document (or one patient) with
budgets ε_1 … ε_k spends Σ ε_i. The budget is split before drawing: uniformly by default
(paper 001's thread example spends ε/4 on each of 2 dates, 1 age and 1 city), or in
proportion to per-label weights. Memoised repeats of the same original value are released
once and charged once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


def split_budget(
    epsilon: float, labels: Sequence[str], weights: Mapping[str, float] | None = None
) -> list[float]:
    """ε_i for each mention (by its label) so that Σ ε_i = ε."""
    if epsilon <= 0:
        raise ValueError("epsilon must be > 0")
    if not labels:
        return []
    w = [float((weights or {}).get(label, 1.0)) for label in labels]
    if any(x <= 0 for x in w):
        raise ValueError("budget weights must be > 0")
    total = sum(w)
    return [epsilon * x / total for x in w]


@dataclass
class BudgetLedger:
    """Running account of ε spent, per label and per mention."""

    total_budget: float
    spent: dict[str, float] = field(default_factory=dict)
    mentions: int = 0

    def charge(self, label: str, epsilon: float) -> None:
        if epsilon < 0:
            raise ValueError("cannot charge a negative epsilon")
        self.spent[label] = self.spent.get(label, 0.0) + epsilon
        self.mentions += 1

    @property
    def total_spent(self) -> float:
        return sum(self.spent.values())

    @property
    def remaining(self) -> float:
        return self.total_budget - self.total_spent
