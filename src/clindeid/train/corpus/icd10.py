"""CIM-10 (ICD-10) diagnoses for synthetic documents: plausible for the service, the patient's
age and sex, the season and the place.

Labels come from the shipped table ``clindeid/data/corpus/cim10.csv.gz`` (3- and 4-character
codes, built by ``scripts/build_cim10.py`` from edsnlp's ATIH CIM-10 file). Which codes are
drawn, and how often, is the curated list `DIAGNOSES` below: a category, a base weight, the
services that code it, and modifiers (sex, age profile, season, region). A category is
expanded to one of its 4-character codes uniformly.
"""

from __future__ import annotations

import csv
import gzip
import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import NamedTuple

import numpy as np

__all__ = [
    "COMORBIDITIES",
    "DIAGNOSES",
    "SERVICES",
    "Diagnosis",
    "Icd10Code",
    "cim10_labels",
    "sample_diagnoses",
]


class Diagnosis(NamedTuple):
    """A curated category: ``services`` code it, ``sex`` restricts it, ``age`` names an age
    profile (`AGE_PROFILES`), ``season`` (``winter``/``summer``) and ``region``
    (``drom``/``east``) raise or lower it."""

    category: str
    weight: float
    services: tuple[str, ...]
    sex: str | None = None
    age: str = "any"
    season: str | None = None
    region: str | None = None


# Services (document context) → display name used in headers.
SERVICES: dict[str, str] = {
    "medecine": "Médecine interne",
    "cardiologie": "Cardiologie",
    "neurologie": "Neurologie",
    "pneumologie": "Pneumologie",
    "gastro": "Hépato-gastro-entérologie",
    "chirurgie": "Chirurgie viscérale et digestive",
    "orthopedie": "Chirurgie orthopédique et traumatologique",
    "pediatrie": "Pédiatrie",
    "gynecologie": "Gynécologie-obstétrique",
    "urologie": "Urologie",
    "oncologie": "Oncologie médicale",
    "psychiatrie": "Psychiatrie adulte",
    "geriatrie": "Gériatrie",
    "endocrinologie": "Endocrinologie-diabétologie",
    "nephrologie": "Néphrologie",
    "infectiologie": "Maladies infectieuses et tropicales",
    "urgences": "Urgences",
}

