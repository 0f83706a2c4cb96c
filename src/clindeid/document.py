"""The data model: a `Document` (text + metadata) and the `Entity` spans found in it.

Both are small immutable values. Everything downstream of detection works on character
offsets into `Document.text`; an `Entity` never stores the original text itself, so that
passing entities around (logs, audit, errors) cannot leak PHI by accident.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

_EMPTY: Mapping[str, Any] = MappingProxyType({})


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    if not mapping:
        return _EMPTY
    if isinstance(mapping, MappingProxyType):
        return mapping
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class Entity:
    """A span of PHI in a document: ``text[start:end]`` carries ``label``.

    ``source`` names the detector that proposed it, ``score`` its confidence in [0, 1],
    ``value`` an optional normalised value (a parsed date, an age in years…) and
    ``attributes`` extra facts for the substitution step (``role``, ``precision``,
    ``format``, ``kind``…).
    """

    start: int
    end: int
    label: str
    source: str = "unknown"
    score: float = 1.0
    value: Any = field(default=None, compare=False, hash=False)
    attributes: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not (0 <= self.start < self.end):
            raise ValueError(f"invalid entity offsets [{self.start}, {self.end})")
        object.__setattr__(self, "attributes", _frozen(self.attributes))

    @property
    def length(self) -> int:
        return self.end - self.start

    def overlaps(self, other: Entity) -> bool:
        return self.start < other.end and other.start < self.end

    def contains(self, other: Entity) -> bool:
        return self.start <= other.start and other.end <= self.end

    def with_(self, **changes: Any) -> Entity:
        """A copy with some fields changed (``attributes`` are merged, not replaced)."""
        if "attributes" in changes:
            merged = dict(self.attributes)
            merged.update(changes["attributes"] or {})
            changes["attributes"] = merged
        unknown = changes.keys() - _ENTITY_FIELDS
        if unknown:
            raise TypeError(f"Entity has no field {sorted(unknown)[0]!r}")
        get = changes.get
        return Entity(
            get("start", self.start),
            get("end", self.end),
            get("label", self.label),
            get("source", self.source),
            get("score", self.score),
            get("value", self.value),
            get("attributes", self.attributes),
        )

    def text_in(self, text: str) -> str:
        """The covered text. Callers must never log or print what this returns."""
        return text[self.start : self.end]

    def to_json(self) -> dict[str, Any]:
        """The stable ``detect`` output form: offsets, label and source only."""
        return {"start": self.start, "end": self.end, "label": self.label, "source": self.source}


_ENTITY_FIELDS = frozenset(("start", "end", "label", "source", "score", "value", "attributes"))


# Metadata keys we understand, with the aliases hospitals use in their exports.
_META_ALIASES: dict[str, tuple[str, ...]] = {
    "patient_id": ("patient_id", "id_patient", "id_pat", "ipp", "patient"),
    "patient_first_name": ("patient_first_name", "first_name", "firstname", "prenom", "prénom"),
    "patient_last_name": ("patient_last_name", "last_name", "lastname", "nom", "surname"),
    "birth_date": ("birth_date", "birthdate", "date_naissance", "ddn", "dob"),
    "document_date": ("document_date", "date", "date_document", "doc_date"),
    "document_type": ("document_type", "type", "doc_type", "code"),
    "sex": ("sex", "sexe", "gender"),
    "patient_address": ("patient_address", "address", "adresse"),
    "patient_city": ("patient_city", "city", "ville", "commune"),
    "patient_zip": ("patient_zip", "zip", "code_postal", "cp"),
    "patient_phone": ("patient_phone", "phone", "telephone", "téléphone", "tel"),
    "patient_email": ("patient_email", "email", "mail"),
}


def parse_date(value: Any) -> dt.date | None:
    """Parse a metadata date (ISO ``YYYY-MM-DD``, ``DD/MM/YYYY``, date or datetime)."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = str(value).strip()
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%d-%m-%Y", "%d.%m.%Y", "%Y/%m/%d", "%Y%m%d"):
        try:
            return dt.datetime.strptime(text[:10], fmt).date()
        except ValueError:
            continue
    try:
        return dt.datetime.fromisoformat(text).date()
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class Metadata:
    """What the hospital already knows about a document and its patient (all optional)."""

    patient_id: str | None = None
    patient_first_name: str | None = None
    patient_last_name: str | None = None
    birth_date: dt.date | None = None
    document_date: dt.date | None = None
    document_type: str | None = None
    sex: str | None = None
    patient_address: str | None = None
    patient_city: str | None = None
    patient_zip: str | None = None
    patient_phone: str | None = None
    patient_email: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", _frozen(self.extra))

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any] | None) -> Metadata:
        """Build from a loose mapping (JSONL ``meta``, table columns), accepting common aliases."""
        if not mapping:
            return cls()
        lowered = {str(k).strip().lower(): v for k, v in mapping.items()}
        known: dict[str, Any] = {}
        used: set[str] = set()
        for name, aliases in _META_ALIASES.items():
            for alias in aliases:
                if alias in lowered and lowered[alias] not in (None, ""):
                    known[name] = lowered[alias]
                    used.add(alias)
                    break
        for name in ("birth_date", "document_date"):
            if name in known:
                known[name] = parse_date(known[name])
        for name, val in list(known.items()):
            if name not in ("birth_date", "document_date") and val is not None:
                known[name] = str(val)
        if "sex" in known:
            known["sex"] = _normalise_sex(known["sex"])
        extra = {k: v for k, v in mapping.items() if str(k).strip().lower() not in used}
        return cls(**known, extra=extra)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _META_ALIASES:
            val = getattr(self, name)
            if val is not None:
                out[name] = val.isoformat() if isinstance(val, dt.date) else val
        out.update(self.extra)
        return out

    @property
    def patient_name_parts(self) -> tuple[str, ...]:
        return tuple(p for p in (self.patient_first_name, self.patient_last_name) if p)


def _normalise_sex(value: str) -> str | None:
    v = value.strip().lower()
    if v in ("m", "h", "male", "homme", "masculin", "1"):
        return "M"
    if v in ("f", "female", "femme", "féminin", "feminin", "2"):
        return "F"
    return None


@dataclass(frozen=True, slots=True)
class Document:
    """A text to de-identify, with its identifier and metadata."""

    id: str
    text: str
    meta: Metadata = field(default_factory=Metadata)

    @classmethod
    def create(
        cls, id: str, text: str, meta: Mapping[str, Any] | Metadata | None = None
    ) -> Document:
        if isinstance(meta, Metadata):
            return cls(id=str(id), text=text, meta=meta)
        return cls(id=str(id), text=text, meta=Metadata.from_mapping(meta))


def sorted_entities(entities: Iterable[Entity]) -> list[Entity]:
    """Entities in reading order (start, then longest first)."""
    return sorted(entities, key=lambda e: (e.start, -e.end, e.label))
