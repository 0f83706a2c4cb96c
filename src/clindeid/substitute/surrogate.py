"""``surrogate``: the realistic default, one strategy per label (:data:`DEFAULT_SURROGATES`)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from clindeid.document import Entity
from clindeid.substitute.base import Strategy, Surrogate, prepare_all
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.tag import TagStrategy

__all__ = ["DEFAULT_SURROGATES", "SurrogateStrategy"]

# Label → registered strategy name.
DEFAULT_SURROGATES: dict[str, str] = {
    "PERSON": "person",
    "PHONE": "phone",
    "EMAIL": "email",
    "URL": "url",
    "NIR": "nir",
    "ID": "identifier",
    "CITY": "city_exponential",
    "ZIP": "zip",
    "ADDRESS": "address",
    "LOCATION": "location",
    "HOSPITAL": "hospital",
    "ORG": "org",
    "DATE": "date_laplace",
    "AGE": "age_laplace",
}


@dataclass
class SurrogateStrategy:
    """Dispatch each entity to its label's realistic strategy; labels without one get the
    tag. ``params`` gives per-strategy options (``{"city_exponential": {"k": 20}}``),
    ``overrides`` replaces entries of :data:`DEFAULT_SURROGATES`."""

    name: str = "surrogate"
    params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    overrides: Mapping[str, str] = field(default_factory=dict)
    _by_label: dict[str, Strategy] = field(default_factory=dict, init=False, repr=False)
    # label → the strategy's bound ``substitute`` / ``budget_key`` (None: no budget key)
    _substitute: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    _budget_key: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def _strategy(self, label: str) -> Strategy:
        found = self._by_label.get(label)
        if found is None:
            from clindeid.substitute.registry import make_strategy

            name = {**DEFAULT_SURROGATES, **self.overrides}.get(label)
            found = make_strategy(name, **self.params.get(name, {})) if name else TagStrategy()
            self._by_label[label] = found
        return found

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        label = entity.label
        try:
            hook = self._budget_key[label]
        except KeyError:
            hook = getattr(self._strategy(label), "budget_key", None)
            self._budget_key[label] = hook
        return hook(entity, original, context) if hook is not None else None

    def prepare(
        self, entities: Sequence[tuple[Entity, str]], context: SubstitutionContext
    ) -> None:
        labels = dict.fromkeys(e.label for e, _ in entities)
        prepare_all([self._strategy(label) for label in labels], entities, context)

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        label = entity.label
        method = self._substitute.get(label)
        if method is None:
            method = self._substitute[label] = self._strategy(label).substitute
        return method(entity, original, context)
