"""Strategies by name, so configuration files and the CLI can choose them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clindeid.substitute.base import Strategy
from clindeid.substitute.tag import RedactStrategy, TagStrategy

STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "tag": TagStrategy,
    "redact": RedactStrategy,
}


def make_strategy(name: str, **params: Any) -> Strategy:
    try:
        factory = STRATEGIES[name]
    except KeyError:
        raise ValueError(
            f"unknown strategy {name!r}; choose from {', '.join(sorted(STRATEGIES))}"
        ) from None
    return factory(**params)
