"""Document-level propagation: what was found once is found everywhere.

A name detected after "Dr" in the header is often written alone further down ("DUPONT a
été prévenu"); an IPP found after its trigger word may recur without it. After the first
resolution, every detected surface form of a propagating label is searched again in the
whole document, and each PERSON entity also contributes its separate name words (not
initials, not particles, not common words), matched only where they are capitalised or
in uppercase so that "Blanc" the surname never catches "blanc" the colour. An acronym in
brackets right after a hospital or an organisation that spells its initials is the same
entity (`defined_acronyms`), and propagates like it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

from clindeid.document import Entity

PROPAGATING_LABELS: frozenset[str] = frozenset(
    {"PERSON", "ID", "NIR", "PHONE", "EMAIL", "URL", "ADDRESS", "CITY", "HOSPITAL", "LOCATION",
     "ORG"}
)
# Labels spread only from what the rules found: the model's guesses there are too often a
# unit's acronym or a common word ("UCA", "BATEAU") to be copied across the document.
RULE_FOUND_LABELS: frozenset[str] = frozenset({"LOCATION", "ORG"})
NAME_PARTICLES: frozenset[str] = frozenset(
    {"de", "du", "des", "d", "le", "la", "les", "l", "van", "von", "der", "den", "ben", "el",
     "al", "da", "di", "dos", "mac", "mc", "saint", "sainte", "st", "ste", "épouse", "née",
     "ep", "vve", "veuve"}
)
MIN_WORD_LENGTH = 3
# Labels whose propagated occurrences must be capitalised like a proper noun.
NAME_LIKE_LABELS: frozenset[str] = frozenset({"CITY", "HOSPITAL", "ADDRESS", "LOCATION", "ORG"})
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


def _is_word_char(ch: str) -> bool:
    """``\\w`` of `re` (Unicode): letters, digits, numerics and the underscore."""
    return ch.isalnum() or ch == "_"


# where a needle may start: not inside a word, an e-mail or a dotted name
_NEEDLE_START = re.compile(r"(?<![\w@.])\S")


class _Needles:
    """Every needle of a document found in one scan (instead of one regex per needle).

    A needle matches at ``p`` when the character before is no word character, ``@`` or
    ``.``, the text there equals it (case-insensitively for ``case_insensitive`` ones, as
    `re.IGNORECASE` on a literal), and no word character or ``@`` follows: the semantics of
    ``(?<![\\w@.])needle(?![\\w@])``. Hits of one needle never overlap (as `re.finditer`).
    """

    def __init__(self) -> None:
        self.needles: list[tuple[str, str, bool]] = []  # (needle, its lower form, ci)
        self.by_first: dict[str, list[int]] = {}

    def add(self, needle: str, case_insensitive: bool) -> int:
        i = len(self.needles)
        self.needles.append((needle, needle.lower(), case_insensitive))
        self.by_first.setdefault(needle[0].lower(), []).append(i)
        return i

    def find(self, text: str) -> list[list[tuple[int, int]]]:
        """Hits (start, end) per needle, in text order."""
        hits: list[list[tuple[int, int]]] = [[] for _ in self.needles]
        if not self.needles:
            return hits
        n_text = len(text)
        last_end = [0] * len(self.needles)
        by_first = self.by_first
        for m in _NEEDLE_START.finditer(text):
            p = m.start()
            group = by_first.get(text[p].lower())
            if group is None:
                continue
            for i in group:
                needle, lower, ci = self.needles[i]
                end = p + len(needle)
                if end > n_text or p < last_end[i]:
                    continue
                if ci:
                    if text[p:end].lower() != lower:
                        continue
                elif not text.startswith(needle, p):
                    continue
                if end < n_text and (text[end] == "@" or _is_word_char(text[end])):
                    continue
                hits[i].append((p, end))
                last_end[i] = end
        return hits


def _find_all(text: str, needle: str, case_insensitive: bool) -> Iterable[tuple[int, int]]:
    """Occurrences of one needle (see `_Needles`)."""
    needles = _Needles()
    needles.add(needle, case_insensitive)
    return needles.find(text)[0]


def _capitalised(text: str, start: int) -> bool:
    return text[start].isupper()


# Labels whose name may be followed by its acronym in brackets.
ACRONYM_LABELS: frozenset[str] = frozenset({"HOSPITAL", "ORG"})
_ACRONYM_AFTER = re.compile(r"[ \t]*\((?P<acronym>[A-Z]{2,7})\)")
_ACRONYM_SKIPPED = frozenset(
    {"de", "du", "des", "d", "la", "le", "les", "l", "et", "en", "à", "au", "aux", "pour",
     "sur", "sous"}
)  # fmt: skip


def _initials(surface: str) -> str:
    """The initials of a name's words, function words skipped ("Centre d'accueil et de
    soins hospitaliers" → "CASH"), accents dropped ("Hôpital Édouard Herriot" → "HEH")."""
    words = re.split(r"[\s'’-]+", surface)
    return "".join(
        unicodedata.normalize("NFD", w[0].upper())[0]  # "Édouard" → "E"
        for w in words
        if w and w.lower() not in _ACRONYM_SKIPPED
    )


