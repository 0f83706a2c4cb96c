"""HTML input: text extraction with a map back to the source, and writing replacements back.

`extract_text` scans the HTML (no DOM). The document text is the **visible text followed by
the hidden-text segments**: ``text == visible + "\\n" + segment₁ + "\\n" + segment₂ …`` (each
segment behind its own ``"\\n"``, in source order). Offsets reported for an HTML document
(``clindeid detect``, the audit) refer to that whole text.

Visible text: tags, comments and doctypes give no visible text; the content of
``<script>``/``<style>`` is skipped; ``<title>``/``<textarea>`` content is text (entities
decoded, ``<`` literal); character references are decoded; block elements (``p``, ``div``,
``br``, ``li``, ``tr``, ``td``, ``h1``, ``title``…) give a ``"\\n"`` so that sentences do not
glue; whitespace is kept as in the source.

Hidden-text segments (fail closed: what stays in the output file is scanned):

* every attribute value (start and end tags) except structural ones (`SKIPPED_ATTRIBUTES`:
  ``class``, ``id``, ``style``, sizes…): ``title``, ``alt``, ``value``, ``placeholder``,
  ``content``, ``label``, ``aria-*``, ``data-*``, event handlers, unknown attributes…
  Entities are decoded as browsers do in attributes. In URL attributes (`URL_ATTRIBUTES`:
  ``href``, ``src``…) the scheme of ``mailto:``/``tel:``/``sms:``/``callto:``/``fax:`` is
  left out, ``%XX`` (UTF-8) is decoded, and base64 ``data:`` URIs are skipped;
* the content of comments (``<!-- … -->``, ``<!…>``, ``<?…>``; not doctypes);
* with ``scan_scripts=True``, the raw content of ``<script>``/``<style>``. **By default
  scripts and style sheets are not scanned** and are copied unchanged.

Every character of the text maps to its source span ``[start, end)``: a synthetic newline
maps to the empty span at its tag (block tags) or at its segment (segment separators).

`apply_replacements` rewrites text spans in the HTML: tags are kept; a span that crosses
tags (``<b>Jean</b> Dupont``) or segments gets its whole replacement in its first source
piece and the other pieces are emptied, so no original character survives. Replacements are
escaped for where they land: text (``&``, ``<``, ``>``), attribute values (also quotes; an
unquoted value that is edited gets quoted); in comments ``<``, ``>``, ``-`` and in scripts
``<`` become look-alikes (``‹``, ``›``, ``‐``).
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
from typing import Literal, NamedTuple, overload

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
    read_whole_file,
    text_replacements,
)

_BLOCK_TAG_NAMES = """
address article aside blockquote body br caption center dd details dialog div dl dt fieldset
figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html li legend main nav
ol option p pre section summary table tbody td tfoot th thead title tr ul
"""
BLOCK_TAGS = frozenset(_BLOCK_TAG_NAMES.split())
_RAW_TEXT_TAGS = frozenset({"script", "style"})
_RCDATA_TAGS = frozenset({"title", "textarea"})
_RAW_TEXT_END = {
    t: re.compile(rf"</{t}[\s/>]", re.IGNORECASE) for t in _RAW_TEXT_TAGS | _RCDATA_TAGS
}
_SKIPPED_ATTRIBUTE_NAMES = """
class id style lang xml:lang dir charset http-equiv type rel rev target media hreflang sizes
width height colspan rowspan span align valign border cellpadding cellspacing bgcolor color
face size role tabindex method enctype for loading decoding crossorigin referrerpolicy
integrity nonce autocomplete accesskey draggable hidden spellcheck translate contenteditable
start reversed scope headers frame rules clear nowrap shape coords maxlength minlength step
rows cols wrap multiple selected checked disabled readonly required autofocus async defer
frameborder scrolling marginwidth marginheight hspace vspace inputmode enterkeyhint
"""
#: Attributes whose values are markup tokens, not text: not scanned (also ``xmlns*``).
SKIPPED_ATTRIBUTES = frozenset(_SKIPPED_ATTRIBUTE_NAMES.split())
#: Attributes holding URLs: contact schemes left out, ``%XX`` decoded.
_URL_ATTRIBUTE_NAMES = """
href src action formaction cite poster background longdesc usemap data ping srcset manifest
codebase archive icon profile xlink:href
"""
URL_ATTRIBUTES = frozenset(_URL_ATTRIBUTE_NAMES.split())
_SPECIAL = re.compile(r"[<&]")
_AMP = re.compile(r"&")
_TAG_NAME = re.compile(r"[^\s/>]*")
_HTML_SPACE = "\t\n\f\r "
_ATTR_NAME = re.compile(r"[^\t\n\f\r />][^\t\n\f\r />=]*")
_UNQUOTED_VALUE = re.compile(r"[^\t\n\f\r >]*")
_SPACES = re.compile(r"[\t\n\f\r ]*")
_COMMENT_END = re.compile(r"--!?>")
_CONTACT_SCHEME = re.compile(r"[\t\n\f\r ]*(?:mailto|tel|sms|callto|fax):", re.IGNORECASE)
_BASE64_DATA = re.compile(r"[\t\n\f\r ]*data:[^,]*;base64,", re.IGNORECASE)
_CHARREF = re.compile(r"&(?:#[xX][0-9a-fA-F]+;?|#[0-9]+;?|([A-Za-z][A-Za-z0-9]*)(;?))")
_LONGEST_ENTITY = max(len(k) for k in _HTML5)
_HEX = frozenset("0123456789abcdefABCDEF")

RegionKind = Literal["attribute", "unquoted", "comment", "raw"]


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


class Region(NamedTuple):
    """A source range ``[start, end]`` whose text is a hidden segment, and its kind (how a
    replacement landing there is escaped)."""

    start: int
    end: int
    kind: RegionKind


@dataclass(frozen=True, slots=True)
class HtmlText:
    """The text of an HTML source and, per character, its source span.

    ``text[:visible_length]`` is the visible text (``-1``: all of it), the rest the hidden
    segments, each behind a ``"\n"``. ``regions``
    (sorted) are the source ranges of those segments. ``fixups`` are harmless source
    rewrites applied with any replacement, so that new text cannot combine with a neighbour
    into markup: a literal ``&`` or ``<`` becomes ``&amp;``/``&lt;``, a reference without
    ``;`` gets one, a literal ``%`` in a URL ``%25``, a ``"`` in an unquoted value ``&quot;``.
    """

    text: str
    offsets: OffsetMap
    fixups: tuple[TextReplacement, ...] = field(default=())
    regions: tuple[Region, ...] = field(default=())
    visible_length: int = -1


class _Buffer:
    """Text being built, with the source span of each character."""

    __slots__ = ("ends", "parts", "starts")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.starts: array[int] = array("q")
        self.ends: array[int] = array("q")

    def plain(self, src: str, i: int, j: int) -> None:
        """Source characters ``src[i:j]``, one to one."""
        self.parts.append(src[i:j])
        self.starts.extend(range(i, j))
        self.ends.extend(range(i + 1, j + 1))

    def emit(self, chars: str, start: int, end: int) -> None:
        """``chars``, all mapped to the source span ``[start, end)``."""
        self.parts.append(chars)
        self.starts.extend([start] * len(chars))
        self.ends.extend([end] * len(chars))

    def text(self) -> str:
        return "".join(self.parts)


def _entity_at(src: str, i: int, limit: int) -> tuple[int, str, bool] | None:
    """The character reference at ``src[i] == "&"`` (ending by ``limit``): (end, decoded,
    needs ";"), or None."""
    m = _CHARREF.match(src, i, min(limit, i + 2 + _LONGEST_ENTITY + 8))
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


def _reference(
    src: str, i: int, limit: int, buf: _Buffer, fixups: list[TextReplacement], attribute: bool
) -> int:
    """Emit the reference (or literal ``&``) at ``src[i]``; returns where scanning goes on."""
    ref = _entity_at(src, i, limit)
    if ref is not None and attribute and ref[2] and src[i + 1] != "#" and ref[0] < limit:
        nxt = src[ref[0]]
        if nxt == "=" or (nxt.isascii() and nxt.isalnum()):
            ref = None  # in attributes, "&not=1" and "&notit" stay literal
    if ref is None:
        buf.emit("&", i, i + 1)
        fixups.append((i, i + 1, "&amp;"))
        return i + 1
    end, decoded, needs_semicolon = ref
    buf.emit(decoded, i, end)
    if needs_semicolon:
        fixups.append((end, end, ";"))
    return end


def _scan_refs(
    src: str, i: int, j: int, buf: _Buffer, fixups: list[TextReplacement], attribute: bool
) -> None:
    """Text without markup (``<title>`` content, attribute values): references decoded, a
    ``<`` literal."""
    special = _AMP if attribute else _SPECIAL
    while i < j:
        m = special.search(src, i, j)
        k = m.start() if m else j
        if k > i:
            buf.plain(src, i, k)
        if k >= j:
            return
        if src[k] == "<":
            buf.emit("<", k, k + 1)
            fixups.append((k, k + 1, "&lt;"))
            i = k + 1
        else:
            i = _reference(src, k, j, buf, fixups, attribute)


class _Attr(NamedTuple):
    name: str  # lowercase
    start: int  # the value: src[start:end]
    end: int
    quoted: bool


@dataclass(frozen=True, slots=True)
class _Markup:
    end: int
    name: str | None = None  # lowercase tag name ("/p" for an end tag); None otherwise
    attrs: tuple[_Attr, ...] = ()
    comment: tuple[int, int] | None = None  # a comment's content (scanned)


def _attributes(src: str, k: int) -> tuple[int, tuple[_Attr, ...]]:
    """The attributes of a tag from ``k`` (after its name) and the tag's end (HTML5 rules)."""
    n = len(src)
    attrs: list[_Attr] = []
    while k < n:
        c = src[k]
        if c == ">":
            return k + 1, tuple(attrs)
        if c in _HTML_SPACE or c == "/":
            k += 1
            continue
        name_end = _ATTR_NAME.match(src, k).end()  # type: ignore[union-attr]
        name = src[k:name_end].lower()
        k = _SPACES.match(src, name_end).end()  # type: ignore[union-attr]
        if k >= n or src[k] != "=":
            continue  # no value
        k = _SPACES.match(src, k + 1).end()  # type: ignore[union-attr]
        if k < n and src[k] in "\"'":
            close = src.find(src[k], k + 1)
            end = n if close < 0 else close
            attrs.append(_Attr(name, k + 1, end, True))
            k = end + 1
        else:
            end = _UNQUOTED_VALUE.match(src, k).end()  # type: ignore[union-attr]
            attrs.append(_Attr(name, k, end, False))
            k = end
    return n, tuple(attrs)


