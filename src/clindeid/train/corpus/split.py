"""Document-level train/dev/test split by patient: every document of a patient lands in the
same split, decided by a hash of (seed, patient key) so that it does not depend on order."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

__all__ = ["DEFAULT_RATIOS", "SPLITS", "assign_split"]

SPLITS: tuple[str, ...] = ("train", "dev", "test")
DEFAULT_RATIOS: tuple[float, float, float] = (0.8, 0.1, 0.1)


def assign_split(
    patient_key: str, seed: int, ratios: Sequence[float] = DEFAULT_RATIOS
) -> str:
    """``train``, ``dev`` or ``test`` for a patient (deterministic in ``seed``)."""
    if len(ratios) != len(SPLITS) or any(r < 0 for r in ratios) or sum(ratios) <= 0:
        raise ValueError("split ratios must be three non-negative numbers, not all zero")
    digest = hashlib.sha256(f"{seed}:{patient_key}".encode()).digest()
    u = int.from_bytes(digest[:8], "big") / 2**64 * sum(ratios)
    acc = 0.0
    for name, r in zip(SPLITS, ratios, strict=True):
        acc += r
        if u < acc:
            return name
    return SPLITS[-1]
