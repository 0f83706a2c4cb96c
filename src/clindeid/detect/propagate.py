"""Document-level propagation: what was found once is found everywhere.

A name detected after "Dr" in the header is often written alone further down ("DUPONT a
été prévenu"); an IPP found after its trigger word may recur without it. After the first
resolution, every detected surface form of a propagating label is searched again in the
whole document, and each PERSON entity also contributes its separate name words (not
initials, not particles, not common words), matched only where they are capitalised or
in uppercase so that "Blanc" the surname never catches "blanc" the colour.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from clindeid.document import Entity

PROPAGATING_LABELS: frozenset[str] = frozenset(
    {"PERSON", "ID", "NIR", "PHONE", "EMAIL", "URL", "ADDRESS", "CITY", "HOSPITAL"}
)
NAME_PARTICLES: frozenset[str] = frozenset(
    {"de", "du", "des", "d", "le", "la", "les", "l", "van", "von", "der", "den", "ben", "el",
     "al", "da", "di", "dos", "mac", "mc", "saint", "sainte", "st", "ste", "épouse", "née",
     "ep", "vve", "veuve"}
)
MIN_WORD_LENGTH = 3
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", re.UNICODE)


def _name_words(surface: str, is_common_word: Callable[[str], bool]) -> set[str]:
    """Compound name words ("MARTIN-DURAND") and their parts ("MARTIN", "DURAND")."""
    words = set()
    for m in _WORD.finditer(surface):
        compound = m.group(0)
        parts = re.split(r"['’-]", compound)
        for w in {compound, *parts} if len(parts) > 1 else {compound}:
            if len(w) < MIN_WORD_LENGTH or w.lower() in NAME_PARTICLES:
                continue
            if not w[0].isupper() or is_common_word(w):
                continue
            words.add(w)
    return words


def _find_all(text: str, needle: str, case_insensitive: bool) -> Iterable[tuple[int, int]]:
    flags = re.IGNORECASE if case_insensitive else 0
    pattern = re.compile(r"(?<![\w@.])" + re.escape(needle) + r"(?![\w@])", flags)
    for m in pattern.finditer(text):
        yield m.start(), m.end()


def _capitalised(text: str, start: int) -> bool:
    return text[start].isupper()


def propagate(
    text: str,
    entities: Iterable[Entity],
    is_common_word: Callable[[str], bool] | None = None,
    labels: frozenset[str] = PROPAGATING_LABELS,
) -> list[Entity]:
    """New entities for the other occurrences of what ``entities`` already cover."""
    is_common_word = is_common_word or (lambda w: False)
    covered = [(e.start, e.end) for e in entities]
    seen: dict[tuple[str, str], Entity] = {}
    words: dict[str, Entity] = {}
    for e in entities:
        if e.label not in labels:
            continue
        surface = text[e.start : e.end]
        if len(surface.strip()) < MIN_WORD_LENGTH:
            continue
        seen.setdefault((e.label, surface), e)
        if e.label == "PERSON":
            for w in _name_words(surface, is_common_word):
                words.setdefault(w, e)
    out: list[Entity] = []
    for (label, surface), origin in seen.items():
        for s, end in _find_all(text, surface, case_insensitive=label != "PERSON"):
            if (s, end) not in covered:
                out.append(_copy(origin, s, end))
    for word, origin in words.items():
        for s, end in _find_all(text, word, case_insensitive=True):
            if _capitalised(text, s) and not any(a <= s and end <= b for a, b in covered):
                out.append(_copy(origin, s, end, part="word"))
    return out


def _copy(origin: Entity, start: int, end: int, part: str | None = None) -> Entity:
    attributes = {"propagated": True}
    if part:
        attributes["part"] = part
    return Entity(
        start,
        end,
        origin.label,
        source="heuristic/propagation",
        score=min(origin.score, 0.9),
        value=origin.value if part is None else None,
        attributes={**dict(origin.attributes), **attributes},
    )
