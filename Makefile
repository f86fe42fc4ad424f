# hexwar developer commands. Needs only Python >= 3.11 and make: everything
# else is installed into .venv on first use.
#
#   make play    start the client
#   make test    run the whole test suite headless, in parallel (TEST_JOBS=auto: one
#                process a core; TEST_JOBS=0 for one process; a test file runs whole in
#                one process, so its module fixtures run once), then the ten slowest
#                tests and the line coverage of hexwar/ (COV= to leave it out)
#   make lint    ruff and mypy on the finished packages (the lists in tools/lint.py)
#   make bench   run the benchmarks (tools/bench.py)
#   make fuzz    run the rules fuzzer (tools/fuzz.py) for FUZZ_SECONDS (default 600)
#   make tournament  the computer player against the baselines (tools/tournament.py):
#                    TOURNAMENT_GAMES=2 for a quick check, TOURNAMENT_GAME=<game id> for one
#                    game, TOURNAMENT_JOBS=2 for two processes (docs/ai.md)
#   make clean   remove the venv, build output and caches

PY ?= python3
VENV = .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed
HEADLESS = SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
PIP = $(BIN)/python -m pip --disable-pip-version-check

.PHONY: play test lint bench fuzz tournament clean venv

venv: $(STAMP)

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

# Re-install only when the package definition changed (or the venv is new).
$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(PIP) install -q -e '.[dev]'
	touch $@

play: $(STAMP)
	$(BIN)/hexwar

# The line coverage of hexwar/ after the tests (`make test COV=` runs without it). Tracing makes
# the engine's hot loops about four times slower, so the tests marked whole_game (random and
# computer games played to their end) and sweep (a property over every position of many
# games) run with it paused (tests/conftest.py).
COV ?= --cov=hexwar --cov-report=term:skip-covered
TEST_JOBS ?= auto

test: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist loadfile --durations=10 $(COV)

lint: $(STAMP)
	$(BIN)/python -m tools.lint

bench: $(STAMP)
	$(BIN)/python -m tools.bench

fuzz: $(STAMP)
	$(HEADLESS) $(BIN)/python -m tools.fuzz

tournament: $(STAMP)
	$(BIN)/python -m tools.tournament

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
