"""PHI injection into real clinical prose (E3C French clinical cases, CC BY 4.0).

A case report is kept verbatim; its own ages and dates are marked with clindeid's date and
age detectors. It is then framed by a generated letterhead, patient banner and signature,
and a few generated sentences carrying PHI are inserted *between* its sentences, so a model
sees real clinical prose around the PHI, not only our templates. ``meta["carrier"]`` lists
the ``[start, end, source_start, source_end]`` segments of the output that are the E3C text,
with the source's id, URL and licence for attribution.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from clindeid.document import Document, Entity
from clindeid.train.corpus.builder import Builder
from clindeid.train.corpus.documents import (
    document_meta,
    make_patient,
    make_state,
    render,
    render_sections,
)
from clindeid.train.corpus.templates import BANNER, LETTERHEAD, SIGNATURE, Section

__all__ = ["DEFAULT_E3C_PATH", "INJECTED_TYPE", "Carrier", "inject", "load_carriers"]

DEFAULT_E3C_PATH = Path("../shared/data/corpora/e3c_fr_cc_by_clinical_cases.jsonl")
INJECTED_TYPE = "cas_clinique"
MARK_SOURCE = "marked/e3c"
MAX_CARRIER_CHARS = 6000

INTROS: tuple[str, ...] = (
    "{pt_title_name}, {ne} le {birth_date}, est hospitalisé{e} {stay_range} dans le service de "
    "{service_lower} du {hospital}.\n\n",
    "Observation de {pt_title_name} (IPP {ipp}), adressé{e} par le Dr {gp} le {adm_date}.\n\n",
    "Patient{e} : {pt_banner}, {age}, domicilié{e} à {pt_city}. Médecin traitant : Dr {gp}.\n\n",
)
INSERTS: tuple[str, ...] = (
    " Le {event_date}, {pt_ref} a été revu{e} par le Dr {dr2}.",
    " Avis du Dr {dr2} (poste {ext}) demandé le {event_date}.",
    " {Il} a été transféré{e} au {other_hospital} le {event_date}.",
    " Son entourage ({rel_phone}) a été informé le {event_date}.",
    " Examen réalisé au {other_hospital} le {event_date}, résultats adressés au Dr {gp}.",
)
CLOSING = Section("closing", 0.7, (
    "\n\nCompte rendu rédigé le {doc_date} par le Dr {dr}.\n",
    "\n\nSortie le {dis_date}. Suivi par le Dr {gp}, {gp_phone}.\n",
))
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÉÈÀÂÎÔ])")
_FEMALE_CUES = re.compile(r"\b(?:patiente|femme|fille|[Mm]me|parturiente|gestante|elle)\b")
_MALE_CUES = re.compile(r"\b(?:patient|homme|garçon|[Mm]r|nourrisson|il)\b")
_AGE_NUMBER = re.compile(r"\d+")
# Short numeric day/month marks in case reports are mostly fractions ("les 2/3 internes").
_FRACTION = re.compile(r"^\d{1,2}/\d{1,2}$")
# Initials of the case's patient in the published text ("Mr H.R.", "la patiente A.B.").
_INITIALS = re.compile(
    r"\b(?:M\.|Mr|Mme|Mlle|Madame|Monsieur|[Pp]atiente?|[Ee]nfant|[Bb]ébé|[Nn]ourrisson)\s+"
    r"([A-Z]\.(?:\s?-?[A-Z](?:\.|\b)){0,3}|[A-Z]{2,3}\b(?=\s*[,.(]|\s+(?:âgée?|de|\d)))"
)


@dataclass
class Carrier:
    """One E3C case report and its marked ages and dates."""

    id: str
    text: str
    url: str
    licence: str
    doi: str = ""

    @cached_property
    def entities(self) -> list[Entity]:
        return _mark(self.id, self.text)

    def sex(self) -> str:
        f = len(_FEMALE_CUES.findall(self.text))
        m = len(_MALE_CUES.findall(self.text))
        return "F" if f > m else "M"

    def age(self) -> float | None:
        for e in self.entities:
            if e.label == "AGE":
                m = _AGE_NUMBER.search(self.text[e.start : e.end])
                if m:
                    n = int(m.group())
                    unit = e.attributes.get("unit", "years")
                    return n / {"months": 12, "weeks": 52, "days": 365}.get(unit, 1)
        return None


_MARKER: Any = None


def _mark(doc_id: str, text: str) -> list[Entity]:
    global _MARKER
    if _MARKER is None:
        from clindeid.config import Config
        from clindeid.pipeline import Pipeline

        _MARKER = Pipeline(Config(detectors=("dates",), propagate=False))
    found = _MARKER.detect(Document.create(doc_id, text))
    out = [
        Entity(e.start, e.end, e.label, MARK_SOURCE, e.score, None, dict(e.attributes))
        for e in found
        if e.label == "AGE" or (e.label == "DATE" and not _FRACTION.match(text[e.start : e.end]))
    ]
    for m in _INITIALS.finditer(text):
        start, end = m.span(1)
        if not any(e.start < end and start < e.end for e in out):
            out.append(Entity(start, end, "PERSON", MARK_SOURCE, 0.9, None,
                              {"role": "patient", "part": "initials"}))  # fmt: skip
    return sorted(out, key=lambda e: e.start)


def load_carriers(path: str | Path, max_chars: int = MAX_CARRIER_CHARS) -> list[Carrier]:
    """Read E3C JSONL (``id``, ``text``, ``url``, ``licence``); texts longer than
    ``max_chars`` are skipped. Only CC BY documents are kept."""
    out = []
    with Path(path).open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            obj = json.loads(line)
            text = obj.get("text") or ""
            licence = str(obj.get("licence", ""))
            if not text.strip() or len(text) > max_chars or not licence.startswith("CC BY"):
                continue
            if "NC" in licence or "ND" in licence:
                continue
            out.append(Carrier(str(obj["id"]), text, str(obj.get("url", "")), licence,
                               str(obj.get("doi", ""))))  # fmt: skip
    return out


def _split_points(c: Carrier) -> list[int]:
    """Sentence starts where an insertion keeps every marked entity whole."""
    points = []
    for m in _SENTENCE_END.finditer(c.text):
        pos = m.start()  # insert before the whitespace that follows the sentence end
        if not any(e.start < pos < e.end for e in c.entities):
            points.append(pos)
    return points


def _carrier_segment(b: Builder, c: Carrier, start: int, end: int,
                     segments: list[list[int]]) -> None:  # fmt: skip
    offset = b.length
    b.text(c.text[start:end])
    segments.append([offset, b.length, start, end])
    for e in c.entities:
        if start <= e.start and e.end <= end:
            b.entities.append(Entity(e.start - start + offset, e.end - start + offset, e.label,
                                     e.source, e.score, None, dict(e.attributes)))  # fmt: skip


def inject(
    rng: np.random.Generator, carrier: Carrier, patient_key: str, max_inserts: int = 3
) -> tuple[str, list[Entity], dict[str, Any]]:
    """Text, entities and metadata of one E3C case framed and seeded with synthetic PHI."""
    age = carrier.age()
    patient = make_patient(rng, patient_key, sex=carrier.sex(), age=age)
    s = make_state(rng, patient, "cr_hospitalisation", 0)
    s.doc_type = INJECTED_TYPE
    b = Builder()
    render_sections((LETTERHEAD, BANNER), s, b)
    render(INTROS[int(rng.integers(len(INTROS)))], s, b)
    points = _split_points(carrier)
    n = min(len(points), int(rng.integers(0, max_inserts + 1)))
    chosen = sorted(int(x) for x in rng.choice(points, size=n, replace=False)) if n else []
    segments: list[list[int]] = []
    pos = 0
    for point in chosen:
        _carrier_segment(b, carrier, pos, point, segments)
        render(INSERTS[int(rng.integers(len(INSERTS)))], s, b)
        pos = point
    _carrier_segment(b, carrier, pos, len(carrier.text), segments)
    render_sections((CLOSING, SIGNATURE), s, b)
    text, entities = b.build()
    meta = document_meta(s)
    meta["carrier"] = segments
    meta["source"] = {"corpus": "E3C", "id": carrier.id, "url": carrier.url,
                      "licence": carrier.licence, "doi": carrier.doi}  # fmt: skip
    return text, entities, meta


def iter_carriers(carriers: list[Carrier], rng: np.random.Generator) -> Iterator[Carrier]:
    """Carriers in a random order, cycling when more documents than carriers are asked."""
    while True:
        for i in rng.permutation(len(carriers)):
            yield carriers[int(i)]
