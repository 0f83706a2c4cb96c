"""Where the shipped knowledge tables live and how they are read.

The tables are Parquet files in the package (``clindeid/data/knowledge/``), found with
:mod:`importlib.resources` and read with pyarrow only. Nothing is ever written next to them:
every cache is in memory, per process.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable
from typing import Any, Generic, TypeVar

import pyarrow as pa
import pyarrow.parquet as pq

from clindeid.knowledge.normalize import normalize_key

__all__ = ["KeyedMapping", "data_dir", "manifest", "read_table"]

V = TypeVar("V")


def data_dir() -> Traversable:
    """The folder holding the shipped tables and ``manifest.json``."""
    return files("clindeid").joinpath("data", "knowledge")


def read_table(
    name: str, columns: list[str] | None = None, dictionary: list[str] | None = None
) -> pa.Table:
    """Read ``<name>.parquet`` from the package data (not cached: loaders cache their result).

    ``dictionary`` names string columns to keep dictionary-encoded. ``ParquetFile`` is used
    rather than ``pq.read_table``, which imports ``pyarrow.dataset`` (≈ 0.3 s).
    """
    resource = data_dir().joinpath(f"{name}.parquet")
    if not resource.is_file():
        raise FileNotFoundError(
            f"knowledge table {name!r} is missing from the package; "
            "rebuild it with scripts/build_knowledge.py"
        )
    with as_file(resource) as path:
        return pq.ParquetFile(path, read_dictionary=dictionary).read(columns=columns)


@cache
def manifest() -> dict[str, Any]:
    """The build manifest: version, build date, source checksums and row counts per table."""
    text = data_dir().joinpath("manifest.json").read_text(encoding="utf-8")
    return json.loads(text)


class KeyedMapping(Mapping[str, V], Generic[V]):
    """A read-only mapping whose lookups accept any written form of a key.

    ``m["JEAN-PIERRE"]``, ``m["jean pierre"]`` and ``"Jean Pierre" in m`` all go through
    :func:`normalize_key`. Iteration yields the normalised keys. Values are built on demand
    from the column arrays, so a table of 800k rows costs one dict of indices, not 800k
    objects.
    """

    __slots__ = ("_build", "_index")

    def __init__(self, index: dict[str, int], build: Any) -> None:
        self._index = index
        self._build = build

    def __getitem__(self, key: str) -> V:
        i = self._index.get(key)
        if i is None:
            i = self._index[normalize_key(key)]
        return self._build(i)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        return key in self._index or normalize_key(key) in self._index

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        i = self._index.get(key)
        if i is None:
            i = self._index.get(normalize_key(key))
        return default if i is None else self._build(i)

    def index_of(self, key: str) -> int | None:
        """Row number of ``key`` in the underlying table, or ``None``."""
        i = self._index.get(key)
        return self._index.get(normalize_key(key)) if i is None else i

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)
