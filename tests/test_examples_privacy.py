"""End to end on the bundled examples: no detected direct identifier survives anywhere in the
de-identified text, with the default (realistic surrogate) configuration."""

import re
from pathlib import Path

import pytest

from clindeid import Config, Document, Pipeline
from clindeid.knowledge import is_common_word

EXAMPLES = sorted(Path(__file__).parents[1].joinpath("examples").glob("*.txt"))
DIRECT = {"PERSON", "PHONE", "NIR", "EMAIL", "ID", "ADDRESS", "URL"}


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline(Config(seed=11))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_no_detected_identifier_survives(pipeline, path):
    text = path.read_text(encoding="utf-8")
    result = pipeline.deidentify(Document.create(path.stem, text, {"document_date": "2022-01-01"}))
    assert result.entities, "every example carries PHI"
    out = result.text
    for e in result.entities:
        if e.label not in DIRECT:
            continue
        surface = text[e.start : e.end]
        if len(surface) < 4 or (e.label == "PERSON" and is_common_word(surface)):
            continue  # "Petit" may come back inside a surrogate street name
        pattern = r"(?<!\w)" + re.escape(surface) + r"(?!\w)"
        assert not re.search(pattern, out), f"{path.name}: a {e.label} survived at {e.start}"


def test_no_digits_of_a_phone_or_nir_survive_in_any_spacing(pipeline):
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        result = pipeline.deidentify(Document.create(path.stem, text))
        squashed = re.sub(r"\D", "", result.text)
        for e in result.entities:
            if e.label in {"PHONE", "NIR"}:
                digits = re.sub(r"\D", "", text[e.start : e.end])
                if len(digits) >= 9:
                    assert digits not in squashed, f"{path.name}: {e.label} digits survived"
