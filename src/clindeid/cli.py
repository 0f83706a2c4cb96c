"""The ``clindeid`` command line: thin wrappers that parse options and call the library."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from clindeid import __version__
from clindeid.batch import RunOptions, RunSummary, run_deidentify, run_detect
from clindeid.config import Config, ConfigError, load_config
from clindeid.evaluate.cli import register as register_evaluate
from clindeid.io.base import DEFAULT_MAX_DOCUMENT_BYTES, InputError, ReadOptions
from clindeid.pipeline import Keying, Pipeline
from clindeid.runner.base import DEFAULT_DOC_TIMEOUT, DEFAULT_PART_CHARS, DEFAULT_PART_DOCS
from clindeid.train.cli import register as register_train
from clindeid.train.model_cli import register as register_model_train

app = typer.Typer(
    name="clindeid",
    help="De-identify French clinical text: detect personal identifiers, replace them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console()
err = Console(stderr=True)

FormatOpt = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help="Input format: txt, jsonl, csv, parquet, html (default: "
        "from the extension or the folder's files).",
    ),
]
TextColumnOpt = Annotated[
    str, typer.Option("--text-column", help="Column (CSV/Parquet) or key (JSONL) holding the text.")
]
IdColumnOpt = Annotated[
    str | None, typer.Option("--id-column", help="Column holding the document id.")
]
EncodingOpt = Annotated[str, typer.Option("--encoding", help="Text encoding of the input.")]
MaxDocOpt = Annotated[
    float, typer.Option("--max-doc-mb", help="Refuse documents larger than this (MiB).")
]
DetectorsOpt = Annotated[
    str | None,
    typer.Option("--detectors", "-d", help="Detector families, comma separated (e.g. rules)."),
]
ModelOpt = Annotated[
    Path | None,
    typer.Option(
        "--model",
        help="A model directory from `clindeid train` instead of the shipped model.",
        exists=True,
        file_okay=False,
    ),
]
ConfigOpt = Annotated[
    Path | None, typer.Option("--config", "-c", help="YAML configuration file.", exists=True)
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", help="Seed for reproducible surrogates (default: random).")
]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar nor summary.")]
WorkersOpt = Annotated[
    int,
    typer.Option("--workers", "-w", min=1, help="Worker processes (each loads the model once)."),
]
DocTimeoutOpt = Annotated[
    float,
    typer.Option(
        "--doc-timeout",
        min=0,
        help="Seconds allowed per document; a slower one is reported and not written "
        "(0: no bound).",
    ),
]


def _version(value: bool) -> None:
    if value:
        out.print(f"clindeid {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool | None,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = None,
) -> None:
    """De-identify French clinical text: detect personal identifiers, replace them."""


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def _read_options(
    fmt: str | None, text_column: str, id_column: str | None, encoding: str, max_doc_mb: float
) -> ReadOptions:
    return ReadOptions(
        format=fmt,
        text_column=text_column,
        id_column=id_column,
        encoding=encoding,
        max_document_bytes=int(max_doc_mb * 1024 * 1024),
    )


def _model_dir(model: Path | None) -> str | None:
    if model is not None and not (model / "clindeid_meta.json").is_file():
        raise _fail(f"{model}: not a clindeid model directory (no clindeid_meta.json)")
    return str(model) if model is not None else None


def _config(config_file: Path | None, **options: object) -> Config:
    try:
        base = load_config(config_file) if config_file else Config()
        return base.with_options(**options)
    except ConfigError as exc:
        raise _fail(str(exc)) from None


@contextmanager
def _progress(quiet: bool, what: str) -> Iterator[Callable[[int], None]]:
    if quiet:
        yield lambda n: None
        return
    columns = (
        SpinnerColumn(),
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task(what, total=None)
        yield lambda n: progress.advance(task, n)


def _report(summary: RunSummary, title: str, quiet: bool) -> None:
    for failure in summary.failures:
        err.print(f"[bold red]error:[/] {escape(failure)}", highlight=False, soft_wrap=True)
    if quiet:
        return
    table = Table(title=title, show_header=True, header_style="bold")
    table.add_column("label")
    table.add_column("entities", justify="right")
    for label, count in sorted(summary.entities.items()):
        table.add_row(label, str(count))
    table.add_row("[bold]total[/]", f"[bold]{sum(summary.entities.values())}[/]")
    out.print(table)
    speed = summary.characters / summary.seconds if summary.seconds else 0.0
    line = (
        f"{summary.documents} document(s), {summary.characters:,} characters in "
        f"{summary.seconds:.2f} s ({speed:,.0f} chars/s)"
    )
    if summary.skipped:
        line += f" (+{summary.skipped} already done before --resume)"
    if summary.masked:
        line += f"; {summary.masked} entity(ies) masked by their tag (no surrogate possible)"
    if summary.epsilon_total:
        line += f"; ε spent {summary.epsilon_total:.3g} over the documents"
    if summary.patients:
        line += (
            f"; {summary.patients} patient(s)/subject(s), ε per patient max "
            f"{summary.epsilon_patient_max:.3g}, mean {summary.epsilon_patient_mean:.3g}"
        )
    if summary.failures:
        line += f"; [red]{len(summary.failures)} failure(s)[/]"
    out.print(line, highlight=False)


def _keying(
    key_file: Path | None, seed: int | None, epsilon_per_value: float | None, resumable: bool
) -> Keying:
    """The run's secret: the key file, else derived from --seed, else random (then a resumed
    run cannot repeat the surrogates of the interrupted one)."""
    if key_file is not None:
        secret = key_file.read_bytes().strip()
        if len(secret) < 16:
            raise _fail(f"{key_file}: the key must have at least 16 bytes")
        return Keying(secret, epsilon_per_value)
    if seed is not None:
        return Keying.from_seed(seed, epsilon_per_value)
    if resumable:
        err.print(
            "[yellow]warning:[/] no --key-file nor --seed: a resumed run will draw other "
            "surrogates for the patients of the parts it redoes",
            highlight=False,
        )
    return Keying(os.urandom(32), epsilon_per_value)


@app.command()
def deidentify(
    input: Annotated[Path, typer.Argument(help="Input file or folder.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Output file or folder.")],
    fmt: FormatOpt = None,
    text_column: TextColumnOpt = "text",
    id_column: IdColumnOpt = None,
    encoding: EncodingOpt = "utf-8",
    max_doc_mb: MaxDocOpt = DEFAULT_MAX_DOCUMENT_BYTES / 1024 / 1024,
    config_file: ConfigOpt = None,
    detectors: DetectorsOpt = None,
    model: ModelOpt = None,
    strategy: Annotated[
        str | None,
        typer.Option(
            "--strategy",
            help="Default strategy for every label (tag, "
            "redact…); the configuration file can set one per label.",
        ),
    ] = None,
    seed: SeedOpt = None,
    epsilon: Annotated[
        float | None, typer.Option("--epsilon", help="Privacy budget per document.")
    ] = None,
    audit: Annotated[
        Path | None,
        typer.Option("--audit", help="Audit file (JSONL). Default: OUTPUT.audit.jsonl."),
    ] = None,
    audit_text: Annotated[
        bool,
        typer.Option(
            "--audit-text",
            help="Also write original and surrogate text in the audit "
            "(contains PHI: keep it secure).",
        ),
    ] = False,
    quiet: QuietOpt = False,
    workers: WorkersOpt = 1,
    parts: Annotated[
        bool | None,
        typer.Option(
            "--parts/--no-parts",
            help="Write OUTPUT/ as parts with a manifest (default: with --workers > 1 or "
            "--resume).",
            show_default=False,
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Finish an interrupted parts run (skips the parts done)."),
    ] = False,
    part_docs: Annotated[
        int, typer.Option("--part-docs", min=1, help="Documents per output part.")
    ] = DEFAULT_PART_DOCS,
    part_chars: Annotated[
        int, typer.Option("--part-chars", min=1, help="Characters per output part (at most).")
    ] = DEFAULT_PART_CHARS,
    doc_timeout: DocTimeoutOpt = DEFAULT_DOC_TIMEOUT,
    patient_column: Annotated[
        str | None,
        typer.Option(
            "--patient-column",
            help="Column/key naming the patient: a patient's documents share surrogates and "
            "one privacy budget (default: meta.patient_id).",
        ),
    ] = None,
    key_file: Annotated[
        Path | None,
        typer.Option(
            "--key-file",
            exists=True,
            dir_okay=False,
            help="Secret key: surrogates reproducible across runs and machines (keep it "
            "secret). Default: from --seed, else a random key per run.",
        ),
    ] = None,
    epsilon_per_value: Annotated[
        float | None,
        typer.Option(
            "--epsilon-per-value",
            min=0,
            help="ε spent on each distinct private value of a patient (default: --epsilon).",
        ),
    ] = None,
    mapping_out: Annotated[
        Path | None,
        typer.Option(
            "--mapping-out",
            help="Encrypted original→surrogate table for authorised re-identification "
            "(a folder of parts in the parts layout). Needs --mapping-key.",
        ),
    ] = None,
    mapping_key: Annotated[
        Path | None,
        typer.Option(
            "--mapping-key", exists=True, dir_okay=False, help="Key file of the mapping table."
        ),
    ] = None,
    engine: Annotated[
        str,
        typer.Option("--engine", help="local, or spark (Parquet in, Parquet folder out)."),
    ] = "local",
) -> None:
    """De-identify INPUT into OUTPUT (same kind), with an audit file of every replacement."""
    config = _config(
        config_file,
        detectors=detectors,
        model_dir=_model_dir(model),
        default_strategy=strategy,
        seed=seed,
        epsilon=epsilon,
    )
    options = _read_options(fmt, text_column, id_column, encoding, max_doc_mb)
    if epsilon_per_value is not None and epsilon_per_value <= 0:
        raise _fail("--epsilon-per-value must be > 0")
    keying = _keying(key_file, config.seed, epsilon_per_value, resume or bool(parts))
    if engine not in ("local", "spark"):
        raise _fail(f"unknown engine {engine!r} (local, spark)")
    try:
        if engine == "spark":
            from clindeid.spark import deidentify_parquet

            summary = deidentify_parquet(
                input, output, text_column, config=config, keying=keying,
                patient_col=patient_column, id_col=id_column, doc_timeout=doc_timeout or None,
            )  # fmt: skip
        else:
            summary = _run_local(
                input, output, options, config, keying, audit, audit_text, quiet,
                RunOptions(
                    workers=workers, parts=parts, resume=resume, part_docs=part_docs,
                    part_chars=part_chars, doc_timeout=doc_timeout or None,
                    patient_column=patient_column, mapping_out=mapping_out,
                    mapping_key=mapping_key.read_bytes() if mapping_key else None,
                ),
            )  # fmt: skip
    except (InputError, ValueError, RuntimeError) as exc:
        raise _fail(str(exc)) from None
    _report(summary, "entities replaced", quiet)
    if not summary.ok:
        raise typer.Exit(1)


def _run_local(
    input: Path,
    output: Path,
    options: ReadOptions,
    config: Config,
    keying: Keying,
    audit: Path | None,
    audit_text: bool,
    quiet: bool,
    run: RunOptions,
) -> RunSummary:
    pipeline = Pipeline(config, keying=keying)
    with _progress(quiet, "de-identifying") as advance:
        return run_deidentify(pipeline, input, output, options, audit, audit_text, advance, run)


@app.command()
def detect(
    input: Annotated[Path, typer.Argument(help="Input file or folder.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Output JSONL file.")],
    fmt: FormatOpt = None,
    text_column: TextColumnOpt = "text",
    id_column: IdColumnOpt = None,
    encoding: EncodingOpt = "utf-8",
    max_doc_mb: MaxDocOpt = DEFAULT_MAX_DOCUMENT_BYTES / 1024 / 1024,
    config_file: ConfigOpt = None,
    detectors: DetectorsOpt = None,
    model: ModelOpt = None,
    quiet: QuietOpt = False,
    workers: WorkersOpt = 1,
    doc_timeout: DocTimeoutOpt = DEFAULT_DOC_TIMEOUT,
) -> None:
    """Write the entities of every document of INPUT as JSONL:
    {"id", "entities": [{"start", "end", "label", "source"}]} (offsets in characters of the
    document text; for HTML, of the extracted text)."""
    config = _config(config_file, detectors=detectors, model_dir=_model_dir(model))
    options = _read_options(fmt, text_column, id_column, encoding, max_doc_mb)
    try:
        run = RunOptions(workers=workers, parts=False, doc_timeout=doc_timeout or None)
        pipeline = Pipeline(config)
        with _progress(quiet, "detecting") as advance:
            summary = run_detect(pipeline, input, output, options, advance, run)
    except (InputError, ValueError, RuntimeError) as exc:
        raise _fail(str(exc)) from None
    _report(summary, "entities detected", quiet)
    if not summary.ok:
        raise typer.Exit(1)


register_evaluate(app)
register_train(app)
register_model_train(app)


if __name__ == "__main__":  # pragma: no cover
    app()
