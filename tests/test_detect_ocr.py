"""OCR O/0 confusions are repaired for detection only, in documents that show them."""

from __future__ import annotations

from clindeid.config import Config
from clindeid.detect.ocr import repair_ocr
from clindeid.document import Document
from clindeid.pipeline import Keying, Pipeline

SCANNED = (
    "H0PITAL TEN0N - FICHE DE LIAIS0N\n"
    "N0M : GAUTIER     PRÉN0M : MARCEL     NÉ LE : O4/1O/1941\n"
    "S0RTIE LE 2O/O3/2O26. C0NTACT : O6 12 4O 77 18\n"
)


def test_repair_keeps_offsets_and_fixes_both_directions():
    repaired = repair_ocr(SCANNED)
    assert len(repaired) == len(SCANNED)
    assert "HOPITAL TENON" in repaired and "PRÉNOM : MARCEL" in repaired
    assert "04/10/1941" in repaired and "20/03/2026" in repaired and "06 12 40 77 18" in repaired


def test_ordinary_notes_are_left_as_written():
    note = "Sous O2 2 L/min, SpO2 95 %, CO2 normal. Réf. N0 12. Vu le 03/02/2026."
    assert repair_ocr(note) is note


def test_a_scanned_document_is_detected_and_its_dates_replaced():
    pipeline = Pipeline(Config(), keying=Keying.from_seed(3))
    doc = Document.create("scan", SCANNED)
    found = {SCANNED[e.start : e.end]: e.label for e in pipeline.detect(doc)}
    assert found.get("O4/1O/1941") == "DATE" and found.get("2O/O3/2O26") == "DATE"
    assert found.get("O6 12 4O 77 18") == "PHONE"
    assert any(label == "PERSON" and "MARCEL" in span for span, label in found.items())
    out = pipeline.deidentify(doc).text
    assert "MARCEL" not in out and "GAUTIER" not in out and "TEN0N" not in out
    assert "O4/1O/1941" not in out and "2O/O3/2O26" not in out and "O6 12 4O 77 18" not in out


LETTERS_FOR_DIGITS = (
    "Dr Awa NDIAYE\nl2 rue des Tanneurs\n92700 Co1ombes\n"
    "Tél : 01 47 8l 22 63 - RPPS 1O1O2288417\nColombes, le 2 mars 2O26\n"
)


def test_letters_read_for_digits_are_repaired_in_a_document_that_shows_them():
    repaired = repair_ocr(LETTERS_FOR_DIGITS)
    assert len(repaired) == len(LETTERS_FOR_DIGITS)
    assert "12 rue des Tanneurs" in repaired and "92700 Colombes" in repaired
    assert "01 47 81 22 63" in repaired and "2 mars 2026" in repaired


def test_one_mixed_number_or_vertebrae_leave_the_note_as_written():
    note = "IRM L2-L3 sous O2 2 L/min, l'examen du 2O26 reste à faire."
    assert repair_ocr(note) is note


def test_digits_read_as_letters_are_detected():
    pipeline = Pipeline(Config(detectors=("rules",)), keying=Keying.from_seed(3))
    doc = Document.create("scan", LETTERS_FOR_DIGITS)
    found = {LETTERS_FOR_DIGITS[e.start : e.end]: e.label for e in pipeline.detect(doc)}
    assert found.get("01 47 8l 22 63") == "PHONE"
    assert found.get("Co1ombes") == "CITY"
