"""HTML input: text extraction with a map back to the source, and writing replacements back.

`extract_text` scans the HTML (no DOM): tags, comments, doctypes and the content of
``<script>``/``<style>`` give no text; character references are decoded; block elements
(``p``, ``div``, ``br``, ``li``, ``tr``, ``td``, ``h1``…) give a ``"\\n"`` so that sentences do
not glue; whitespace is kept as in the source. Every character of the text maps to its
source span ``[start, end)`` (a synthetic newline maps to the empty span at its tag).

`apply_replacements` rewrites text spans in the HTML: tags are kept; a span that crosses
tags (``<b>Jean</b> Dupont``) gets its whole (escaped) replacement in its first text
segment and the other segments are emptied, so no original character survives.

Limits: attribute values (``alt``, ``title``, ``href``…) and script contents are not
extracted, hence not de-identified.
"""

from __future__ import annotations

import bisect
import html as _html
import re
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from html.entities import html5 as _HTML5
from pathlib import Path
from typing import overload

from clindeid.document import Document, Metadata
from clindeid.io.base import (
    BaseWriter,
    OutputLayout,
    ReadError,
    ReadOptions,
    Record,
    Replacements,
    TextReplacement,
    apply_text_replacements,
    decode_document,
    text_replacements,
    too_large,
)

_BLOCK_TAG_NAMES = """
address article aside blockquote body br caption center dd details dialog div dl dt fieldset
figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html li legend main nav
ol option p pre section summary table tbody td tfoot th thead title tr ul
"""
BLOCK_TAGS = frozenset(_BLOCK_TAG_NAMES.split())
_RAW_TEXT_TAGS = frozenset({"script", "style"})
_RAW_TEXT_END = {t: re.compile(rf"</{t}[\s/>]", re.IGNORECASE) for t in _RAW_TEXT_TAGS}
_SPECIAL = re.compile(r"[<&]")
_TAG_NAME = re.compile(r"[^\s/>]*")
_CHARREF = re.compile(r"&(?:#[xX][0-9a-fA-F]+;?|#[0-9]+;?|([A-Za-z][A-Za-z0-9]*)(;?))")
_LONGEST_ENTITY = max(len(k) for k in _HTML5)


