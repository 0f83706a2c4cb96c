"""HTML remnants removed before detection, offsets mapped back.

Exports of a clinical data warehouse often keep pieces of the HTML their notes were typed in:
``Patient : DEVAUD&nbsp;Roger<br>CHU&nbsp;de&nbsp;Poitiers``. Detectors read a plain copy
(whitespace entities as one space, other character entities as their character,
line-breaking tags as a line break, other tags as a space,
so that a name keeps its single spaces; the attributes of a tag stay readable, since
``<a href="…">`` may hold a web address); `PlainText.to_original` maps each span found back to
the original text, which is what gets substituted. Text without such remnants has no copy.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from clindeid.document import Entity

__all__ = ["PlainText", "strip_markup"]

_MARKUP = re.compile(
    r"(?P<space>&(?:nbsp|#160|#xa0);)"
    # other character entities: "&ndash;", "&eacute;", "&#39;", "&amp;"
    r"|(?P<ent>&(?:[a-zA-Z][a-zA-Z0-9]{1,7}|#\d{2,5}|#[xX][0-9a-fA-F]{2,4});)"
    r"|(?P<brk><(?:br|/?p|/?div|/?li|/?tr|/?h[1-6])(?P<battr>[ \t][^<>\n]{0,80})?[ \t]*/?>)"
    r"|(?P<tag></?[a-zA-Z][a-zA-Z0-9]*(?P<tattr>[ \t][^<>\n]{0,80})?[ \t]*/?>)",
    re.IGNORECASE,
)


# An attribute with a value ('href="…"', "title='…'"): its text is kept in the copy.
_ATTRIBUTE_VALUE = re.compile(r"=[ \t]*[\"']?[^\s\"'>]")


@dataclass(frozen=True, slots=True)
class PlainText:
    """A plain copy of a text and, for each of its characters, the original span."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def to_original(self, entity: Entity) -> Entity:
        """``entity`` (found in the copy) with offsets into the original text."""
        return entity.with_(start=self.starts[entity.start], end=self.ends[entity.end - 1])


def _character(entity: str) -> str:
    """The character an entity names; one a capitals export wrote in capitals ("&EACUTE;")
    read as the capital of its lowercase name's character ("É")."""
    char = html.unescape(entity)
    if char == entity and entity[1:-1].isupper():
        lower = html.unescape(entity.lower())
        if lower != entity.lower() and len(lower.upper()) == 1:
            return lower.upper()
    return char


def strip_markup(text: str) -> PlainText | None:
    """The plain copy of ``text``, or ``None`` when it holds no HTML remnant."""
    if "&" not in text and "<" not in text:
        return None
    first = _MARKUP.search(text)
    if first is None:
        return None
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for m in _MARKUP.finditer(text, first.start()):
        for i in range(pos, m.start()):
            out.append(text[i])
            starts.append(i)
            ends.append(i + 1)
        attr = m.span("battr") if m.group("battr") else m.span("tattr")
        if m.group("ent"):  # one character for the entity, or a space if it names none
            char = _character(m.group())
            out.append(char if len(char) == 1 else " ")
            starts.append(m.start())
            ends.append(m.end())
        elif attr[0] < 0 or not _ATTRIBUTE_VALUE.search(text, *attr):
            out.append("\n" if m.group("brk") else " ")
            starts.append(m.start())
            ends.append(m.end())
        else:  # attribute values stay readable: '<a href="https://…">' may hold PHI
            out.append("\n" if m.group("brk") else " ")
            starts.append(m.start())
            ends.append(attr[0])
            for i in range(*attr):
                out.append(text[i])
                starts.append(i)
                ends.append(i + 1)
            out.append(" ")
            starts.append(attr[1])
            ends.append(m.end())
        pos = m.end()
    for i in range(pos, len(text)):
        out.append(text[i])
        starts.append(i)
        ends.append(i + 1)
    return PlainText("".join(out), tuple(starts), tuple(ends))
