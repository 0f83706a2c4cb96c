"""Strategies by name, so configuration files and the CLI can choose them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clindeid.config import Config, ConfigError
from clindeid.substitute.base import Strategy
from clindeid.substitute.contacts import EmailStrategy, PhoneStrategy, UrlStrategy
from clindeid.substitute.hospitals import HospitalStrategy, OrgStrategy
from clindeid.substitute.identifiers import IdentifierStrategy, NirStrategy
from clindeid.substitute.names import PersonStrategy
from clindeid.substitute.places import (
    AddressStrategy,
    CityExponentialStrategy,
    GeoIndistinguishabilityStrategy,
    LocationStrategy,
    RandomCityStrategy,
    ZipStrategy,
)
from clindeid.substitute.surrogate import SurrogateStrategy
from clindeid.substitute.tag import RedactStrategy, TagStrategy
from clindeid.substitute.temporal import (
    AgeBoundedLdpStrategy,
    AgeLaplaceStrategy,
    DateBoundedLdpStrategy,
    DateLaplaceStrategy,
    DateOrderPreservingStrategy,
    DateShiftStrategy,
)

STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "tag": TagStrategy,
    "redact": RedactStrategy,
    "surrogate": SurrogateStrategy,
    "person": PersonStrategy,
    "phone": PhoneStrategy,
    "email": EmailStrategy,
    "url": UrlStrategy,
    "nir": NirStrategy,
    "identifier": IdentifierStrategy,
    "city_exponential": CityExponentialStrategy,
    "geo_indistinguishability": GeoIndistinguishabilityStrategy,
    "random_city": RandomCityStrategy,
    "zip": ZipStrategy,
    "address": AddressStrategy,
    "location": LocationStrategy,
    "hospital": HospitalStrategy,
    "org": OrgStrategy,
    "date_laplace": DateLaplaceStrategy,
    "date_order_preserving": DateOrderPreservingStrategy,
    "date_shift": DateShiftStrategy,
    "date_bounded_ldp": DateBoundedLdpStrategy,
    "age_laplace": AgeLaplaceStrategy,
    "age_bounded_ldp": AgeBoundedLdpStrategy,
}


def make_strategy(name: str, **params: Any) -> Strategy:
    try:
        factory = STRATEGIES[name]
    except KeyError:
        raise ValueError(
            f"unknown strategy {name!r}; choose from {', '.join(sorted(STRATEGIES))}"
        ) from None
    return factory(**params)


# Strategies that take the configuration's reference date.
TEMPORAL_STRATEGIES = frozenset(
    {"date_laplace", "date_order_preserving", "date_shift", "date_bounded_ldp", "age_laplace"}
)


def strategy_params(name: str, config: Config) -> dict[str, Any]:
    """The parameters of strategy ``name`` in ``config`` (reference date injected)."""
    params = dict(config.strategy_params.get(name, {}))
    if name in TEMPORAL_STRATEGIES and config.reference_date is not None:
        params.setdefault("reference_date", config.reference_date)
    if name == "surrogate":
        params.setdefault(
            "params",
            {other: strategy_params(other, config) for other in STRATEGIES if other != name},
        )
        params.setdefault("overrides", dict(config.strategies))
    return params


def build_strategy(name: str, config: Config) -> Strategy:
    """A strategy configured from ``config``; a bad parameter is a `ConfigError`."""
    for configured in config.strategy_params:  # fail early on a bad parameter anywhere
        if configured != name:
            _make_checked(configured, strategy_params(configured, config))
    return _make_checked(name, strategy_params(name, config))


def _make_checked(name: str, params: dict[str, Any]) -> Strategy:
    try:
        return make_strategy(name, **params)
    except TypeError as exc:
        raise ConfigError(f"strategy_params.{name}: {exc}") from None
