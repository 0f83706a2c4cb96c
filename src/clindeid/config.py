"""Run configuration: which detectors, which strategy per label, privacy budget, seed.

A configuration can be built in code, from keyword options, or from a YAML file::

    detectors: [rules]
    default_strategy: surrogate     # realistic surrogates (tag, redact: baselines)
    strategies:                     # per label, overriding the default
      DATE: date_order_preserving
      ORG: tag
    strategy_params:                # per strategy name
      city_exponential: {k: 10, radius_km: 100}
      age_laplace: {hipaa_cap: true}
    epsilon: 1.0                    # privacy budget per document (per patient in batch runs)
    budget_weights: {CITY: 2.0}     # split of ε over mentions (uniform by default)
    reference_date: 2020-01-01      # for partial dates when the document has no date
    seed: 42                        # reproducible surrogates (random by default)
    model_dir: models/ner           # a retrained NER model (clindeid train); default: shipped
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import yaml

from clindeid.labels import LABELS


class ConfigError(ValueError):
    """An invalid configuration (message names the key and the problem)."""


@dataclass(frozen=True)
class Config:
    detectors: tuple[str, ...] = ("default",)
    default_strategy: str = "surrogate"
    strategies: Mapping[str, str] = field(default_factory=dict)
    strategy_params: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    seed: int | None = None
    epsilon: float = 1.0
    propagate: bool = True
    budget_weights: Mapping[str, float] = field(default_factory=dict)
    reference_date: str | None = None
    model_dir: str | None = None  # a retrained NER model (``--model``); None: the shipped one

    def __post_init__(self) -> None:
        unknown = [label for label in self.strategies if label not in LABELS]
        if unknown:
            raise ConfigError(f"strategies: unknown label(s) {', '.join(unknown)}")
        if self.epsilon <= 0:
            raise ConfigError("epsilon must be > 0")

    def with_options(self, **options: Any) -> Config:
        """A copy with the given non-None options applied (CLI flags override the file)."""
        known = {f.name for f in fields(self)}
        changes = {}
        for key, value in options.items():
            if value is None:
                continue
            if key not in known:
                raise ConfigError(f"unknown option {key!r}")
            if key == "detectors" and isinstance(value, str):
                value = tuple(v.strip() for v in value.split(",") if v.strip())
            elif key == "detectors":
                value = tuple(value)
            changes[key] = value
        return replace(self, **changes)


def load_config(path: str | Path) -> Config:
    """Read a YAML configuration file; errors name the file and the key."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: invalid YAML ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a mapping at the top level")
    try:
        return Config().with_options(**data)
    except (ConfigError, TypeError) as exc:
        raise ConfigError(f"{path}: {exc}") from None
