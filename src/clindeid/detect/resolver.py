"""Merge the detectors' proposals into one set of non-overlapping entities.

Rules, in order:

1. Candidates are taken by decreasing priority (`clindeid.detect.base.PRIORITIES`), then
   decreasing length, then decreasing score.
2. A candidate that overlaps an accepted entity *of the same label* is merged with it: the
   result covers both spans (a longer span is never thrown away for a shorter one); the
   attributes and value of the higher-priority entity win, missing ones are filled from
   the other.
3. A candidate that overlaps an accepted entity *of another label* loses the overlapping
   characters only; what is left of it is kept if it still holds a letter or digit, so a
   lower-priority detector can still cover the rest (recall first).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from clindeid.detect.base import priority_of
from clindeid.detect.heads import LONE_TYPE_WORD, OF
from clindeid.document import Entity

# `str.isalnum` of one character, as a character class (``\w`` is alphanumeric or ``_``)
_ALNUM = re.compile(r"[^\W_]")


def _has_alnum(text: str | None, start: int, end: int) -> bool:
    if text is None:
        return True
    return _ALNUM.search(text, start, end) is not None


def _merge(winner: Entity, other: Entity) -> Entity:
    """``winner`` over the union of both spans; its attributes and value win, the missing
    ones are taken from ``other`` (winner's keys first, then the other's, in order)."""
    if other.attributes:
        attributes = dict(winner.attributes)
        for k, v in other.attributes.items():
            if k not in attributes:
                attributes[k] = v
        frozen: Mapping[str, Any] = MappingProxyType(attributes)
    else:
        frozen = winner.attributes
    return Entity(
        min(winner.start, other.start),
        max(winner.end, other.end),
        winner.label,
        winner.source,
        max(winner.score, other.score),
        winner.value if winner.value is not None else other.value,
        frozen,
    )


class _Accepted:
    """Accepted entities kept sorted by start (they never overlap each other)."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.items: list[Entity] = []

    def overlapping(self, start: int, end: int) -> list[Entity]:
        i = bisect.bisect_left(self.starts, start)
        if i > 0 and self.items[i - 1].end > start:
            i -= 1
        out = []
        while i < len(self.items) and self.items[i].start < end:
            if self.items[i].end > start:
                out.append(self.items[i])
            i += 1
        return out

    def add(self, entity: Entity) -> None:
        i = bisect.bisect_left(self.starts, entity.start)
        self.starts.insert(i, entity.start)
        self.items.insert(i, entity)

    def remove(self, entity: Entity) -> None:
        i = bisect.bisect_left(self.starts, entity.start)
        while self.items[i] is not entity:
            i += 1
        del self.starts[i]
        del self.items[i]


def _cut(entity: Entity, blockers: list[Entity]) -> list[tuple[int, int]]:
    """The parts of ``entity`` not covered by ``blockers``."""
    pieces = [(entity.start, entity.end)]
    for b in sorted(blockers, key=lambda e: e.start):
        nxt = []
        for s, e in pieces:
            if b.end <= s or b.start >= e:
                nxt.append((s, e))
                continue
            if s < b.start:
                nxt.append((s, b.start))
            if b.end < e:
                nxt.append((b.end, e))
        pieces = nxt
    return pieces


def resolve(candidates: Iterable[Entity], text: str | None = None) -> list[Entity]:
    """Non-overlapping entities in reading order. ``text`` lets trimming drop empty pieces."""
    by_source: dict[str, int] = {}  # priority_of depends on the source only

    def priority(entity: Entity) -> int:
        found = by_source.get(entity.source)
        if found is None:
            found = by_source[entity.source] = priority_of(entity)
        return found

    if text is not None:
        candidates = list(candidates)
        starts = {e.start for e in candidates if e.label in _COMPOUND_LABELS}
        ends = {e.end for e in candidates if e.label in _COMPOUND_LABELS}
        widened = [_whole_compound(e, text, starts, ends) for e in candidates]
        # a compound another proposal already covers whole keeps that proposal's reading
        # ("Port-Royal" the maternity, not "Port" widened into a commune)
        candidates = [
            w if w is e or not any(
                c is not e and c.start <= w.start and w.end <= c.end for c in candidates
            ) else e
            for e, w in zip(candidates, widened, strict=True)
        ]
    ordered = sorted(
        candidates, key=lambda e: (-priority(e), -(e.end - e.start), -e.score, e.start)
    )
    accepted = _Accepted()
    for cand in ordered:
        overlaps = accepted.overlapping(cand.start, cand.end)
        if not overlaps:
            accepted.add(cand)
            continue
        label = cand.label
        others = [o for o in overlaps if o.label != label]
        for s, e in _cut(cand, others):
            s, e = _strip(text, s, e)
            if text is not None and (s, e) != (cand.start, cand.end) and label in _NAME_LABELS:
                e = _drop_dangling(text, s, e, others)
                if label in ("HOSPITAL", "ORG") and _only_generic(text, s, e):
                    continue  # "HAD" left of "HAD HAD-26-09-1123" once the ID is taken
            if e <= s or not _has_alnum(text, s, e):
                continue
            if (s, e) != (cand.start, cand.end) and _is_connector(text, s, e):
                continue  # "de" left between a hospital and its commune
            if (s, e) == (cand.start, cand.end):
                piece = cand
                # nothing cut and nothing accepted since: the overlaps are all of this label
                same = (
                    overlaps
                    if not others
                    else [o for o in accepted.overlapping(s, e) if o.label == label]
                )
            else:
                piece = cand.with_(start=s, end=e)
                same = [o for o in accepted.overlapping(s, e) if o.label == label]
            merged = piece
            for o in same:
                accepted.remove(o)
                merged = _merge(o, merged) if priority(o) >= priority(merged) else _merge(merged, o)
            accepted.add(merged)
    return list(accepted.items)


