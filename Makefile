# clindeid — developer entry points. `make demo` and `make test` work on a fresh machine.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip

.PHONY: demo test test-slow lint bench knowledge clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -q -e '.[dev,transformers]'
	touch $@

## demo: install, then de-identify the bundled examples/ into out/ and print a summary
demo: $(VENV)/.installed
	rm -rf out && mkdir -p out
	$(BIN)/clindeid deidentify examples -o out/examples --seed 7
	@echo "de-identified documents: out/examples/  audit: out/examples.audit.jsonl"

## test: install with dev tools, then run the whole default test suite (slow tests excluded)
test: $(VENV)/.installed
	$(BIN)/ruff check src tests scripts benchmarks
	$(BIN)/python -m pytest

## test-slow: the slow tests (training, large corpora)
test-slow: $(VENV)/.installed
	$(BIN)/python -m pytest -m slow

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests scripts benchmarks

clean:
	rm -rf out build dist .pytest_cache .ruff_cache
