"""Per-document (or per-patient) substitution state: random generator, memo, budget."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from clindeid.document import Metadata
from clindeid.privacy.budget import split_budget


@dataclass
class SubstitutionContext:
    """State shared by all strategies while one document (or one patient) is rewritten.

    - ``rng``: the only source of randomness; seeded for reproducible runs, from OS
      entropy otherwise.
    - ``memo``: (namespace, original key) → surrogate, so that the same original gets the
      same surrogate everywhere, and its privacy cost is charged once.
    - ``epsilon_spent``: budget accounting by label.
    """

    rng: np.random.Generator
    meta: Metadata = field(default_factory=Metadata)
    memo: dict[tuple[str, Hashable], Any] = field(default_factory=dict)
    epsilon_spent: dict[str, float] = field(default_factory=dict)
    epsilon: float = 1.0
    budget_weights: Mapping[str, float] = field(default_factory=dict)
    budget_plan: dict[Hashable, float] = field(default_factory=dict)
    charged: set[Hashable] = field(default_factory=set)

    @classmethod
    def create(cls, seed: int | None = None, meta: Metadata | None = None) -> SubstitutionContext:
        return cls(rng=np.random.default_rng(seed), meta=meta or Metadata())

    def memoized(self, namespace: str, key: Hashable, make: Callable[[], Any]) -> tuple[Any, bool]:
        """The memoized value for ``key``, computing it once. Returns (value, was_new)."""
        slot = (namespace, key)
        if slot in self.memo:
            return self.memo[slot], False
        value = make()
        self.memo[slot] = value
        return value, True

    def plan_budget(self, keys: Iterable[tuple[str, Hashable]]) -> None:
        """Split ``epsilon`` over the distinct released values ``(label, key)``: uniformly,
        or in proportion to ``budget_weights[label]``. Keys already planned (a patient's
        earlier documents) keep their share and are not charged again."""
        fresh: dict[Hashable, str] = {}
        for label, key in keys:
            if key is not None and key not in self.budget_plan and key not in fresh:
                fresh[key] = label
        if not fresh:
            return
        shares = split_budget(self.epsilon, list(fresh.values()), self.budget_weights)
        self.budget_plan.update(zip(fresh, shares, strict=True))

    def epsilon_for(self, key: Hashable) -> float:
        """The ε share planned for a released value (the whole budget if unplanned)."""
        return self.budget_plan.get(key, self.epsilon)

    def charge(self, label: str, epsilon: float) -> None:
        if epsilon:
            self.epsilon_spent[label] = self.epsilon_spent.get(label, 0.0) + epsilon

    @property
    def total_epsilon(self) -> float:
        return sum(self.epsilon_spent.values())
