"""Label mapping before scoring: compare on another scheme, merge or ignore labels.

``label_map`` may be a scheme name for `clindeid.labels.to_scheme` (``"coarse"``,
``"paper002"``, ``"eds-pseudo"``, ``"meddocan"``; ``"clindeid"`` or ``None`` for no
mapping), a dict (labels not in it are kept; a label mapped to ``None`` or ``""`` is
dropped) or a function of the entity. With a scheme, clindeid labels that the scheme does not
have are dropped on both sides; labels unknown to clindeid are kept as they are. Entities
whose original or mapped label is in ``ignore_labels`` are dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from clindeid.document import Entity
from clindeid.labels import LABELS, SCHEMES, to_scheme

LabelMap = str | Mapping[str, str | None] | Callable[[Entity], str | None] | None

Span = tuple[int, int, str]


class Relabel:
    """Turns entities into the ``(start, end, label)`` spans that are scored."""

    def __init__(self, label_map: LabelMap = None, ignore_labels: Iterable[str] = ()) -> None:
        if isinstance(label_map, str) and label_map != "clindeid" and label_map not in SCHEMES:
            raise ValueError(
                f"unknown label scheme {label_map!r}; choose from clindeid, {', '.join(SCHEMES)}"
            )
        self.label_map = label_map
        self.ignore = frozenset(label.strip().upper() for label in ignore_labels)

    def label(self, entity: Entity) -> str | None:
        """The label to score ``entity`` under, or ``None`` to leave it out."""
        if entity.label.upper() in self.ignore:
            return None
        mapped: str | None
        lm = self.label_map
        if lm is None or lm == "clindeid":
            mapped = entity.label
        elif isinstance(lm, str):
            if entity.label not in LABELS:
                mapped = entity.label
            else:
                attrs = entity.attributes
                role, kind = attrs.get("role"), attrs.get("kind")
                mapped = to_scheme(
                    entity.label,
                    lm,
                    role=role if isinstance(role, str) else None,
                    kind=kind if isinstance(kind, str) else None,
                )
        elif isinstance(lm, Mapping):
            mapped = lm.get(entity.label, entity.label)
        else:
            mapped = lm(entity)
        if not mapped or mapped.upper() in self.ignore:
            return None
        return mapped

    def spans(self, entities: Iterable[Entity]) -> set[Span]:
        """The distinct scored spans of ``entities`` (duplicates from several sources merge)."""
        out: set[Span] = set()
        for ent in entities:
            label = self.label(ent)
            if label is not None:
                out.add((ent.start, ent.end, label))
        return out

    def describe(self) -> str:
        """A short description for reports."""
        lm = self.label_map
        if lm is None or isinstance(lm, str):
            return lm or "clindeid"
        return "custom mapping" if isinstance(lm, Mapping) else "custom function"
