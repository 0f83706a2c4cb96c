"""Document-type templates, as data.

A template is literal text with ``{slot}`` placeholders (``{slot:arg}``); slots are written by
`clindeid.train.corpus.documents` (PHI slots add gold entities, phrase slots pick one of the
`PHRASES` and render it in turn, ``{int:A:B}``/``{dec:A:B}`` write numbers). A document type is
a list of `Section`: each is included with its probability, written from one of its
alternatives, optionally in capitals (``upper``) or hard-wrapped (``prose``: line breaks inside
sentences, as in text extracted from PDF).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["DOCUMENT_TYPES", "FAMILY", "PHRASES", "SERVICE_BY_TYPE", "Section"]


class Section(NamedTuple):
    name: str
    probability: float
    alternatives: tuple[str, ...]
    prose: bool = False
    upper: float = 0.0  # probability of writing the section in capitals


# ------------------------------------------------------------------ shared sections

LETTERHEAD = Section("letterhead", 0.95, (
    "{hospital}\nService de {service}\n{hosp_address}\nTél : {hosp_phone} – Fax : {hosp_fax}\n"
    "FINESS : {finess}\n\n",
    "{hospital}\n{hosp_address}\nSecrétariat : {hosp_phone}{ext_opt}\n{hosp_url}\n\n",
    "{hospital} – Service de {service}\n{hosp_address} – Tél. {hosp_phone}\n"
    "N° FINESS {finess} – {hosp_email}\n\n",
    "{hospital_long}\n{hosp_address}\nStandard : {hosp_phone}\nService de {service} – "
    "Secrétariat : {hosp_phone2}\n\n",
    "{hospital}\nPôle {service}\nChef de service : Pr {chief}\n{hosp_address}\n"
    "Tél. secrétariat {hosp_phone} / Fax {hosp_fax}\n\n",
    "{hospital_site}\nService de {service}\n{hosp_address}\nTél. {hosp_phone}\n\n",
), upper=0.25)

BANNER = Section("banner", 0.9, (
    "| Patient : {pt_banner} | {Ne} le : {birth_date} | IPP : {ipp} | NDA : {nda} |\n\n",
    "Patient{e} : {pt_banner}   {Ne} le {birth_date}   IPP {ipp}\n\n",
    "NOM : {pt_last}   Prénom : {pt_first}   DDN : {birth_date}   Sexe : {sex_letter}\n"
    "IPP : {ipp} – Séjour n° {nda} – NIR : {nir}\n\n",
    "{pt_title} {pt_banner} ({age}) – {Ne} le {birth_date} – IPP {ipp}\n\n",
    "Nom de naissance : {pt_last} | Prénom : {pt_first} | Date de naissance : {birth_date} |"
    " N° SS : {nir}\n\n",
    "Identité : {pt_banner}, {ne} le {birth_date}\nAdresse : {pt_address}\nTél. : {pt_phone}\n\n",
))

SIGNATURE = Section("signature", 0.95, (
    "\n{dr_sig}\n{dr_function}\n",
    "\nDr {dr_abbr}\nRPPS : {rpps}\n",
    "\nLe praticien, {dr}\n",
    "\n{dr_sig} – {dr_function}\nLigne directe : {hosp_phone} – {dr_email}\n",
    "\nSigné électroniquement par {dr_sig} le {doc_date}\n",
    "\n{dr_initials}\n",
))

COPY = Section("copy", 0.5, (
    "\nCopie : Dr {gp}, médecin traitant, {gp_address}\n",
    "\nCopie à : Dr {gp} ({gp_city}) ; patient{e}\n",
    "\nDestinataires : Dr {gp} – {gp_address} ; Dr {dr2}\n",
    "\nCc : Docteur {gp}, {gp_phone}\n",
))

TRAPS = Section("traps", 0.35, (
    "{trap}\n",
), prose=True)

# ------------------------------------------------------------------ document types

DOCUMENT_TYPES: dict[str, tuple[Section, ...]] = {
    "cr_hospitalisation": (
        LETTERHEAD,
        BANNER,
        Section("title", 1.0, (
            "COMPTE RENDU D'HOSPITALISATION\n",
            "Compte rendu d'hospitalisation\n",
            "COMPTE-RENDU D'HOSPITALISATION EN {service_upper}\n",
        )),
        Section("stay", 1.0, (
            "Séjour {stay_range}\nMédecin responsable : Dr {dr}\n{team}\n\n",
            "Hospitalisation {stay_range} dans le service de {service_lower} du {hospital}.\n"
            "{team}\n\n",
            "Date d'entrée : {adm_date}   Date de sortie : {dis_date}\n"
            "Mode d'entrée : {entry_mode}\n\n",
        )),
        Section("motif", 1.0, ("MOTIF D'HOSPITALISATION\n{motif}\n\n",
                               "Motif : {motif}\n\n"), prose=True),
        Section("atcd", 0.9, ("ANTÉCÉDENTS\n{atcd}\n{atcd}\n{atcd_date}\n\n",
                              "Antécédents :\n- {atcd}\n- {atcd_date}\n- {atcd}\n\n")),
        Section("social", 0.6, ("MODE DE VIE\n{social}\n\n", "Mode de vie : {social}\n\n"),
                prose=True),
        Section("histoire", 0.9, ("HISTOIRE DE LA MALADIE\n{histoire}\n\n",), prose=True),
        Section("examen", 0.8, ("EXAMEN CLINIQUE\n{examen}\n\n",), prose=True),
        Section("bio", 0.4, ("BIOLOGIE ({event_date})\n{bio_table}\n",)),
        Section("evolution", 0.9, ("ÉVOLUTION\n{evolution}\n\n", "Évolution : {evolution}\n\n"),
                prose=True),
        Section("diag", 0.9, ("DIAGNOSTICS (CIM-10)\n{diagnoses}\n",)),
        Section("conclusion", 1.0, ("CONCLUSION\n{conclusion}\n\n",), prose=True),
        Section("traitement", 0.7, ("TRAITEMENT DE SORTIE\n{prescription}\n",)),
        Section("followup", 0.7, ("Rendez-vous de suivi avec le Dr {dr_last} le {next_date}.\n",
                                  "Consultation de contrôle prévue le {next_date} au "
                                  "{hospital}.\n")),
        TRAPS,
        COPY,
        SIGNATURE,
    ),
    "lettre_sortie": (
        LETTERHEAD,
        Section("place_date", 0.9, ("{doc_city}, le {doc_date}\n\n", "Le {doc_date}\n\n")),
        Section("addressee", 0.8, ("Docteur {gp}\n{gp_address}\n\n",)),
        Section("title", 0.9, ("LETTRE DE LIAISON – SORTIE\n\n", "Lettre de sortie\n\n",
                               "Objet : sortie d'hospitalisation de {pt_ref}\n\n")),
        Section("body", 1.0, (
            "Cher confrère,\n\nJe vous adresse en retour votre patient{e}, {pt_title_name}, "
            "{ne} le "
            "{birth_date} (IPP {ipp}), hospitalisé{e} {stay_range} pour {diag_label}.\n\n",
            "Chère consœur, cher confrère,\n\n{pt_title_name}, {age}, a été hospitalisé{e} dans "
            "notre service {stay_range}. {motif}\n\n",
        ), prose=True),
        Section("evolution", 0.9, ("{evolution} {histoire}\n\n",), prose=True),
        Section("social", 0.4, ("{social}\n\n",), prose=True),
        Section("relative", 0.4, ("{relative_sentence}\n\n",), prose=True),
        Section("traitement", 0.8, ("Traitement de sortie :\n{prescription}\n",)),
        Section("followup", 0.8, ("Je {la} reverrai en consultation le {next_date}.\n",
                                  "Un rendez-vous est fixé le {next_date} avec le Dr {dr2}.\n")),
        Section("close", 1.0, ("\nBien confraternellement,\n",
                               "\nJe vous prie de croire, cher confrère, à mes sentiments les "
                               "meilleurs.\n")),
        SIGNATURE,
        COPY,
    ),
    "cr_operatoire": (
        LETTERHEAD,
        BANNER,
        Section("title", 1.0, ("COMPTE RENDU OPÉRATOIRE\n\n", "Compte rendu opératoire\n\n")),
        Section("team", 1.0, (
            "Date de l'intervention : {event_date}\nOpérateur : Dr {dr}\nAide : {intern}\n"
            "Anesthésiste : Dr {dr2}\nIBODE : {nurse}\n\n",
            "Intervention du {event_date} – Chirurgien : Pr {dr} – Anesthésie : Dr {dr2}\n"
            "Interne : {intern}\n\n",
        )),
        Section("indication", 1.0, ("Indication : {diag_label} chez {pt_ref}, {age}.\n\n",
                                    "INDICATION\n{motif}\n\n"), prose=True),
        Section("gestes", 1.0, ("DÉROULEMENT\n{operation}\n{operation}\n\n",), prose=True),
        Section("suites", 0.8, ("Suites : {evolution}\n\n",), prose=True),
        Section("diag", 0.7, ("Codage : {diagnoses}\n",)),
        TRAPS,
        SIGNATURE,
    ),
    "consultation": (
        LETTERHEAD,
        Section("title", 1.0, ("CONSULTATION DU {doc_date_upper}\n\n",
                               "Compte rendu de consultation – {doc_date}\n\n",
                               "Consultation de {service_lower} du {doc_date}\n\n")),
        Section("patient", 1.0, (
            "{pt_title} {pt_full}, {ne} le {birth_date} ({age}), demeurant {pt_address}.\n\n",
            "Patient{e} : {pt_banner} – {age} – Tél. {pt_phone}\n\n",
            "Vu{e} ce jour {pt_title_name}, {age}, adressé{e} par le Dr {gp}.\n\n",
        ), prose=True),
        Section("motif", 1.0, ("Motif : {motif}\n\n",), prose=True),
        Section("atcd", 0.7, ("Antécédents : {atcd} ; {atcd_date}.\n\n",), prose=True),
        Section("social", 0.5, ("{social}\n\n",), prose=True),
        Section("examen", 0.9, ("Examen : {examen}\n\n",), prose=True),
        Section("conclusion", 1.0, ("Conclusion : {conclusion}\n",), prose=True),
        Section("followup", 0.6, ("Prochain rendez-vous le {next_date}.\n",)),
        TRAPS,
        SIGNATURE,
        COPY,
    ),
    "urgences": (
        Section("header", 1.0, (
            "{hospital} – SERVICE DES URGENCES\n{hosp_address}\n\n",
            "URGENCES ADULTES – {hospital_upper}\nAccueil : {hosp_phone}\n\n",
            "Passage aux urgences – {hospital}\n\n",
        )),
        Section("banner", 1.0, (
            "| {pt_banner} | {sex_letter} | {age} | DDN : {birth_date} | IPP {ipp} | "
            "Passage n° {nda} |\n\n",
            "Patient : {pt_banner}, {ne} le {birth_date}\nArrivé{e} le {adm_datetime}\n"
            "Adresse : {pt_address}\n"
            "Personne à prévenir : {relative} ({relation}) – {rel_phone}\n\n",
        )),
        Section("motif", 1.0, ("MOTIF DE RECOURS : {motif}\n\n",), prose=True),
        Section("histoire", 0.8, ("{histoire}\n\n",), prose=True),
        Section("examen", 0.9, ("Examen : {examen}\n\n",), prose=True),
        Section("bio", 0.3, ("{bio_table}\n",)),
        Section("decision", 1.0, (
            "Orientation : retour à domicile le {dis_date}. Médecin urgentiste : Dr {dr}.\n",
            "Orientation : hospitalisation, transfert au {other_hospital}.\n"
            "Médecin : Dr {dr} (bip {ext}).\n",
            "Décision : sortie. Consignes données à {pt_ref} et à son entourage.\nDr {dr}\n",
        ), prose=True),
        TRAPS,
    ),
    "ordonnance": (
        LETTERHEAD,
        Section("prescriber", 0.8, ("Dr {dr}\nRPPS {rpps}\nN° AM {adeli}\n\n",
                                    "Docteur {dr} – {service}\nRPPS : {rpps}\n\n")),
        Section("place_date", 1.0, ("{doc_city}, le {doc_date}\n\n", "Le {doc_date}\n\n")),
        Section("patient", 1.0, ("{pt_title} {pt_full}\n{age} – {weight} kg\n\n",
                                 "Patient{e} : {pt_banner}, {ne} le {birth_date}\n\n",
                                 "Nom : {pt_last} Prénom : {pt_first} Âge : {age}\n"
                                 "N° SS : {nir} – Mutuelle : {org}\n\n")),
        Section("title", 1.0, ("ORDONNANCE\n\n", "Ordonnance bizone – ALD\n\n",
                               "PRESCRIPTION MÉDICALE\n\n")),
        Section("lines", 1.0, ("{prescription}{prescription}",)),
        Section("renewal", 0.5, ("\nÀ renouveler {int:1:5} fois.\n", "\nQSP 3 mois.\n")),
        SIGNATURE,
    ),
    "courrier_medecin": (
        LETTERHEAD,
        Section("place_date", 1.0, ("{doc_city}, le {doc_date}\n\n",)),
        Section("addressee", 1.0, ("Docteur {gp}\n{gp_address}\n\n",
                                   "À l'attention du Dr {gp}, médecin traitant\n\n")),
        Section("object", 0.8, ("Objet : {pt_title_name}, {ne} le {birth_date}\n\n",
                                "Concerne : {pt_banner} – DDN {birth_date}\n\n")),
        Section("body", 1.0, (
            "Cher ami,\n\nJ'ai revu en consultation le {doc_date} votre patient{e} "
            "{pt_title_name}, "
            "{age}, que vous m'aviez adressé{e} pour {diag_label}. {histoire}\n\n",
            "Mon cher confrère,\n\nMerci de m'avoir adressé {pt_title_name}, {age}, qui habite "
            "{pt_city} et travaille chez {org}. {motif} {examen}\n\n",
        ), prose=True),
        Section("atcd", 0.6, ("Pour mémoire, {atcd_date}.\n\n",), prose=True),
        Section("relative", 0.4, ("{relative_sentence}\n\n",), prose=True),
        Section("origin", 0.3, ("{Il} est originaire {location_phrase} et vit en France depuis "
                                "{past_year}.\n\n",), prose=True),
        Section("conclusion", 1.0, ("{conclusion}\n\n",), prose=True),
        Section("close", 1.0, ("Bien amicalement,\n", "Je reste à votre disposition.\n")),
        SIGNATURE,
    ),
    "biologie": (
        Section("header", 1.0, (
            "{hospital}\nLaboratoire de biologie médicale\n{hosp_address}\nTél : {hosp_phone}\n"
            "Biologiste responsable : Dr {dr}\n\n",
            "LABORATOIRE DE BIOCHIMIE – {hospital_upper}\nFINESS {finess}\n\n",
        )),
        Section("banner", 1.0, (
            "| Patient : {pt_banner} | Né(e) le {birth_date} | Sexe : {sex_letter} | "
            "IPP : {ipp} |\n"
            "| Prescripteur : Dr {dr2} | Service : {service} | Dossier : {nda} |\n"
            "Prélevé le {event_date} à {time} – Reçu le {event_date} à {time}\n\n",
            "Nom : {pt_last}  Prénom : {pt_first}  DDN : {birth_date}\nDemande n° {exam_id} du "
            "{event_date}\n\n",
        )),
        Section("results", 1.0, ("RÉSULTATS\n{bio_table}{bio_table}\n",)),
        Section("comment", 0.6, ("Commentaire : {bio_comment}\n",), prose=True),
        Section("antecedent", 0.4, ("Antériorité du {past_date} : {bio_line}\n",)),
        Section("validation", 1.0, ("\nValidé par {dr_sig} le {doc_date}\n",
                                    "\nCompte rendu validé le {doc_date} – {dr_initials}\n")),
    ),
    "imagerie": (
        LETTERHEAD,
        Section("banner", 1.0, (
            "Patient : {pt_banner} – {Ne} le {birth_date} – IPP {ipp}\nExamen n° {exam_id} du "
            "{event_date}\nDemandeur : Dr {dr2} ({service})\n\n",
            "| {pt_banner} | {age} | {exam_date_cell} | Médecin demandeur : Dr {gp} |\n\n",
        )),
        Section("title", 1.0, ("{imaging_title}\n\n",)),
        Section("indication", 1.0, ("Indication : {imaging_indication}\n\n",), prose=True),
        Section("technique", 0.8, ("Technique : {imaging_technique}\n\n",), prose=True),
        Section("results", 1.0, ("Résultats :\n{imaging_result}\n{imaging_result}\n\n",),
                prose=True),
        Section("comparison", 0.4, ("Comparaison avec l'examen du {past_date} réalisé au "
                                    "{other_hospital} : {imaging_compare}\n\n",), prose=True),
        Section("conclusion", 1.0, ("CONCLUSION : {imaging_conclusion}\n",), prose=True),
        SIGNATURE,
    ),
}

# ------------------------------------------------------------------ real-export styles
# Quick notes, nursing transmissions, administrative forms and genetics letters as they come
# out of hospital warehouses: lowercase names, label–value layouts, tabs, page footers.

PRINT_FOOTER = Section("footer", 0.3, ("\n{print_footer}",))

DOCUMENT_TYPES.update({
    "note_rapide": (
        Section("header", 1.0, (
            "{hospital_lower} – accueil urgences – IOA {note_date} {time}\n",
            "urg {hospital_lower} – obs med du {note_date}\n",
            "note médicale {note_date}, rédigée par interne {intern_first_lower}\n",
            "CPOA {hospital_lower} {note_date} {time}\n",
        )),
        Section("patient", 1.0, (
            "pt {pt_lower} {age_a}, ddn {ddn_short}, ipp {ipp}\n",
            "pt : {pt_lower}, {age_a}, {psy_mode}\n",
            "patient{e} {pt_lower} {age_a} ddn {ddn_short}\n",
        )),
        Section("arrival", 0.8, (
            "amené{e} par {org_police}, retrouvé{e} {sub_place}\n",
            "amené{e} par les pompiers, chute {sub_place}\n",
            "venu{e} seul{e}, adressé{e} par {org_social}\n",
            "accompagné{e} par son {rel_word} \"{nickname}\" tel {rel_phone_compact}\n",
        )),
        Section("motif", 1.0, ("motif : {motif}\n", "{motif}\n"), prose=True),
        Section("context", 0.7, (
            "se dit surveillé{e} par « {nickname:patient} » et par ses collègues de "
            "{org_employer}.\n",
            "{relation} ({relative_first:lower}) appelé{e} : {social}\n",
            "vit en foyer ({org_social}), éducateur : {staff_first:4}, {rel_phone_compact}\n",
            "SDF, hébergé{e} au {org_social} depuis {past_month}\n",
            "aide à domicile {org_lower} 2h/j, ide du {care_unit:lower} matin et soir\n",
            "suivi{e} {care_unit:lower}, mt dr {dr_lower:last}\n",
            "joue au {org_lower}, arrêt donné. orientation {care_unit:lower}\n",
            "téléalarme ({org_lower}) déclenchée cette nuit, voisin{e} prévenu{e}\n",
        )),
        Section("exam", 0.9, ("ex : {examen}\n", "{examen}\n"), prose=True),
        Section("seen", 1.0, (
            "vu par dr {dr_lower}, avec interne {intern_first_lower}\n",
            "vu avec dr {dr_lower:last}, avis psy demandé\n",
            "JLD saisi, audience prévue {weekday_date} ({org_police}), conseil : Me {relative}\n",
        )),
        Section("plan", 0.8, ("ablation des fils à J10 par IDE libérale\n",
                              "RAD avec {relation}, CAT expliquée\n",
                              "hospit en {service_lower}, transfert {other_hospital}\n")),
        Section("sign", 1.0, (
            "IDE {nurse_initial_lower} – med {dr_lower:last}\n",
            "signé dr {dr_lower:initial}\n",
            "dr {dr_lower:last}\n",
        )),
    ),
    "transmissions": (
        Section("header", 1.0, (
            "TRANSMISSIONS CIBLÉES – {service} – {hospital}\nPatient{e} : {pt_banner} – ch. "
            "{int:100:450} – IPP {ipp}\n\n",
            "Transmissions infirmières – {pt_banner} – ch. {int:100:450} – IPP {ipp}\n\n",
            "{hospital} – Unité {int:1:9}\nDossier de soins : {pt_banner} ({age}) – "
            "NDA {nda}\n\n",
        )),
        Section("t1", 1.0, ("{note_date} {time} – Cible : {cible}. D : {donnee}. A : {action}. "
                            "R : {resultat}. {nurse_sign}\n",)),
        Section("t2", 1.0, ("{note_date} {time} – Cible : {cible}. D : {donnee}. A : {action}. "
                            "R : {resultat}. {nurse_sign}\n",)),
        Section("t3", 0.8, ("{weekday_date} {time} – Passage du Dr {dr} : {evolution} "
                            "{nurse_sign}\n",
                            "{note_date} {time}\t{cible}\t{action}\t{nurse_sign}\n")),
        Section("t4", 0.7, ("{note_date} {time} – Cible : {cible}. D : appel de {relation} "
                            "({relative_first}). A : informé{e}. {nurse_sign}\n",
                            "{note_date} {time} – Cible : {cible}. D : {donnee}. R : "
                            "{resultat}. {nurse_sign}\n")),
        Section("t5", 0.5, ("Séance de kiné avec {staff_first:4}. Retour à domicile prévu "
                            "{weekday_date}.\n",)),
        PRINT_FOOTER,
    ),
    "administratif": (
        Section("title", 1.0, (
            "BON DE TRANSPORT SANITAIRE\n", "ARRÊT DE TRAVAIL (avis initial)\n",
            "FICHE DE LIAISON – TRANSFERT\n", "CERTIFICAT DE DÉCÈS (partie administrative)\n",
            "DÉCLARATION DE SANTÉ – PRÊT IMMOBILIER\n", "RÉQUISITION (OPJ)\n",
            "DEMANDE D'ADMISSION EN EHPAD\n", "RAPPORT MÉDICAL – INVALIDITÉ\n",
        )),
        Section("page", 0.5, ("Page 1/2\n", "Page 1 sur 2\n", "p. 1/3\n")),
        Section("establishment", 0.8, (
            "Établissement\t{hospital} – FINESS {finess}\n",
            "Établissement : {hospital_site}\nN° FINESS : {finess}\n",
            "{hospital}\tFINESS\t{finess}\tTél\t{hosp_phone}\n",
        )),
        Section("patient", 1.0, (
            "Assuré{e}\t{pt_banner}\nN° SS\t{nir}\nDate de naissance\t"
            "{birth_date}\nAdresse\t{pt_address}\n",
            "Nom : {pt_last}   Prénom : {pt_first}   DDN : {birth_date}\nNIR : {nir}   "
            "IPP : {ipp}   NDA : {nda}\n",
            "Patient{e} : {pt_banner} – {Ne} le {birth_date} – NIR {nir} – IPP {ipp}\n"
            "Domicile : {pt_address} – Tél. {pt_phone}\n",
        )),
        Section("employer", 0.6, (
            "Employeur\t{org_employer} – SIRET {siret}\nPoste\t{job}\n",
            "Employeur : {org_employer}, {gp_address} – SIRET {siret}\n",
        )),
        Section("insurer", 0.6, (
            "Organisme\t{org_insurer}\tContrat n°\t{contract_id}\n",
            "Assureur : {org_insurer} – contrat n° {contract_id}\nBanque : {org_bank}\n",
            "Caisse : {org_insurer} – numéro CAF {caf_id}\n",
        )),
        Section("prescriber", 1.0, (
            "Prescripteur\tDr {dr}\tRPPS\t{rpps}\tADELI\t{adeli}\n",
            "Prescripteur : Dr {dr} – RPPS {rpps} – ADELI : {adeli}\n",
            "Médecin : Dr {dr}\nN° RPPS : {rpps}\n",
        )),
        Section("specific", 1.0, (
            "Transporteur\t{org_transport}\tTél\t{gp_phone}\nDate du transport\t"
            "{next_date}\tHeure\t{time}\n",
            "Décès survenu au domicile : {pt_address}\nSociété funéraire : {org_funeral}\n"
            "Constat le {dis_date} à {time}\n",
            "Requérant : {officer}, {org_police}, agissant sur instructions du {org_police}\n",
            "Destination\t{other_hospital}\tSalle\t{int:1:20}\tHeure\t{time}\n",
            "Arrêt du {adm_date} au {next_date} – sorties autorisées\n",
        )),
        Section("motif", 0.7, ("Motif\t{diag_label}\n", "Motif : {motif}\n")),
        Section("staff", 0.3, ("Présents : {staff_list}\n",)),
        Section("place_date", 1.0, ("\nFait à {doc_city}, le {doc_date}\n",
                                    "\n{doc_city}, le {doc_date}\n")),
        SIGNATURE,
        PRINT_FOOTER,
    ),
    "genetique": (
        LETTERHEAD,
        Section("place_date", 0.8, ("{doc_city}, le {doc_date}\n\n",)),
        Section("object", 1.0, ("Objet : consultation d'oncogénétique – {pt_title_name}, "
                                "{ne} le {birth_date}\n\n",
                                "CONSULTATION DE GÉNÉTIQUE – {pt_banner} – IPP {ipp}\n\n")),
        Section("body", 1.0, ("J'ai reçu {pt_title_name}, {age}, accompagné{e} de {relation} "
                              "{relative_first}, pour une histoire familiale de cancers.\n\n",
                              "{Le_patient}, {age}, nous est adressé{e} par le Dr {gp} pour "
                              "avis.\n\n"), prose=True),
        Section("tree", 1.0, ("Arbre généalogique :\n{family_tree}\n",
                              "Histoire familiale\n{family_tree}\n")),
        Section("staff", 0.4, ("RCP du {past_date} – Présents : {staff_list}\n\n",)),
        Section("conclusion", 1.0, ("{conclusion}\n\n",), prose=True),
        SIGNATURE,
        COPY,
    ),
})  # fmt: skip
for _type in ("cr_hospitalisation", "biologie", "imagerie", "urgences", "cr_operatoire"):
    DOCUMENT_TYPES[_type] = (*DOCUMENT_TYPES[_type], PRINT_FOOTER)

# Our type → the gold set's document types (tests/data/gold/README.md).
FAMILY: dict[str, str] = {
    "cr_hospitalisation": "cr_hospitalisation", "lettre_sortie": "lettre",
    "cr_operatoire": "cr_operatoire", "consultation": "consultation", "urgences": "urgences",
    "ordonnance": "ordonnance", "courrier_medecin": "lettre", "biologie": "biologie",
    "imagerie": "imagerie", "note_rapide": "urgences", "transmissions": "cr_hospitalisation",
    "administratif": "administratif", "genetique": "lettre",
}  # fmt: skip

# Services a document type is written in (clindeid.train.corpus.icd10.SERVICES keys).
SERVICE_BY_TYPE: dict[str, tuple[str, ...]] = {
    "cr_operatoire": ("chirurgie", "orthopedie", "urologie", "gynecologie"),
    "urgences": ("urgences",),
    "note_rapide": ("urgences", "urgences", "psychiatrie"),
    "genetique": ("oncologie",),
}

# ------------------------------------------------------------------ phrases (rendered in turn)

PHRASES: dict[str, tuple[str, ...]] = {
    "motif": (
        "{diag_label_cap}.",
        "Prise en charge pour {diag_label}.",
        "{Le_patient} est adressé{e} par son médecin traitant, le Dr {gp}, pour {diag_label}.",
        "Douleur thoracique constrictive depuis {int:2:12} heures.",
        "Altération de l'état général avec amaigrissement de {int:3:12} kg en {int:2:6} mois.",
        "Dyspnée d'aggravation progressive, stade NYHA {int:2:4}.",
        "Chute de sa hauteur au domicile le {event_date}, retrouvé{e} au sol par {relative_ref}.",
        "Fièvre à {dec:38:40} °C depuis {int:2:5} jours.",
        "Adressé{e} par le SAMU pour {diag_label}.",
        "Chute {sub_place} le {event_date}, amené{e} par {org_transport}.",
        "Rapatrié{e} de {foreign_city} pour {diag_label}.",
        "Malaise à {small_city} le {event_date}, transporté{e} par {org_transport}.",
        "Bilan de {diag_label}, découvert{e} en {past_year}.",
    ),
    "atcd": (
        "HTA traitée depuis {int:2:20} ans", "Diabète de type 2 sous metformine 1000 mg x2/j",
        "Appendicectomie dans l'enfance", "Tabagisme à {int:10:40} PA, sevré",
        "Dyslipidémie", "Pas d'allergie connue", "Allergie à la pénicilline",
        "Fibrillation atriale sous apixaban 5 mg x2/j", "BPCO stade GOLD {int:1:4}",
        "Hypothyroïdie substituée (Lévothyrox 75 µg)", "Syndrome d'apnées du sommeil appareillé",
        "Cholécystectomie cœlioscopique", "Maladie de Parkinson", "Arthrose des genoux",
    ),
    "atcd_date": (
        "Infarctus du myocarde en {past_year} traité par angioplastie au {other_hospital}",
        "Cholécystectomie le {past_date}",
        "Fracture du poignet droit en {past_month}",
        "Prothèse totale de hanche gauche en {past_year} (Dr {dr3})",
        "AVC ischémique le {past_date}, sans séquelle",
        "Césarienne en {past_year}",
        "Hospitalisation au {other_hospital} en {past_month} pour pneumopathie",
    ),
    "social": (
        "Vit seul{e} à {pt_city}, autonome. Aide à domicile {int:2:5} fois par semaine.",
        "Vit avec son épouse à {pt_city}. Retraité de la {org}.",
        "Marié{e}, {int:1:4} enfants. Travaille comme aide-soignant{e} au {other_hospital}.",
        "Employé{e} chez {org}. Tabac actif {int:5:30} PA, alcool occasionnel.",
        "Vit en EHPAD depuis {past_year}. GIR {int:2:5}.",
        "Originaire {location_phrase}, en France depuis {past_year}.",
        "Vit chez ses parents. Scolarisé{e} en CM{int:1:2}.",
        "Personne de confiance : {relative_sentence_short}",
        "Travaille chez {org_employer}. Mutuelle : {org_insurer}.",
        "Licencié{e} au {org_club}, blessé{e} {sub_place}.",
        "Scolarisé{e} au {org_school}. Suivi{e} par l'{org_social}.",
        "Rentré{e} par un vol {org_airline} le {past_date}.",
        "Suivi{e} par le {org_social} ; prêt auprès du {org_bank}.",
        "Accident survenu {sub_place}, pris{e} en charge par {org_transport}.",
        "Originaire {location_phrase}, habite près {sub_place}.",
        "Retour à {small_city} prévu le {next_date}.",
        "A travaillé à {foreign_city} de {past_year} à {past_year}, puis à {small_city}.",
        "Arrivé{e} en France ({foreign_region}) en {past_year} ; domicile à {small_city}.",
        "Né{e} à {foreign_city}. Famille à {small_city}.",
        "Séjour récent à {small_city} (camping), retour le {event_date}.",
        "Pêcheur, embarque à {small_city}.",
        "Téléassistance {org_company} installée, médaillon porté.",
        "Télésurveillance par la plateforme {org_company}, transmission hebdomadaire.",
        "Informé{e} de l'association de patients {org_assoc}.",
        "Bénévole à {org_assoc} depuis {past_year}.",
        "Orienté{e} vers {org_assoc} pour un soutien.",
        "Employé{e} de production chez {org_company}, travail posté.",
        "Livreur pour {org_company}, arrêt de travail en cours.",
        "Agent{e} d'accueil, employeur : {org_public}.",
        "Dossier transmis à : {org_public}.",
        "Nage au club {org_sport} deux fois par semaine.",
        "Licencié{e} au club {org_sport}, reprise du sport à discuter.",
        "Salarié{e} de {org_company} ({job}), visite de reprise prévue.",
        "Séjour de vacances organisé par {org_assoc} en {past_month}.",
        "Aide-ménagère via {org_company} deux matinées par semaine.",
        "Aide à domicile de {org_homecare} {int:2:5} fois par semaine ; passage du "
        "{care_unit} matin et soir.",
        "Auxiliaire de vie : {relative_first} ({org_homecare}).",
        "Téléalarme ({org_homecare}) déclenchée deux fois cette semaine.",
        "Soins infirmiers par le {care_unit}, kinésithérapie à domicile.",
        "Suivi{e} par le {care_unit} depuis {past_year}.",
        "Entrée au {care_unit} prévue le {next_date}.",
        "Conseil : Me {relative} ({org_legal}, {small_city}).",
        "Courrier de son avocat ({org_legal}) reçu le {past_date}.",
        "Orientation vers {org_rights} pour un accompagnement.",
        "Mesure de protection confiée à l'{org_rights} ; dossier transmis au {org_rights}.",
        "Assureur de l'établissement : {org_insurer}. Information donnée sur la {org_rights}.",
        "Joue au {org_club}, arrêt de la compétition pendant le traitement.",
    ),
    "histoire": (
        "{Le_patient} rapporte depuis le {event_date} une asthénie croissante et une dyspnée "
        "d'effort. Pas de fièvre. Le bilan réalisé en ville le {past_date} retrouvait une "
        "hémoglobine à {dec:7:10} g/dL.",
        "Installation brutale le {event_day} à {time} d'un déficit brachio-facial droit, constaté "
        "par {relative_ref}. NIHSS initial {int:2:18}.",
        "Les symptômes ont débuté il y a {int:2:10} jours. {Il} a consulté SOS Médecins le "
        "{event_date} : traitement symptomatique sans amélioration.",
        "Pas de notion de voyage récent. Contage familial. Vaccination à jour.",
        "Chute mécanique sans perte de connaissance. Impotence fonctionnelle du membre inférieur.",
    ),
    "examen": (
        "TA {int:100:170}/{int:60:95} mmHg, FC {int:55:120}/min, SpO2 {int:88:100} % en air "
        "ambiant, T {dec:36:39} °C. Auscultation cardio-pulmonaire normale.",
        "Patient{e} conscient{e}, orienté{e}, Glasgow 15. Abdomen souple, dépressible, indolore.",
        "Crépitants de la base droite. Pas de signe de lutte. EVA {int:0:8}/10.",
        "Poids {weight} kg, taille {int:150:190} cm, IMC {dec:18:35} kg/m². Œdèmes des membres "
        "inférieurs prenant le godet.",
        "Examen neurologique : Babinski négatif, pas de déficit sensitivo-moteur.",
    ),
    "evolution": (
        "L'évolution est favorable sous traitement, permettant un retour à domicile le {dis_date}.",
        "Apyrexie obtenue à J{int:2:5}. Relais per os le {event_date}.",
        "Épisode de confusion le {event_day}, résolutif. Bilan étiologique négatif.",
        "Mobilisation au fauteuil à J1, reprise de la marche avec kinésithérapeute.",
        "Transfert en SSR au {other_hospital} le {dis_date}.",
        "Bonne tolérance du traitement. Surveillance biologique rassurante.",
    ),
    "conclusion": (
        "{diag_label_cap}. Retour à domicile le {dis_date}.",
        "{diag_label_cap} chez un{e} patient{e} de {age}. Suivi par le Dr {gp}.",
        "Au total, {diag_label} d'évolution favorable. Contrôle dans {int:1:6} mois.",
        "Pas d'argument pour une pathologie évolutive. Poursuite du traitement actuel.",
    ),
    "prescription": (
        "- AMOXICILLINE 1 g : 1 cp 3 fois par jour pendant {int:5:10} jours\n",
        "- PARACÉTAMOL 1 g : 1 cp toutes les 6 h si douleur (max 4 g/24 h)\n",
        "- KARDÉGIC 75 mg : 1 sachet le midi\n",
        "- ATORVASTATINE {int:1:8}0 mg : 1 cp le soir\n",
        "- ENOXAPARINE 4000 UI : 1 injection SC par jour pendant {int:10:35} jours\n",
        "- METFORMINE 1000 mg : 1 cp matin et soir\n",
        "- LÉVOTHYROX {int:2:15}5 µg : 1 cp le matin à jeun\n",
        "- FUROSÉMIDE 40 mg : 1 cp le matin\n",
        "- Soins infirmiers à domicile : pansement tous les 2 jours\n",
        "- BISOPROLOL 2,5 mg : 1 cp par jour\n",
    ),
    "bio_table": (
        "| Examen | Résultat | Unité | Valeurs de référence |\n"
        "| Hémoglobine | {dec:8:16} | g/dL | 12,0 – 16,0 |\n"
        "| Leucocytes | {dec:3:18} | G/L | 4,0 – 10,0 |\n"
        "| Plaquettes | {int:90:450} | G/L | 150 – 400 |\n",
        "| Créatinine | {int:50:300} µmol/L | DFG {int:15:110} mL/min/1,73 m² |\n"
        "| Sodium | {int:128:146} mmol/L | Potassium | {dec:3:6} mmol/L |\n",
        "CRP ........ {int:1:250} mg/L (< 5)\nProcalcitonine ........ {dec:0:5} µg/L\n",
        "| TSH | {dec:0:8} mUI/L | 0,27 – 4,20 |\n| HbA1c | {dec:5:11} % | < 6,0 |\n",
        "| Troponine T hs | {int:5:2000} ng/L | < 14 |\n| NT-proBNP | {int:50:9000} ng/L |\n",
    ),
    "bio_line": ("hémoglobine {dec:9:15} g/dL", "créatinine {int:60:200} µmol/L",
                 "CRP {int:1:100} mg/L"),
    "bio_comment": (
        "Résultats transmis par téléphone au Dr {dr2} le {event_date} à {time}.",
        "Hémolyse légère, potassium à contrôler.",
        "Contrôle souhaitable dans {int:2:8} semaines.",
    ),
    "operation": (
        "Installation en décubitus dorsal. Antibioprophylaxie par céfazoline 2 g à {time}.",
        "Cœlioscopie, open-coelioscopie à l'ombilic, 3 trocarts.",
        "Incision de Pfannenstiel. Hémostase soigneuse. Fermeture plan par plan.",
        "Réduction de la fracture et ostéosynthèse par clou gamma. Contrôle scopique satisfaisant.",
        "Prélèvements envoyés en anatomopathologie (n° {exam_id}).",
        "Pas d'incident peropératoire. Pertes sanguines estimées à {int:50:600} mL.",
    ),
    "imaging_title": (
        "SCANNER THORACO-ABDOMINO-PELVIEN", "IRM CÉRÉBRALE", "RADIOGRAPHIE DU THORAX DE FACE",
        "ÉCHOGRAPHIE ABDOMINALE", "ANGIO-TDM DES TRONCS SUPRA-AORTIQUES", "IRM DU GENOU DROIT",
    ),
    "imaging_indication": ("Bilan de {diag_label}.", "Suspicion de {diag_label}.",
                           "Contrôle à {int:3:12} mois."),
    "imaging_technique": (
        "Acquisition hélicoïdale avec injection de {int:60:120} mL de produit de contraste iodé.",
        "Séquences T1, T2 FLAIR, diffusion et T2*.", "Sans injection.",
    ),
    "imaging_result": (
        "Pas d'épanchement pleural ni péricardique.",
        "Nodule de {int:4:25} mm du lobe supérieur droit.",
        "Foie de taille normale, sans lésion focale.",
        "Hypersignal diffusion cortico-sous-cortical frontal gauche.",
        "Pas de dilatation des voies biliaires. Vésicule alithiasique.",
        "Lésions dégénératives étagées, discopathie L4-L5.",
    ),
    "imaging_compare": ("stabilité.", "légère progression.", "régression partielle."),
    "imaging_conclusion": ("Aspect compatible avec {diag_label}.", "Examen sans anomalie.",
                           "Pas d'argument pour une lésion évolutive."),
    "trap": (
        "Score de Glasgow 15, NIHSS 0, TA 13/8, EVA 2/10.",
        "Pas de signe de Lasègue. Signe de Murphy négatif.",
        "Contrôle INR à J3 et J7 ; objectif 2-3.",
        "Chambre {int:1:40}, lit {int:1:2}. UF {int:1000:9999}.",
        "Vu à {time} par l'équipe de nuit.",
        "Pas de maladie d'Alzheimer ni de Parkinson connue. Réflexe de Babinski indifférent.",
        "Classification de Garden III. Score de Child-Pugh A5.",
        "Dosage répété à H6 et H24.",
        "Version du logiciel de prescription v{int:2:9}.{int:0:9}.{int:0:9}.",
    ),
    "entry_mode": ("urgences", "programmé", "transfert", "consultation"),
    "cible": ("douleur", "dyspnée", "anxiété", "élimination", "chute", "alimentation",
              "sommeil", "agitation", "hyperthermie", "pansement"),
    "donnee": ("EVA {int:3:8}/10", "SpO2 {int:88:96} % en AA", "refuse son plateau",
               "selles absentes depuis {int:2:4} jours", "T {dec:38:40} °C",
               "réveillé{e} à {time}, déambule"),
    "action": ("paracétamol 1 g per os", "O2 {int:1:4} L/min", "réassurance",
               "laxatif, à surveiller", "appel de l'interne de garde", "pansement refait"),
    "resultat": ("EVA {int:0:3}/10 à {time}", "SpO2 {int:93:99} %", "patient{e} apaisé{e}",
                 "s'est rendormi{e}", "apyrexie"),
    "psy_mode": ("SDT depuis le {note_date}", "SDRE", "soins libres",
                 "SPI depuis le {note_date}"),
    "rel_word": ("ami", "voisin", "frère", "cousin", "fils"),
    "job": ("cariste", "aide-soignant{e}", "magasinier", "agent de sécurité", "coiffeur",
            "secrétaire", "maçon", "boulanger", "caissier", "comptable"),
    "relation": ("épouse", "époux", "fille", "fils", "mère", "père", "sœur", "frère",
                 "voisine", "compagne"),
}
