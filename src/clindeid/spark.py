"""De-identification of a Spark DataFrame (``mapInPandas``): `deidentify`.

Each Python worker of the cluster builds the pipeline once and reuses it. With a key
(``key=`` bytes, or ``seed=``) every patient's documents get the same surrogates on every
executor, reproducibly, as in the local runner (see `clindeid.pipeline.Keying`). A row
that fails or exceeds the time bound gets a null text and its reason in ``error_col``
(fail closed: never the original text). pyspark is imported lazily: this module imports
without it. Install with ``pip install 'clindeid[spark]'`` (pyspark, pandas; Java 17).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clindeid.config import Config
from clindeid.pipeline import Keying, Pipeline
from clindeid.runner.base import DEFAULT_DOC_TIMEOUT, RunSummary
from clindeid.runner.work import PipelineSpec, WorkItem, process_item, warm_up

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from pyspark.sql import DataFrame, SparkSession

ERROR_COL = "deid_error"
EPSILON_COL = "deid_epsilon"
_PIPELINES: dict[str, Pipeline] = {}


def _pipeline(spec: PipelineSpec) -> Pipeline:
    """The pipeline of this Python worker for ``spec`` (built once per process)."""
    name = hashlib.sha256(pickle.dumps(spec)).hexdigest()
    if name not in _PIPELINES:
        _PIPELINES[name] = spec.build()
        warm_up(_PIPELINES[name])
    return _PIPELINES[name]


def _present(value: Any) -> bool:
    if value is None:
        return False
    try:
        return value == value  # NaN is not
    except Exception:
        return True


def _partition_fn(
    spec: PipelineSpec,
    text_col: str,
    patient_col: str | None,
    id_col: str | None,
    timeout: float | None,
    error_col: str,
    epsilon_col: str,
) -> Any:
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        pipeline = _pipeline(spec)
        for pdf in batches:
            texts: list[str | None] = []
            errors: list[str | None] = []
            spent: list[float | None] = []
            for i, text in enumerate(pdf[text_col].tolist()):
                if not isinstance(text, str):
                    texts.append(None)
                    errors.append("text is null" if not _present(text) else "text is not a string")
                    spent.append(None)
                    continue
                raw_id = pdf[id_col].iat[i] if id_col else None
                doc_id = (
                    str(raw_id)
                    if _present(raw_id)
                    else hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
                )
                raw_patient = pdf[patient_col].iat[i] if patient_col else None
                patient = str(raw_patient) if _present(raw_patient) else None
                item = WorkItem(i, doc_id, text, patient=patient)
                result = process_item(pipeline, item, "deidentify", timeout)
                texts.append(result.text)
                errors.append(result.error)
                spent.append(sum(result.epsilon.values()) if result.ok else None)
            out = pdf.copy()
            out[text_col] = texts
            out[error_col] = errors
            out[epsilon_col] = spent
            yield out

    return run


def deidentify(
    df: DataFrame,
    text_col: str,
    patient_col: str | None = None,
    config: Config | None = None,
    *,
    id_col: str | None = None,
    key: bytes | None = None,
    seed: int | None = None,
    epsilon_per_value: float | None = None,
    keying: Keying | None = None,
    doc_timeout: float | None = DEFAULT_DOC_TIMEOUT,
    error_col: str = ERROR_COL,
    epsilon_col: str = EPSILON_COL,
) -> DataFrame:
    """``df`` with ``text_col`` de-identified, plus ``error_col`` (null, or why the row
    failed: its text is then null) and ``epsilon_col`` (ε spent on the row's values).

    Patient consistency: rows with the same ``patient_col`` value share surrogates and
    their privacy budget (ε_v per distinct value). The secret is ``keying``, else ``key``,
    else derived from ``seed`` (or ``config.seed``), else random for this call.
    """
    from pyspark.sql.types import DoubleType, StringType, StructField, StructType

    config = config or Config()
    if keying is None:
        if key is not None:
            keying = Keying(key, epsilon_per_value)
        elif seed is not None or config.seed is not None:
            keying = Keying.from_seed(seed if seed is not None else config.seed, epsilon_per_value)  # type: ignore[arg-type]
        else:
            keying = Keying(os.urandom(32), epsilon_per_value)
    names = df.columns
    for wanted, what in ((text_col, "text"), (patient_col, "patient"), (id_col, "id")):
        if wanted is not None and wanted not in names:
            raise ValueError(f"no {what} column {wanted!r} (available: {', '.join(names)})")
    if not isinstance(df.schema[text_col].dataType, StringType):
        raise ValueError(f"text column {text_col!r} is not a string column")
    schema = StructType(
        [f for f in df.schema.fields if f.name not in (error_col, epsilon_col)]
        + [StructField(error_col, StringType(), True), StructField(epsilon_col, DoubleType(), True)]
    )
    spec = PipelineSpec(config, keying)
    fn = _partition_fn(spec, text_col, patient_col, id_col, doc_timeout, error_col, epsilon_col)
    return df.mapInPandas(fn, schema)


def local_session(app_name: str = "clindeid") -> SparkSession:
    """A local Spark session using every core (for the command line and tests)."""
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # workers: this interpreter
    return (
        SparkSession.builder.master(os.environ.get("CLINDEID_SPARK_MASTER", "local[*]"))
        .appName(app_name)
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )


def deidentify_parquet(
    input_path: Path,
    output_path: Path,
    text_col: str = "text",
    *,
    config: Config | None = None,
    keying: Keying | None = None,
    patient_col: str | None = None,
    id_col: str | None = None,
    doc_timeout: float | None = DEFAULT_DOC_TIMEOUT,
) -> RunSummary:
    """``clindeid deidentify --engine spark``: a Parquet file or dataset into a Parquet
    folder (one file per Spark partition), failures reported by id and reason."""
    try:
        import pyspark  # noqa: F401
    except ImportError:
        raise RuntimeError("--engine spark needs pyspark: pip install 'clindeid[spark]'") from None
    from pyspark.sql import functions as F

    if not Path(input_path).exists():
        raise ValueError(f"{input_path}: no such file or directory")
    if Path(output_path).exists():
        raise ValueError(f"{output_path}: already exists; choose a new output")
    started = time.perf_counter()
    spark = local_session()
    df = spark.read.parquet(str(input_path))
    out = deidentify(
        df, text_col, patient_col, config, id_col=id_col, keying=keying, doc_timeout=doc_timeout
    )
    out.write.parquet(str(output_path))
    written = spark.read.parquet(str(output_path))
    summary = RunSummary()
    stats = written.agg(
        F.count(F.lit(1)).alias("rows"),
        F.sum(F.when(F.col(ERROR_COL).isNull(), F.length(F.col(text_col)))).alias("chars"),
        F.sum(F.col(EPSILON_COL)).alias("eps"),
        F.sum(F.col(ERROR_COL).isNotNull().cast("int")).alias("failed"),
    ).collect()[0]
    summary.documents = int(stats["rows"] or 0) - int(stats["failed"] or 0)
    summary.characters = int(stats["chars"] or 0)
    summary.epsilon_total = float(stats["eps"] or 0.0)
    id_expr = F.col(id_col).cast("string") if id_col else F.lit(None).cast("string")
    for row in (
        written.where(F.col(ERROR_COL).isNotNull())
        .select(id_expr.alias("id"), F.col(ERROR_COL).alias("reason"))
        .limit(1000)
        .collect()
    ):
        summary.failures.append(f"{input_path}: document {row['id']!r} {row['reason']}")
    summary.seconds = time.perf_counter() - started
    return summary
