"""Build the gold-standard detection set from its inline markup.

Input: ``tests/data/gold/snippets.txt``, one snippet per block, blocks separated by a line
``---``. A block starts with optional header lines::

    # type: lettre          document type (see DOCUMENT_TYPES)
    # note: free text       annotator's note, kept in the record's meta
    ## comment              ignored

and then the snippet text, where each entity is written ``[[covered text|LABEL]]`` or
``[[covered text|LABEL|key=value|key=value]]`` (attributes: ``role`` on PERSON,
``kind`` on DATE).

Outputs (committed, regenerate after editing the markup)::

    tests/data/gold/gold.jsonl             {"id", "text", "entities": [...], "meta": {...}}
    tests/data/gold/brat/snip-NNN.txt/.ann  the same in BRAT standoff form (+ annotation.conf)

Usage (from the repository root)::

    .venv/bin/python scripts/build_gold.py            # rebuild
    .venv/bin/python scripts/build_gold.py --check    # fail if the committed outputs are stale
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
try:
    from clindeid.labels import LABELS
except ImportError:  # running without the package installed
    sys.path.insert(0, str(ROOT / "src"))
    from clindeid.labels import LABELS

DEFAULT_INPUT = ROOT / "tests" / "data" / "gold" / "snippets.txt"
DEFAULT_OUTPUT = ROOT / "tests" / "data" / "gold"

SEPARATOR = "---"
OPEN, CLOSE, PIPE = "[[", "]]", "|"
DOCUMENT_TYPES = (
    "cr_hospitalisation", "lettre", "cr_operatoire", "ordonnance", "consultation",
    "urgences", "biologie", "imagerie", "administratif",
)
# attribute → (label it applies to, allowed values)
ATTRIBUTES: dict[str, tuple[str, frozenset[str]]] = {
    "role": ("PERSON", frozenset({"patient", "staff", "other"})),
    "kind": ("DATE", frozenset({"birth"})),
}


class MarkupError(ValueError):
    """Malformed markup; the message names the block, the snippet id and the line."""


@dataclass(frozen=True)
class GoldEntity:
    start: int
    end: int
    label: str
    text: str
    attributes: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        record: dict = {"start": self.start, "end": self.end, "label": self.label}
        if self.attributes:
            record["attributes"] = dict(self.attributes)
        return record


@dataclass(frozen=True)
class Snippet:
    id: str
    text: str
    entities: list[GoldEntity]
    document_type: str | None = None
    note: str | None = None
    markup: str = ""  # the block's body as written (without header lines)

    def to_json(self) -> dict:
        meta: dict = {"document_type": self.document_type}
        if self.note:
            meta["note"] = self.note
        return {
            "id": self.id,
            "text": self.text,
            "entities": [entity.to_json() for entity in self.entities],
            "meta": meta,
        }


def snippet_id(number: int) -> str:
    return f"snip-{number:03d}"


def _split_blocks(source: str) -> list[tuple[int, int, list[str]]]:
    """(block number from 1, line number of the block's first line, lines) for each block."""
    blocks: list[tuple[int, int, list[str]]] = []
    current: list[str] = []
    start_line = 1
    for line_no, line in enumerate(source.splitlines(), start=1):
        if line.strip() == SEPARATOR:
            blocks.append((len(blocks) + 1, start_line, current))
            current, start_line = [], line_no + 1
        else:
            current.append(line)
    if any(line.strip() for line in current) or not blocks:
        blocks.append((len(blocks) + 1, start_line, current))
    return blocks


def _parse_entity(inner: str, where: str) -> tuple[str, str, dict[str, str]]:
    parts = inner.split(PIPE)
    if len(parts) < 2:
        raise MarkupError(f"{where}: entity [[{inner}]] has no label (write [[text|LABEL]])")
    covered, label, *attribute_parts = parts
    if not covered:
        raise MarkupError(f"{where}: entity with empty text [[{inner}]]")
    if covered != covered.strip():
        raise MarkupError(f"{where}: entity text {covered!r} has surrounding whitespace")
    if "\n" in covered:
        raise MarkupError(f"{where}: entity text {covered!r} spans a line break")
    if label not in LABELS:
        raise MarkupError(f"{where}: unknown label {label!r} in [[{inner}]]")
    attributes: dict[str, str] = {}
    for part in attribute_parts:
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise MarkupError(f"{where}: malformed attribute {part!r} in [[{inner}]] (key=value)")
        if key not in ATTRIBUTES:
            raise MarkupError(f"{where}: unknown attribute {key!r} in [[{inner}]]")
        wanted_label, allowed = ATTRIBUTES[key]
        if label != wanted_label:
            raise MarkupError(f"{where}: attribute {key!r} only applies to {wanted_label}")
        if value not in allowed:
            raise MarkupError(
                f"{where}: {key}={value!r} not in {sorted(allowed)} in [[{inner}]]"
            )
        if key in attributes:
            raise MarkupError(f"{where}: attribute {key!r} given twice in [[{inner}]]")
        attributes[key] = value
    return covered, label, attributes


def parse_body(body: str, where: str, first_line: int = 1) -> tuple[str, list[GoldEntity]]:
    """Plain text and entities of one snippet body written in the inline markup."""
    out: list[str] = []
    entities: list[GoldEntity] = []
    length = 0
    i = 0

    def here(position: int) -> str:
        return f"{where}, line {first_line + body.count(chr(10), 0, position)}"

    while i < len(body):
        next_open = body.find(OPEN, i)
        next_close = body.find(CLOSE, i)
        if next_close != -1 and (next_open == -1 or next_close < next_open):
            raise MarkupError(f"{here(next_close)}: ']]' without a matching '[['")
        if next_open == -1:
            chunk = body[i:]
            out.append(chunk)
            length += len(chunk)
            break
        chunk = body[i:next_open]
        out.append(chunk)
        length += len(chunk)
        close = body.find(CLOSE, next_open + len(OPEN))
        if close == -1:
            raise MarkupError(f"{here(next_open)}: '[[' is never closed")
        inner = body[next_open + len(OPEN) : close]
        if OPEN in inner:
            raise MarkupError(f"{here(next_open)}: nested or unclosed '[[' in [[{inner}]]")
        covered, label, attributes = _parse_entity(inner, here(next_open))
        entities.append(GoldEntity(length, length + len(covered), label, covered, attributes))
        out.append(covered)
        length += len(covered)
        i = close + len(CLOSE)
    return "".join(out), entities


def parse_markup(source: str) -> list[Snippet]:
    """Parse the whole markup file; raise `MarkupError` naming the faulty block."""
    snippets: list[Snippet] = []
    for number, start_line, lines in _split_blocks(source):
        sid = snippet_id(number)
        where = f"block {number} ({sid}, starting line {start_line})"
        document_type: str | None = None
        note: str | None = None
        k = 0
        while k < len(lines) and (lines[k].startswith("#") or not lines[k].strip()):
            line = lines[k].strip()
            k += 1
            if not line or line.startswith("##"):
                continue
            key, sep, value = line[1:].partition(":")
            key, value = key.strip().lower(), value.strip()
            if not sep or key not in ("type", "note"):
                raise MarkupError(f"{where}: unknown header line {line!r} (# type: / # note:)")
            if key == "type":
                if value not in DOCUMENT_TYPES:
                    raise MarkupError(
                        f"{where}: unknown document type {value!r}; "
                        f"choose from {', '.join(DOCUMENT_TYPES)}"
                    )
                if document_type is not None:
                    raise MarkupError(f"{where}: '# type:' given twice")
                document_type = value
            else:
                note = f"{note} {value}" if note else value
        body_lines = lines[k:]
        while body_lines and not body_lines[-1].strip():
            body_lines.pop()
        if not body_lines:
            raise MarkupError(f"{where}: empty snippet")
        body = "\n".join(body_lines)
        text, entities = parse_body(body, where, first_line=start_line + k)
        for previous, entity in itertools.pairwise(entities):
            if entity.start < previous.end:
                raise MarkupError(
                    f"{where}: overlapping entities {previous.text!r}, {entity.text!r}"
                )
        snippets.append(Snippet(sid, text, entities, document_type, note, body))
    return snippets


def render_markup(text: str, entities: list[dict]) -> str:
    """Inverse of `parse_body`: write gold entities back into the inline markup."""
    pieces: list[str] = []
    position = 0
    for entity in sorted(entities, key=lambda e: e["start"]):
        start, end = entity["start"], entity["end"]
        pieces.append(text[position:start])
        extra = "".join(f"|{k}={v}" for k, v in (entity.get("attributes") or {}).items())
        pieces.append(f"{OPEN}{text[start:end]}{PIPE}{entity['label']}{extra}{CLOSE}")
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def brat_annotations(snippet: Snippet) -> str:
    lines: list[str] = []
    attribute_no = 0
    for t_no, entity in enumerate(snippet.entities, start=1):
        lines.append(f"T{t_no}\t{entity.label} {entity.start} {entity.end}\t{entity.text}")
        for key, value in entity.attributes.items():
            attribute_no += 1
            lines.append(f"A{attribute_no}\t{key} T{t_no} {value}")
    return "".join(line + "\n" for line in lines)


def brat_config() -> str:
    attributes = [
        f"{key}\tArg:{label}, Value:{'|'.join(sorted(values))}"
        for key, (label, values) in ATTRIBUTES.items()
    ]
    return (
        "[entities]\n" + "\n".join(LABELS) + "\n\n[relations]\n\n[events]\n\n"
        "[attributes]\n" + "\n".join(attributes) + "\n"
    )


def write_outputs(snippets: list[Snippet], output_dir: Path) -> None:
    output_dir.mkdir(parents=True, exist_ok=True)
    with (output_dir / "gold.jsonl").open("w", encoding="utf-8", newline="\n") as handle:
        for snippet in snippets:
            handle.write(json.dumps(snippet.to_json(), ensure_ascii=False) + "\n")
    brat = output_dir / "brat"
    brat.mkdir(exist_ok=True)
    for stale in [*brat.glob("snip-*.txt"), *brat.glob("snip-*.ann")]:
        stale.unlink()
    for snippet in snippets:
        (brat / f"{snippet.id}.txt").write_text(snippet.text, encoding="utf-8", newline="\n")
        (brat / f"{snippet.id}.ann").write_text(
            brat_annotations(snippet), encoding="utf-8", newline="\n"
        )
    (brat / "annotation.conf").write_text(brat_config(), encoding="utf-8", newline="\n")


def _tree(directory: Path) -> dict[str, bytes]:
    files = [directory / "gold.jsonl", *sorted((directory / "brat").glob("*"))]
    return {str(p.relative_to(directory)): p.read_bytes() for p in files if p.is_file()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", type=Path, default=DEFAULT_INPUT)
    parser.add_argument("--output-dir", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="fail if the outputs are stale")
    args = parser.parse_args(argv)
    try:
        snippets = parse_markup(args.input.read_text(encoding="utf-8"))
    except MarkupError as error:
        print(f"{args.input}: {error}", file=sys.stderr)
        return 2
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            write_outputs(snippets, Path(tmp))
            if _tree(Path(tmp)) != _tree(args.output_dir):
                print("gold outputs are stale: run scripts/build_gold.py", file=sys.stderr)
                return 1
        print(f"gold outputs up to date ({len(snippets)} snippets)")
        return 0
    write_outputs(snippets, args.output_dir)
    n_entities = sum(len(s.entities) for s in snippets)
    print(f"wrote {len(snippets)} snippets, {n_entities} entities to {args.output_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