_NAME_LABELS = frozenset({"HOSPITAL", "ORG", "CITY", "LOCATION", "ADDRESS"})
_COMPOUND_LABELS = _NAME_LABELS | {"PERSON"}


def _whole_compound(entity: Entity, text: str, starts: set[int], ends: set[int]) -> Entity:
    """A name proposal that starts or ends inside a hyphenated word, widened to the whole
    word: "Vals-" + "les-Bains" → "Vals-les-Bains", "Marie-" + "Claire" (a piece of a name
    left in the text would be a leak); not over a part another proposal names apart
    ("Pontivy" + "-" + "Loudéac": ``starts`` and ``ends`` of the name proposals)."""
    if entity.label not in _COMPOUND_LABELS:
        return entity
    start, end = entity.start, entity.end
    while (start >= 2 and text[start - 1] == "-" and text[start - 2].isalpha()
           and start - 1 not in ends):
        start -= 2
        while start > 0 and text[start - 1].isalpha():
            start -= 1
    while True:  # hyphens and apostrophes, in any order ("Prud'homme-Lefèvre")
        before = end
        while (end + 1 < len(text) and text[end] == "-" and text[end + 1].isalpha()
               and end + 1 not in starts):
            end += 2
            while end < len(text) and text[end].isalpha():
                end += 1
        # a surname with an apostrophe inside ("Prud'homme", "Maëlys Prud'" + "homme"): the
        # word before it has three letters or more, so it is no elided article ("d'", "l'")
        apostrophe = end - 1 if end and text[end - 1] in "'’" else end
        if (
            apostrophe < len(text) - 1 and text[apostrophe] in "'’"
            and text[apostrophe + 1].isalpha() and apostrophe + 1 not in starts
            and _WORD_BEFORE_APOSTROPHE.search(text, max(0, apostrophe - 40), apostrophe)
        ):
            end = apostrophe + 1
            while end < len(text) and text[end].isalpha():
                end += 1
        if end == before:
            break
    if (start, end) == (entity.start, entity.end):
        return entity
    return entity.with_(start=start, end=end)


_WORD_BEFORE_APOSTROPHE = re.compile(r"(?<![^\W\d_])[^\W\d_]{3,}\Z")
# Function words left at the end of a piece once a commune after them took the rest: "EHPAD
# Les Tilleuls de" once "Sens" is a CITY ("… de Sens"): the locative belongs to neither.
_DANGLING_END = re.compile(
    r"(?:[ \t]+(?:de|du|des|de[ \t]+la|à|au|aux|en|la|le|les|chez|sur|sous)"
    r")+[ \t]*$|[ \t]+[dl]['’]$"
)


_CONNECTORS = frozenset(
    {"de", "du", "des", "d'", "d’", "la", "le", "les", "l'", "l’", "et", "à", "au", "aux", "en"}
)


def _is_connector(text: str | None, start: int, end: int) -> bool:
    """Whether a cut piece is a lone function word, no entity of any label."""
    return text is not None and text[start:end].lower() in _CONNECTORS


def _drop_dangling(text: str, start: int, end: int, blockers: list[Entity]) -> int:
    """The end of a cut piece without the locative left before the commune that cut it."""
    after = next(
        (b for b in blockers if b.label in ("CITY", "LOCATION") and 0 <= b.start - end <= 2),
        None,
    )
    if after is None:
        return end
    m = _DANGLING_END.search(text, start, end)
    return m.start() if m and m.start() > start else end


def _only_generic(text: str, start: int, end: int) -> bool:
    """Whether a piece holds only generic facility words ("HAD", "HIA", "Centre de")."""
    from clindeid.detect.rules.hospitals import FINESS_GENERIC
    from clindeid.temporal import strip_accents

    words = _WORDS.findall(text, start, end)
    return bool(words) and all(strip_accents(w).lower() in FINESS_GENERIC for w in words)


_WORDS = re.compile(r"[^\W\d_]+")


def _strip(text: str | None, start: int, end: int) -> tuple[int, int]:
    """Trim surrounding whitespace and light punctuation from a trimmed piece."""
    if text is None:
        return start, end
    while start < end and (text[start].isspace() or text[start] in ",;:-"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",;:-"):
        end -= 1
    return start, end