def _parse_markup(src: str, i: int) -> _Markup | None:
    """The markup opened by ``src[i] == "<"``; None when the ``<`` is a literal character."""
    n = len(src)
    nxt = src[i + 1] if i + 1 < n else ""
    if nxt == "!" and src.startswith("<!--", i):
        m = _COMMENT_END.search(src, i + 2)
        if m is None:
            return _Markup(n, comment=(min(i + 4, n), n))
        return _Markup(m.end(), comment=(i + 4, m.start()) if m.start() >= i + 4 else None)
    if nxt in ("!", "?"):
        close = src.find(">", i + 2)
        end = n if close < 0 else close
        if src[i + 2 : i + 9].lower() == "doctype":
            return _Markup(min(end + 1, n))
        return _Markup(min(end + 1, n), comment=(min(i + 2, end), end))
    closing = nxt == "/"
    j = i + 2 if closing else i + 1
    if j >= n or not src[j].isascii() or not src[j].isalpha():
        if closing:  # "</>" and "</ x>": ignored like a comment (" x" scanned from "x")
            close = src.find(">", j)
            end = n if close < 0 else close
            content = (j + 1, end) if j + 1 <= end else None
            return _Markup(min(end + 1, n), comment=content)
        return None
    name_end = _TAG_NAME.match(src, j).end()  # type: ignore[union-attr]
    end, attrs = _attributes(src, name_end)
    name = src[j:name_end].lower()
    return _Markup(end, "/" + name if closing else name, attrs)


