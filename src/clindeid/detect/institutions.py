"""Names of whole multi-site institutions, which are not PHI (held-out annotation decisions):
``Assistance Publique – Hôpitaux de Paris`` (AP-HP), ``… de Marseille`` (AP-HM), ``Hospices
Civils de Lyon``, ``GHU Paris psychiatrie & neurosciences`` and the AP-HP part of AP-HP's
university hospital groups named as a whole (``AP-HP. Centre - Université Paris Cité``,
``AP-HP. Sorbonne Université``, also without "AP-HP" or as an acronym: ``HUPSSD``), and the
``Service de santé des armées``. They name no site and no patient, yet may contain a city:
nothing found inside them (by a detector, the model or propagation) is kept.
"""

from __future__ import annotations

import re

from clindeid.document import Entity

_DASH = r"\s*[-–—]?\s*"
INSTITUTIONS = re.compile(
    r"(?i)\b(?:assistance\s+publique" + _DASH + r"h[ôo]pitaux\s+de\s+(?:paris|marseille)"
    r"|hospices\s+civils\s+de\s+lyon"
    r"|AP-?HP\.?[ \t]*(?:(?:centre|nord|sud|est|ouest)(?:[ \t]*[-–—][ \t]*"
    r"universit[ée][ \t]+paris(?:[ \t-]+(?:cit[ée]|saclay|est(?:[ \t-]+cr[ée]teil)?))?)?"
    r"|sorbonne[ \t]+universit[ée]|universit[ée][ \t]+paris[ \t-]+saclay"
    r"|h[ôo]pitaux[ \t]+universitaires[ \t]+paris[ \t]+(?:seine-saint-denis|nord[ \t]+val[ \t]+de"
    r"[ \t]+seine|ouest|centre|sud|[îi]le-de-france[ \t]+ouest))"
    r"|GHU[ \t]+paris[ \t]+psychiatrie[ \t]*(?:&|et)[ \t]*neurosciences"
    # the same groups named without "AP-HP", and their acronyms
    r"|h[ôo]pitaux[ \t]+universitaires[ \t]+paris[ \t]+(?:seine-saint-denis|nord[ \t]+val[ \t]+"
    r"de[ \t]+seine|ouest|centre|sud|[îi]le-de-france[ \t]+ouest)"
    r"|HUPSSD|HUPNVS|HUPIFO|HUPC"
    r"|groupe[ \t]+hospitalo-universitaire[ \t]+(?:AP-HP\.?[ \t]*)?(?:sorbonne[ \t]+"
    r"universit[ée]|universit[ée][ \t]+paris[ \t-]+(?:cit[ée]|saclay))"
    # the military health service, owner of the army teaching hospitals
    r"|service[ \t]+de[ \t]+sant[ée][ \t]+des[ \t]+arm[ée]es)\b"
)


def institution_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every whole-institution name in ``text``."""
    return [m.span() for m in INSTITUTIONS.finditer(text)]


def drop_inside_institutions(entities: list[Entity], text: str) -> list[Entity]:
    """``entities`` without those lying wholly inside a whole-institution name."""
    spans = institution_spans(text)
    if not spans:
        return entities
    return [e for e in entities if not any(s <= e.start and e.end <= t for s, t in spans)]
