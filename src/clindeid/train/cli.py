"""Command-line front end for training data: ``clindeid corpus generate|convert`` and
``clindeid annotate``. Register on the main application with ``register(app)``.
"""

from __future__ import annotations

import time
import warnings
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from clindeid.io import InputError, ReadOptions
from clindeid.io.annotations import (
    AnnotationFormatError,
    read_annotations,
    write_annotations,
)

GENERATE_TYPES_HELP = (
    "Document type weights, TYPE=WEIGHT comma separated (default: the built-in mix). Types: "
    "cr_hospitalisation, lettre_sortie, cr_operatoire, consultation, urgences, ordonnance, "
    "courrier_medecin, biologie, imagerie."
)
DEFAULT_E3C = "../shared/data/corpora/e3c_fr_cc_by_clinical_cases.jsonl"

corpus_app = typer.Typer(
    help="Synthetic training corpora and annotation-format conversions.", no_args_is_help=True
)


def _parse_weights(spec: str | None) -> dict[str, float] | None:
    if not spec:
        return None
    out: dict[str, float] = {}
    for item in spec.split(","):
        name, sep, value = item.partition("=")
        try:
            out[name.strip()] = float(value) if sep else 1.0
        except ValueError:
            raise typer.BadParameter(f"--types expects TYPE=WEIGHT, got {item!r}") from None
    return out


