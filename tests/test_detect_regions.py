"""Detection of what the warehouse exports of Auvergne-Rhône-Alpes, Bourgogne-Franche-Comté,
the West and the South-East showed (heldout_r and heldout_s, used for development after their
blind measure): Italian tax codes and European insurance cards, ski stations by altitude,
ski runs, state forests, business parks, cantons, principalities, rooms and pitches before a
postcode, gîtes, bodies named after their territory or a département, national bodies and
companies, feast days and parts of a season, logins and message signatures, care titles with
a qualifier. The examples are our own, not the sets'."""

from __future__ import annotations

import pytest

from clindeid.detect.casing import recase


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # identifiers
        ("Assuré en Italie – codice fiscale BNCLRA79D45H501X", "BNCLRA79D45H501X", "ID"),
        ("Carte européenne d'assurance maladie : 80250000110283349011", "80250000110283349011",
         "ID"),
        ("TEAM n° 8038 0000 1203 9441 7265", "8038 0000 1203 9441 7265", "ID"),
        # places
        ("Chute à ski à Courchevel 1850, piste des Verdons.", "Courchevel 1850", "LOCATION"),
        ("Chute à ski à Courchevel 1850, piste des Verdons.", "piste des Verdons", "LOCATION"),
        ("Élagueur, travaille en forêt domaniale de Chaux.", "forêt domaniale de Chaux",
         "LOCATION"),
        ("Parc d'activités de la Motte – 12 rue des Frênes", "Parc d'activités de la Motte",
         "LOCATION"),
        ("Frontalier, vit à Nyon (canton de Vaud).", "canton de Vaud", "LOCATION"),
        ("Installé en Principauté de Monaco depuis 2019.", "Principauté de Monaco", "LOCATION"),
        ("Hébergé au foyer Les Acacias, chambre 24, 49000 Angers.", "chambre 24", "ADDRESS"),
        ("Domicile : gîte du Moulin Rouge, chemin des Vignes, 84000 Avignon",
         "gîte du Moulin Rouge, chemin des Vignes", "ADDRESS"),
        # organisations
        ("Caisse : MSA Loire-Atlantique-Vendée, adhérent", "MSA Loire-Atlantique-Vendée", "ORG"),
        ("Suivi par le SIST de la Loire pour son poste.", "SIST de la Loire", "ORG"),
        ("Dossier FIVA monté avec l'ADDEVA 49.", "ADDEVA 49", "ORG"),
        ("Arrivée : SAPEURS-POMPIERS 84", "SAPEURS-POMPIERS 84", "ORG"),
        ("Soudeur chez Alstom Transport puis à la DCN de Brest.", "Alstom Transport", "ORG"),
        ("Étudiant à La Rochelle Université.", "La Rochelle Université", "ORG"),
        ("Déclaration à l'inspection du travail de Cholet.", "inspection du travail de Cholet",
         "ORG"),
        ("Ouvrier à la Manufacture horlogère de Morteau.", "Manufacture horlogère de Morteau",
         "ORG"),
        ("MUTUELLE : MUTUELLE ENTRAIDE VENDÉE", "MUTUELLE ENTRAIDE VENDÉE", "ORG"),
        ("Glycémies suivies par l'application glucoTrack.", "glucoTrack", "ORG"),
        ("Obsèques confiées aux PF BERTHELOT.", "PF BERTHELOT", "ORG"),
        ("Adressée au Centre médico-scolaire de Cholet.", "Centre médico-scolaire de Cholet",
         "HOSPITAL"),
        ("Suivi à la CJC d'Angers pour le cannabis.", "CJC d'Angers", "HOSPITAL"),
        # dates
        ("Chute le lundi de Pentecôte, au jardin.", "lundi de Pentecôte", "DATE"),
        ("Fatigue depuis la fin de l'hiver.", "fin de l'hiver", "DATE"),
        # people: logins, a message's initials, a care title with a qualifier
        ("Imprimé le 02/02/2026 à 09:14 par durand.m – poste 12", "durand.m", "PERSON"),
        ("dictée par pgautier – frappe lb – patiente", "pgautier", "PERSON"),
        ("Le bilan est joint.\nMT\n\n> De : secrétariat", "MT", "PERSON"),
        ("Suivi : infirmière libérale Odile BRETON, à domicile.", "Odile BRETON", "PERSON"),
        ("Copie : Mme Anne ROY, sage-femme, Le Puy-en-Velay", "Le Puy-en-Velay", "CITY"),
    ],
)  # fmt: skip
def test_regional_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        ("Analyses envoyées au laboratoire du CHU hier.", "du CHU"),
        ("Inscrit au club de foot du quartier.", "club de foot du quartier"),
        ("Compte rendu validé par biologiste", "biologiste"),
        ("Conclusion : bilan normal.\nHTA\n\nTraitement inchangé.", "HTA"),
        ("Dossier monté avec l'aide de l'ADDEVA 49.", "de l'ADDEVA"),
        ("PRISE EN CHARGE MUTUELLE À VÉRIFIER", "MUTUELLE À VÉRIFIER"),
        ("Né en 1800 selon la légende, mort en 2000.", "1800"),
    ],
)  # fmt: skip
def test_regional_look_alikes(found_in_note, line, absent):
    assert absent not in found_in_note(line)


