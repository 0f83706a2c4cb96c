"""Shared types of the annotation readers and writers.

Every format reads into and writes from `AnnotatedDocument`: a text, its id, its metadata
and the entities one annotator (or one system) marked in it. Foreign labels are mapped to
clindeid's with `clindeid.labels.from_foreign`; unknown labels are kept, upper-cased, and
reported once per read in a warning. Error messages name files, lines, ids and labels,
never document text.
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from clindeid.document import Entity, sorted_entities
from clindeid.io.base import InputError
from clindeid.labels import from_foreign

GOLD = "gold"

# Foreign labels that also tell us an attribute of the entity (role, kind).
_FOREIGN_ATTRIBUTES: dict[str, dict[str, str]] = {
    "patient": {"role": "patient"},
    "doctor": {"role": "staff"},
    "nombre_sujeto_asistencia": {"role": "patient"},
    "nombre_personal_sanitario": {"role": "staff"},
    "familiares_sujeto_asistencia": {"role": "other"},
    "date_naissance": {"kind": "birth"},
}


class AnnotationFormatError(InputError):
    """An annotation file that cannot be read or written (message names file and line)."""


@dataclass(frozen=True, slots=True)
class AnnotatedDocument:
    """A document with the entities one annotator (or system) marked in it.

    ``annotator`` is ``None`` for the single annotation of a file; formats that hold several
    annotations of the same text (Label Studio, Prodigy sessions) give one
    `AnnotatedDocument` per annotator, with the same ``id``. Entities carry the annotator
    name (or ``"gold"``) as their ``source`` unless the file says otherwise. Equality
    compares id, text, entities and annotator, not ``meta`` (which not every format keeps).
    """

    id: str
    text: str
    entities: tuple[Entity, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict, compare=False)
    annotator: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", str(self.id))
        object.__setattr__(self, "entities", tuple(sorted_entities(self.entities)))

    @property
    def spans(self) -> set[tuple[int, int, str]]:
        """The ``(start, end, label)`` triples, the identity used to compare annotations."""
        return {(e.start, e.end, e.label) for e in self.entities}


class LabelMapper:
    """Maps foreign labels to clindeid's and counts those it does not know."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.unmapped: Counter[str] = Counter()

    def __call__(self, label: str) -> tuple[str, dict[str, str]]:
        """The clindeid label and the attributes implied by the foreign label."""
        raw = str(label).strip()
        if not self.enabled:
            return raw, {}
        mapped = from_foreign(raw)
        if mapped is None:
            upper = raw.upper()
            self.unmapped[upper] += 1
            return upper, {}
        key = raw.lower()
        if key[:2] in ("b-", "i-", "e-", "s-", "l-", "u-"):
            key = key[2:]
        return mapped, dict(_FOREIGN_ATTRIBUTES.get(key, {}))

    def warn(self, source: str) -> None:
        """Emit one warning listing the unknown labels met while reading ``source``."""
        if self.unmapped:
            listed = ", ".join(f"{lab} ({n})" for lab, n in self.unmapped.most_common())
            total = sum(self.unmapped.values())
            warnings.warn(
                f"{source}: {total} entities with labels unknown to clindeid, kept as is: {listed}",
                UserWarning,
                stacklevel=3,
            )


def make_entity(
    start: Any,
    end: Any,
    label: str,
    *,
    text_length: int,
    where: str,
    mapper: LabelMapper,
    source: str = GOLD,
    score: float = 1.0,
    attributes: Mapping[str, Any] | None = None,
) -> Entity | None:
    """Validate offsets and map the label; ``None`` for an empty span.

    Raises `AnnotationFormatError` naming ``where`` for offsets that are not integers,
    inverted or outside the text.
    """
    try:
        s, e = int(start), int(end)
    except (TypeError, ValueError):
        raise AnnotationFormatError(f"{where}: entity offsets are not integers") from None
    if s < 0 or e < s or e > text_length:
        raise AnnotationFormatError(
            f"{where}: entity [{s}, {e}) with label {label!r} is outside the text "
            f"(length {text_length})"
        )
    if s == e:
        return None
    mapped, implied = mapper(label)
    attrs = {**implied, **dict(attributes or {})}
    return Entity(s, e, mapped, source=source, score=float(score), attributes=attrs)


def entity_json(entity: Entity) -> dict[str, Any]:
    """An entity in clindeid's JSON form (score and attributes only when informative)."""
    out: dict[str, Any] = entity.to_json()
    if entity.score != 1.0:
        out["score"] = entity.score
    if entity.attributes:
        out["attributes"] = {k: _jsonable(v) for k, v in entity.attributes.items()}
    return out


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def jsonable_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    """Metadata made JSON-serialisable (dates as ISO strings)."""
    return {str(k): _jsonable(v) for k, v in meta.items()}


def source_name(annotator: str | None) -> str:
    """The entity ``source`` for an annotator (``"gold"`` when unnamed)."""
    return annotator or GOLD
