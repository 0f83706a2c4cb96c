"""Detection: detectors propose spans, the resolver keeps one consistent set."""

from clindeid.detect.base import PRIORITIES, Detector, priority_of
from clindeid.detect.registry import FAMILIES, build_detectors, expand
from clindeid.detect.resolver import resolve

__all__ = [
    "FAMILIES",
    "PRIORITIES",
    "Detector",
    "build_detectors",
    "expand",
    "priority_of",
    "resolve",
]
