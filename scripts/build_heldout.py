"""Build a blind held-out detection set from its inline markup.

The held-out sets (``tests/data/<set>/documents.txt``) use exactly the markup of the gold set
(see ``scripts/build_gold.py`` and ``tests/data/gold/README.md``); this builder reuses that
parser and only changes the ids (``held-001``, ``heldb-001``, ``heldc-001``…) and the output
(one JSONL file per set)::

    tests/data/<set>/<set>.jsonl   {"id", "text", "entities": [...], "meta": {...}}

It also checks that every NIR carries a valid key.

Usage (from the repository root)::

    .venv/bin/python scripts/build_heldout.py [--set heldout_b]           # rebuild
    .venv/bin/python scripts/build_heldout.py [--set heldout_b] --check   # fail if stale
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# set name → id prefix
SETS: dict[str, str] = {
    "heldout": "held",
    "heldout_b": "heldb",
    "heldout_c": "heldc",
    "heldout_d": "heldd",
    "heldout_e": "helde",
    "heldout_f": "heldf",
    "heldout_g": "heldg",
    "heldout_h": "heldh",
    "heldout_i": "heldi",
    "heldout_j": "heldj",
    "heldout_k": "heldk",
    "heldout_l": "heldl",
    "heldout_m": "heldm",
    "heldout_n": "heldn",
    "heldout_o": "heldo",
    "heldout_p": "heldp",
    "heldout_q": "heldq",
    "heldout_r": "heldr",
    "heldout_s": "helds",
    "heldout_t": "heldt",
    "heldout_u": "heldu",
    "heldout_v": "heldv",
    "heldout_w": "heldw",
    "heldout_x": "heldx",
    "heldout_y": "heldy",
    "heldout_z": "heldz",
    "heldout_aa": "heldaa",
    "heldout_ab": "heldab",
    "heldout_ac": "heldac",
    "heldout_ae": "heldae",
    "heldout_ad": "heldad",
    "heldout_af": "heldaf",
    "heldout_ag": "heldag",
    "heldout_ah": "heldah",
    "heldout_ai": "heldai",
    "heldout_aj": "heldaj",
    "heldout_ak": "heldak",
    "heldout_al": "heldal",
    "heldout_am": "heldam",
    "heldout_an": "heldan",
    "heldout_ao": "heldao",
    "heldout_ap": "heldap",
    "heldout_aq": "heldaq",
    "heldout_ar": "heldar",
    "heldout_as": "heldas",
    "heldout_at": "heldat",
    "heldout_au": "heldau",
    "heldout_av": "heldav",
    "heldout_aw": "heldaw",
    "heldout_ax": "heldax",
    "heldout_ay": "helday",
    "heldout_az": "heldaz",
    "heldout_ba": "heldba",
    "heldout_bb": "heldbb",
    "heldout_bc": "heldbc",
    "heldout_bd": "heldbd",
    "heldout_be": "heldbe",
    "heldout_bf": "heldbf",
    "heldout_bg": "heldbg",
    "heldout_bh": "heldbh",
    "heldout_bi": "heldbi",
    "heldout_bj": "heldbj",
    "heldout_bk": "heldbk",
    "heldout_bl": "heldbl",
    "heldout_bm": "heldbm",
    "heldout_bn": "heldbn",
    "heldout_bo": "heldbo",
    "heldout_bp": "heldbp",
    "heldout_bq": "heldbq",
    "heldout_br": "heldbr",
    "heldout_bs": "heldbs",
    "heldout_bt": "heldbt",
    "heldout_bu": "heldbu",
    "heldout_bv": "heldbv",
    "heldout_bw": "heldbw",
    "heldout_bx": "heldbx",
    "heldout_by": "heldby",
    "heldout_bz": "heldbz",
    "heldout_ca": "heldca",
    "heldout_cb": "heldcb",
    "heldout_cc": "heldcc",
    "heldout_cd": "heldcd",
    "heldout_ce": "heldce",
    "heldout_cf": "heldcf",
    "heldout_cg": "heldcg",
    "heldout_ch": "heldch",
    "heldout_ci": "heldci",
    "heldout_cj": "heldcj",
    "heldout_ck": "heldck",
    "heldout_cl": "heldcl",
    "heldout_cm": "heldcm",
    "heldout_cn": "heldcn",
    "heldout_co": "heldco",
    "heldout_cp": "heldcp",
    "heldout_cq": "heldcq",
    "heldout_cr": "heldcr",
    "heldout_cs": "heldcs",
    "heldout_ct": "heldct",
    "heldout_cu": "heldcu",
    "heldout_cv": "heldcv",
    "heldout_cw": "heldcw",
    "heldout_cx": "heldcx",
    "heldout_cy": "heldcy",
    "heldout_cz": "heldcz",
    "heldout_da": "heldda",
    "heldout_db": "helddb",
    "heldout_dc": "helddc",
    "heldout_dd": "helddd",
    "heldout_de": "heldde",
    "heldout_df": "helddf",
    "heldout_dg": "helddg",
    "heldout_dh": "helddh",
    "heldout_di": "helddi",
    "heldout_dj": "helddj",
    "heldout_dk": "helddk",
    "heldout_dl": "helddl",
    "heldout_dm": "helddm",
    "heldout_dn": "helddn",
    "heldout_do": "helddo",
    "heldout_dp": "helddp",
    "heldout_dq": "helddq",
    "heldout_dr": "helddr",
    "heldout_ds": "heldds",
    "heldout_dt": "helddt",
    "heldout_du": "helddu",
    "heldout_dv": "helddv",
    "heldout_dw": "helddw",
    "heldout_dx": "helddx",
    "heldout_dy": "helddy",
    "heldout_dz": "helddz",
    "heldout_ea": "heldea",
    "heldout_eb": "heldeb",
    "heldout_ec": "heldec",
    "heldout_ed": "helded",
    "heldout_ee": "heldee",
    "heldout_ef": "heldef",
    "heldout_eg": "heldeg",
    "heldout_eh": "heldeh",
    "heldout_ei": "heldei",
    "heldout_ej": "heldej",
}
DEFAULT_INPUT = ROOT / "tests" / "data" / "heldout" / "documents.txt"
DEFAULT_OUTPUT = ROOT / "tests" / "data" / "heldout" / "heldout.jsonl"


def set_paths(name: str) -> tuple[Path, Path]:
    """(markup input, JSONL output) of a held-out set."""
    folder = ROOT / "tests" / "data" / name
    return folder / "documents.txt", folder / f"{name}.jsonl"


def _load_build_gold():
    if "build_gold" in sys.modules:
        return sys.modules["build_gold"]
    spec = importlib.util.spec_from_file_location("build_gold", ROOT / "scripts" / "build_gold.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_gold"] = module
    spec.loader.exec_module(module)
    return module


build_gold = _load_build_gold()
MarkupError = build_gold.MarkupError


def heldout_id(number: int, prefix: str = "held") -> str:
    return f"{prefix}-{number:03d}"


def nir_key(nir13: str) -> int:
    """The NIR control key: 97 - (n mod 97), Corsica 2A/2B counted as 19/18."""
    digits = nir13.upper()
    department = {"2A": "19", "2B": "18"}.get(digits[5:7], digits[5:7])
    return 97 - int(digits[:5] + department + digits[7:13]) % 97


def nir_is_valid(nir: str) -> bool:
    compact = re.sub(r"\s", "", nir).upper()
    if not re.fullmatch(r"[1-478]\d{4}(?:\d{2}|2[AB])\d{6}\d{2}", compact):
        return False
    return nir_key(compact[:13]) == int(compact[13:])


def parse(source: str, prefix: str = "held") -> list:
    """Parse the markup into snippets renumbered ``<prefix>-NNN``; raise `MarkupError`."""
    snippets = build_gold.parse_markup(source)
    renamed = []
    for number, snippet in enumerate(snippets, start=1):
        where = f"block {number} ({heldout_id(number, prefix)})"
        for entity in snippet.entities:
            if snippet.text[entity.start : entity.end] != entity.text:
                raise MarkupError(f"{where}: span mismatch for {entity.text!r}")
            if entity.label == "NIR" and not nir_is_valid(entity.text):
                raise MarkupError(f"{where}: invalid NIR key in {entity.text!r}")
        renamed.append(dataclasses.replace(snippet, id=heldout_id(number, prefix)))
    return renamed


def render(snippets: list) -> str:
    return "".join(json.dumps(s.to_json(), ensure_ascii=False) + "\n" for s in snippets)


def main(argv: list[str] | None = None, default_set: str = "heldout") -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=list(SETS), default=default_set)
    parser.add_argument("--input", type=Path)
    parser.add_argument("--output", type=Path)
    parser.add_argument("--check", action="store_true", help="fail if the output is stale")
    args = parser.parse_args(argv)
    default_input, default_output = set_paths(args.set)
    args.input = args.input or default_input
    args.output = args.output or default_output
    try:
        snippets = parse(args.input.read_text(encoding="utf-8"), SETS[args.set])
    except MarkupError as error:
        print(f"{args.input}: {error}", file=sys.stderr)
        return 2
    content = render(snippets)
    if args.check:
        if not args.output.is_file() or args.output.read_text(encoding="utf-8") != content:
            print(f"{args.set} output is stale: run scripts/build_heldout.py --set {args.set}",
                  file=sys.stderr)
            return 1
        print(f"{args.set} output up to date ({len(snippets)} documents)")
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(content, encoding="utf-8", newline="\n")
    n_entities = sum(len(s.entities) for s in snippets)
    print(f"wrote {len(snippets)} documents, {n_entities} entities to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
