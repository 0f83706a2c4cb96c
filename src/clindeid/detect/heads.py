"""The common-noun heads of bodies' names, and the policy each detector applies to them.

A body's name often opens with a noun that says what kind of body it is ("centre",
"association", "EHPAD", "clinique"). Whether the annotators keep that head inside the name
depends on how it is written and on what follows it; the policies, in one place:

* **A head before a place** ("centre de vaccinations de | Bayonne", "Amicale des anciens
  mineurs de | Carmaux", "chu de | rennes"): the head and the place are the body's name.
  `CARE_HEADS` make it a HOSPITAL, `ORG_HEADS_BEFORE_PLACE` an ORG (`clindeid.detect.edges`).
* **A lowercase head before the body's own name** ("l'association AIDES", "la fondation
  Abbé Pierre") stays outside it: `LOWER_HEADS_OUTSIDE` (`rules.hospitals`); a capitalised
  one, or "lycée", "collège", "laboratoire", is part of it.
* **A type word alone** ("au laboratoire | Bio37 d'Amboise") names no body: next to a body's
  name it joins it: `LONE_TYPE_WORD` (`clindeid.detect.resolver`).
* **A facility head before a feature word** ("Clinique du Parc", "EHPAD Le Château") makes
  that word a name, not a place: `FACILITY_HEAD_BEFORE_FEATURE` (`rules.places`).

`OF` is the "de", "du", "des", "de la", "d'" that joins a head to what follows it.
"""

from __future__ import annotations

# "de la", "de l'", "du", "des", "de", "d'" (longest first; case as written: wrap it in
# ``(?i:…)`` where capitals count)
OF = r"(?:de[ \t]+la|de[ \t]+l['’]|du|des|de|d['’])"

# Heads of care services, whose name ends with a place: "centre de lutte antituberculeuse
# de la | Seine-Saint-Denis", "chu de | poitiers" (a hospital's acronym in a dictation). A
# unit of a body ("unité de soins palliatifs du | CH de Blois") has no name of its own.
CARE_HEADS = (
    r"centre|[ée]quipe[ \t]+mobile|ehpad|EHPAD|ch(?:r?u|r|i|s|ic)?|ghu?|hia|"
    # psychiatric and public-health services by their acronym: "cmp adolescents d'| orléans"
    r"cmpp?|CMPP?|cattp|CATTP|csapa|CSAPA|empp|EMPP|clat|CLAT|cegidd|CeGIDD|"
    # vigilance centres and family-planning and dialysis units named by their town: "CRPV
    # de | Reims", "ceip-a de | montpellier", "planning familial de | brest", "unité de
    # dialyse médicalisée de | Gap"
    r"crpv|CRPV|ceip-?a|CEIP-?A|planning[ \t]+familial|unit[ée][ \t]+de[ \t]+dialyse|"
    # the armed forces' medical centres and their antennas: "CMA de | Fort-de-France",
    # "antenne médicale de | Crozon"
    r"cma|CMA|antenne[ \t]+m[ée]dicale|"
    # prisons' psychiatric services and forensic units by their town: "SMPR de | Ducos",
    # "umj | perpignan" (a prison's health unit is named by its prison: `rules.hospitals`)
    r"smpr|SMPR|umj|UMJ"
)
# Heads of other bodies whose name ends with a place: "coopérative de | Grand-Coude".
ORG_HEADS_BEFORE_PLACE = (
    r"coop[ée]rative|amicale|collectivit[ée]|r[ée]seau|foyer|refuge|camping|"
    r"service[ \t]+de[ \t]+remplacement|comit[ée]|f[ée]d[ée]ration|syndicat|union|office|"
    r"communaut[ée][ \t]+de[ \t]+communes|communaut[ée][ \t]+d['’]agglom[ée]ration|"
    # a blood-donation site of the EFS: "Maison du don de | Nanterre"
    r"maison[ \t]+du[ \t]+don|"
    # a body's office in a département: "Service départemental de la | Moselle" (the ONACVG's
    # offices are named in full in `rules.hospitals`)
    r"service[ \t]+d[ée]partemental|"
    # users' and autonomy houses, school districts: "Maison des usagers de | Versailles",
    # "Maison de l'autonomie de | Maine-et-Loire", "Circonscription de | Roubaix-Est"
    r"maison[ \t]+des[ \t]+usagers|maison[ \t]+de[ \t]+l['’]autonomie|circonscription"
)
# Lowercase heads that introduce a body's name without being part of it ("l'association
# AIDES"); "lycée", "collège", "crèche" are, and so is "laboratoire" since the sets of
# 2026-11-26 ("au laboratoire Cypath": a leaked head costs more than a false-positive one).
LOWER_HEADS_OUTSIDE: frozenset[str] = frozenset(
    {"association", "labo", "coopérative", "cooperative", "fondation"}
)  # fmt: skip
# Type words that name no body alone: "au laboratoire | Bio37 d'Amboise".
LONE_TYPE_WORD = (
    r"(?i:laboratoire|labo|association|pharmacie|(?:poly)?clinique|ehpad|cabinet|centre|"
    r"institut|fondation|lyc[ée]e|coll[èe]ge|[ée]cole|cr[èe]che|maison|r[ée]sidence|foyer|"
    r"soci[ée]t[ée]|entreprise|mutuelle|h[ôo]pital)"
)
# Facility heads whose next word names the facility, not a place: "Clinique du Parc",
# "EHPAD Le Château", "Foyer des Pins", "restaurant Le Jardin de Jade".
FACILITY_HEAD_BEFORE_FEATURE = (
    r"(?i:clinique|polyclinique|ehpad|r[ée]sidence|maison[ \t]+de[ \t]+retraite|h[ôo]pital|"
    r"centre[ \t]+m[ée]dical|foyer|h[ôo]tel|restaurant|brasserie)"
)
# "hôtel" that names a public building, no lodging: "Hôtel de Ville", "hôtel de police",
# "Hôtel-Dieu" (no room of it is an address, no hotel of it an employer)
HOTEL_NOT_LODGING = r"(?![ \t-]+(?i:de[ \t]+(?:ville|police|r[ée]gion|d[ée]partement)|dieu))"
