# The two commands (see README):  make run   ·   make test
# (make dev: the developer's server — Django's runserver with debug pages, on this machine only)
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
# Two locks: requirements.lock pins what the app needs to run (make run, the Docker image);
# requirements-dev.lock is `-r requirements.lock` plus the test tool-chain (make test, lint,
# format). A stamp named after the checksum of the lock(s) it installed records what .venv holds,
# so an unchanged lock is not reinstalled and a changed one is. The dev stamp covers both files,
# and a runtime reinstall removes it, so the dev tools are checked again afterwards.
RUN_STAMP := $(VENV)/.installed-run-$(shell cat requirements.lock | cksum | cut -d' ' -f1)
DEV_STAMP := $(VENV)/.installed-dev-$(shell cat requirements.lock requirements-dev.lock | cksum | cut -d' ' -f1)
# The checkout keeps its data (database, media, secret key, backups) in ./var, apart from an
# installed copy's, which lives in the user's data folder; CALYPSO_DATA or CALYPSO_DATA_DIR in the
# environment names another folder (director/conf.py: data_dir).
ifeq ($(strip $(CALYPSO_DATA)$(CALYPSO_DATA_DIR)),)
export CALYPSO_DATA_DIR := $(CURDIR)/var
endif
# make run LAN=1 serves on the venue's network so players' phones can reach the table pages.
LAN ?= 0
PORT ?= 8000

.PHONY: run dev test test-fast lint format lock clean mutate bench package

$(RUN_STAMP): requirements.lock
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements.lock
	@rm -f $(VENV)/.installed-*
	@touch $@

$(DEV_STAMP): $(RUN_STAMP) requirements-dev.lock
	$(BIN)/python -m pip install -q -r requirements-dev.lock
	@rm -f $(VENV)/.installed-dev-*
	@touch $@

# The installed command's own `run` (director/cli.py), from the checkout's code.
run: $(RUN_STAMP)
	$(BIN)/python -m director run --port $(PORT) $(if $(filter 1 yes true,$(LAN)),--lan,)

# Debug pages and reloading on code changes, for a developer; never on the venue's network.
dev: $(RUN_STAMP)
	DEBUG=1 $(BIN)/python manage.py serve --dev --port $(PORT)

# axe-core for the accessibility tests, as its lock pins it (npm ci; nothing is fetched while the
# tests run). Without npm the step is left out and those tests skip (they fail under CI=true).
AXE := tests/browser/axe/node_modules/axe-core/axe.min.js
$(AXE): tests/browser/axe/package-lock.json
	@if command -v npm >/dev/null; then npm ci --prefix tests/browser/axe --no-audit --no-fund && touch $@; \
	else echo "npm not found: the axe-core accessibility tests will skip"; fi

# openapi-typescript, openapi-fetch and TypeScript for the generated-client tests (tests/api_clients/),
# the same way: npm ci from the lock; without npm those tests skip (they fail under CI=true).
TSCLIENT := tests/api_clients/ts/node_modules/.bin/tsc
$(TSCLIENT): tests/api_clients/ts/package-lock.json
	@if command -v npm >/dev/null; then npm ci --prefix tests/api_clients/ts --no-audit --no-fund && touch $@; \
	else echo "npm not found: the TypeScript client test will skip"; fi

test: $(DEV_STAMP) $(AXE) $(TSCLIENT)
	$(BIN)/python tests/suite.py $(ARGS)

# The edit loop: the engine's tests and the static checks only (no database, browser or server),
# under 30 s on two idle cores. ARGS="tests/scoring/test_play.py" runs those paths instead (ARGS="-k name" filters the fast set).
test-fast: $(DEV_STAMP)
	$(BIN)/python tests/suite.py --fast $(ARGS)

# The package as a director installs it (a couple of minutes; .ci/run runs it after make test): build
# the wheel and sdist, install the wheel into a fresh virtualenv outside the checkout, run a night
# with `calypso-director` there (tests/package/smoke.py).
package: $(DEV_STAMP)
	$(BIN)/python tests/package/smoke.py $(ARGS)

# Mutation testing of scoring/ with mutmut (minutes to hours; not part of make test): prints per-module
# scores and, last, `mutation score: K killed of N (P %)`; refuses while a listed equivalent was killed
# or names no mutant. ARGS="--trust" mutates the trust path (results/table services, event locks,
# sign-in limits, player codes) against the director's tests. See tests/mutate.py and docs/testing.md.
mutate: $(DEV_STAMP)
	$(BIN)/python tests/mutate.py $(ARGS)

# Every benchmark in bench/, briefly, in one table (work, figure, baseline, ratio); docs/benchmarks.md
# has the full runs. ARGS=--with-load adds the PostgreSQL entry load test.
bench: $(DEV_STAMP)
	$(BIN)/python bench/all.py $(ARGS)

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(DEV_STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Re-pin after changing pyproject.toml's dependencies: `make lock`, then commit both locks.
# 1. .venv gets [project] dependencies and the dev extra on top of the current locks: what is new
#    is added, what no longer satisfies pyproject is upgraded, every other pin stays as it is.
# 2. A scratch virtualenv, constrained to the versions .venv now holds, gets the [project]
#    dependencies alone; its pip freeze is requirements.lock. So a package .venv still holds but
#    nothing needs (a dropped dependency, a dev tool) is never pinned there.
# 3. The same scratch virtualenv gets the dev extra too; requirements-dev.lock is
#    `-r requirements.lock` followed by the pins that adds.
# No project build is involved (the dependency lists are read from pyproject.toml), and pip uses
# the machine's configured package index, as every install here does.
SCRATCH := $(VENV)/lock-scratch
PIP := $(BIN)/python -m pip
SCRATCH_PIP := $(PIP) --python $(SCRATCH)/bin/python
PROJECT_DEPS := $(BIN)/python -c 'import sys, tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
	print(*(p["optional-dependencies"][sys.argv[1]] if sys.argv[1:] else p["dependencies"]), sep="\n")'
lock: $(DEV_STAMP)
	rm -rf $(SCRATCH)
	$(BIN)/python -m venv --without-pip $(SCRATCH)
	$(PROJECT_DEPS) > $(SCRATCH)/runtime.in
	$(PROJECT_DEPS) dev > $(SCRATCH)/dev.in
	$(PIP) install -q -r $(SCRATCH)/runtime.in -r $(SCRATCH)/dev.in
	$(PIP) freeze --exclude-editable > $(SCRATCH)/venv.txt
	$(SCRATCH_PIP) install -q -c $(SCRATCH)/venv.txt -r $(SCRATCH)/runtime.in
	$(SCRATCH_PIP) freeze > requirements.lock
	$(SCRATCH_PIP) install -q -c $(SCRATCH)/venv.txt -r $(SCRATCH)/runtime.in -r $(SCRATCH)/dev.in
	{ echo '-r requirements.lock'; $(SCRATCH_PIP) freeze | grep -vxFf requirements.lock || true; } > requirements-dev.lock
	rm -rf $(SCRATCH)

clean:
	rm -rf $(VENV) var/*.sqlite3* var/media .pytest_cache mutants
