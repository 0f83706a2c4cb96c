"""Strategies by name, so configuration files and the CLI can choose them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
