# Two entry points for a fresh machine; each creates and fills the virtual environment on first use.
#   make demo   convert the bundled corpus and check every kernel against its numpy reference
#   make test   run the test suite (the same command CI runs)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.cuda2tile-installed

.PHONY: demo test bench docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/cuda2tile convert corpus -o out/corpus --report out/corpus-report.json
	$(BIN)/cuda2tile verify corpus -o out/verify --cuda-arch sm_90 --json out/verify.json

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/translation_throughput.py

docs: $(STAMP)
	$(BIN)/python -m cuda2tile.docs

clean:
	rm -rf out .pytest_cache
