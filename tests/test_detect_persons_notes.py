"""PersonDetector on quick notes: lowercase names after cues, lone first names in name slots,
surnames that are also words, particles, initials; with their medical look-alikes."""

from __future__ import annotations

import pytest

from clindeid.detect.resolver import resolve
from clindeid.detect.rules.persons import PersonDetector
from clindeid.document import Document

DET = PersonDetector()


def persons(text: str) -> list[str]:
    ents = resolve(DET.detect(Document.create("t", text)), text)
    return [text[e.start : e.end] for e in ents if e.label == "PERSON"]


def roles(text: str) -> dict[str, str]:
    ents = resolve(DET.detect(Document.create("t", text)), text)
    return {text[e.start : e.end]: e.attributes.get("role") for e in ents if e.label == "PERSON"}


# 1. lowercase names after a cue
LOWER_POSITIVES: list[tuple[str, list[str]]] = [
    ("urg 02h10\npt diallo ousmane ddn 3/4/79 ipp 123", ["diallo ousmane"]),
    ("pt : bastien morvan, 31a, chute de vélo", ["bastien morvan"]),
    ("patiente noémie ferrand vue ce matin", ["noémie ferrand"]),
    ("vu par dr poisson (senior) ce soir", ["poisson"]),
    ("avis pr rivière demandé", ["rivière"]),
    ("avis interne mathilde, ok pour sortie", ["mathilde"]),
    ("(interne marie-lou garnier) appel", ["marie-lou garnier"]),
    ("signé : j. bernier (IDE)", ["j. bernier"]),
    ("relu, signé dr p. guérin", ["p. guérin"]),
    ("sœur (sandrine) prévenue par tél", ["sandrine"]),
    ("fils yannick passe demain", ["yannick"]),
    ("une cousine, rose tessier, vient le dimanche", ["rose tessier"]),
    ("Kinésithérapeute : thibault lenoir (poste 4412)", ["thibault lenoir"]),
    ("ide sylvie, transmissions faites", ["sylvie"]),
    ("mère (jocelyne) joignable le soir", ["jocelyne"]),
]

LOWER_NEGATIVES: list[str] = [
    "pt algique, calme et coopérant, patiente enceinte, patient connu, pt stable",
    "interne de garde prévenu, ide prévenue à 3h, ide du soir",
    "mère diabétique, père décédé, fils présent, sœur aînée, fille unique",
    "patient marche avec un déambulateur, pt sortant, patient rentre à domicile",
    "dr de garde appelé, dr traitant prévenu, pr absent cette semaine",
    "mme va mieux, mère au foyer, pt vu ce jour, patient adressé par son médecin",
    "patient semi-autonome, mère non-voyante",
    "pt sous kardegic, patiente sous lovenox, pt en attente",
    "signé : illisible",
]


@pytest.mark.parametrize(("text", "expected"), LOWER_POSITIVES)
def test_lowercase_names_after_cues(text: str, expected: list[str]) -> None:
    assert persons(text) == expected


@pytest.mark.parametrize("text", LOWER_NEGATIVES)
def test_lowercase_clinical_words_after_cues_are_not_names(text: str) -> None:
    assert persons(text) == []


def test_lowercase_roles() -> None:
    r = roles("pt : bastien morvan, 31a. interne mathilde. fils yannick au tél")
    assert r == {"bastien morvan": "patient", "mathilde": "staff", "yannick": "other"}


# 2. a first name alone in a slot that only a name fills
SLOT_POSITIVES: list[tuple[str, list[str]]] = [
    ("Ses enfants : Maëlys, 7 ans, et Timéo, 4 ans.", ["Maëlys", "Timéo"]),
    ("Fratrie : Inaya, 11 ans, en CM2.", ["Inaya"]),
    ("Pharmacie – Préparatrice : Océane\nDispensation faite.", ["Océane"]),
    ("Infirmière de coordination : Justine – poste 2231", ["Justine"]),
    ("Consignes expliquées par Lorena (infirmière puéricultrice).", ["Lorena"]),
    ("Séance de kinésithérapie respiratoire (Coralie).\nSortie prévue.", ["Coralie"]),
    ("12h – Cible : douleur. EVA 2/10 après antalgique. Mélissa\n14h – Cible", ["Mélissa"]),
    ('Venu avec un ami "Kiko", reparti seul.', ["Kiko"]),
    ("Patiente : Léonie Barthe (« Lolo » pour ses proches)", ["Léonie Barthe", "Lolo"]),
    ("Conflit avec ses voisins (« Titi et sa bande »).", ["Titi"]),
    ("Séjour en Polynésie (famille Teriitahi) en juillet.", ["Teriitahi"]),
    ("Référent : jérémy, 06 12 34 56 78", ["jérémy"]),
    ("amené par son coloc (kevin m.).\natcd : asthme", ["kevin m."]),
    ("son colocataire Julien a appelé les secours", ["Julien"]),
]

SLOT_NEGATIVES: list[str] = [
    "Biopsies antrales et fundiques (Sydney) pour recherche d'Helicobacter.",
    "Traitement (Kardegic) poursuivi ; anticoagulation (Previscan) arrêtée.",
    "Glasgow, 15 ans de suivi. Depuis, 3 ans sans crise.",
    "Cible : douleur. EVA 3/10 à 23h. Surveillance\nBilan fait. Lundi\n",
    "Classification (Paris) IIa ; critères (Milan) respectés.",
    'Le patient dit "Stop" et refuse la prise de sang.',
    "Technicienne : glycémie capillaire faite. Infirmière de nuit : RAS",
    "Standard : 01 44 55 66 77 ; Secrétariat : 01 22 33 44 55",
    "Urgences : accueil, 01 44 55 66 77",
]