def defined_acronyms(text: str, entities: Iterable[Entity]) -> list[Entity]:
    """The acronym in brackets right after a hospital or an organisation that spells its
    initials, whole or without the place closing the name: "Centre d'accueil et de soins
    hospitaliers de Nanterre (CASH)", "Association Hospitalière de Bretagne (AHB)"; not a
    unit after its hospital ("CHU de Lille (USIC)")."""
    entities = list(entities)
    starts = {e.start for e in entities}
    out: list[Entity] = []
    for e in entities:
        if e.label not in ACRONYM_LABELS:
            continue
        m = _ACRONYM_AFTER.match(text, e.end)
        if m is None or m.start("acronym") in starts:
            continue
        acronym, initials = m.group("acronym"), _initials(text[e.start : e.end])
        if acronym == initials or (len(acronym) >= 3 and initials.startswith(acronym)):
            out.append(_copy(e, m.start("acronym"), m.end("acronym"), part="acronym"))
    return out


def propagate(
    text: str,
    entities: Iterable[Entity],
    is_common_word: Callable[[str], bool] | None = None,
    labels: frozenset[str] = PROPAGATING_LABELS,
) -> list[Entity]:
    """New entities for the other occurrences of what ``entities`` already cover."""
    is_common_word = is_common_word or (lambda w: False)
    entities = list(entities)
    acronyms = defined_acronyms(text, entities)
    entities += acronyms
    covered = [(e.start, e.end) for e in entities]
    covered_set = set(covered)
    seen: dict[tuple[str, str], Entity] = {}
    words: dict[str, Entity] = {}
    for e in entities:
        if e.label not in labels or (
            e.label in RULE_FOUND_LABELS and e.source.startswith("model/")
        ):
            continue
        surface = text[e.start : e.end]
        if len(surface.strip()) < MIN_WORD_LENGTH:
            continue
        seen.setdefault((e.label, surface), e)
        if e.label == "PERSON":
            for w in _name_words(surface, is_common_word):
                words.setdefault(w, e)
    needles = _Needles()
    for label, surface in seen:
        needles.add(surface, case_insensitive=label != "PERSON")
    for word in words:
        needles.add(word, case_insensitive=True)
    hits = needles.find(text)
    out: list[Entity] = list(acronyms)
    for k, origin in enumerate(seen.values()):
        for s, end in hits[k]:
            if origin.label in NAME_LIKE_LABELS and not _capitalised(text, s):
                continue  # "Sens" the commune, not "sens" the word
            if (s, end) not in covered_set:
                out.append(_copy(origin, s, end))
    for k, origin in enumerate(words.values(), start=len(seen)):
        for s, end in hits[k]:
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
