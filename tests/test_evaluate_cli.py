"""The evaluate/agreement commands, registered on a tiny typer app."""

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from clindeid.document import Entity
from clindeid.evaluate.cli import register
from clindeid.io.annotations import AnnotatedDocument, write_annotations

DATA = Path(__file__).parent / "data" / "annotations"
TEXT = "Jean Dupont vit à Lyon ."


@pytest.fixture()
def app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def hello() -> None:
        """A command of the host application."""

    register(app)
    return app


@pytest.fixture()
def files(tmp_path):
    gold = [AnnotatedDocument("a", TEXT, (Entity(0, 11, "PERSON"), Entity(18, 22, "LOCATION")))]
    pred = [AnnotatedDocument("a", TEXT, (Entity(0, 4, "PERSON"), Entity(18, 22, "CITY")))]
    write_annotations(gold, tmp_path / "gold", "brat")
    write_annotations(pred, tmp_path / "pred.jsonl", "clindeid")
    return tmp_path / "gold", tmp_path / "pred.jsonl"


runner = CliRunner()


def test_evaluate_prints_tables_and_writes_json(app, files, tmp_path):
    gold, pred = files
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["evaluate", str(gold), str(pred), "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "micro" in result.output and "Leak rate" in result.output
    data = json.loads(out.read_text())
    assert data["overall"]["entity_strict"]["micro"]["matched_gold"] == 0
    assert data["overall"]["entity_partial"]["micro"]["matched_gold"] == 1


@pytest.mark.parametrize(
    ("options", "strict_matches"),
    [
        (["--scheme", "coarse"], 1),
        (["--map", "CITY=LOCATION"], 1),
        (["--ignore-label", "PERSON", "--map", "CITY=LOCATION"], 1),
        ([], 0),
    ],
)
def test_evaluate_label_options(app, files, tmp_path, options, strict_matches):
    gold, pred = files
    out = tmp_path / "r.json"
    result = runner.invoke(app, ["evaluate", str(gold), str(pred), "--json", str(out), *options])
    assert result.exit_code == 0, result.output
    micro = json.loads(out.read_text())["overall"]["entity_strict"]["micro"]
    assert micro["matched_gold"] == strict_matches


def test_evaluate_errors_exit_2(app, files):
    gold, pred = files
    result = runner.invoke(app, ["evaluate", str(gold), str(pred), "--gold-format", "xml"])
    assert result.exit_code == 2
    assert "unknown annotation format 'xml'" in result.output
    result = runner.invoke(app, ["evaluate", str(gold), str(pred), "--scheme", "nope"])
    assert result.exit_code == 2 and "unknown label scheme" in result.output


def test_evaluate_max_leak_rate(app, files):
    gold, pred = files
    result = runner.invoke(app, ["evaluate", str(gold), str(pred), "--max-leak-rate", "0"])
    assert result.exit_code == 1 and "leak rate" in result.output


def test_agreement_command(app, tmp_path):
    out = tmp_path / "kappa.json"
    path = DATA / "labelstudio_two_annotators.json"
    result = runner.invoke(app, ["agreement", str(path), "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "Cohen" in result.output and "Fleiss" in result.output
    assert json.loads(out.read_text())["annotators"] == ["7", "alice@example.org"]
    result = runner.invoke(app, ["agreement", str(path), "--include-predictions"])
    assert result.exit_code == 0 and "prediction:v1" in result.output


def test_agreement_needs_two_annotators(app, files):
    _, pred = files
    result = runner.invoke(app, ["agreement", str(pred)])
    assert result.exit_code == 2 and "at least two annotators" in result.output


def test_host_commands_still_work(app):
    assert runner.invoke(app, ["hello"]).exit_code == 0
