"""CoNLL-style token-per-line files with BIO or IOBES tags.

One token per line, columns separated by tabs or spaces, the tag in the last column (with a
leading index column, as in CoNLL-U or WikiNEuRal, the token is the second column); a blank
line ends a sentence. A new document starts at a ``-DOCSTART-`` line or at a
``# id = X`` (also ``# doc_id``, ``# newdoc id``) comment. Within a document,
``# text = …`` gives the exact text of the next sentence, to which its tokens are aligned;
without it the sentence text is its tokens joined by single spaces. A document's text is its
sentences joined by newlines. ``# meta = {json}`` sets the metadata. Tags may be BIO, IOB1,
IOBES/BILOU or bare labels (IO).

The writer tokenises with `clindeid.tokens.tokenize`, one sentence per non-blank line, and
writes ``# id``, ``# meta`` and per-sentence ``# text`` comments, so re-reading gives the
same text whenever lines are not blank and have no leading or trailing spaces; entities
are widened to token boundaries (and split at line breaks).
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clindeid.document import Entity
from clindeid.io.annotations.base import (
    AnnotatedDocument,
    AnnotationFormatError,
    LabelMapper,
    jsonable_meta,
    make_entity,
)
from clindeid.tokens import tokenize

_COMMENT_RE = re.compile(r"^#\s*([\w .-]+?)\s*=\s?(.*)$")
_ID_KEYS = ("id", "doc_id", "newdoc id", "document_id")
_PREFIXES = ("B", "I", "E", "S", "L", "U")


@dataclass
class _Sentence:
    tokens: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    seconds: list[str | None] = field(default_factory=list)
    text: str | None = None

    def drop_index_column(self) -> None:
        """CoNLL-U-like files (``ID FORM … TAG``, e.g. WikiNEuRal's ``0 Certaines O``): when
        the first column counts 0, 1, 2… (or 1, 2, 3…) on every line of the sentence and a
        second column exists, the token is the second column."""
        if not self.tokens or any(s is None for s in self.seconds):
            return
        first = self.tokens[0]
        if first not in ("0", "1"):
            return
        start = int(first)
        if all(tok == str(start + i) for i, tok in enumerate(self.tokens)):
            self.tokens = [s for s in self.seconds if s is not None]


@dataclass
class _Doc:
    id: str | None
    meta: dict[str, Any] = field(default_factory=dict)
    sentences: list[_Sentence] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not any(s.tokens for s in self.sentences)


def read(path: Path, mapper: LabelMapper) -> list[AnnotatedDocument]:
    """Read a CoNLL/BIO file into documents."""
    docs: list[_Doc] = [_Doc(None)]
    sentence = _Sentence()

    def end_sentence() -> None:
        nonlocal sentence
        sentence.drop_index_column()
        if sentence.tokens:
            docs[-1].sentences.append(sentence)
        elif sentence.text is not None:
            raise AnnotationFormatError(f"{path.name}: '# text' comment with no tokens after it")
        sentence = _Sentence()

    with path.open(encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, 1):
            line = raw.rstrip("\r\n")
            if not line.strip():
                end_sentence()
                continue
            match = _COMMENT_RE.match(line) if line.startswith("#") else None
            if line.startswith("#") and (match or not _token_line(line)):
                if not match:
                    continue
                key, value = match.group(1).strip().lower(), match.group(2)
                if key in _ID_KEYS:
                    end_sentence()
                    if not docs[-1].empty or docs[-1].id is not None:
                        docs.append(_Doc(None))
                    docs[-1].id = value.strip()
                elif key == "text":
                    end_sentence()
                    sentence.text = value
                elif key == "meta":
                    try:
                        meta = json.loads(value)
                    except json.JSONDecodeError:
                        raise AnnotationFormatError(
                            f"{path.name}:{lineno}: '# meta' is not valid JSON"
                        ) from None
                    if not isinstance(meta, dict):
                        raise AnnotationFormatError(
                            f"{path.name}:{lineno}: '# meta' is not an object"
                        )
                    docs[-1].meta.update(meta)
                continue
            cols = line.split()
            if cols[0] == "-DOCSTART-":
                end_sentence()
                if not docs[-1].empty:
                    docs.append(_Doc(None))
                continue
            if len(cols) < 2:
                raise AnnotationFormatError(
                    f"{path.name}:{lineno}: expected a token and a tag separated by whitespace"
                )
            sentence.tokens.append(cols[0])
            sentence.seconds.append(cols[1] if len(cols) >= 3 else None)
            sentence.tags.append(cols[-1])
            sentence.lines.append(lineno)
    end_sentence()
    out = []
    for n, doc in enumerate(d for d in docs if not d.empty or d.id is not None):
        out.append(_build(doc, n + 1, path, mapper))
    return out


def _build(doc: _Doc, number: int, path: Path, mapper: LabelMapper) -> AnnotatedDocument:
    doc_id = doc.id or f"{path.stem}-{number}"
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    tags: list[tuple[str, int]] = []
    offset = 0
    misaligned = 0
    for k, sent in enumerate(doc.sentences):
        if k:
            parts.append("\n")
            offset += 1
        local = _align(sent.tokens, sent.text) if sent.text is not None else None
        if local is None:
            misaligned += sent.text is not None
            text = " ".join(sent.tokens)
            local = []
            pos = 0
            for tok in sent.tokens:
                local.append((pos, pos + len(tok)))
                pos += len(tok) + 1
        else:
            text = sent.text or ""
        parts.append(text)
        spans.extend((offset + s, offset + e) for s, e in local)
        tags.extend(zip(sent.tags, sent.lines, strict=True))
        offset += len(text)
    if misaligned:
        warnings.warn(
            f"{path.name}: {misaligned} sentences of document {doc_id!r} whose tokens do not "
            "match their '# text'; their text was rebuilt from the tokens",
            UserWarning,
            stacklevel=4,
        )
    text = "".join(parts)
    entities: list[Entity] = []
    for start, end, label, lineno in _decode(spans, tags, path):
        ent = make_entity(
            start, end, label, text_length=len(text), where=f"{path.name}:{lineno}", mapper=mapper
        )
        if ent is not None:
            entities.append(ent)
    return AnnotatedDocument(doc_id, text, tuple(entities), doc.meta)


def _align(tokens: list[str], text: str) -> list[tuple[int, int]] | None:
    spans = []
    pos = 0
    for tok in tokens:
        start = text.find(tok, pos)
        if start < 0 or text[pos:start].strip():
            return None
        spans.append((start, start + len(tok)))
        pos = start + len(tok)
    return spans


def _token_line(line: str) -> bool:
    """Whether a line starting with ``#`` is the token ``#`` and its tag, not a comment."""
    cols = line.split()
    return cols[0] == "#" and len(cols) == 2 and (cols[1] == "O" or cols[1][1:2] in ("-", "_"))


def _split_tag(tag: str, where: str) -> tuple[str, str]:
    if tag == "O":
        return "O", ""
    if len(tag) > 2 and tag[1] in "-_" and tag[0].upper() in _PREFIXES:
        return tag[0].upper(), tag[2:]
    if tag.upper() in _PREFIXES or tag.endswith(("-", "_")):
        raise AnnotationFormatError(f"{where}: tag {tag!r} has no label")
    return "I", tag  # bare label: IO scheme


def _decode(
    spans: list[tuple[int, int]], tags: list[tuple[str, int]], path: Path
) -> list[tuple[int, int, str, int]]:
    """Entities from per-token tags, tolerant of I- without B- and of sentence breaks."""
    out: list[tuple[int, int, str, int]] = []
    current: list[Any] | None = None  # [start, end, label, line, last_token_index]

    def close() -> None:
        nonlocal current
        if current is not None:
            out.append((current[0], current[1], current[2], current[3]))
            current = None

    for i, ((start, end), (tag, lineno)) in enumerate(zip(spans, tags, strict=True)):
        prefix, label = _split_tag(tag, f"{path.name}:{lineno}")
        if prefix == "O":
            close()
            continue
        contiguous = current is not None and current[2] == label and current[4] == i - 1
        if prefix in ("B", "S", "U") or not contiguous:
            close()
            current = [start, end, label, lineno, i]
        else:
            current[1], current[4] = end, i  # type: ignore[index]
        if prefix in ("E", "L", "S", "U"):
            close()
    close()
    return out


def write(docs: Iterable[AnnotatedDocument], path: Path, scheme: str = "bio") -> None:
    """Write documents as tab-separated ``token<TAB>tag`` lines (``scheme``: bio or iobes)."""
    if scheme not in ("bio", "iobes"):
        raise AnnotationFormatError(f"unknown tagging scheme {scheme!r}; choose bio or iobes")
    with path.open("w", encoding="utf-8") as fh:
        for doc in docs:
            fh.write(f"# id = {doc.id}\n")
            if doc.meta:
                fh.write(f"# meta = {json.dumps(jsonable_meta(doc.meta), ensure_ascii=False)}\n")
            line_start = 0
            for line in doc.text.split("\n"):
                begin, line_start = line_start, line_start + len(line) + 1
                tokens = [(begin + s, begin + e) for s, e in tokenize(line)]
                if not tokens:
                    continue
                stop = begin + len(line)
                inside = tuple(e for e in doc.entities if e.start < stop and begin < e.end)
                fh.write(f"# text = {line.strip()}\n")
                for (s, e), tag in zip(tokens, _tags(tokens, inside, scheme), strict=True):
                    fh.write(f"{doc.text[s:e]}\t{tag}\n")
                fh.write("\n")


def _tags(tokens: list[tuple[int, int]], entities: tuple[Entity, ...], scheme: str) -> list[str]:
    owner: list[Entity | None] = [None] * len(tokens)
    # Longest entities first so that nested ones do not break the outer entity.
    for ent in sorted(entities, key=lambda e: (-(e.end - e.start), e.start)):
        for i, (s, e) in enumerate(tokens):
            if s < ent.end and ent.start < e and owner[i] is None:
                owner[i] = ent
    tags = []
    for i, ent in enumerate(owner):
        if ent is None:
            tags.append("O")
            continue
        first = i == 0 or owner[i - 1] is not ent
        last = i == len(owner) - 1 or owner[i + 1] is not ent
        if scheme == "bio":
            prefix = "B" if first else "I"
        else:
            prefix = "S" if first and last else "B" if first else "E" if last else "I"
        tags.append(f"{prefix}-{ent.label}")
    return tags
