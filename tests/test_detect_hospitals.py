"""Hospital and organisation detector (clindeid.detect.rules.hospitals)."""

from __future__ import annotations

import pytest

from clindeid.detect.resolver import resolve
from clindeid.detect.rules.hospitals import HospitalDetector
from clindeid.document import Document


def found(text: str) -> list[tuple[str, str]]:
    ents = resolve(HospitalDetector().detect(Document.create("t", text)), text)
    return [(e.text_in(text), e.label) for e in ents]


CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Transfert au CHU de Dijon.", [("CHU de Dijon", "HOSPITAL")]),
    ("CHU Dijon Bourgogne, site du Bocage", [("CHU Dijon Bourgogne", "HOSPITAL")]),
    ("Centre Hospitalier de Beaune", [("Centre Hospitalier de Beaune", "HOSPITAL")]),
    ("adressé par le CH de Chalon-sur-Saône", [("CH de Chalon-sur-Saône", "HOSPITAL")]),
    ("CHRU de Besançon, service de neurologie", [("CHRU de Besançon", "HOSPITAL")]),
    ("Hôpital François Mitterrand", [("Hôpital François Mitterrand", "HOSPITAL")]),
    ("Urgences de l'Hôpital Nord.", [("Hôpital Nord", "HOSPITAL")]),
    ("CLINIQUE DES LILAS\nService de Cardiologie", [("CLINIQUE DES LILAS", "HOSPITAL")]),
    ("Clinique de Fontaine", [("Clinique de Fontaine", "HOSPITAL")]),
    ("Polyclinique du Parc", [("Polyclinique du Parc", "HOSPITAL")]),
    ("Centre de rééducation de Navenne", [("Centre de rééducation de Navenne", "HOSPITAL")]),
    ("Entrée en EHPAD Les Tilleuls.", [("EHPAD Les Tilleuls", "HOSPITAL")]),
    ("Centre Georges-François Leclerc", [("Centre Georges-François Leclerc", "HOSPITAL")]),
    ("Suivi à l'Institut Curie.", [("Institut Curie", "HOSPITAL")]),
    # multi-site institutions named as a whole are not PHI (held-out decisions)
    ("Hospices Civils de Lyon", []),
    ("Greffe à l'AP-HP en 2019.", []),
    ("Assistance Publique – Hôpitaux de Marseille", []),
    ("HAD AP-HP, 14 rue X", [("HAD AP-HP", "HOSPITAL")]),
    ("Groupe hospitalier Pitié-Salpêtrière",
     [("Groupe hospitalier Pitié-Salpêtrière", "HOSPITAL")]),
    ("Hôpital européen Georges-Pompidou", [("Hôpital européen Georges-Pompidou", "HOSPITAL")]),
    ("Suivi en SSR Les Rosiers.", [("SSR Les Rosiers", "HOSPITAL")]),
    # establishments known by their initials, facilities by their département number
    ("Dr Anne ROLLAND, neurologue au CHBV.", [("CHBV", "HOSPITAL")]),
    ("certificat rempli par le Dr X (GHPSA) le 2/10", [("GHPSA", "HOSPITAL")]),
    ("le CLAT 94 est en copie pour l'enquête", [("CLAT 94", "HOSPITAL")]),
    ("R-CHOP 21, hébergé au CHRS, Mme CHEN", []),
    ("Hôpital Paul-Brousse – Centre Hépato-Biliaire\n", [("Hôpital Paul-Brousse", "HOSPITAL")]),
    ("hospitalisé dans le service de cardiologie du CHU de Dijon",
     [("CHU de Dijon", "HOSPITAL")]),
    # a proper name then its town: the town is a CITY of its own (gold convention)
    ("au CH William Morey de Chalon-sur-Saône.",
     [("CH William Morey", "HOSPITAL"), ("Chalon-sur-Saône", "CITY")]),
    ("Hôpital Jean Minjoz de Besançon",
     [("Hôpital Jean Minjoz", "HOSPITAL"), ("Besançon", "CITY")]),
    ("Centre Hospitalier de l'Agglomération de Nevers",
     [("Centre Hospitalier de l'Agglomération de Nevers", "HOSPITAL")]),
    ("hospitalisation à la clinique du Morvan à Château-Chinon",
     [("clinique du Morvan", "HOSPITAL")]),
    ("Hospitalisé à l'Unité Jean Moulin.", [("Unité Jean Moulin", "HOSPITAL")]),
    ("CH LE VIGAN", [("CH LE VIGAN", "HOSPITAL")]),
    ("Traitement au centre Oscar Lambret", [("Oscar Lambret", "HOSPITAL")]),
    # organisations
    ("Prélèvement au Laboratoire Cerballiance.", [("Laboratoire Cerballiance", "ORG")]),
    ("Cabinet médical des Acacias", [("Cabinet médical des Acacias", "ORG")]),
    ("Délivré par la Pharmacie du Centre.", [("Pharmacie du Centre", "ORG")]),
    ("Appel du SAMU 21 à 7h40.", [("SAMU 21", "ORG")]),
    ("Intervention du SMUR de Beaune.", [("SMUR de Beaune", "ORG")]),
    # the CPAM and the CAF written out, with their territory; alone, no body is named
    ("Caisse primaire d'assurance maladie de la Gironde – service médical",
     [("Caisse primaire d'assurance maladie de la Gironde", "ORG")]),
    ("CAISSE D'ALLOCATIONS FAMILIALES DU NORD",
     [("CAISSE D'ALLOCATIONS FAMILIALES DU NORD", "ORG")]),
    ("la caisse primaire d'assurance maladie a refusé", []),
    # a consulate (its town is joined to it by `detect.edges`)
    ("Démarches avec le Consulat général du Sénégal à Paris et l'assurance.",
     [("Consulat général du Sénégal", "ORG")]),
    ("Élève au collège Jean Moulin.", [("collège Jean Moulin", "ORG")]),
    # after a trigger word, the organisation name only
    ("Employé par la société Transports Bourgogne Vignes SARL depuis 2011.",
     [("Transports Bourgogne Vignes SARL", "ORG")]),
    ("Mutuelle : Harmonie Santé Bourgogne.", [("Harmonie Santé Bourgogne", "ORG")]),
    ("par le prestataire Oxy'Bourgogne Santé (tél.)", [("Oxy'Bourgogne Santé", "ORG")]),
    ("retraité de la SNCF, qui", [("SNCF", "ORG")]),
    ("Il travaille à Dijon.", []),
    # negatives: bare heads, generic services, adjectives
    ("Admis au CHU puis à l'hôpital.", []),
    ("Service de Cardiologie — Unité de soins intensifs", []),
    ("Hospitalisation en hôpital de jour de cardiologie.", []),
    ("Examen clinique de Parkinson sans particularité.", []),
    ("Unité neurovasculaire", []),
    ("Appel du SAMU à 7h40.", []),
    ("laboratoire de biologie médicale", []),
    ("Tableau clinique de Guillain-Barré.", []),
    ("Pôle Neurosciences", []),
    ("Centre de gravité abaissé.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_hospitals(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_category_and_sources() -> None:
    text = "Transfert au CHU de Dijon puis à la Clinique des Lilas."
    ents = resolve(HospitalDetector().detect(Document.create("t", text)), text)
    assert [e.attributes["category"] for e in ents] == ["CHU", "CLINIQUE"]
    assert {e.source for e in ents} == {"pattern/hospital"}


def test_finess_dictionary_in_any_casing() -> None:
    text = "Suivi au Ch Le Vigan depuis 2020."
    ents = list(HospitalDetector().detect(Document.create("t", text)))
    finess = [e for e in ents if e.source == "dictionary/hospital"]
    assert finess and finess[0].attributes.get("finess") == "300000072"
    assert finess[0].text_in(text) == "Ch Le Vigan"


def test_org_source() -> None:
    text = "Pharmacie du Centre"
    (ent,) = HospitalDetector().detect(Document.create("t", text))
    assert ent.source == "pattern/org"


def test_detector_contract() -> None:
    det = HospitalDetector()
    assert det.family == "rules" and det.name == "hospital"


# --- employers, insurers, clubs; generic services; names that end properly ---------------
ORG_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Il est agent de sécurité à la SNCF depuis 2012.", [("SNCF", "ORG")]),
    ("Ingénieure chez Thales Alenia Space, en arrêt.", [("Thales Alenia Space", "ORG")]),
    ("ancienne caissière chez Carrefour", [("Carrefour", "ORG")]),
    ("Complémentaire : Malakoff Humanis\n", [("Malakoff Humanis", "ORG")]),
    ("assurée auprès de la MAIF pour l'accident", [("MAIF", "ORG")]),
    ("Mutuelle Nationale des Hospitaliers, contrat 12", [("Mutuelle Nationale des Hospitaliers",
                                                          "ORG")]),
    ("son employeur, Vinci Construction, a été prévenu", [("Vinci Construction", "ORG")]),
    ("licencié au club de rugby (RC Massy)", [("RC Massy", "ORG")]),
    ("Hôpital Sainte-Anne. Suivi par", [("Hôpital Sainte-Anne", "HOSPITAL")]),
    ("Résidence à l'EHPAD Le Clos des Vignes à Dijon", [("EHPAD Le Clos des Vignes", "HOSPITAL")]),
    # negatives: generic services and laboratories, relatives, no job cue
    ("Service de Pneumologie – Unité Thoracique", []),
    ("Laboratoire de Microbiologie et d'Immunologie", []),
    ("Elle vit chez sa fille depuis un an.", []),
    ("Il dort chez Bernard depuis lundi.", []),
    ("Score de Lille à J7 : 0,3", []),
]


