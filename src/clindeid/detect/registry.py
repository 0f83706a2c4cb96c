"""Detector families by name: what ``--detectors`` selects.

A family is a list of detectors built lazily (some load tables or models). ``default``
expands to the families used when nothing is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from clindeid.detect.base import Detector
from clindeid.detect.simple import SimpleRegexDetector

FamilyFactory = Callable[[], list[Detector]]

FAMILIES: dict[str, FamilyFactory] = {
    "simple": lambda: [SimpleRegexDetector()],
}
ALIASES: dict[str, tuple[str, ...]] = {
    "default": ("simple",),
    "rules": ("simple",),
}


def expand(names: Iterable[str]) -> list[str]:
    """Family names with aliases expanded, in order, without duplicates."""
    out: list[str] = []
    for raw in names:
        for part in raw.split(","):
            name = part.strip().lower()
            if not name:
                continue
            members = ALIASES.get(name, (name,))
            for member in members:
                if member not in FAMILIES:
                    known = ", ".join(sorted({*FAMILIES, *ALIASES}))
                    raise ValueError(f"unknown detector family {name!r}; choose from {known}")
                if member not in out:
                    out.append(member)
    return out


def build_detectors(names: Sequence[str] | None = None) -> list[Detector]:
    families = expand(names or ["default"])
    detectors: list[Detector] = []
    for family in families:
        detectors.extend(FAMILIES[family]())
    return detectors
