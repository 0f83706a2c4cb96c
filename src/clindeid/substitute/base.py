"""The substitution contract: a strategy turns one entity into its replacement text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from clindeid.document import Entity

if TYPE_CHECKING:
    from clindeid.substitute.context import SubstitutionContext


@dataclass(frozen=True, slots=True)
class Surrogate:
    """What a strategy returns for one entity.

    ``masked`` is true when the strategy could not produce a realistic surrogate and fell
    back to the tag (fail closed). ``epsilon`` is the privacy budget this mention spent.
    """

    text: str
    strategy: str
    epsilon: float = 0.0
    masked: bool = False


class Strategy(Protocol):
    """Replaces entities of the labels it is configured for."""

    name: str

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        """``original`` is the covered text: use it, never log or echo it."""
        ...


def tag_for(label: str) -> str:
    return f"[{label}]"
