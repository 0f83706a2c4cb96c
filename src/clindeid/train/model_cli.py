"""``clindeid train``: train (or retrain) the NER model on annotated documents.

    clindeid train --train corrected/ --dev dev.jsonl -o models/ner
    clindeid train --train a.jsonl --train b.conll --dev dev.jsonl -o models/ner --trials 20
    clindeid train --train corrected/ --dev dev.jsonl -o models/ner --lowercase
    clindeid detect notes.jsonl -o entities.jsonl --model models/ner

``--lowercase`` also trains the lowercase model into ``MODEL_DIR/lowercase`` (the same
documents in lowercase), which then reads the documents typed without capitals.
``--train``/``--dev`` accept any format ``clindeid evaluate`` reads (our JSONL, BRAT,
Doccano, Prodigy, Label Studio, CoNLL; guessed from the name or ``--format``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from clindeid.io.annotations import AnnotationFormatError

err = Console(stderr=True)


def train_command(
    train: Annotated[
        list[Path], typer.Option("--train", help="Training annotations (repeatable).")
    ],
    out_dir: Annotated[Path, typer.Option("--output", "-o", help="Model directory to write.")],
    dev: Annotated[
        list[Path] | None, typer.Option("--dev", help="Dev annotations for model selection.")
    ] = None,
    fmt: Annotated[
        str | None, typer.Option("--format", "-f", help="Annotation format (default: guessed).")
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", help="spacy (default), crf or transformers.")
    ] = "spacy",
    base_model: Annotated[
        Path | None,
        typer.Option("--base-model", help="Local base model directory (transformers backend)."),
    ] = None,
    epochs: Annotated[int, typer.Option("--epochs", help="Epochs (CRF: L-BFGS iterations).")] = 6,
    learn_rate: Annotated[float, typer.Option("--learn-rate")] = 0.001,
    dropout: Annotated[float, typer.Option("--dropout")] = 0.2,
    batch_size: Annotated[int, typer.Option("--batch-size")] = 16,
    window: Annotated[int, typer.Option("--window", help="Window length in characters.")] = 1500,
    trials: Annotated[
        int, typer.Option("--trials", help="Hyper-parameter search: TPE trials (0: none).")
    ] = 0,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    lowercase: Annotated[
        bool,
        typer.Option(
            "--lowercase",
            help="Also train the lowercase model (MODEL_DIR/lowercase) for documents typed "
            "without capitals (crf and spacy backends).",
        ),
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Train a NER model on annotated documents (the dev set selects the best epoch)."""
    from clindeid.train.train import BACKENDS, TrainParams, lowercased, read_documents
    from clindeid.train.train import train as run_train

    if backend not in BACKENDS:
        err.print(f"error: unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
        raise typer.Exit(2)
    try:
        train_docs = read_documents(train, fmt)
        dev_docs = read_documents(dev, fmt) if dev else []
    except (AnnotationFormatError, OSError) as exc:
        err.print(f"error: {exc}", markup=False, highlight=False)
        raise typer.Exit(2) from None
    if not train_docs:
        err.print("error: no training documents")
        raise typer.Exit(2)
    if trials and not dev_docs:
        err.print("error: --trials needs --dev")
        raise typer.Exit(2)
    if lowercase and backend == "transformers":
        err.print("error: --lowercase is for the crf and spacy backends")
        raise typer.Exit(2)
    params = TrainParams(epochs=epochs, learn_rate=learn_rate, dropout=dropout,
                         batch_size=batch_size, window=window, seed=seed)  # fmt: skip

    def log(message: str) -> None:
        if not quiet:
            err.print(message, markup=False, highlight=False)

    runs = [("model", train_docs, dev_docs, out_dir)]
    if lowercase:  # the twin read for notes typed without capitals
        runs.append(("lowercase model", lowercased(train_docs), lowercased(dev_docs),
                     out_dir / "lowercase"))  # fmt: skip
    for what, docs, dev_set, target in runs:
        try:
            result = run_train(docs, dev_set, target, params, backend, trials=trials,
                               base_model_dir=base_model, log=log)  # fmt: skip
        except (ValueError, RuntimeError, FileNotFoundError) as exc:
            err.print(f"error: {exc}", markup=False, highlight=False)
            raise typer.Exit(2) from None
        if not quiet:
            err.print(f"{what} written to {result.model_dir} (dev score "
                      f"{result.dev_score:.4f}, {result.seconds:.0f}s)", markup=False,
                      highlight=False)  # fmt: skip


def register(app: typer.Typer, name: str = "train") -> None:
    """Add ``train`` to ``app``."""
    app.command(name)(train_command)