_ALL = tuple(SERVICES)
DIAGNOSES: tuple[Diagnosis, ...] = (
    Diagnosis("I10", 3.0, ("medecine", "cardiologie", "geriatrie", "nephrologie"), age="old"),
    Diagnosis("I21", 2.0, ("cardiologie", "urgences"), age="old"),
    Diagnosis("I20", 1.5, ("cardiologie",), age="old"),
    Diagnosis("I48", 2.0, ("cardiologie", "geriatrie", "neurologie"), age="very_old"),
    Diagnosis("I50", 2.5, ("cardiologie", "geriatrie", "medecine"), age="very_old",
              season="winter"),
    Diagnosis("I26", 1.0, ("pneumologie", "medecine", "urgences"), age="adult_old"),
    Diagnosis("I80", 1.0, ("medecine", "urgences"), age="adult_old"),
    Diagnosis("I63", 2.5, ("neurologie", "urgences"), age="old"),
    Diagnosis("G45", 1.2, ("neurologie", "urgences"), age="old"),
    Diagnosis("G40", 1.2, ("neurologie", "pediatrie", "urgences")),
    Diagnosis("G35", 0.8, ("neurologie",), sex="F", age="adult"),
    Diagnosis("G20", 0.8, ("neurologie", "geriatrie"), age="very_old"),
    Diagnosis("G30", 1.0, ("neurologie", "geriatrie"), age="very_old"),
    Diagnosis("G43", 0.8, ("neurologie", "urgences"), age="adult"),
    Diagnosis("J18", 2.5, ("pneumologie", "medecine", "geriatrie", "urgences"), age="u_shape",
              season="winter"),
    Diagnosis("J10", 1.2, ("pneumologie", "medecine", "urgences", "pediatrie"), season="winter"),
    Diagnosis("J21", 1.5, ("pediatrie", "urgences"), age="infant", season="winter"),
    Diagnosis("J44", 1.8, ("pneumologie", "medecine"), age="old"),
    Diagnosis("J45", 1.2, ("pneumologie", "pediatrie", "urgences"), age="young"),
    Diagnosis("J96", 1.0, ("pneumologie", "medecine"), age="very_old", season="winter"),
    Diagnosis("U07", 0.8, ("pneumologie", "medecine", "infectiologie"), season="winter"),
    Diagnosis("K35", 1.5, ("chirurgie", "pediatrie", "urgences"), age="young"),
    Diagnosis("K80", 1.5, ("chirurgie", "gastro"), sex="F", age="adult_old"),
    Diagnosis("K85", 1.0, ("gastro", "chirurgie"), age="adult_old"),
    Diagnosis("K56", 0.8, ("chirurgie",), age="old"),
    Diagnosis("K57", 0.8, ("gastro", "chirurgie"), age="old"),
    Diagnosis("K40", 1.0, ("chirurgie",), sex="M", age="adult_old"),
    Diagnosis("K70", 0.8, ("gastro",), sex="M", age="adult_old"),
    Diagnosis("K92", 0.8, ("gastro", "urgences"), age="old"),
    Diagnosis("A09", 1.2, ("pediatrie", "urgences", "gastro"), age="u_shape", season="winter"),
    Diagnosis("A08", 1.0, ("pediatrie", "urgences"), age="child", season="winter"),
    Diagnosis("C18", 1.0, ("oncologie", "chirurgie", "gastro"), age="old"),
    Diagnosis("C34", 1.2, ("oncologie", "pneumologie"), age="old"),
    Diagnosis("C50", 1.5, ("oncologie", "gynecologie"), sex="F", age="adult_old"),
    Diagnosis("C61", 1.2, ("oncologie", "urologie"), sex="M", age="very_old"),
    Diagnosis("C25", 0.6, ("oncologie", "gastro"), age="old"),
    Diagnosis("C91", 0.4, ("oncologie", "pediatrie"), age="child"),
    Diagnosis("N39", 1.5, ("medecine", "urologie", "geriatrie", "urgences"), sex="F"),
    Diagnosis("N10", 0.8, ("urologie", "urgences", "medecine"), sex="F", age="adult"),
    Diagnosis("N20", 1.0, ("urologie", "urgences"), age="adult"),
    Diagnosis("N40", 1.2, ("urologie",), sex="M", age="very_old"),
    Diagnosis("N18", 1.2, ("nephrologie", "medecine"), age="very_old"),
    Diagnosis("N17", 0.8, ("nephrologie", "medecine"), age="very_old", season="summer"),
    Diagnosis("S72", 2.0, ("orthopedie", "geriatrie", "urgences"), sex="F", age="very_old"),
    Diagnosis("S52", 1.2, ("orthopedie", "urgences"), age="u_shape", season="winter"),
    Diagnosis("S82", 1.0, ("orthopedie", "urgences"), age="adult", season="winter"),
    Diagnosis("S06", 1.0, ("neurologie", "urgences", "pediatrie")),
    Diagnosis("S42", 0.8, ("orthopedie", "urgences", "pediatrie"), age="young"),
    Diagnosis("M16", 1.2, ("orthopedie",), age="very_old"),
    Diagnosis("M17", 1.2, ("orthopedie",), age="very_old"),
    Diagnosis("M54", 1.0, ("medecine", "urgences"), age="adult"),
    Diagnosis("M05", 0.6, ("medecine",), sex="F", age="adult_old"),
    Diagnosis("E11", 2.5, ("endocrinologie", "medecine", "geriatrie"), age="old"),
    Diagnosis("E10", 1.0, ("endocrinologie", "pediatrie"), age="young"),
    Diagnosis("E66", 1.2, ("endocrinologie", "medecine"), age="adult"),
    Diagnosis("E05", 0.6, ("endocrinologie",), sex="F", age="adult"),
    Diagnosis("E86", 0.8, ("geriatrie", "pediatrie", "urgences"), age="u_shape",
              season="summer"),
    Diagnosis("T67", 0.5, ("urgences", "geriatrie"), age="very_old", season="summer"),
    Diagnosis("D50", 1.0, ("medecine", "gynecologie"), sex="F", age="adult"),
    Diagnosis("D64", 0.8, ("medecine", "geriatrie", "nephrologie"), age="very_old"),
    Diagnosis("F32", 1.5, ("psychiatrie",), sex="F", age="adult"),
    Diagnosis("F20", 1.2, ("psychiatrie",), sex="M", age="adult"),
    Diagnosis("F31", 1.0, ("psychiatrie",), age="adult"),
    Diagnosis("F10", 1.2, ("psychiatrie", "gastro", "urgences"), sex="M", age="adult"),
    Diagnosis("F41", 1.0, ("psychiatrie", "urgences"), sex="F", age="adult"),
    Diagnosis("F03", 0.8, ("geriatrie",), age="very_old"),
    Diagnosis("O80", 1.5, ("gynecologie",), sex="F", age="fertile"),
    Diagnosis("O14", 0.6, ("gynecologie",), sex="F", age="fertile"),
    Diagnosis("O24", 0.6, ("gynecologie",), sex="F", age="fertile"),
    Diagnosis("N81", 0.6, ("gynecologie", "urologie"), sex="F", age="old"),
    Diagnosis("P07", 0.6, ("pediatrie",), age="newborn"),
    Diagnosis("P59", 0.6, ("pediatrie",), age="newborn"),
    Diagnosis("A41", 1.0, ("medecine", "infectiologie", "urgences"), age="very_old"),
    Diagnosis("L03", 0.8, ("medecine", "infectiologie", "urgences"), season="summer"),
    Diagnosis("B20", 0.5, ("infectiologie",), age="adult"),
    Diagnosis("A69", 0.4, ("infectiologie", "neurologie", "medecine"), season="summer",
              region="east"),
    Diagnosis("A90", 0.8, ("infectiologie", "medecine", "urgences"), region="drom",
              season="summer"),
    Diagnosis("B54", 0.6, ("infectiologie", "urgences"), region="drom"),
    Diagnosis("A92", 0.5, ("infectiologie", "medecine"), region="drom"),
    Diagnosis("D57", 0.5, ("medecine", "pediatrie"), region="drom"),
    Diagnosis("R55", 0.8, ("urgences", "cardiologie", "geriatrie"), age="old"),
    Diagnosis("R07", 1.0, ("urgences", "cardiologie")),
    Diagnosis("R10", 1.0, ("urgences", "chirurgie", "pediatrie")),
    Diagnosis("W19", 0.6, ("urgences", "geriatrie"), age="very_old"),
    Diagnosis("T39", 0.4, ("urgences", "psychiatrie"), sex="F", age="young"),
)

