"""Apply one strategy per label to a text and record what was replaced (the audit trail)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from clindeid.document import Entity
from clindeid.substitute.base import Strategy, Surrogate, budget_key_of, prepare_all, tag_for
from clindeid.substitute.context import SubstitutionContext


@dataclass(frozen=True, slots=True)
class Replacement:
    """One rewritten entity: where it was, where its surrogate is, and how it was made."""

    start: int
    end: int
    new_start: int
    new_end: int
    label: str
    source: str
    strategy: str
    epsilon: float = 0.0
    masked: bool = False

    def __reduce__(self) -> tuple[type[Replacement], tuple[object, ...]]:
        # plain constructor arguments: worker results pickle several times faster than with
        # the generic state of a slotted dataclass
        return (Replacement, (self.start, self.end, self.new_start, self.new_end, self.label,
                              self.source, self.strategy, self.epsilon, self.masked))  # fmt: skip

    def to_json(self) -> dict[str, object]:
        return {
            "label": self.label,
            "start": self.start,
            "end": self.end,
            "new_start": self.new_start,
            "new_end": self.new_end,
            "strategy": self.strategy,
            "source": self.source,
            "epsilon": self.epsilon,
            "masked": self.masked,
        }


def _surrogate_for(
    entity: Entity, original: str, strategy: Strategy, context: SubstitutionContext
) -> Surrogate:
    """Fail closed: any error, or a surrogate equal to the original, becomes the tag
    (unless a private mechanism legitimately released the original: ``keeps_original``)."""
    try:
        surrogate = strategy.substitute(entity, original, context)
    except Exception:  # a strategy bug must never leave PHI in the text
        return Surrogate(tag_for(entity.label), strategy.name, masked=True)
    if surrogate.keeps_original:
        return surrogate
    if surrogate.text.strip().casefold() == original.strip().casefold():
        return Surrogate(tag_for(entity.label), strategy.name, masked=True)
    return surrogate


def _computation_order(entity: Entity) -> tuple[int, int]:
    """Birth dates first, then other dates, then the rest: ages, the NIR and names may
    follow the surrogate birth date, wherever it is written."""
    if entity.label == "DATE":
        return (0 if entity.attributes.get("kind") == "birth" else 1, entity.start)
    return (2, entity.start)


def rewrite(
    text: str,
    entities: Sequence[Entity],
    strategies: Mapping[str, Strategy],
    default: Strategy,
    context: SubstitutionContext,
) -> tuple[str, list[Replacement]]:
    """Replace every entity (non-overlapping, any order) and return the new text and audit.

    Steps: strategies prepare (see the whole document), the budget is planned over the
    distinct released values, surrogates are computed (birth dates first), then the text is
    assembled in reading order. A released value is charged at its first computation only.
    """
    ordered = sorted(entities, key=lambda e: e.start)
    for a, b in itertools.pairwise(ordered):
        if b.start < a.end:
            raise ValueError("entities overlap; resolve them before rewriting")
    with_text = [(e, text[e.start : e.end]) for e in ordered]
    prepare_all([*strategies.values(), default], with_text, context)
    keys = {
        id(e): budget_key_of(strategies.get(e.label, default), e, original, context)
        for e, original in with_text
    }
    context.plan_budget((e.label, keys[id(e)]) for e in ordered)
    surrogates: dict[int, Surrogate] = {}
    for entity in sorted(ordered, key=_computation_order):
        key = keys[id(entity)]
        strategy = strategies.get(entity.label, default)
        surrogate = _surrogate_for(entity, text[entity.start : entity.end], strategy, context)
        if key is not None and key in context.charged:
            surrogate = replace(surrogate, epsilon=0.0)  # memoised release: charged once
        elif key is not None:
            context.charged.add(key)
        context.charge(entity.label, surrogate.epsilon)
        surrogates[id(entity)] = surrogate
    parts: list[str] = []
    replacements: list[Replacement] = []
    cursor = 0
    new_len = 0
    for entity in ordered:
        surrogate = surrogates[id(entity)]
        before = text[cursor : entity.start]
        parts.append(before)
        new_len += len(before)
        parts.append(surrogate.text)
        replacements.append(
            Replacement(
                start=entity.start,
                end=entity.end,
                new_start=new_len,
                new_end=new_len + len(surrogate.text),
                label=entity.label,
                source=entity.source,
                strategy=surrogate.strategy,
                epsilon=surrogate.epsilon,
                masked=surrogate.masked,
            )
        )
        new_len += len(surrogate.text)
        cursor = entity.end
    parts.append(text[cursor:])
    return "".join(parts), replacements
