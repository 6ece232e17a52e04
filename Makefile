# The two commands (see README):  make run   ·   make test
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < requirements.lock | cut -d' ' -f1)
# make run LAN=1 serves on the venue's network so players' phones can reach the table pages.
LAN ?= 0
PORT ?= 8000

.PHONY: run test lint format lock clean

$(STAMP): requirements.lock
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements.lock
	@rm -f $(VENV)/.installed-*
	@touch $@

run: $(STAMP)
	$(BIN)/python manage.py serve --port $(PORT) $(if $(filter 1 yes true,$(LAN)),--lan,)

test: $(STAMP)
	$(BIN)/python tests/suite.py $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Re-pin after changing pyproject.toml's dependencies.
lock: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python -m pip freeze --exclude-editable > requirements.lock

clean:
	rm -rf $(VENV) var/*.sqlite3* var/media .pytest_cache
