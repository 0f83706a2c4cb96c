"""The substitution contract: a strategy turns one entity into its replacement text."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
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
    ``keeps_original`` is set by a differentially private strategy whose mechanism
    legitimately released the original value (the exponential mechanism may return the
    true commune): the rewrite then keeps it instead of masking it, since masking exactly
    those outputs would reveal them and break the guarantee.
    """

    text: str
    strategy: str
    epsilon: float = 0.0
    masked: bool = False
    keeps_original: bool = False


class Strategy(Protocol):
    """Replaces entities of the labels it is configured for."""

    name: str

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        """``original`` is the covered text: use it, never log or echo it."""
        ...


class PrivateStrategy(Strategy, Protocol):
    """A strategy that spends privacy budget (dates, ages, places).

    ``budget_key`` names the released value: mentions with the same key (same original date,
    same commune) are released once, memoised and charged once. ``None`` means the mention
    spends nothing (e.g. it will be masked). Before rewriting, the pipeline collects the keys
    of all mentions and splits the budget over the distinct ones
    (`SubstitutionContext.plan_budget`); the strategy then reads its share with
    `SubstitutionContext.epsilon_for`.
    """

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None: ...


class PreparingStrategy(Strategy, Protocol):
    """A strategy that looks at the whole document before any mention is replaced
    (order-preserving dates, a birth date that ages and the NIR must agree with).
    ``entities`` are all the document's entities with their covered text."""

    def prepare(
        self, entities: Sequence[tuple[Entity, str]], context: SubstitutionContext
    ) -> None: ...


def budget_key_of(
    strategy: Strategy, entity: Entity, original: str, context: SubstitutionContext | None = None
) -> Hashable | None:
    hook = getattr(strategy, "budget_key", None)
    return hook(entity, original, context) if hook is not None else None


def prepare_all(
    strategies: Iterable[Strategy],
    entities: Sequence[tuple[Entity, str]],
    context: SubstitutionContext,
) -> None:
    """Call ``prepare`` once on each distinct strategy that has it."""
    seen: set[int] = set()
    for strategy in strategies:
        hook = getattr(strategy, "prepare", None)
        if hook is not None and id(strategy) not in seen:
            seen.add(id(strategy))
            hook(entities, context)


def tag_for(label: str) -> str:
    return f"[{label}]"
