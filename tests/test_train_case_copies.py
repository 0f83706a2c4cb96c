"""`scripts/train_shipped_model.py --case-copy`: the hand-annotated documents once more with
their case changed, spans unchanged (half in capitals, half in lowercase); `--add-annotated`:
sets added to the shipped model's list."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from clindeid.document import Entity
from clindeid.io.annotations import AnnotatedDocument

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "train_shipped_model.py"


def _script():
    spec = importlib.util.spec_from_file_location("train_shipped_model", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _doc(doc_id: str, text: str, span: str, label: str) -> AnnotatedDocument:
    start = text.index(span)
    return AnnotatedDocument(doc_id, text, (Entity(start, start + len(span), label, "gold", 1.0),))


def test_case_copies_change_the_case_and_keep_the_spans() -> None:
    docs = [
        _doc("a", "Vu Mme Odile Petit à Lyon.", "Odile Petit", "PERSON"),
        _doc("b", "Adressée par le CHU de Rennes.", "CHU de Rennes", "HOSPITAL"),
        # "ß" grows in capitals ("SS"): such a document is kept as written
        _doc("c", "Herr Weiß, Straße 4.", "Weiß", "PERSON"),
    ]
    copies = _script().case_copies(docs)
    assert [d.id for d in copies] == ["a-upper", "b-lower", "c"]
    spans = [(d.text[e.start : e.end], e.label) for d in copies for e in d.entities]
    assert spans == [("ODILE PETIT", "PERSON"), ("chu de rennes", "HOSPITAL"), ("Weiß", "PERSON")]


def test_added_sets_extend_the_list_once_in_order() -> None:
    script = _script()
    base = ["gold", "heldout", "heldout_b"]
    assert script.with_added(base, ["heldout_cg", "heldout", "heldout_ch", "heldout_cg"]) == [
        "gold", "heldout", "heldout_b", "heldout_cg", "heldout_ch",
    ]  # fmt: skip
    assert script.with_added(base, []) == base