@pytest.mark.parametrize(("text", "expected"), SLOT_POSITIVES)
def test_first_names_in_name_slots(text: str, expected: list[str]) -> None:
    assert persons(text) == expected


@pytest.mark.parametrize("text", SLOT_NEGATIVES)
def test_name_slot_look_alikes(text: str) -> None:
    assert persons(text) == []


# 3. surnames that are words, particles, initials
SURNAME_POSITIVES: list[tuple[str, list[str]]] = [
    ("Patiente : Jeanne MOREAU épouse CARRÉ   DDN 01/02/1950", ["Jeanne MOREAU", "CARRÉ"]),
    ("Il vit avec sa femme, Ana da Fonte Pereira, à Créteil.",
     ["Ana da Fonte Pereira"]),
    ("Sa compagne, Rosa do Monte Serra, est présente.", ["Rosa do Monte Serra"]),
    ("Prélèvement fait le 12/03 par L. Fournier, technicienne.", ["L. Fournier"]),
    ("Cible : transit. A : laxatif, surveillance. G. Lemaire\n10h – visite", ["G. Lemaire"]),
    ("Médecin du travail : Dr Paul Roy – IPRP : C. Vidal", ["Paul Roy", "C. Vidal"]),
    ("Dr Alain Ferry, réanimateur – Teiva T., cadre de santé", ["Alain Ferry", "Teiva T."]),
    ("transmissions faites\tSolène M.\n08/12 22h00", ["Solène M."]),
    ("Bien cordialement,\nDr Claire Saint-Martin, neurologue", ["Claire Saint-Martin"]),
    ("Dr Gaëlle Le\nGall, PH", ["Gaëlle Le", "Gall"]),
    ("Contact : sa sœur Agnès Petit (06 11 22 33 44)", ["Agnès Petit"]),
    ("Suivi par l'IDE de télésurveillance (Sarah Wolff).", ["Sarah Wolff"]),
    ("Compte rendu transmis par messagerie sécurisée.\nA. B.", ["A. B."]),
]

SURNAME_NEGATIVES: list[str] = [
    "Mariée, épouse DCD en 2019, née le 03/04/1950.",
    "Carence en vitamine D. Bonne tolérance du traitement.",
    "Hémocultures : E. coli. Prélèvement cutané : S. Aureus (SAMS).",
    "Tumeur classée stade B. Martin de la réévaluation à 3 mois.",
    "Syndrome de Wolff Parkinson White connu.",
    "N.B.\nP.S.\n",
    "Vacances à la montagne avec le Monte Rosa en vue.",
]


@pytest.mark.parametrize(("text", "expected"), SURNAME_POSITIVES)
def test_surnames_particles_initials(text: str, expected: list[str]) -> None:
    assert persons(text) == expected


@pytest.mark.parametrize("text", SURNAME_NEGATIVES)
def test_surname_look_alikes(text: str) -> None:
    assert persons(text) == []


def test_common_word_after_first_name_needs_a_frequent_surname() -> None:
    assert persons("sa fille Émilie Va bien") == ["Émilie"]


# 4. header acronyms never become persons
@pytest.mark.parametrize(
    "text",
    [
        "Cabinet médical – SIRET 123 456 789 00012",
        "Dr Hugo Perrin – ADELI 751234567 – RPPS 10001234567",
        "NIR 1 85 03 75 123 456 78 – NDA 2024001234",
        "IBODE : Noura ; FINESS 750000000",
    ],
)
def test_header_acronyms_are_not_persons(text: str) -> None:
    found = persons(text)
    assert not {"SIRET", "ADELI", "RPPS", "NIR", "NDA", "FINESS", "IBODE"} & set(found)


# 5. relatives listed with commas: only clear first names continue the list
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Deux filles : Agathe (aidante, 06 11 22 33 44), Bérénice qui vit à Lille.",
         ["Agathe", "Bérénice"]),
        ("Ses petits-enfants Noé, Capucine et Aurèle viennent le week-end.",
         ["Noé", "Capucine", "Aurèle"]),
        ("sa fille Anne, Lyon, 3 ans", ["Anne"]),
        ("sa mère Lina, Diabète équilibré", ["Lina"]),
    ],
)
def test_relative_comma_lists(text: str, expected: list[str]) -> None:
    assert persons(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS : ludovic, IDE : margaux", ["ludovic", "margaux"]),
        ("Cible : douleur. EVA 2/10 – Apolline\n16h – Cible : transit", ["Apolline"]),
        ("AS : aide à la toilette faite", []),
        ("Hôpital Nord – Lyon\nService – Neurologie", []),
    ],
)
def test_care_team_acronyms_and_dash_signatures(text: str, expected: list[str]) -> None:
    assert persons(text) == expected


@pytest.mark.parametrize(
    "note",
    ["Employeur : Carrefour Market, avenue Louis Arago",
     "employeur : carrefour market, avenue louis arago",
     "employeur : airbus atlantic, site de bouguenais"],
)  # fmt: skip
def test_a_company_the_rules_know_after_employer_is_no_person(found_in_note, note):
    found = found_in_note(note)
    company = note.split(" : ")[1].split(", ")[0]
    assert any(company.startswith(span) and label == "ORG" for span, label in found.items())
    assert "PERSON" not in found.values()


def test_a_person_after_employer_is_still_read(found_in_note):
    assert found_in_note("son employeur Franck Morel a appelé hier.").get(
        "Franck Morel") == "PERSON"
