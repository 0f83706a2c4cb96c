"""Checks on the blind held-out detection sets (tests/data/heldout, heldout_b, heldout_c,
heldout_d, heldout_e, heldout_f, heldout_g, heldout_h, heldout_i, heldout_j, heldout_k, heldout_l,
heldout_m, heldout_n, heldout_o, heldout_p, heldout_q, heldout_r, heldout_s, heldout_t, heldout_u,
heldout_v, heldout_w, heldout_x, heldout_y, heldout_z, heldout_aa, heldout_ab, heldout_ac,
heldout_ae, heldout_ad, heldout_af, heldout_ag, heldout_ah, heldout_ai, heldout_aj, heldout_ak,
heldout_al, heldout_am, heldout_an, heldout_ao, heldout_ap, heldout_aq, heldout_ar,
heldout_as, heldout_at, heldout_au, heldout_av, heldout_aw, heldout_ax, heldout_ay,
heldout_az, heldout_ba, heldout_bb, heldout_bc, heldout_bd, heldout_be, heldout_bf,
heldout_bg, heldout_bh, heldout_bi, heldout_bj, heldout_bk, heldout_bl, heldout_bm, heldout_bn,
heldout_bo, heldout_bp, heldout_bq, heldout_br, heldout_bs, heldout_bt, heldout_bu, heldout_bv,
heldout_bw, heldout_bx, heldout_by, heldout_bz, heldout_ca, heldout_cb,
heldout_cc, heldout_cd, heldout_ce, heldout_cf, heldout_cg, heldout_ch, heldout_ci,
heldout_cj, heldout_ck, heldout_cl, heldout_cm, heldout_cn, heldout_co, heldout_cp,
heldout_cq, heldout_cr, heldout_cs, heldout_ct, heldout_cu, heldout_cv, heldout_cw, heldout_cx,
heldout_cy, heldout_cz, heldout_da, heldout_db, heldout_dc, heldout_dd, heldout_de, heldout_df,
heldout_dg, heldout_dh, heldout_di, heldout_dj, heldout_dk, heldout_dl, heldout_dm, heldout_dn,
heldout_do, heldout_dp, heldout_dq, heldout_dr, heldout_ds, heldout_dt, heldout_du,
heldout_dv, heldout_dw, heldout_dx, heldout_dz, heldout_ea,
heldout_dy, heldout_eb, heldout_ec, heldout_ed, heldout_ef, heldout_ee,
heldout_eg, heldout_eh, heldout_ei, heldout_ej).

Each set is written in the gold set's inline markup (``tests/data/<set>/documents.txt``) and
compiled by ``scripts/build_heldout.py --set <set>`` into ``<set>.jsonl``, which is
committed. Assertion messages name documents by id only (the sets must stay unread by
whoever develops the detectors).
"""

from __future__ import annotations

import collections
import importlib.util
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from clindeid.labels import LABELS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


