"""The detector contract: a detector reads a document and proposes entities.

Detectors are small and independent; they may propose overlapping spans. The resolver
(`clindeid.detect.resolver`) turns all proposals into one non-overlapping set.

Each detector belongs to a *family* (``rules``, ``dictionaries``, ``context``, ``model``…),
which is what ``clindeid detect --detectors`` selects, and names its entities' ``source``
as ``"<kind>/<name>"`` where ``kind`` sets the resolver priority (see `PRIORITIES`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from clindeid.document import Document, Entity


@runtime_checkable
class Detector(Protocol):
    """Proposes PHI spans for one document."""

    name: str
    family: str

    def detect(self, document: Document) -> Iterable[Entity]: ...


# Resolver priority of each source kind (the part of ``Entity.source`` before "/").
# Validated patterns (checksums, strict formats) and the patient's own known identifiers
# beat context rules, which beat the statistical model, which beats dictionary guesses.
PRIORITIES: dict[str, int] = {
    "validated": 100,
    "context": 90,
    "pattern": 70,
    "model": 60,
    "dictionary": 50,
    "heuristic": 40,
}
DEFAULT_PRIORITY = 30


def priority_of(entity: Entity) -> int:
    kind = entity.source.split("/", 1)[0]
    return PRIORITIES.get(kind, DEFAULT_PRIORITY)
