"""Baseline strategies that keep nothing of the original: ``tag`` and ``redact``."""

from __future__ import annotations

from dataclasses import dataclass

from clindeid.document import Entity
from clindeid.substitute.base import Surrogate, tag_for
from clindeid.substitute.context import SubstitutionContext


@dataclass(frozen=True)
class TagStrategy:
    """Replace each entity by ``[LABEL]``."""

    name: str = "tag"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        return Surrogate(tag_for(entity.label), self.name)


@dataclass(frozen=True)
class RedactStrategy:
    """Replace each entity by a run of a mask character of the same length."""

    name: str = "redact"
    char: str = "X"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        masked = "".join(ch if ch.isspace() else self.char for ch in original)
        return Surrogate(masked, self.name)