def _utf8_at(chars: str, k: int) -> tuple[str, int] | None:
    """The character percent-encoded (UTF-8) at ``chars[k] == "%"`` and its length."""
    data = bytearray()
    size = 1
    while len(data) < size:
        p = k + 3 * len(data)
        if p + 2 >= len(chars):
            return None
        if chars[p] != "%" or chars[p + 1] not in _HEX or chars[p + 2] not in _HEX:
            return None
        data.append(int(chars[p + 1 : p + 3], 16))
        if len(data) == 1:
            b = data[0]
            size = 1 if b < 0x80 else 2 if b >> 5 == 6 else 3 if b >> 4 == 14 else 4
    try:
        decoded = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        return None
    return decoded, 3 * size


def _attribute_segment(
    src: str,
    attr: _Attr,
    seg: _Buffer,
    fixups: list[TextReplacement],
    regions: list[Region],
) -> None:
    """Append the scanned part of an attribute value as a segment."""
    name, vs, ve = attr.name, attr.start, attr.end
    if name in SKIPPED_ATTRIBUTES or name.startswith("xmlns"):
        return
    url = name in URL_ATTRIBUTES
    if url and _BASE64_DATA.match(src, vs, ve):
        return
    value = _Buffer()
    _scan_refs(src, vs, ve, value, fixups, attribute=True)
    chars, starts, ends = value.text(), value.starts, value.ends
    regions.append(Region(vs, ve, "attribute" if attr.quoted else "unquoted"))
    if not attr.quoted:  # so that it can be quoted when edited
        q = src.find('"', vs, ve)
        while q >= 0:
            fixups.append((q, q + 1, "&quot;"))
            q = src.find('"', q + 1, ve)
    k = 0
    if url and (scheme := _CONTACT_SCHEME.match(chars)):
        k = scheme.end()
    separator = starts[k] if k < len(chars) else ve
    seg.emit("\n", separator, separator)
    if not url:
        seg.parts.append(chars[k:])
        seg.starts.extend(starts[k:])
        seg.ends.extend(ends[k:])
        return
    while k < len(chars):
        if chars[k] == "%":
            got = _utf8_at(chars, k)
            if got is not None:
                seg.emit(got[0], starts[k], ends[k + got[1] - 1])
                k += got[1]
                continue
            fixups.append((starts[k], ends[k], "%25"))
        seg.emit(chars[k], starts[k], ends[k])
        k += 1


