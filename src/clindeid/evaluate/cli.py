"""Command-line front end: ``clindeid evaluate GOLD PRED`` and ``clindeid agreement FILES…``.

Register both on the main application with ``register(app)``.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from clindeid.evaluate.agreement import AgreementError
from clindeid.evaluate.api import EvaluationError, agreement_files, evaluate_files
from clindeid.io.annotations import AnnotationFormatError

SCHEME_HELP = "Compare on this label scheme: clindeid, coarse, paper002, eds-pseudo, meddocan."
IGNORE_HELP = "Leave out entities with this label (repeatable)."
MAP_HELP = "Map a label before scoring, FROM=TO (TO empty drops it; repeatable)."
JSON_HELP = "Also write the report as JSON to this file."


def _label_map(scheme: str, mappings: list[str] | None) -> Any:
    if not mappings:
        return scheme
    if scheme != "clindeid":
        raise typer.BadParameter("use either --scheme or --map, not both")
    out: dict[str, str | None] = {}
    for item in mappings:
        source, sep, target = item.partition("=")
        if not sep or not source.strip():
            raise typer.BadParameter(f"--map expects FROM=TO, got {item!r}")
        out[source.strip().upper()] = target.strip().upper() or None
    return out


@contextmanager
def _reported(console: Console) -> Iterator[None]:
    """Show warnings briefly and turn input errors into exit code 2."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            yield
        except (AnnotationFormatError, EvaluationError, AgreementError, ValueError) as exc:
            _print_warnings(console, caught)
            console.print(f"[red]error:[/red] {exc}", markup=True, highlight=False)
            raise typer.Exit(2) from None
    _print_warnings(console, caught)


def _print_warnings(console: Console, caught: list[warnings.WarningMessage]) -> None:
    for w in caught:
        console.print(f"[yellow]warning:[/yellow] {w.message}", highlight=False)


def _write_json(path: Path | None, data: dict[str, Any], console: Console) -> None:
    if path is not None:
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        console.print(f"[dim]report written to {path}[/dim]")


def evaluate_command(
    gold: Annotated[Path, typer.Argument(help="Gold annotations (file or BRAT folder).")],
    pred: Annotated[Path, typer.Argument(help="Predictions, e.g. `clindeid detect` output.")],
    gold_format: Annotated[
        str | None, typer.Option("--gold-format", help="Format of GOLD (guessed if omitted).")
    ] = None,
    pred_format: Annotated[
        str | None, typer.Option("--pred-format", help="Format of PRED (guessed if omitted).")
    ] = None,
    scheme: Annotated[str, typer.Option("--scheme", help=SCHEME_HELP)] = "clindeid",
    mapping: Annotated[list[str] | None, typer.Option("--map", help=MAP_HELP)] = None,
    ignore_label: Annotated[
        list[str] | None, typer.Option("--ignore-label", help=IGNORE_HELP)
    ] = None,
    json_path: Annotated[Path | None, typer.Option("--json", help=JSON_HELP)] = None,
    gold_annotator: Annotated[
        str | None, typer.Option("--gold-annotator", help="Annotator to use as gold.")
    ] = None,
    pred_annotator: Annotated[
        str | None, typer.Option("--pred-annotator", help="Annotator to use as predictions.")
    ] = None,
    max_leak_rate: Annotated[
        float | None,
        typer.Option("--max-leak-rate", help="Exit with code 1 when the leak rate is higher."),
    ] = None,
) -> None:
    """Score predicted PHI against gold annotations (entity and token level)."""
    console = Console()
    with _reported(console):
        report = evaluate_files(
            gold,
            pred,
            gold_format,
            pred_format,
            label_map=_label_map(scheme, mapping),
            ignore_labels=ignore_label or (),
            gold_annotator=gold_annotator,
            pred_annotator=pred_annotator,
        )
    report.render(console)
    _write_json(json_path, report.to_json(), console)
    if max_leak_rate is not None and report.scores.leak_rate > max_leak_rate:
        console.print(
            f"[red]leak rate {report.scores.leak_rate:.4f} is above {max_leak_rate}[/red]"
        )
        raise typer.Exit(1)


def agreement_command(
    files: Annotated[
        list[Path],
        typer.Argument(help="One multi-annotator file, or one file per annotator."),
    ],
    fmt: Annotated[
        str | None, typer.Option("--format", help="Format of the files (guessed if omitted).")
    ] = None,
    scheme: Annotated[str, typer.Option("--scheme", help=SCHEME_HELP)] = "clindeid",
    mapping: Annotated[list[str] | None, typer.Option("--map", help=MAP_HELP)] = None,
    ignore_label: Annotated[
        list[str] | None, typer.Option("--ignore-label", help=IGNORE_HELP)
    ] = None,
    include_predictions: Annotated[
        bool,
        typer.Option("--include-predictions", help="Treat Label Studio predictions as raters."),
    ] = False,
    json_path: Annotated[Path | None, typer.Option("--json", help=JSON_HELP)] = None,
) -> None:
    """Inter-annotator agreement: Cohen's kappa per pair, Fleiss' kappa (token level)."""
    console = Console()
    with _reported(console):
        report = agreement_files(
            files,
            fmt,
            label_map=_label_map(scheme, mapping),
            ignore_labels=ignore_label or (),
            include_predictions=include_predictions,
        )
    report.render(console)
    _write_json(json_path, report.to_json(), console)


def register(
    app: typer.Typer, *, evaluate_name: str = "evaluate", agreement_name: str = "agreement"
) -> None:
    """Add the ``evaluate`` and ``agreement`` commands to ``app``."""
    commands: list[tuple[str, Callable[..., None]]] = [
        (evaluate_name, evaluate_command),
        (agreement_name, agreement_command),
    ]
    for name, func in commands:
        app.command(name)(func)


app = typer.Typer(help="Evaluate detections and annotator agreement.", no_args_is_help=True)
register(app)
