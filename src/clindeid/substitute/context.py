"""Per-document (or per-patient) substitution state: random generator, memo, budget."""

from __future__ import annotations

import hmac
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
    - ``key`` (keyed mode, batch runs): a secret per patient (or per document). Every
      memoised draw then comes from a generator derived from ``HMAC(key, slot)``
      (`rng_for`), so a value gets the same surrogate in every document of the patient,
      in any order, on any worker, without shared state. ``epsilon_per_value`` is then the
      fixed ε_v of each distinct released value (weighted by ``budget_weights``) instead of
      a split of ``epsilon`` over the document's values.
    """

    rng: np.random.Generator
    meta: Metadata = field(default_factory=Metadata)
    memo: dict[tuple[str, Hashable], Any] = field(default_factory=dict)
    epsilon_spent: dict[str, float] = field(default_factory=dict)
    epsilon: float = 1.0
    budget_weights: Mapping[str, float] = field(default_factory=dict)
    budget_plan: dict[Hashable, float] = field(default_factory=dict)
    charged: set[Hashable] = field(default_factory=set)
    key: bytes | None = None
    epsilon_per_value: float | None = None
    labels: dict[Hashable, str] = field(default_factory=dict)
    # keyed mode: one reusable bit generator per nesting depth of `memoized` (seeding a
    # fresh PCG64 costs ~10 µs; resetting the state of an idle one ~1 µs)
    _bit_generators: list[np.random.PCG64] = field(default_factory=list, repr=False)
    _depth: int = field(default=0, repr=False)

    @classmethod
    def create(cls, seed: int | None = None, meta: Metadata | None = None) -> SubstitutionContext:
        return cls(rng=np.random.default_rng(seed), meta=meta or Metadata())

    def memoized(self, namespace: str, key: Hashable, make: Callable[[], Any]) -> tuple[Any, bool]:
        """The memoized value for ``key``, computing it once. Returns (value, was_new)."""
        slot = (namespace, key)
        if slot in self.memo:
            return self.memo[slot], False
        if self.key is None:
            value = make()
        else:  # keyed: the draw depends on (patient key, slot) only
            saved, self.rng = self.rng, self._reseeded(namespace, key)
            self._depth += 1
            try:
                value = make()
            finally:
                self._depth -= 1
                self.rng = saved
        self.memo[slot] = value
        return value, True

    @property
    def keyed(self) -> bool:
        return self.key is not None

    def digest(self, namespace: str, key: Hashable) -> bytes:
        """``HMAC(key, slot)``: a stable, PHI-free name of a slot in keyed mode."""
        if self.key is None:
            raise ValueError("digest needs a keyed context")
        return hmac.digest(self.key, slot_bytes(namespace, key), "sha256")

    def rng_for(self, namespace: str, key: Hashable) -> np.random.Generator:
        """The generator for the draw of slot ``(namespace, key)``: derived from the
        context key in keyed mode (same slot → same draws), else the shared ``rng``."""
        if self.key is None:
            return self.rng
        seed = int.from_bytes(self.digest(namespace, key)[:16], "big")
        return np.random.Generator(np.random.PCG64(seed))

    def _reseeded(self, namespace: str, key: Hashable) -> np.random.Generator:
        """Like `rng_for` (keyed), on the idle bit generator of the current depth: state and
        increment of PCG64 taken from ``HMAC(key, slot)`` (uniform, so no mixing needed)."""
        while len(self._bit_generators) <= self._depth:
            self._bit_generators.append(np.random.PCG64(0))
        bit_generator = self._bit_generators[self._depth]
        digest = self.digest(namespace, key)
        bit_generator.state = {
            "bit_generator": "PCG64",
            "state": {
                "state": int.from_bytes(digest[:16], "big"),
                "inc": int.from_bytes(digest[16:], "big") | 1,
            },
            "has_uint32": 0,
            "uinteger": 0,
        }
        return np.random.Generator(bit_generator)

    def released(self) -> list[tuple[str, Hashable, float]]:
        """The distinct values released (charged) so far: ``(label, budget key, ε)``."""
        return [
            (self.labels.get(k, "?"), k, self.epsilon_for(k))
            for k in self.charged
        ]

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
        self.labels.update(fresh)
        if self.epsilon_per_value is not None:  # keyed: a fixed ε_v per value, any document
            eps_v = self.epsilon_per_value
            shares = [eps_v * float(self.budget_weights.get(lb, 1.0)) for lb in fresh.values()]
        else:
            shares = split_budget(self.epsilon, list(fresh.values()), self.budget_weights)
        self.budget_plan.update(zip(fresh, shares, strict=True))

    def epsilon_for(self, key: Hashable) -> float:
        """The ε share planned for a released value (the whole budget, or ε_v, if
        unplanned)."""
        default = self.epsilon if self.epsilon_per_value is None else self.epsilon_per_value
        return self.budget_plan.get(key, default)

    def charge(self, label: str, epsilon: float) -> None:
        if epsilon:
            self.epsilon_spent[label] = self.epsilon_spent.get(label, 0.0) + epsilon

    @property
    def total_epsilon(self) -> float:
        return sum(self.epsilon_spent.values())


def slot_bytes(namespace: str, key: Hashable) -> bytes:
    """A stable serialisation of a memo slot (``repr`` of str/int/tuple/date values does not
    depend on the process, unlike ``hash``)."""
    return repr((namespace, key)).encode("utf-8", errors="surrogatepass")