def _raw_segment(
    src: str, start: int, end: int, kind: RegionKind, seg: _Buffer, regions: list[Region]
) -> None:
    """Append ``src[start:end]`` (not decoded) as a segment."""
    regions.append(Region(start, end, kind))
    seg.emit("\n", start, start)
    seg.plain(src, start, end)


def extract_text(src: str, *, scan_scripts: bool = False) -> HtmlText:
    """The text of ``src`` with its offset map (see the module docstring); with
    ``scan_scripts`` the content of ``<script>`` and ``<style>`` is a segment too."""
    vis, seg = _Buffer(), _Buffer()
    fixups: list[TextReplacement] = []
    regions: list[Region] = []
    n, i = len(src), 0
    while i < n:
        m = _SPECIAL.search(src, i)
        j = m.start() if m else n
        if j > i:  # a run of plain text
            vis.plain(src, i, j)
        if j >= n:
            break
        if src[j] == "&":
            i = _reference(src, j, n, vis, fixups, attribute=False)
            continue
        markup = _parse_markup(src, j)
        if markup is None:
            vis.emit("<", j, j + 1)
            fixups.append((j, j + 1, "&lt;"))
            i = j + 1
            continue
        end, name = markup.end, markup.name
        if markup.comment is not None:
            _raw_segment(src, *markup.comment, "comment", seg, regions)
        for attr in markup.attrs:
            _attribute_segment(src, attr, seg, fixups, regions)
        if name is not None:
            if name.lstrip("/") in BLOCK_TAGS:
                vis.emit("\n", j, j)
            if name in _RAW_TEXT_END and end < n:
                close = _RAW_TEXT_END[name].search(src, end)
                content_end = n if close is None else close.start()
                if name in _RCDATA_TAGS:
                    _scan_refs(src, end, content_end, vis, fixups, attribute=False)
                elif scan_scripts:
                    _raw_segment(src, end, content_end, "raw", seg, regions)
                end = content_end  # the end tag is read next
        i = end
    visible = vis.text()
    vis.parts.append(seg.text())
    vis.starts.extend(seg.starts)
    vis.ends.extend(seg.ends)
    return HtmlText(
        vis.text(), OffsetMap(vis.starts, vis.ends), tuple(fixups), tuple(regions), len(visible)
    )


