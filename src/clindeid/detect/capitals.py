"""Common words taken for names in lines written wholly in capitals.

In a form or an export printed in capitals ("L'INFIRMIÈRE SCOLAIRE, MME …", "SON FILS ALAIN
FERRAND VIT À LYON", "VIRGULE" in a dictation), the capital that marks a name marks every
word, and the name heuristics (a title, a relative, a repeated or paired word) and the model
take ordinary words for names. `drop_common_words_in_capitals` trims such words from the edges
of those PERSON proposals, or drops a proposal made only of them. A word is kept where it may
well be a surname: a frequent one ("PETIT", "ROUX", "MAISON"), a first name, or any word right
after a first name ("ODETTE MONTERA"), and a form field's value ("NOM : LABORIEUX"). Spans
found by validated patterns, initials and patient context are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from clindeid.document import Entity
from clindeid.knowledge.names import is_first_name, surname_count
from clindeid.knowledge.vocabulary import written_lowercase

__all__ = ["drop_common_words_in_capitals"]

# The name heuristics and the model: the sources that read a capital as a name.
_GUESSING_SOURCES = frozenset(
    {"pattern/person-title", "pattern/person-relative", "heuristic/person-repeat",
     "heuristic/person-pair", "heuristic/propagation", "model/ner"}
)  # fmt: skip
# A surname borne by at least this many people in France stays a name whatever the word.
MIN_SURNAME_BEARERS = 100
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_PARTICLES = frozenset({"DE", "DU", "DES", "LA", "LE", "LES", "D", "L", "ET", "À", "AU"})


def _in_capitals_line(text: str, start: int, end: int) -> bool:
    """Whether the line(s) around ``start:end`` have letters, none of them lowercase."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    return not any(ch.islower() for ch in line) and any(ch.isalpha() for ch in line)


def _common(word: str, after_first_name: bool) -> bool:
    """A word French writes in lowercase that is neither a first name nor a frequent surname."""
    if len(word) < 4 or after_first_name or is_first_name(word):
        return False
    return written_lowercase(word.lower()) and surname_count(word) < MIN_SURNAME_BEARERS


def _trimmed(entity: Entity, text: str) -> Entity | None:
    """``entity`` without its common words at either edge (with the particles between them
    and the rest); None when nothing is left."""
    words = list(_WORD.finditer(text, entity.start, entity.end))
    keep: list[bool | None] = []  # None: a particle, kept with the words around it
    for i, m in enumerate(words):
        word = m.group()
        # right after a first name, blanks only between them: "ODETTE MONTERA"
        after_first = i > 0 and words[i - 1].group() not in _PARTICLES and not text[
            words[i - 1].end() : m.start()
        ].strip() and is_first_name(words[i - 1].group())
        keep.append(None if word in _PARTICLES else not _common(word, after_first))
    if False not in keep:
        return entity
    if True not in keep:
        return None
    first = keep.index(True)
    last = len(keep) - 1 - keep[::-1].index(True)
    if all(len(m.group()) < 2 for m, k in zip(words, keep, strict=True) if k):
        return None  # "°C. SUSPICION": a letter left alone is no name
    start = words[first].start() if False in keep[:first] else entity.start
    end = words[last].end() if False in keep[last + 1 :] else entity.end
    return entity.with_(start=start, end=end)


def _field_value(text: str, start: int) -> bool:
    """Whether the span is a form field's value ("NOM D'USAGE : LABORIEUX")."""
    return text[max(0, start - 3) : start].rstrip(" \t").endswith(":")


def drop_common_words_in_capitals(entities: Iterable[Entity], text: str) -> list[Entity]:
    """``entities`` with the guessed PERSON spans of all-capital lines cleared of common words
    at their edges (a span of common words only is dropped)."""
    out: list[Entity] = []
    for e in entities:
        if e.label == "PERSON" and e.source in _GUESSING_SOURCES and _in_capitals_line(
            text, e.start, e.end
        ) and not _field_value(text, e.start):
            kept = _trimmed(e, text)
            if kept is not None:
                out.append(kept)
            continue
        out.append(e)
    return out
