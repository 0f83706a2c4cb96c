"""Detector families by name: what ``--detectors`` selects.

A family is a list of detectors, imported and built only when asked for (some load
tables or models). Aliases group families: ``rules`` is every rule, pattern, dictionary
and patient-context detector; ``default`` is what runs when nothing is asked for: the rules
plus the statistical NER model (``model``) when the package ships one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import Any

from clindeid.detect.base import Detector
from clindeid.detect.model import has_shipped_model

# family → "module:Class" specs, built with no arguments.
FAMILIES: dict[str, tuple[str, ...]] = {
    "simple": ("clindeid.detect.simple:SimpleRegexDetector",),
    "dates": (
        "clindeid.detect.rules.dates:DateDetector",
        "clindeid.detect.rules.ages:AgeDetector",
    ),
    "contacts": (
        "clindeid.detect.rules.contact:PhoneDetector",
        "clindeid.detect.rules.contact:EmailDetector",
        "clindeid.detect.rules.contact:UrlDetector",
    ),
    "identifiers": (
        "clindeid.detect.rules.identifiers:NirDetector",
        "clindeid.detect.rules.identifiers:IdentifierDetector",
    ),
    "persons": ("clindeid.detect.rules.persons:PersonDetector",),
    "places": (
        "clindeid.detect.rules.places:AddressDetector",
        "clindeid.detect.rules.places:ZipCityDetector",
        "clindeid.detect.rules.places:LocationDetector",
        "clindeid.detect.rules.hospitals:HospitalDetector",
    ),
    "context": ("clindeid.detect.context:PatientContextDetector",),
    "model": (
        "clindeid.detect.model:model_detector",
        "clindeid.detect.model:GeneralNerDetector",
    ),
}
# Factories that receive the run's `Config` (``model_dir``) instead of no argument.
CONFIGURED: frozenset[str] = frozenset({"clindeid.detect.model:model_detector"})
RULE_FAMILIES: tuple[str, ...] = (
    "dates",
    "contacts",
    "identifiers",
    "persons",
    "places",
    "context",
)
ALIASES: dict[str, tuple[str, ...]] = {
    "rules": RULE_FAMILIES,
    "default": (*RULE_FAMILIES, "model") if has_shipped_model() else RULE_FAMILIES,
}


def expand(names: Iterable[str]) -> list[str]:
    """Family names with aliases expanded, in order, without duplicates."""
    out: list[str] = []
    for raw in names:
        for part in raw.split(","):
            name = part.strip().lower()
            if not name:
                continue
            for member in ALIASES.get(name, (name,)):
                if member not in FAMILIES:
                    known = ", ".join(sorted({*FAMILIES, *ALIASES}))
                    raise ValueError(f"unknown detector family {name!r}; choose from {known}")
                if member not in out:
                    out.append(member)
    return out


def _build(spec: str, config: Any = None) -> Detector:
    module, _, cls = spec.partition(":")
    factory = getattr(import_module(module), cls)
    return factory(config) if spec in CONFIGURED else factory()


def build_detectors(names: Sequence[str] | None = None, config: Any = None) -> list[Detector]:
    """Instantiate the detectors of the named families (``default`` when none);
    ``config`` (a `clindeid.config.Config`) gives the ``model`` family its ``model_dir``."""
    return [
        _build(spec, config)
        for family in expand(names or ["default"])
        for spec in FAMILIES[family]
    ]