def _load_builder():
    path = ROOT / "scripts" / "build_heldout.py"
    spec = importlib.util.spec_from_file_location("build_heldout", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_heldout", module)
    spec.loader.exec_module(module)
    return module


build_heldout = _load_builder()


@dataclass(frozen=True)
class HeldOutSet:
    name: str
    min_documents: int
    min_entities: int
    min_nirs: int
    min_length: int = 500
    max_length: int = 2500
    strict_attributes: bool = True  # only PERSON role and DATE kind carry attributes
    every_role: int = 0  # each PERSON role at least this often
    min_births: int = 0
    corsica_both: bool = True  # 2A and 2B NIRs
    overseas_and_abroad: tuple[str, ...] = ("97",)

    @property
    def prefix(self) -> str:
        return build_heldout.SETS[self.name]

    @property
    def folder(self) -> Path:
        return DATA / self.name


def _warehouse_export_set(name: str) -> HeldOutSet:
    """The checks shared by the 60-document warehouse-export sets written on 2026-11-22."""
    return HeldOutSet(
        name, 60, 1200, 12, min_length=800, max_length=2400, every_role=60, min_births=50,
        overseas_and_abroad=("97", "99"),
    )


SETS = (
    HeldOutSet(
        "heldout", 40, 600, 4, strict_attributes=False, corsica_both=False, overseas_and_abroad=()
    ),
    HeldOutSet("heldout_b", 40, 600, 10, min_length=600),
    HeldOutSet(
        "heldout_c", 50, 600, 10, every_role=20, min_births=20, overseas_and_abroad=("97", "99")
    ),
    HeldOutSet(
        "heldout_d", 60, 1000, 10, every_role=20, min_births=20, overseas_and_abroad=("99",)
    ),
    *(
        _warehouse_export_set(name)
        for name in (
            "heldout_e", "heldout_f", "heldout_g", "heldout_h", "heldout_i", "heldout_j",
            "heldout_k", "heldout_l", "heldout_m", "heldout_n", "heldout_o", "heldout_p",
            "heldout_q", "heldout_r", "heldout_s", "heldout_t", "heldout_u", "heldout_v",
            "heldout_w", "heldout_x", "heldout_y", "heldout_z", "heldout_aa", "heldout_ab",
            "heldout_ac",
            "heldout_ae",
            "heldout_ad",
            "heldout_af",
            "heldout_ag",
            "heldout_ah",
            "heldout_ai",
            "heldout_aj",
            "heldout_ak",
            "heldout_al",
            "heldout_am",
            "heldout_an",
            "heldout_ao",
            "heldout_ap",
            "heldout_aq",
            "heldout_ar",
            "heldout_as",
            "heldout_at",
            "heldout_au",
            "heldout_av",
            "heldout_aw",
            "heldout_ax",
            "heldout_ay",
            "heldout_az",
            "heldout_ba",
            "heldout_bb",
            "heldout_bc",
            "heldout_bd",
            "heldout_be",
            "heldout_bf",
            "heldout_bg",
            "heldout_bh",
            "heldout_bi",
            "heldout_bj",
            "heldout_bk",
            "heldout_bl",
            "heldout_bm",
            "heldout_bn",
            "heldout_bo",
            "heldout_bp",
            "heldout_bq",
            "heldout_br",
            "heldout_bs",
            "heldout_bt",
            "heldout_bu",
            "heldout_bv",
            "heldout_bw",
            "heldout_bx",
            "heldout_by",
            "heldout_bz",
            "heldout_ca",
            "heldout_cb",
            "heldout_cc",
            "heldout_cd",
            "heldout_ce",
            "heldout_cf",
            "heldout_cg",
            "heldout_ch",
            "heldout_ci",
            "heldout_cj",
            "heldout_ck",
            "heldout_cl",
            "heldout_cm",
            "heldout_cn",
            "heldout_co",
            "heldout_cp",
            "heldout_cq",
            "heldout_cr",
            "heldout_cs",
            "heldout_ct",
            "heldout_cu",
            "heldout_cv",
            "heldout_cw",
            "heldout_cx",
            "heldout_cy",
            "heldout_cz",
            "heldout_da",
            "heldout_db",
            "heldout_dc",
            "heldout_dd",
            "heldout_de",
            "heldout_df",
            "heldout_dg",
            "heldout_dh",
            "heldout_di",
            "heldout_dj",
            "heldout_dk",
            "heldout_dl",
            "heldout_dm",
            "heldout_dn",
            "heldout_do",
            "heldout_dp",
            "heldout_dq",
            "heldout_dr",
            "heldout_ds",
            "heldout_dt",
            "heldout_du",
            "heldout_dv",
            "heldout_dw",
            "heldout_dx",
            "heldout_dz",
            "heldout_ea",
            "heldout_dy",
            "heldout_eb",
            "heldout_ec",
            "heldout_ed",
            "heldout_ef",
            "heldout_ee",
            "heldout_eg",
            "heldout_eh",
            "heldout_ei",
            "heldout_ej",
        )
    ),
)
SET_IDS = [s.name for s in SETS]


def nir_key(nir13: str) -> int:
    """The NIR control key: 97 - (n mod 97), Corsica 2A/2B counted as 19/18 (computed here
    independently of the builder)."""
    digits = nir13.upper()
    department = {"2A": "19", "2B": "18"}.get(digits[5:7], digits[5:7])
    return 97 - int(digits[:5] + department + digits[7:13]) % 97


def nir_is_valid(nir: str) -> bool:
    compact = re.sub(r"\s", "", nir).upper()
    if not re.fullmatch(r"[1-478]\d{4}(?:\d{2}|2[AB])\d{6}\d{2}", compact):
        return False
    return nir_key(compact[:13]) == int(compact[13:])


def _records(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="module", params=SETS, ids=SET_IDS)
def held(request) -> tuple[HeldOutSet, list, list[dict]]:
    spec: HeldOutSet = request.param
    source = (spec.folder / "documents.txt").read_text(encoding="utf-8")
    documents = build_heldout.parse(source, prefix=spec.prefix)
    return spec, documents, _records(spec.folder / f"{spec.name}.jsonl")


def test_nir_key_function():
    assert nir_key("1540321231045") == 92
    assert nir_key("248072A004028") == 6
    assert nir_key("262042B033007") == 2
    assert not nir_is_valid("1 54 03 21 231 045 93")


def test_builds_and_is_up_to_date(held):
    spec, documents, records = held
    assert [d.to_json() for d in documents] == records
    assert build_heldout.main(["--set", spec.name, "--check"]) == 0


def test_ids_types_and_lengths(held):
    spec, _documents, records = held
    assert [r["id"] for r in records] == [
        f"{spec.prefix}-{n:03d}" for n in range(1, len(records) + 1)
    ]
    for record in records:
        assert record["meta"]["document_type"] in build_heldout.build_gold.DOCUMENT_TYPES
        assert record["meta"].get("note"), record["id"]
        assert spec.min_length <= len(record["text"]) <= spec.max_length, record["id"]


def test_all_spans_match(held):
    _spec, documents, records = held
    for document in documents:
        for entity in document.entities:
            assert document.text[entity.start : entity.end] == entity.text, document.id
    for record in records:
        text, previous_end = record["text"], 0
        for entity in record["entities"]:
            assert previous_end <= entity["start"] < entity["end"] <= len(text), record["id"]
            previous_end = entity["end"]
            assert entity["label"] in LABELS, record["id"]
            covered = text[entity["start"] : entity["end"]]
            assert covered == covered.strip() and "\n" not in covered, record["id"]
            assert "|" not in covered and "[[" not in covered, record["id"]


def test_person_roles_and_birth_dates(held):
    spec, _documents, records = held
    roles: collections.Counter[str] = collections.Counter()
    births = 0
    for record in records:
        for entity in record["entities"]:
            attributes = entity.get("attributes", {})
            if entity["label"] == "PERSON":
                assert attributes.get("role") in ("patient", "staff", "other"), record["id"]
                roles[attributes["role"]] += 1
            elif entity["label"] == "DATE":
                assert attributes in ({}, {"kind": "birth"}), record["id"]
                births += attributes == {"kind": "birth"}
            elif spec.strict_attributes:
                assert not attributes, record["id"]
    assert all(roles[role] >= spec.every_role for role in ("patient", "staff", "other"))
    assert births >= spec.min_births


def test_no_title_inside_person_spans(held):
    _spec, _documents, records = held
    for record in records:
        for entity in record["entities"]:
            if entity["label"] == "PERSON":
                covered = record["text"][entity["start"] : entity["end"]]
                title = re.match(r"(?:Mme|Mlle|Dr|Pr|Me|Docteur|Madame|Monsieur)\b", covered)
                assert not title, record["id"]


def test_every_nir_key_is_valid(held):
    spec, _documents, records = held
    nirs = [
        (r["id"], r["text"][e["start"] : e["end"]])
        for r in records
        for e in r["entities"]
        if e["label"] == "NIR"
    ]
    assert len(nirs) >= spec.min_nirs
    for record_id, nir in nirs:
        assert nir_is_valid(nir), record_id
        assert build_heldout.nir_is_valid(nir), record_id
    texts = [nir for _id, nir in nirs]
    compact = [re.sub(r"\s", "", n).upper() for n in texts]
    assert any(n[5:7] in ("2A", "2B") for n in compact)  # a Corsican one
    if spec.corsica_both:
        assert any(n[5:7] == "2A" for n in compact) and any(n[5:7] == "2B" for n in compact)
    for department in spec.overseas_and_abroad:  # 97: born overseas, 99: abroad
        assert any(n[5:7] == department for n in compact), department


def test_size_and_label_coverage(held):
    spec, _documents, records = held
    assert len(records) >= spec.min_documents
    counts = collections.Counter(e["label"] for r in records for e in r["entities"])
    assert sum(counts.values()) >= spec.min_entities
    for label in LABELS:
        assert counts[label] >= 3, label


def test_no_text_shared_between_sets():
    """No document, and no line of 40 characters or more, appears in two sets (nor in the
    gold set): a later set is never a copy of an earlier one."""
    texts = {
        name: [r["text"] for r in _records(path)]
        for name, path in [("gold", DATA / "gold" / "gold.jsonl")]
        + [(s.name, s.folder / f"{s.name}.jsonl") for s in SETS]
        if path.is_file()
    }
    lines = {
        name: {line.strip() for t in ts for line in t.splitlines() if len(line.strip()) >= 40}
        for name, ts in texts.items()
    }
    names = list(texts)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not set(texts[a]) & set(texts[b]), (a, b)
            if {a, b} <= {"gold", "heldout", "heldout_b"}:
                continue  # written before this rule; their documents still differ
            assert not lines[a] & lines[b], (a, b)


def test_builder_rejects_invalid_nir_and_renumbers():
    bad = "# type: lettre\nNIR [[1 85 12 2A 004 311 76|NIR]]\n"
    with pytest.raises(build_heldout.MarkupError, match="invalid NIR key"):
        build_heldout.parse(bad, prefix="heldc")
    good = "# type: lettre\nDr [[Anne Morvan|PERSON|role=staff]]\n---\n# type: lettre\nRAS\n"
    assert [d.id for d in build_heldout.parse(good, prefix="heldd")] == ["heldd-001", "heldd-002"]