@pytest.mark.parametrize(("text", "expected"), ORG_CASES)
def test_orgs_and_hospital_boundaries(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


ROUND3_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Retour à domicile avec le SSIAD de Landerneau.", [("SSIAD de Landerneau", "HOSPITAL")]),
    ("Bilan au Gérontopôle de Limoges", [("Gérontopôle de Limoges", "HOSPITAL")]),
    ("Hôpitaux Universitaires de Genève", [("Hôpitaux Universitaires de Genève", "HOSPITAL")]),
    ("Radiothérapie à l'IGR puis suivi au CLB.", [("IGR", "HOSPITAL"), ("CLB", "HOSPITAL")]),
    ("Adressé par SOS Médecins la nuit.", [("SOS Médecins", "ORG")]),
    ("Engagé dans la Marine nationale.", [("Marine nationale", "ORG")]),
    ("Dossier transmis au ministère des Armées.", [("ministère des Armées", "ORG")]),
    ("Repas aux Restos du Cœur.", [("Restos du Cœur", "ORG")]),
]
ROUND3_NEGATIVES: list[str] = [
    "Hôpital Sud – Maternité – Bloc obstétrical",  # a unit heading, no named maternity
    "Congé maternité prévu en mars.",
    "Les HUSSARDS",  # an acronym inside a word
]