_JOINABLE_GAP = frozenset(" \t-")
# An initial right before a name ("J. Lefort", "A.-L. Bonnet") belongs to it; a lone "M."
# is a civility ("M. Dupont"), not an initial.
_INITIAL_BEFORE = re.compile(r"(?:^|(?<=[\s(\[,;:–—-]))[^\W\d_]\.(?:-?[^\W\d_]\.)*[ \t]$")
_CIVILITY_INITIALS = frozenset({"M.", "Mr.", "Me.", "Dr.", "Pr."})
# ... unless a doctor's title stands before it: "Dr M. Khelifi" is an initial.
_TITLE_BEFORE = re.compile(r"(?<![\w.])(?i:dr|pr|docteur|professeur)\.?[ \t]+$")


def _absorb_initial(entity: Entity, text: str, floor: int) -> Entity:
    window_start = max(floor, entity.start - 8)
    m = _INITIAL_BEFORE.search(text, window_start, entity.start)
    if m is None or not text[m.start()].isupper():
        return entity
    initials = text[m.start() : m.end()].strip()
    if initials in _CIVILITY_INITIALS and not (
        initials == "M." and _TITLE_BEFORE.search(text, max(0, m.start() - 12), m.start())
    ):
        return entity
    return entity.with_(start=m.start())


def merge_adjacent(
    entities: list[Entity], text: str, labels: frozenset[str] = frozenset({"PERSON"})
) -> list[Entity]:
    """Join consecutive entities of the same label separated only by spaces or a hyphen on
    the same line ("Jean" + "MARTIN" → "Jean MARTIN"), so a full name is one entity; a
    PERSON also takes the initials just before it ("J. Lefort", not after a lone "M.")."""
    out: list[Entity] = []
    for e in entities:
        prev = out[-1] if out else None
        if e.label == "PERSON" and "PERSON" in labels:
            e = _absorb_initial(e, text, prev.end if prev is not None else 0)
        if (
            prev is not None
            and prev.label == e.label
            and e.label in labels
            and 0 < e.start - prev.end <= 3
            and all(ch in _JOINABLE_GAP for ch in text[prev.end : e.start])
        ):
            winner, other = (prev, e) if priority_of(prev) >= priority_of(e) else (e, prev)
            out[-1] = _merge(winner, other)
        else:
            out.append(e)
    return out


# The "de" between a facility or body and the place that ends its name: "CH Simone Veil de
# | Blois", "Maison de Santé du Pays de | Guichen", "Pharmacie du | Marché Vert",
# "Laboratoire Bio37 – site de | Chinon".
_PLACE_GAP = re.compile(
    rf"[ \t]+{OF}(?:(?<=['’])[ \t]*|[ \t]+)"
    r"|[ \t]*[–-][ \t]*(?i:site)[ \t]+(?:de[ \t]+|d['’][ \t]*)"
)


_LONE_TYPE_WORD = re.compile(LONE_TYPE_WORD)

_ENDS_ON_DE = re.compile(r"[ \t](?:de|du|des)$")


def _joined_by_de(text: str, end: int, start: int) -> bool:
    """Whether only a "de" joins ``end`` to ``start``, or blanks when the place span took the
    "de" itself (a place trimmed by an overlapping name: "Clinique du Parc | de Lyon")."""
    gap = _PLACE_GAP.match(text, end)
    if gap is None:
        return False
    return gap.end() == start or (gap.end() > start and not text[end:start].strip(" \t"))


def join_place_names(entities: list[Entity], text: str) -> list[Entity]:
    """Join a HOSPITAL or ORG with the commune or place its "de" introduces, as one span.
    Annotators put such a commune inside the name ("EHPAD Les Vignes de Clamecy") or
    outside it as a CITY; one span replaces the commune all the same and never leaves the
    connector between two surrogates, at the cost of a "de" counted as PHI when the
    commune was meant apart. A lone type word taken apart from the name after it
    ("laboratoire" + "Bio37 d'Amboise"), and a name cut after its "de" ("Pôle Santé
    Léonard de" + "Vinci"), join the name after them too."""
    out: list[Entity] = []
    for e in entities:
        prev = out[-1] if out else None
        if prev is None or prev.label not in ("HOSPITAL", "ORG"):
            out.append(e)
        elif e.label in ("CITY", "LOCATION") and _joined_by_de(text, prev.end, e.start):
            out[-1] = prev.with_(end=e.end)
        elif (
            e.label in ("HOSPITAL", "ORG")
            and (
                _LONE_TYPE_WORD.fullmatch(text, prev.start, prev.end)
                or _ENDS_ON_DE.search(text, prev.start, prev.end)
            )
            and 0 < e.start - prev.end <= 2
            and not text[prev.end : e.start].strip(" \t")
        ):
            winner, other = (prev, e) if priority_of(prev) >= priority_of(e) else (e, prev)
            out[-1] = _merge(winner, other)
        else:
            out.append(e)
    return out
