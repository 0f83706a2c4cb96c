"""clindeid: de-identification of French clinical text with differentially private surrogates."""

from clindeid.document import Document, Entity, Metadata
from clindeid.labels import LABELS, Label

__version__ = "0.1.0"

__all__ = ["LABELS", "Document", "Entity", "Label", "Metadata", "__version__"]