_COMMENT_SAFE = str.maketrans({"<": "\u2039", ">": "\u203a", "-": "\u2010"})


def _escape(new: str, kind: RegionKind | None) -> str:
    """``new`` as source text where it lands (None: visible text). Comments and scripts
    decode no references: characters that could end them become look-alikes."""
    if kind is None:
        return _html.escape(new, quote=False)
    if kind == "raw":
        return new.replace("<", "\u2039")
    if kind == "comment":
        return new.translate(_COMMENT_SAFE)
    return _html.escape(new, quote=True)


def _region_at(regions: Sequence[Region], starts: list[int], pos: int) -> int | None:
    """The index of the region holding source position ``pos`` (ends included)."""
    k = bisect.bisect_right(starts, pos) - 1
    return k if k >= 0 and pos <= regions[k].end else None


def _source_edits(html_text: HtmlText, reps: list[TextReplacement]) -> list[TextReplacement]:
    """Source edits ``(start, end, new_text)`` for text replacements (not yet escaped)."""
    starts, ends = html_text.offsets.starts, html_text.offsets.ends
    n_text = len(html_text.text)
    edits: list[TextReplacement] = []
    for start, end, new in reps:
        segments: list[list[int]] = []
        for k in range(start, end):
            s, e = starts[k], ends[k]
            if s == e:  # synthetic newline: its tag stays
                continue
            if segments and segments[-1][0] <= s <= segments[-1][1]:
                segments[-1][1] = max(segments[-1][1], e)
            else:
                segments.append([s, e])
        if not segments:
            if new:
                pos = starts[start] if start < n_text else (ends[-1] if n_text else 0)
                edits.append((pos, pos, new))
            continue
        edits.append((segments[0][0], segments[0][1], new))
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
    regions = html_text.regions
    region_starts = [r.start for r in regions]
    ordered: list[tuple[int, int, int, str]] = []
    quoted: set[int] = set()
    edits: list[TextReplacement] = []
    for s, e, new in _source_edits(html_text, reps):
        k = _region_at(regions, region_starts, s)
        kind = None if k is None else regions[k].kind
        if kind == "unquoted" and k is not None:
            quoted.add(k)
        edits.append((s, e, _escape(new, kind)))
    for k in quoted:  # an edited unquoted value gets quotes around it
        start, end = regions[k].start, regions[k].end
        ordered += [(start, start, -1, '"'), (end, end, 2, '"')]
    ordered += [(s, e, 1, new) for s, e, new in edits]
    ordered += [(s, e, 0, new) for s, e, new in _kept_fixups(html_text.fixups, edits)]
    ordered.sort(key=lambda x: (x[0], x[1], x[2]))  # at one place: quote, fixup, edit, quote
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
    path: Path,
    source: str,
    relpath: str,
    doc_id: str,
    options: ReadOptions,
    *,
    scan_scripts: bool = False,
) -> Iterator[Record | ReadError]:
    """One HTML file as one document (text: see `extract_text`)."""
    src = read_whole_file(path, source, options)
    if isinstance(src, ReadError):
        yield src
        return
    html_text = extract_text(src, scan_scripts=scan_scripts)
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
