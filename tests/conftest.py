"""Shared fixtures of the test suite."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from clindeid.config import Config
from clindeid.document import Document
from clindeid.pipeline import Pipeline

# A clinical first line, so that a one-line example reads as a clinical note.
CLINICAL_LINE = "Compte rendu de consultation. Patient vu, traitement 5 mg, bilan, antécédents.\n"


@pytest.fixture(scope="session")
def found_in_note() -> Callable[[str], dict[str, str]]:
    """``found_in_note(line)``: span text → label found by the rule detectors in ``line``
    written under a clinical first line."""
    pipeline = Pipeline(Config(detectors=["rules"]))

    def found(line: str) -> dict[str, str]:
        text = CLINICAL_LINE + line
        return {
            text[e.start : e.end]: e.label
            for e in pipeline.detect(Document.create("t", text))
            if e.start >= len(CLINICAL_LINE)
        }

    return found


@pytest.fixture(scope="session")
def found_within(
    found_in_note: Callable[[str], dict[str, str]],
) -> Callable[[str, str, str], bool]:
    """``found_within(line, span, label)``: whether the rule detectors find ``span`` in
    ``line`` with ``label``, alone or inside a wider span of that label."""

    def within(line: str, span: str, label: str) -> bool:
        found = found_in_note(line)
        return found.get(span) == label or any(
            span in s and lab == label for s, lab in found.items()
        )

    return within


@pytest.fixture(scope="session")
def found_inside(found_in_note: Callable[[str], dict[str, str]]) -> Callable[[str, str], bool]:
    """``found_inside(line, text)``: whether ``text`` lies inside a span the rule detectors
    find in ``line``."""

    def inside(line: str, text: str) -> bool:
        return any(text in span for span in found_in_note(line))

    return inside


@pytest.fixture(scope="session")
def shipped_training_script() -> ModuleType:
    """``scripts/train_shipped_model.py`` loaded as a module (its data lists and helpers)."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "scripts" / "train_shipped_model.py"
    spec = importlib.util.spec_from_file_location("train_shipped_model", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