def test_relatives_after_a_hyphenated_noun_still_read(found_in_note):
    # the hyphen before "enfants" or "fille" still opens a relative; not in "sage-femme"
    found = found_in_note("Elle garde ses petits-enfants Inès et Lou le mercredi.")
    assert found.get("Inès") == "PERSON" and found.get("Lou") == "PERSON"
    found = found_in_note("Copie : Mme Anne ROY, sage-femme, Le Creusot")
    assert "Creusot" not in [s for s, label in found.items() if label == "PERSON"]


@pytest.mark.parametrize(
    ("line", "recased"),
    [
        ("adresse : la brunière, 85500 les herbiers – tél",
         "adresse : la Brunière, 85500 Les Herbiers – tél"),
        ("rhumatologue à la roche-sur-yon, revu", "rhumatologue à La Roche-sur-Yon, revu"),
        # "la crèche" is no commune here (La Crèche, Deux-Sèvres); Le Mans is
        ("garde à la crèche puis au mans", "garde à la crèche puis au Mans"),
        ("aide à domicile de l'admr du clunisois depuis mai",
         "aide à domicile de l'ADMR du Clunisois depuis mai"),
        ("opérée à la polyclinique du parc hier soir",
         "opérée à la Polyclinique du Parc hier soir"),
        ("caisse : msa mayenne-orne-sarthe depuis", "caisse : MSA Mayenne-Orne-Sarthe depuis"),
    ],
)  # fmt: skip
def test_recasing_of_communes_with_articles_and_named_heads(line, recased):
    copy = recase(line)
    assert (copy.text.rstrip("\n") if copy else None) == recased


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # a header's separator before a lowercase head, a second establishment after "et la",
        # a lieu-dit with its article before the postcode, a club named with its article
        ("cardiologie – centre hospitalier de Nevers – secrétariat",
         "centre hospitalier de Nevers", "HOSPITAL"),
        ("Retour à l'EHPAD Les Glycines de Tulle et la Résidence Bellevue ensuite.",
         "EHPAD Les Glycines de Tulle", "HOSPITAL"),
        ("M. Paul RIOU, 70 ans – la Haute Lande, 35400 Saint-Malo", "la Haute Lande",
         "ADDRESS"),
        ("Licencié au club Les Archers du Lac depuis 2010.", "club Les Archers du Lac", "ORG"),
        ("Logement loué à Office lavallois de l'habitat.", "Office lavallois de l'habitat",
         "ORG"),
    ],
)  # fmt: skip
def test_headers_joined_names_and_lieux_dits(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label
