"""Readers and writers of annotated documents, one module per format.

>>> docs = read_annotations("gold/", fmt="brat")          # list[AnnotatedDocument]
>>> write_annotations(docs, "gold.conll", fmt="conll")
>>> by_id = load_annotations("detect.jsonl", texts={d.id: d.text for d in docs})
"""

from clindeid.io.annotations.base import AnnotatedDocument, AnnotationFormatError
from clindeid.io.annotations.registry import (
    FORMATS,
    guess_format,
    load_annotations,
    normalise_format,
    read_annotations,
    select_annotations,
    write_annotations,
)

__all__ = [
    "FORMATS",
    "AnnotatedDocument",
    "AnnotationFormatError",
    "guess_format",
    "load_annotations",
    "normalise_format",
    "read_annotations",
    "select_annotations",
    "write_annotations",
]