# Frequent associated diagnoses (comorbidities).
COMORBIDITIES: tuple[Diagnosis, ...] = (
    Diagnosis("I10", 3.0, _ALL, age="old"),
    Diagnosis("E11", 2.0, _ALL, age="old"),
    Diagnosis("E78", 2.0, _ALL, age="old"),
    Diagnosis("E66", 1.2, _ALL, age="adult"),
    Diagnosis("F17", 1.5, _ALL, age="adult"),
    Diagnosis("I48", 1.0, _ALL, age="very_old"),
    Diagnosis("N18", 0.8, _ALL, age="very_old"),
    Diagnosis("J44", 0.8, _ALL, age="old"),
    Diagnosis("F32", 0.6, _ALL, sex="F", age="adult"),
    Diagnosis("E03", 0.6, _ALL, sex="F", age="adult_old"),
    Diagnosis("J45", 0.5, _ALL, age="young"),
    Diagnosis("Z87", 0.4, _ALL),
    Diagnosis("Z99", 0.3, _ALL, age="very_old"),
)

# Age profile → (upper age bound exclusive, multiplier) steps.
AGE_PROFILES: dict[str, tuple[tuple[float, float], ...]] = {
    "any": ((200, 1.0),),
    "newborn": ((0.1, 20.0), (1, 3.0), (200, 0.0)),
    "infant": ((2, 10.0), (6, 1.0), (200, 0.02)),
    "child": ((2, 2.0), (15, 3.0), (30, 0.5), (200, 0.1)),
    "young": ((15, 3.0), (40, 1.5), (65, 0.6), (200, 0.3)),
    "adult": ((15, 0.1), (65, 1.5), (80, 0.8), (200, 0.4)),
    "adult_old": ((15, 0.02), (40, 0.5), (65, 1.5), (200, 1.5)),
    "fertile": ((15, 0.0), (20, 0.5), (42, 3.0), (48, 0.3), (200, 0.0)),
    "old": ((30, 0.02), (50, 0.4), (65, 1.5), (80, 3.0), (200, 3.0)),
    "very_old": ((40, 0.01), (60, 0.3), (75, 2.0), (200, 5.0)),
    "u_shape": ((5, 3.0), (15, 1.0), (65, 0.5), (80, 2.0), (200, 3.0)),
}
# Season → multiplier per month (January first).
SEASONS: dict[str, tuple[float, ...]] = {
    "winter": (3.0, 3.0, 2.0, 1.0, 0.5, 0.3, 0.2, 0.2, 0.4, 1.0, 2.0, 3.0),
    "summer": (0.3, 0.3, 0.5, 0.8, 1.2, 2.5, 3.5, 3.5, 1.5, 0.8, 0.4, 0.3),
}
REGION_MULTIPLIER: dict[str, tuple[float, float]] = {"drom": (25.0, 0.01), "east": (6.0, 0.3)}
EAST_DEPARTEMENTS: frozenset[str] = frozenset(
    {"25", "39", "54", "55", "57", "67", "68", "70", "88", "90", "21", "52", "71"}
)


