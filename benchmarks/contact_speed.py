"""Speed of the contact and identifier detectors on ~1 MB of realistic clinical text.

Usage: ``python benchmarks/contact_speed.py [--mb 1.0] [--repeat 3]``. Prints characters per
second for each detector and for all of them together (target: ≥ 1,000,000 chars/s).
"""

from __future__ import annotations

import argparse
import random
import time

from clindeid.detect.rules.contact import EmailDetector, PhoneDetector, UrlDetector
from clindeid.detect.rules.identifiers import IdentifierDetector, NirDetector
from clindeid.document import Document

# Sentences with the density of numbers of real reports: lab values, doses, dates, scores,
# plus the odd phone number, e-mail, URL and identifier.
_TEMPLATES = (
    "Patient de {age} ans admis le {d}/{m}/20{y} pour douleur thoracique. TA {sys}/{dia} mmHg, "
    "FC {fc} bpm, SpO2 {sat} % en air ambiant, température {t},{t2} °C.\n",
    "Biologie : Na {na} mmol/L, K {k},{k2} mmol/L, créatinine {cr} µmol/L, CRP {crp} mg/L, "
    "Hb {hb},{hb2} g/dL, plaquettes {pl} G/L, INR {inr},{inr2}.\n",
    "Traitement de sortie : KARDEGIC {dose} mg 1-0-0, BISOPROLOL 2,5 mg 1-0-1, ATORVASTATINE "
    "{dose2} mg 0-0-1 pendant {j} jours.\n",
    "Antécédents : HTA depuis 20{y}, diabète de type 2 (HbA1c {a},{a2} %), IDM en {yy}. "
    "Score de Glasgow {g}/15, NIHSS {n}. Diagnostic I21.4, CIM-10 E11.9.\n",
    "Pour tout renseignement, le secrétariat est joignable au 03 80 {p1} {p2} {p3} ou poste "
    "{ext}, fax 03.80.{p1}.{p2}.{p4}.\n",
    "Courrier adressé au Dr Martin (dr.martin{n}@chu-dijon.fr), RPPS 1000{rpps}. Prise de "
    "rendez-vous sur doctolib.fr ou https://www.chu-dijon.fr/consultations.\n",
    "IPP : 800{ipp} | NDA : 21{nda} | N° de séjour 2021-000{n}. Examen réalisé le "
    "{d}.{m}.20{y} à {h}h{mi}.\n",
    "Le patient sera revu en consultation dans {j} semaines avec un contrôle biologique "
    "(ionogramme, fonction rénale) et une échographie cardiaque de contrôle.\n",
    "Evolution favorable sous traitement, apyrexie depuis {j} jours, reprise de la marche "
    "avec kinésithérapie ({n} séances), page {n}.\n",
    "Numéro de sécurité sociale : 1 {yy2} {m} 21 {c} {o} {key}. Portable : 06 {p1} {p2} {p3} "
    "{p4}.\n",
)


def _fill(rnd: random.Random, template: str) -> str:
    def num(lo: int, hi: int, width: int = 0) -> str:
        return str(rnd.randint(lo, hi)).zfill(width)

    return template.format(
        age=num(18, 99), d=num(1, 28, 2), m=num(1, 12, 2), y=num(0, 24, 2), sys=num(90, 180),
        dia=num(50, 100), fc=num(45, 130), sat=num(88, 100), t=num(36, 40), t2=num(0, 9),
        na=num(125, 150), k=num(3, 5), k2=num(0, 9), cr=num(40, 300), crp=num(1, 250),
        hb=num(7, 16), hb2=num(0, 9), pl=num(80, 450), inr=num(1, 3), inr2=num(0, 9),
        dose=num(75, 160), dose2=num(10, 80), j=num(2, 30), a=num(5, 11), a2=num(0, 9),
        yy=num(1980, 2020), g=num(3, 15), n=num(1, 999), p1=num(10, 99), p2=num(10, 99),
        p3=num(10, 99), p4=num(10, 99), ext=num(1000, 9999), rpps=num(1000000, 9999999),
        ipp=num(1000000, 9999999), nda=num(10000000, 99999999), h=num(0, 23, 2),
        mi=num(0, 59, 2), yy2=num(10, 99), c=num(100, 999), o=num(100, 999), key=num(1, 97, 2),
    )


def make_text(n_chars: int, seed: int = 0) -> str:
    rnd = random.Random(seed)
    parts: list[str] = []
    size = 0
    while size < n_chars:
        s = _fill(rnd, rnd.choice(_TEMPLATES))
        parts.append(s)
        size += len(s)
    return "".join(parts)[:n_chars]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=float, default=1.0, help="text size in MB (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument("--doc-size", type=int, default=5000, help="characters per document")
    args = parser.parse_args()
    text = make_text(int(args.mb * 1_000_000))
    docs = [
        Document.create(str(i), text[i : i + args.doc_size])
        for i in range(0, len(text), args.doc_size)
    ]
    detectors = [PhoneDetector(), EmailDetector(), UrlDetector(), NirDetector(),
                 IdentifierDetector()]
    total_time = 0.0
    found = 0
    for det in detectors:
        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            n = sum(1 for doc in docs for _ in det.detect(doc))
            best = min(best, time.perf_counter() - t0)
        total_time += best
        found += n
        print(f"{det.name:>12}: {len(text) / best:>14,.0f} chars/s  ({n} entities)")
    print(f"{'together':>12}: {len(text) / total_time:>14,.0f} chars/s  "
          f"({len(text):,} chars, {len(docs)} documents, {found} entities)")


if __name__ == "__main__":
    main()