@corpus_app.command("generate")
def generate_command(
    output: Annotated[Path, typer.Option("--output", "-o", help="Output folder.")],
    n: Annotated[int, typer.Option("--n", help="Number of documents.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed (same seed, same corpus).")] = 0,
    types: Annotated[str | None, typer.Option("--types", help=GENERATE_TYPES_HELP)] = None,
    inject_share: Annotated[
        float,
        typer.Option("--inject-share", help="Share of documents made of E3C case reports "
                     "with injected PHI (0 to turn off)."),
    ] = 0.2,
    e3c: Annotated[
        Path | None,
        typer.Option("--e3c", help=f"E3C CC BY clinical cases JSONL [default: {DEFAULT_E3C}]."),
    ] = None,
    formats: Annotated[
        str, typer.Option("--format", help="Output formats, comma separated: clindeid, brat.")
    ] = "clindeid,brat",
    split: Annotated[
        str, typer.Option("--split", help="train,dev,test ratios by patient.")
    ] = "0.8,0.1,0.1",
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Generate synthetic French clinical documents with exact gold annotations."""
    from clindeid.train.corpus import CorpusConfig, generate_corpus, load_carriers, write_corpus
    from clindeid.train.corpus.generate import DEFAULT_TYPE_WEIGHTS

    console = Console(stderr=True, quiet=quiet)
    try:
        ratios = tuple(float(x) for x in split.split(","))
        weights = _parse_weights(types) or dict(DEFAULT_TYPE_WEIGHTS)
        config = CorpusConfig(n=n, seed=seed, type_weights=weights, inject_share=inject_share,
                              split_ratios=ratios)  # fmt: skip
    except ValueError as exc:
        console.print(f"[red]error:[/red] {exc}", highlight=False)
        raise typer.Exit(2) from None
    carriers = None
    if inject_share > 0:
        path = e3c or Path(DEFAULT_E3C)
        if path.exists():
            carriers = load_carriers(path)
        elif e3c is not None:
            console.print(f"[red]error:[/red] {path}: no such file", highlight=False)
            raise typer.Exit(2)
        else:
            console.print(f"[yellow]warning:[/yellow] {path} not found: no E3C injection "
                          "(give --e3c PATH, or --inject-share 0)", highlight=False)  # fmt: skip
    start = time.perf_counter()
    try:
        stats = write_corpus(
            generate_corpus(config, carriers), output,
            tuple(f.strip() for f in formats.split(",") if f.strip()), config,
        )  # fmt: skip
    except ValueError as exc:
        console.print(f"[red]error:[/red] {exc}", highlight=False)
        raise typer.Exit(2) from None
    elapsed = time.perf_counter() - start
    console.print(
        f"{stats.documents} documents, {sum(stats.by_label.values())} entities, "
        f"{len(stats.patients)} patients in {elapsed:.1f} s → {output}",
        highlight=False,
    )


@corpus_app.command("convert")
def convert_command(
    source: Annotated[Path, typer.Argument(help="Annotations (file or BRAT folder).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Output file or folder.")],
    to: Annotated[
        str | None,
        typer.Option("--to", help="clindeid, brat, doccano, prodigy, labelstudio, conll "
                     "(guessed from OUTPUT's suffix if omitted)."),
    ] = None,
    from_: Annotated[
        str | None, typer.Option("--from", help="Format of SOURCE (guessed if omitted).")
    ] = None,
    annotator: Annotated[
        str | None, typer.Option("--annotator", help="Keep only this annotator's annotations.")
    ] = None,
    set_annotator: Annotated[
        str | None,
        typer.Option("--set-annotator", help="Name the annotator of every written document "
                     "(Label Studio: 'prediction:NAME' writes pre-annotations)."),
    ] = None,
) -> None:
    """Convert annotations between formats (export pre-annotations, import corrections)."""
    from dataclasses import replace

    console = Console(stderr=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            docs = read_annotations(source, from_)
            if annotator is not None:
                docs = [d for d in docs if d.annotator == annotator]
            if set_annotator is not None:
                docs = [replace(d, annotator=set_annotator) for d in docs]
            write_annotations(docs, output, to)
        except (AnnotationFormatError, ValueError) as exc:
            console.print(f"[red]error:[/red] {exc}", highlight=False)
            raise typer.Exit(2) from None
    for w in caught:
        console.print(f"[yellow]warning:[/yellow] {w.message}", highlight=False)
    n_ent = sum(len(d.entities) for d in docs)
    console.print(f"{len(docs)} documents, {n_ent} entities → {output}", highlight=False)


def annotate_command(
    source: Annotated[Path, typer.Argument(help="Unlabelled text: txt folder, JSONL, CSV, "
                                           "Parquet or HTML.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Silver annotations.")],
    fmt: Annotated[
        str | None,
        typer.Option("--format", help="clindeid (JSONL with score/source), brat, doccano, "
                     "prodigy, labelstudio, conll (default: from OUTPUT's suffix)."),
    ] = None,
    detectors: Annotated[
        str, typer.Option("--detectors", "-d", help="Detector families, comma separated.")
    ] = "rules",
    min_score: Annotated[
        float, typer.Option("--min-score", help="Drop spans whose confidence is lower.")
    ] = 0.0,
    only_with_entities: Annotated[
        bool, typer.Option("--only-with-entities", help="Skip documents without any span.")
    ] = False,
    annotator: Annotated[
        str | None, typer.Option("--annotator", help="Annotator name written with the spans "
                                 "(Label Studio: default 'prediction:clindeid').")
    ] = None,
    input_format: Annotated[
        str | None, typer.Option("--input-format", help="txt, jsonl, csv, parquet, html.")
    ] = None,
    text_column: Annotated[str, typer.Option("--text-column", help="Text column or key.")] = "text",
    id_column: Annotated[str | None, typer.Option("--id-column", help="Id column.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Distant supervision: label text with the rule, dictionary and context detectors."""
    from clindeid.train.silver import annotate_file

    console = Console(stderr=True, quiet=quiet)
    target = (fmt or "").lower()
    if annotator is None and (target in ("labelstudio", "label-studio", "ls")
                              or (not target and output.suffix.lower() == ".json")):
        annotator = "prediction:clindeid"
    families = tuple(d.strip() for d in detectors.split(",") if d.strip())
    options = ReadOptions(format=input_format, text_column=text_column, id_column=id_column)
    try:
        summary = annotate_file(source, output, fmt, options, families, min_score,
                                only_with_entities, annotator)  # fmt: skip
    except (InputError, AnnotationFormatError, ValueError) as exc:
        console.print(f"[red]error:[/red] {exc}", highlight=False)
        raise typer.Exit(2) from None
    for message in summary.errors:
        console.print(f"[red]error:[/red] {message}", highlight=False)
    labels = ", ".join(f"{k} {v}" for k, v in summary.by_label.most_common())
    console.print(
        f"{summary.written}/{summary.documents} documents, {summary.entities} silver spans"
        f"{' (' + labels + ')' if labels else ''} → {output}",
        highlight=False,
    )
    if summary.errors:
        raise typer.Exit(1)


def register(
    app: typer.Typer, *, corpus_name: str = "corpus", annotate_name: str = "annotate"
) -> None:
    """Add ``corpus`` (generate, convert) and ``annotate`` to ``app``."""
    app.add_typer(corpus_app, name=corpus_name)
    app.command(annotate_name)(annotate_command)


app = typer.Typer(help="Training data: synthetic corpora, silver annotations.",
                  no_args_is_help=True)  # fmt: skip
register(app)
