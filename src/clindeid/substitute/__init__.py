"""Substitution: one strategy per label, sharing a per-document context."""

from clindeid.substitute.base import Strategy, Surrogate, tag_for
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.registry import STRATEGIES, make_strategy
from clindeid.substitute.rewrite import Replacement, rewrite

__all__ = [
    "STRATEGIES",
    "Replacement",
    "Strategy",
    "SubstitutionContext",
    "Surrogate",
    "make_strategy",
    "rewrite",
    "tag_for",
]
