"""clindeid: de-identification of French clinical text with differentially private surrogates."""

from clindeid.config import Config, load_config
from clindeid.document import Document, Entity, Metadata
from clindeid.labels import LABELS, Label
from clindeid.pipeline import DeidentifiedDocument, Pipeline, deidentify, deidentify_many, detect

__version__ = "0.1.0"

__all__ = [
    "LABELS",
    "Config",
    "DeidentifiedDocument",
    "Document",
    "Entity",
    "Label",
    "Metadata",
    "Pipeline",
    "__version__",
    "deidentify",
    "deidentify_many",
    "detect",
    "load_config",
]