class OffsetMap(Sequence[tuple[int, int]]):
    """``offsets[i] == (start, end)``: the source span of text character ``i`` (compact)."""

    __slots__ = ("ends", "starts")

    def __init__(self, starts: array[int] | None = None, ends: array[int] | None = None):
        self.starts: array[int] = starts if starts is not None else array("q")
        self.ends: array[int] = ends if ends is not None else array("q")

    def __len__(self) -> int:
        return len(self.starts)

    @overload
    def __getitem__(self, i: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, i: slice) -> list[tuple[int, int]]: ...
    def __getitem__(self, i: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        if isinstance(i, slice):
            return list(zip(self.starts[i], self.ends[i], strict=True))
        return self.starts[i], self.ends[i]

    def __repr__(self) -> str:
        return f"OffsetMap({len(self)} spans)"


@dataclass(frozen=True, slots=True)
class HtmlText:
    """The text of an HTML source and, per character, its source span.

    ``fixups`` are harmless source rewrites applied with any replacement, so that new text
    cannot combine with a neighbour into markup: a literal ``&`` or ``<`` becomes
    ``&amp;``/``&lt;`` and a reference without ``;`` gets one.
    """

    text: str
    offsets: OffsetMap
    fixups: tuple[TextReplacement, ...] = field(default=())


def _entity_at(src: str, i: int) -> tuple[int, str, bool] | None:
    """The character reference at ``src[i] == "&"``: (end, decoded, needs ";"), or None."""
    m = _CHARREF.match(src, i, i + 2 + _LONGEST_ENTITY + 8)
    if m is None:
        return None
    name, semi = m.group(1), m.group(2)
    if name is None:  # numeric
        ref = m.group(0)
        semicolon = ref.endswith(";")
        return m.end(), _html.unescape(ref if semicolon else ref + ";"), not semicolon
    if semi and name + ";" in _HTML5:
        return m.end(), _HTML5[name + ";"], False
    for k in range(len(name), 0, -1):  # legacy references without ";" (longest prefix)
        decoded = _HTML5.get(name[:k])
        if decoded is not None:
            return i + 1 + k, decoded, True
    return None


def _markup_end(src: str, i: int) -> tuple[int, str | None] | None:
    """If ``src[i] == "<"`` opens markup: (its end, the lowercase tag name or None for
    comments and the like); None when the ``<`` is a literal character."""
    n = len(src)
    nxt = src[i + 1] if i + 1 < n else ""
    if nxt == "!" and src.startswith("<!--", i):
        close = src.find("-->", i + 2)
        return (n if close < 0 else close + 3), None
    if nxt in ("!", "?"):
        close = src.find(">", i + 2)
        return (n if close < 0 else close + 1), None
    closing = nxt == "/"
    j = i + 2 if closing else i + 1
    if j >= n or not src[j].isascii() or not src[j].isalpha():
        if closing:  # "</>" and "</ x>": ignored like a comment
            close = src.find(">", j)
            return (n if close < 0 else close + 1), None
        return None
    name_end = _TAG_NAME.match(src, j).end()  # type: ignore[union-attr]
    k, after_eq = name_end, False
    while k < n:  # attributes: quotes count only as a value after "="
        c = src[k]
        if c == ">":
            k += 1
            break
        if after_eq and c in "\"'":
            close = src.find(c, k + 1)
            k = n if close < 0 else close + 1
            after_eq = False
            continue
        if c == "=":
            after_eq = True
        elif not c.isspace():
            after_eq = False
        k += 1
    name = src[j:name_end].lower()
    return k, ("/" + name if closing else name)


def extract_text(src: str) -> HtmlText:
    """The text of ``src`` with its offset map (see the module docstring)."""
    parts: list[str] = []
    starts: array[int] = array("q")
    ends: array[int] = array("q")
    fixups: list[TextReplacement] = []
    n, i = len(src), 0

    def emit(chars: str, start: int, end: int) -> None:
        parts.append(chars)
        starts.extend([start] * len(chars))
        ends.extend([end] * len(chars))

    while i < n:
        m = _SPECIAL.search(src, i)
        j = m.start() if m else n
        if j > i:  # a run of plain text
            parts.append(src[i:j])
            starts.extend(range(i, j))
            ends.extend(range(i + 1, j + 1))
        if j >= n:
            break
        if src[j] == "&":
            ref = _entity_at(src, j)
            if ref is None:
                emit("&", j, j + 1)
                fixups.append((j, j + 1, "&amp;"))
                i = j + 1
            else:
                end, decoded, needs_semicolon = ref
                emit(decoded, j, end)
                if needs_semicolon:
                    fixups.append((end, end, ";"))
                i = end
            continue
        markup = _markup_end(src, j)
        if markup is None:
            emit("<", j, j + 1)
            fixups.append((j, j + 1, "&lt;"))
            i = j + 1
            continue
        end, name = markup
        if name is not None:
            if name.lstrip("/") in BLOCK_TAGS:
                emit("\n", j, j)
            if name in _RAW_TEXT_TAGS:
                close = _RAW_TEXT_END[name].search(src, end)
                end = n if close is None else (_markup_end(src, close.start()) or (n, None))[0]
        i = end
    return HtmlText("".join(parts), OffsetMap(starts, ends), tuple(fixups))


def _source_edits(html_text: HtmlText, reps: list[TextReplacement]) -> list[TextReplacement]:
    """Source edits ``(start, end, new_html)`` for text replacements."""
    starts, ends = html_text.offsets.starts, html_text.offsets.ends
    n_text = len(html_text.text)
    edits: list[TextReplacement] = []
    for start, end, new in reps:
        escaped = _html.escape(new, quote=False)
        segments: list[list[int]] = []
        for k in range(start, end):
            s, e = starts[k], ends[k]
            if s == e:  # synthetic newline: its tag stays
                continue
            if segments and s <= segments[-1][1]:
                segments[-1][1] = max(segments[-1][1], e)
            else:
                segments.append([s, e])
        if not segments:
            if escaped:
                pos = starts[start] if start < n_text else (ends[-1] if n_text else 0)
                edits.append((pos, pos, escaped))
            continue
        edits.append((segments[0][0], segments[0][1], escaped))
        edits.extend((s, e, "") for s, e in segments[1:])
    edits.sort(key=lambda e: (e[0], e[1]))
    clipped: list[TextReplacement] = []
    cursor = 0
    for s, e, new in edits:  # two replacements inside one multi-character reference
        if s < cursor:
            s, e = cursor, max(e, cursor)
        clipped.append((s, e, new))
        cursor = e
    return clipped


def _kept_fixups(
    fixups: Sequence[TextReplacement], edits: list[TextReplacement]
) -> list[TextReplacement]:
    """The fixups that lie outside every edit."""
    edit_starts = [e[0] for e in edits]
    kept: list[TextReplacement] = []
    for fx in fixups:
        a, b = fx[0], fx[1]
        if a == b:  # an insertion after a reference: dropped if inside or at an edit's end
            k = bisect.bisect_left(edit_starts, a) - 1
            if k >= 0 and a <= edits[k][1]:
                continue
        else:
            k = bisect.bisect_right(edit_starts, a) - 1
            if k >= 0 and a < edits[k][1]:
                continue
        kept.append(fx)
    return kept


def apply_replacements(html: str, html_text: HtmlText, replacements: Replacements) -> str:
    """``html`` with text replacements applied (offsets into ``html_text.text``, which must
    be ``extract_text(html)``; non-overlapping)."""
    reps = text_replacements("", replacements)
    if not reps:
        return html
    if reps[-1][1] > len(html_text.text):
        raise ValueError("replacement beyond the end of the text")
    edits = _source_edits(html_text, reps)
    fixups = _kept_fixups(html_text.fixups, edits)
    ordered = sorted(
        [(s, e, 1, new) for s, e, new in edits] + [(s, e, 0, new) for s, e, new in fixups],
        key=lambda x: (x[0], x[1], x[2]),  # at one place: a fixup, then the edit
    )
    out: list[str] = []
    cursor = 0
    for s, e, _, new in ordered:
        out += (html[cursor:s], new)
        cursor = max(cursor, e)
    out.append(html[cursor:])
    return "".join(out)


# --- reading and writing -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HtmlPayload:
    """What the HTML writer needs: the source, its text map and where it goes."""

    relpath: str
    html: str
    html_text: HtmlText


def read_html_file(
    path: Path, source: str, relpath: str, doc_id: str, options: ReadOptions
) -> Iterator[Record | ReadError]:
    """One HTML file as one document."""
    try:
        size = path.stat().st_size
        if size > options.max_document_bytes:
            yield ReadError(source, None, too_large(size, options.max_document_bytes))
            return
        data = path.read_bytes()
    except OSError as exc:
        yield ReadError(source, None, f"cannot read file ({exc.strerror or type(exc).__name__})")
        return
    try:
        src = decode_document(data, options.encoding)
    except ValueError as exc:
        yield ReadError(source, None, str(exc))
        return
    del data
    html_text = extract_text(src)
    doc = Document(id=doc_id, text=html_text.text, meta=Metadata())
    yield Record(doc, source, None, HtmlPayload(relpath, src, html_text))


class HtmlWriter(BaseWriter):
    """Writes each document back into its HTML source, one file per input file.

    `write` needs the replacements (offsets in the extracted text): ``text`` alone cannot be
    mapped back into the markup. Called without replacements it accepts only an unchanged
    text (and copies the source); with them it checks that they produce ``text``. The file
    is written in the input encoding, characters it lacks as character references.
    """

    def __init__(self, layout: OutputLayout, encoding: str = "utf-8"):
        self.layout = layout
        self.encoding = encoding

    def write(self, record: Record, text: str, replacements: Replacements | None = None) -> None:
        payload = record.payload
        if not isinstance(payload, HtmlPayload):
            raise TypeError("HtmlWriter needs records read from HTML")
        original = record.document.text
        if replacements is None:
            if text != original:
                raise ValueError("HTML output needs the replacements, not only the new text")
            reps: list[TextReplacement] = []
        else:
            reps = text_replacements(text, replacements)
            if apply_text_replacements(original, reps) != text:
                raise ValueError("replacements do not produce the given text")
        self.write_replacements(record, reps)

    def write_replacements(self, record: Record, replacements: Replacements) -> None:
        """Write ``record`` with ``(start, end, new)`` replacements of its extracted text."""
        payload: HtmlPayload = record.payload
        out = apply_replacements(payload.html, payload.html_text, replacements)
        target = self.layout.target(payload.relpath)
        target.write_bytes(out.encode(self.encoding, errors="xmlcharrefreplace"))
