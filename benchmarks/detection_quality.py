"""Detection quality on every annotated set in the repository, for chosen detector families.

Prints one Markdown row per (set, detectors): documents, gold PHI tokens, token-level binary
precision and recall, leak rate, share of documents with no leaked token — the README table.

    python benchmarks/detection_quality.py [--detectors rules default] [--sets gold heldout_c]
        [--model MODEL_DIR]   # a retrained model (clindeid train) instead of the shipped one

The sets: ``gold`` (in-house snippets, used while writing the rules), ``heldout``,
``heldout_b`` … ``heldout_bn`` (each blind when written and measured once — the figures in its
README — then used to improve the detectors and to train the shipped model: their "default"
rows are in-sample). A new set written blind is measured here once before any other use.

``--case lower`` (or ``upper``) reads every document of the sets wholly lowercased (or
upper-cased), spans unchanged: how detection holds up on dictations transcribed without
capitals and on exports in capitals (documents whose length the case change alters are left
out).
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from clindeid.config import Config
from clindeid.evaluate import evaluate
from clindeid.io.annotations import AnnotatedDocument, read_annotations
from clindeid.pipeline import Pipeline

ROOT = Path(__file__).resolve().parents[1] / "tests" / "data"
SETS = {
    "gold": ROOT / "gold" / "gold.jsonl",
    "heldout": ROOT / "heldout" / "heldout.jsonl",
    "heldout_b": ROOT / "heldout_b" / "heldout_b.jsonl",
    "heldout_c": ROOT / "heldout_c" / "heldout_c.jsonl",
    "heldout_d": ROOT / "heldout_d" / "heldout_d.jsonl",
    "heldout_e": ROOT / "heldout_e" / "heldout_e.jsonl",
    "heldout_f": ROOT / "heldout_f" / "heldout_f.jsonl",
    "heldout_g": ROOT / "heldout_g" / "heldout_g.jsonl",
    "heldout_h": ROOT / "heldout_h" / "heldout_h.jsonl",
    "heldout_i": ROOT / "heldout_i" / "heldout_i.jsonl",
    "heldout_j": ROOT / "heldout_j" / "heldout_j.jsonl",
    "heldout_k": ROOT / "heldout_k" / "heldout_k.jsonl",
    "heldout_l": ROOT / "heldout_l" / "heldout_l.jsonl",
    "heldout_m": ROOT / "heldout_m" / "heldout_m.jsonl",
    "heldout_n": ROOT / "heldout_n" / "heldout_n.jsonl",
    "heldout_o": ROOT / "heldout_o" / "heldout_o.jsonl",
    "heldout_p": ROOT / "heldout_p" / "heldout_p.jsonl",
    "heldout_q": ROOT / "heldout_q" / "heldout_q.jsonl",
    "heldout_r": ROOT / "heldout_r" / "heldout_r.jsonl",
    "heldout_s": ROOT / "heldout_s" / "heldout_s.jsonl",
    "heldout_t": ROOT / "heldout_t" / "heldout_t.jsonl",
    "heldout_u": ROOT / "heldout_u" / "heldout_u.jsonl",
    "heldout_v": ROOT / "heldout_v" / "heldout_v.jsonl",
    "heldout_w": ROOT / "heldout_w" / "heldout_w.jsonl",
    "heldout_x": ROOT / "heldout_x" / "heldout_x.jsonl",
    "heldout_y": ROOT / "heldout_y" / "heldout_y.jsonl",
    "heldout_z": ROOT / "heldout_z" / "heldout_z.jsonl",
    "heldout_aa": ROOT / "heldout_aa" / "heldout_aa.jsonl",
    "heldout_ab": ROOT / "heldout_ab" / "heldout_ab.jsonl",
    "heldout_ac": ROOT / "heldout_ac" / "heldout_ac.jsonl",
    "heldout_ad": ROOT / "heldout_ad" / "heldout_ad.jsonl",
    "heldout_ae": ROOT / "heldout_ae" / "heldout_ae.jsonl",
    "heldout_af": ROOT / "heldout_af" / "heldout_af.jsonl",
    "heldout_ag": ROOT / "heldout_ag" / "heldout_ag.jsonl",
    "heldout_ah": ROOT / "heldout_ah" / "heldout_ah.jsonl",
    "heldout_ai": ROOT / "heldout_ai" / "heldout_ai.jsonl",
    "heldout_aj": ROOT / "heldout_aj" / "heldout_aj.jsonl",
    "heldout_ak": ROOT / "heldout_ak" / "heldout_ak.jsonl",
    "heldout_al": ROOT / "heldout_al" / "heldout_al.jsonl",
    "heldout_am": ROOT / "heldout_am" / "heldout_am.jsonl",
    "heldout_an": ROOT / "heldout_an" / "heldout_an.jsonl",
    "heldout_ao": ROOT / "heldout_ao" / "heldout_ao.jsonl",
    "heldout_ap": ROOT / "heldout_ap" / "heldout_ap.jsonl",
    "heldout_aq": ROOT / "heldout_aq" / "heldout_aq.jsonl",
    "heldout_ar": ROOT / "heldout_ar" / "heldout_ar.jsonl",
    "heldout_as": ROOT / "heldout_as" / "heldout_as.jsonl",
    "heldout_at": ROOT / "heldout_at" / "heldout_at.jsonl",
    "heldout_au": ROOT / "heldout_au" / "heldout_au.jsonl",
    "heldout_av": ROOT / "heldout_av" / "heldout_av.jsonl",
    "heldout_aw": ROOT / "heldout_aw" / "heldout_aw.jsonl",
    "heldout_ax": ROOT / "heldout_ax" / "heldout_ax.jsonl",
    "heldout_ay": ROOT / "heldout_ay" / "heldout_ay.jsonl",
    "heldout_az": ROOT / "heldout_az" / "heldout_az.jsonl",
    "heldout_ba": ROOT / "heldout_ba" / "heldout_ba.jsonl",
    "heldout_bb": ROOT / "heldout_bb" / "heldout_bb.jsonl",
    "heldout_bc": ROOT / "heldout_bc" / "heldout_bc.jsonl",
    "heldout_bd": ROOT / "heldout_bd" / "heldout_bd.jsonl",
    "heldout_be": ROOT / "heldout_be" / "heldout_be.jsonl",
    "heldout_bf": ROOT / "heldout_bf" / "heldout_bf.jsonl",
    "heldout_bg": ROOT / "heldout_bg" / "heldout_bg.jsonl",
    "heldout_bh": ROOT / "heldout_bh" / "heldout_bh.jsonl",
    "heldout_bi": ROOT / "heldout_bi" / "heldout_bi.jsonl",
    "heldout_bj": ROOT / "heldout_bj" / "heldout_bj.jsonl",
    "heldout_bk": ROOT / "heldout_bk" / "heldout_bk.jsonl",
    "heldout_bl": ROOT / "heldout_bl" / "heldout_bl.jsonl",
    "heldout_bm": ROOT / "heldout_bm" / "heldout_bm.jsonl",
    "heldout_bn": ROOT / "heldout_bn" / "heldout_bn.jsonl",
    "heldout_bo": ROOT / "heldout_bo" / "heldout_bo.jsonl",
    "heldout_bp": ROOT / "heldout_bp" / "heldout_bp.jsonl",
    "heldout_bq": ROOT / "heldout_bq" / "heldout_bq.jsonl",
    "heldout_br": ROOT / "heldout_br" / "heldout_br.jsonl",
    "heldout_bs": ROOT / "heldout_bs" / "heldout_bs.jsonl",
    "heldout_bt": ROOT / "heldout_bt" / "heldout_bt.jsonl",
    "heldout_bu": ROOT / "heldout_bu" / "heldout_bu.jsonl",
    "heldout_bv": ROOT / "heldout_bv" / "heldout_bv.jsonl",
    "heldout_bw": ROOT / "heldout_bw" / "heldout_bw.jsonl",
    "heldout_bx": ROOT / "heldout_bx" / "heldout_bx.jsonl",
    "heldout_by": ROOT / "heldout_by" / "heldout_by.jsonl",
    "heldout_bz": ROOT / "heldout_bz" / "heldout_bz.jsonl",
    "heldout_ca": ROOT / "heldout_ca" / "heldout_ca.jsonl",
    "heldout_cb": ROOT / "heldout_cb" / "heldout_cb.jsonl",
    "heldout_cc": ROOT / "heldout_cc" / "heldout_cc.jsonl",
    "heldout_cd": ROOT / "heldout_cd" / "heldout_cd.jsonl",
    "heldout_ce": ROOT / "heldout_ce" / "heldout_ce.jsonl",
    "heldout_cf": ROOT / "heldout_cf" / "heldout_cf.jsonl",
    "heldout_cg": ROOT / "heldout_cg" / "heldout_cg.jsonl",
    "heldout_ch": ROOT / "heldout_ch" / "heldout_ch.jsonl",
    "heldout_ci": ROOT / "heldout_ci" / "heldout_ci.jsonl",
    "heldout_cj": ROOT / "heldout_cj" / "heldout_cj.jsonl",
    "heldout_ck": ROOT / "heldout_ck" / "heldout_ck.jsonl",
    "heldout_cl": ROOT / "heldout_cl" / "heldout_cl.jsonl",
    "heldout_cm": ROOT / "heldout_cm" / "heldout_cm.jsonl",
    "heldout_cn": ROOT / "heldout_cn" / "heldout_cn.jsonl",
    "heldout_co": ROOT / "heldout_co" / "heldout_co.jsonl",
    "heldout_cp": ROOT / "heldout_cp" / "heldout_cp.jsonl",
    "heldout_cq": ROOT / "heldout_cq" / "heldout_cq.jsonl",
    "heldout_cr": ROOT / "heldout_cr" / "heldout_cr.jsonl",
    "heldout_cs": ROOT / "heldout_cs" / "heldout_cs.jsonl",
    "heldout_ct": ROOT / "heldout_ct" / "heldout_ct.jsonl",
    "heldout_cu": ROOT / "heldout_cu" / "heldout_cu.jsonl",
    "heldout_cv": ROOT / "heldout_cv" / "heldout_cv.jsonl",
    "heldout_cw": ROOT / "heldout_cw" / "heldout_cw.jsonl",
    "heldout_cx": ROOT / "heldout_cx" / "heldout_cx.jsonl",
    "heldout_cy": ROOT / "heldout_cy" / "heldout_cy.jsonl",
    "heldout_cz": ROOT / "heldout_cz" / "heldout_cz.jsonl",
    "heldout_da": ROOT / "heldout_da" / "heldout_da.jsonl",
    "heldout_db": ROOT / "heldout_db" / "heldout_db.jsonl",
    "heldout_dc": ROOT / "heldout_dc" / "heldout_dc.jsonl",
    "heldout_dd": ROOT / "heldout_dd" / "heldout_dd.jsonl",
    "heldout_de": ROOT / "heldout_de" / "heldout_de.jsonl",
    "heldout_df": ROOT / "heldout_df" / "heldout_df.jsonl",
    "heldout_dg": ROOT / "heldout_dg" / "heldout_dg.jsonl",
    "heldout_dh": ROOT / "heldout_dh" / "heldout_dh.jsonl",
    "heldout_di": ROOT / "heldout_di" / "heldout_di.jsonl",
    "heldout_dj": ROOT / "heldout_dj" / "heldout_dj.jsonl",
    "heldout_dk": ROOT / "heldout_dk" / "heldout_dk.jsonl",
    "heldout_dl": ROOT / "heldout_dl" / "heldout_dl.jsonl",
    "heldout_dm": ROOT / "heldout_dm" / "heldout_dm.jsonl",
    "heldout_dn": ROOT / "heldout_dn" / "heldout_dn.jsonl",
    "heldout_do": ROOT / "heldout_do" / "heldout_do.jsonl",
    "heldout_dp": ROOT / "heldout_dp" / "heldout_dp.jsonl",
    "heldout_dq": ROOT / "heldout_dq" / "heldout_dq.jsonl",
    "heldout_dr": ROOT / "heldout_dr" / "heldout_dr.jsonl",
    "heldout_ds": ROOT / "heldout_ds" / "heldout_ds.jsonl",
    "heldout_dt": ROOT / "heldout_dt" / "heldout_dt.jsonl",
    "heldout_du": ROOT / "heldout_du" / "heldout_du.jsonl",
    "heldout_dv": ROOT / "heldout_dv" / "heldout_dv.jsonl",
    "heldout_dw": ROOT / "heldout_dw" / "heldout_dw.jsonl",
    "heldout_dx": ROOT / "heldout_dx" / "heldout_dx.jsonl",
    "heldout_dy": ROOT / "heldout_dy" / "heldout_dy.jsonl",
    "heldout_dz": ROOT / "heldout_dz" / "heldout_dz.jsonl",
    "heldout_ea": ROOT / "heldout_ea" / "heldout_ea.jsonl",
    "heldout_eb": ROOT / "heldout_eb" / "heldout_eb.jsonl",
    "heldout_ec": ROOT / "heldout_ec" / "heldout_ec.jsonl",
    "heldout_ed": ROOT / "heldout_ed" / "heldout_ed.jsonl",
    "heldout_ee": ROOT / "heldout_ee" / "heldout_ee.jsonl",
    "heldout_ef": ROOT / "heldout_ef" / "heldout_ef.jsonl",
    "heldout_eg": ROOT / "heldout_eg" / "heldout_eg.jsonl",
    "heldout_eh": ROOT / "heldout_eh" / "heldout_eh.jsonl",
    "heldout_ei": ROOT / "heldout_ei" / "heldout_ei.jsonl",
    "heldout_ej": ROOT / "heldout_ej" / "heldout_ej.jsonl",
}


def predict(pipeline: Pipeline, gold: list[AnnotatedDocument]) -> list[AnnotatedDocument]:
    from clindeid.document import Document

    out = []
    for doc in gold:
        entities = pipeline.detect(Document.create(doc.id, doc.text, doc.meta))
        out.append(AnnotatedDocument(doc.id, doc.text, tuple(entities), dict(doc.meta)))
    return out


def recased(gold: list[AnnotatedDocument], case: str) -> list[AnnotatedDocument]:
    """``gold`` with every text in ``case`` ("lower", "upper"; "as-written": unchanged),
    without the documents whose length the change would alter ("ß" → "SS")."""
    if case == "as-written":
        return gold
    change = str.lower if case == "lower" else str.upper
    return [
        dataclasses.replace(d, text=change(d.text))
        for d in gold
        if len(change(d.text)) == len(d.text)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--detectors", nargs="+", default=["rules", "default"])
    parser.add_argument("--sets", nargs="+", default=list(SETS), choices=list(SETS))
    parser.add_argument("--case", default="as-written", choices=("as-written", "lower", "upper"))
    parser.add_argument("--model", metavar="MODEL_DIR", default=None,
                        help="a retrained model (clindeid train) instead of the shipped one")
    args = parser.parse_args()
    columns = ("set", "detectors", "documents", "PHI tokens", "token P", "token R", "leak rate",
               "clean docs")  # fmt: skip
    print("| " + " | ".join(columns) + " |")
    print("|---|---|---|---|---|---|---|---|")
    for detectors in args.detectors:
        pipeline = Pipeline(Config(detectors=(detectors,), model_dir=args.model))
        for name in args.sets:
            gold = recased(read_annotations(SETS[name]), args.case)
            report = evaluate(gold, predict(pipeline, gold))
            o = report.to_json()["overall"]
            t = o["token_binary"]
            label = name if args.case == "as-written" else f"{name} ({args.case})"
            print(
                f"| {label} | {detectors} | {o['documents']} | {t['support']} | "
                f"{t['precision']:.3f} | {t['recall']:.3f} | {t['leak_rate']:.1%} | "
                f"{o['clean_documents']}/{o['documents']} |"
            )


if __name__ == "__main__":
    main()
