"""Synthetic French clinical documents with exact gold annotations (training data).

>>> from clindeid.train.corpus import CorpusConfig, generate_corpus, write_corpus
>>> docs = generate_corpus(CorpusConfig(n=100, seed=1))   # AnnotatedDocument iterator
>>> stats = write_corpus(docs, "corpus/")                  # {train,dev,test}.jsonl, brat/

Modules: `faker` (PHI values and surface forms), `templates` (document types as data),
`builder` (exact offsets), `documents` (one document), `icd10` (CIM-10 diagnoses),
`inject` (PHI injection into E3C case reports), `split` (by patient), `generate` (corpus).
"""

from clindeid.train.corpus.generate import (
    DEFAULT_TYPE_WEIGHTS,
    CorpusConfig,
    CorpusStats,
    allocate,
    generate_corpus,
    write_corpus,
)
from clindeid.train.corpus.inject import DEFAULT_E3C_PATH, INJECTED_TYPE, load_carriers
from clindeid.train.corpus.split import SPLITS, assign_split
from clindeid.train.corpus.templates import DOCUMENT_TYPES

__all__ = [
    "DEFAULT_E3C_PATH",
    "DEFAULT_TYPE_WEIGHTS",
    "DOCUMENT_TYPES",
    "INJECTED_TYPE",
    "SPLITS",
    "CorpusConfig",
    "CorpusStats",
    "allocate",
    "assign_split",
    "generate_corpus",
    "load_carriers",
    "write_corpus",
]
