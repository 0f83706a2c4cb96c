"""Shared fixtures of the test suite."""

from __future__ import annotations

from collections.abc import Callable

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