@pytest.mark.parametrize(("text", "expected"), ROUND3_CASES)
def test_round3_hospitals_and_orgs(text: str, expected: list[tuple[str, str]]) -> None:
    got = found(text)
    for item in expected:
        assert item in got, (item, got)


@pytest.mark.parametrize("text", ROUND3_NEGATIVES)
def test_round3_negatives(text: str) -> None:
    assert not any("Maternité" in s or "maternité" in s or s == "HUS" for s, _l in found(text))


# Round 4: dispensaries in any case; a document heading after an acronym is not a name.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Adressée par le dispensaire de Mtsangamouji.", [("dispensaire de Mtsangamouji",
                                                          "HOSPITAL")]),
        ("revue au Dispensaire Saint-Jean ce jour", [("Dispensaire Saint-Jean", "HOSPITAL")]),
        ("Le dispensaire a fermé.", []),
        ("CMP – NOTE DE CONSULTATION\nPatient : M. X", []),
        ("CSAPA – COMPTE RENDU D'ENTRETIEN", []),
        ("suivi au CMP – Les Lilas depuis 2019", [("CMP – Les Lilas", "HOSPITAL")]),
    ],
)
def test_round4_hospitals(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


# Round 4: public bodies with their territory are ORG; bare ones are not.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("titre de séjour à la préfecture du Finistère.", [("préfecture du Finistère", "ORG")]),
        ("curatelle – UDAF de la Sarthe", [("UDAF de la Sarthe", "ORG")]),
        ("DEMANDE À LA MDPH DE LA GUADELOUPE", [("MDPH DE LA GUADELOUPE", "ORG")]),
        ("agent au Conseil départemental du Gers, deux enfants",
         [("Conseil départemental du Gers", "ORG")]),
        ("la préfecture a refusé le titre", []),
        ("dossier MDPH en cours", []),
    ],
)
def test_round4_territorial_orgs(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


# Round 5: heads of small care facilities, site names, double names, names kept whole.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dr Roux, Maison médicale des Tilleuls, Lisieux",
         [("Maison médicale des Tilleuls", "HOSPITAL")]),
        ("Vaccins faits au Centre de PMI Victor-Hugo.",
         [("Centre de PMI Victor-Hugo", "HOSPITAL")]),
        ("Adressé par le CMS Louise-Weiss.", [("CMS Louise-Weiss", "HOSPITAL")]),
        ("Centre délocalisé de prévention et de soins de Saül",
         [("Centre délocalisé de prévention et de soins de Saül", "HOSPITAL")]),
        ("SAU des Hôpitaux Universitaires de Genève – Urgences",
         [("Hôpitaux Universitaires de Genève", "HOSPITAL")]),
        ("Nouvel Hôpital Civil – Cardiologie", [("Nouvel Hôpital Civil", "HOSPITAL")]),
        ("Hôpital Dupré – Jean-Rostand\nService", [("Hôpital Dupré – Jean-Rostand", "HOSPITAL")]),
        # a lone first name before "de X" is a particle, a common word keeps its town
        ("Urgences de l'Hôpital Gaston de Foix.", [("Hôpital Gaston de Foix", "HOSPITAL")]),
        ("Clinique Générale de Valence", [("Clinique Générale de Valence", "HOSPITAL")]),
        # a site after its establishment on the line
        ("Institut régional du cancer – site Émile Roux\n", [("Émile Roux", "HOSPITAL")]),
        ("AP-HP. Centre – Université Paris Cité, site Hôtel-Dieu\n", [("Hôtel-Dieu", "HOSPITAL")]),
        # distinctive university-hospital site names in any case
        ("SAU purpan nuit du 3/4", [("purpan", "HOSPITAL")]),
        ("transfert en réa à Pontchaillou", [("Pontchaillou", "HOSPITAL")]),
        ("hospitalisé à la pitie salpetriere", [("pitie salpetriere", "HOSPITAL")]),
        # negatives: services named after people, titles, whole institutions, eponyms
        ("Pôle Est – Unité Esquirol", []),
        ("Dr Purpan, interne", []),
        ("sur le site de l'Isère", []),
        ("capsule de Tenon intacte", []),
        ("vue de ce site internet", []),
    ],
)
def test_round5_hospitals(text: str, expected: list[tuple[str, str]]) -> None:
    assert [f for f in found(text) if f[1] == "HOSPITAL"] == expected