class Icd10Code(NamedTuple):
    code: str  # "I634" (no dot)
    label: str

    @property
    def dotted(self) -> str:
        """``I63.4`` as written in French reports."""
        return self.code if len(self.code) == 3 else f"{self.code[:3]}.{self.code[3:]}"


@cache
def cim10_labels() -> dict[str, str]:
    """Code (3 or 4 characters, no dot) → French label, from the shipped table."""
    data = files("clindeid").joinpath("data", "corpus", "cim10.csv.gz").read_bytes()
    text = gzip.decompress(data).decode("utf-8")
    return {row["code"]: row["label"] for row in csv.DictReader(io.StringIO(text))}


@cache
def _children() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for code in cim10_labels():
        if len(code) == 4:
            out.setdefault(code[:3], []).append(code)
    return {k: tuple(v) for k, v in out.items()}


def _age_multiplier(profile: str, age: float) -> float:
    for bound, mult in AGE_PROFILES[profile]:
        if age < bound:
            return mult
    return 0.0


@dataclass(frozen=True, slots=True)
class _Context:
    service: str
    sex: str
    age: float
    month: int
    zone: str
    departement: str


def _weight(d: Diagnosis, ctx: _Context) -> float:
    if ctx.service not in d.services:
        return 0.0
    if d.sex is not None and d.sex != ctx.sex:
        return 0.0
    w = d.weight * _age_multiplier(d.age, ctx.age)
    if d.season is not None:
        w *= SEASONS[d.season][ctx.month - 1]
    if d.region == "drom":
        w *= REGION_MULTIPLIER["drom"][0 if ctx.zone == "drom" else 1]
    elif d.region == "east":
        w *= REGION_MULTIPLIER["east"][0 if ctx.departement in EAST_DEPARTEMENTS else 1]
    return w


def _draw(
    rng: np.random.Generator, pool: Sequence[Diagnosis], ctx: _Context, exclude: set[str]
) -> Icd10Code | None:
    weights = np.array([0.0 if d.category in exclude else _weight(d, ctx) for d in pool])
    total = weights.sum()
    if total <= 0:
        return None
    d = pool[int(rng.choice(len(pool), p=weights / total))]
    children = _children().get(d.category, ())
    code = children[int(rng.integers(len(children)))] if children else d.category
    labels = cim10_labels()
    return Icd10Code(code, labels.get(code) or labels.get(d.category, d.category))


def sample_diagnoses(
    rng: np.random.Generator,
    service: str,
    sex: str,
    age: float,
    month: int,
    zone: str = "metro",
    departement: str = "",
    max_associated: int = 3,
) -> list[Icd10Code]:
    """A principal diagnosis for ``service`` then 0–``max_associated`` comorbidities,
    drawn with weights that depend on age, sex, month and place."""
    ctx = _Context(service if service in SERVICES else "medecine", sex, age, month, zone,
                   departement)  # fmt: skip
    out: list[Icd10Code] = []
    principal = _draw(rng, DIAGNOSES, ctx, set())
    if principal is None:
        principal = _draw(rng, DIAGNOSES, _Context("urgences", sex, age, month, zone, ""), set())
    if principal is not None:
        out.append(principal)
    n_assoc = int(rng.integers(0, max_associated + 1))
    seen = {c.code[:3] for c in out}
    assoc_ctx = _Context("medecine", sex, age, month, zone, departement)
    for _ in range(n_assoc):
        code = _draw(rng, COMORBIDITIES, assoc_ctx, seen)
        if code is None:
            break
        seen.add(code.code[:3])
        out.append(code)
    return out
