"""Build the third blind held-out detection set (AP-HP and other settings, 50 documents).

Same markup, checks and output format as ``scripts/build_heldout.py`` (whose parser and NIR
check are reused); only the paths and the ids (``heldc-001``…) differ::

    tests/data/heldout_c/documents.txt  →  tests/data/heldout_c/heldout_c.jsonl

Usage (from the repository root)::

    .venv/bin/python scripts/build_heldout_c.py            # rebuild
    .venv/bin/python scripts/build_heldout_c.py --check    # fail if the output is stale
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_INPUT = ROOT / "tests" / "data" / "heldout_c" / "documents.txt"
DEFAULT_OUTPUT = ROOT / "tests" / "data" / "heldout_c" / "heldout_c.jsonl"
ID_PREFIX = "heldc"


def _load_build_heldout():
    if "build_heldout" in sys.modules:
        return sys.modules["build_heldout"]
    path = ROOT / "scripts" / "build_heldout.py"
    spec = importlib.util.spec_from_file_location("build_heldout", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_heldout"] = module
    spec.loader.exec_module(module)
    return module


build_heldout = _load_build_heldout()
build_gold = build_heldout.build_gold
MarkupError = build_heldout.MarkupError
nir_is_valid = build_heldout.nir_is_valid
render = build_heldout.render


def heldout_c_id(number: int) -> str:
    return f"{ID_PREFIX}-{number:03d}"


def parse(source: str) -> list:
    """Parse the markup (spans and NIR keys checked) into documents ``heldc-NNN``."""
    documents = build_heldout.parse(source)
    return [
        dataclasses.replace(document, id=heldout_c_id(number))
        for number, document in enumerate(documents, start=1)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", type=Path, default=DEFAULT_INPUT)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="fail if the output is stale")
    args = parser.parse_args(argv)
    try:
        documents = parse(args.input.read_text(encoding="utf-8"))
    except MarkupError as error:
        print(f"{args.input}: {error}", file=sys.stderr)
        return 2
    content = render(documents)
    if args.check:
        if not args.output.is_file() or args.output.read_text(encoding="utf-8") != content:
            print("held-out C output is stale: run scripts/build_heldout_c.py", file=sys.stderr)
            return 1
        print(f"held-out C output up to date ({len(documents)} documents)")
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(content, encoding="utf-8", newline="\n")
    n_entities = sum(len(d.entities) for d in documents)
    print(f"wrote {len(documents)} documents, {n_entities} entities to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
