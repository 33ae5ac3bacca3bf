#!/usr/bin/env bash
# Install what the tests need, run ruff and mypy --strict on the code, then the tests.
# pytest's exit code 5 (no tests ran) is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv && . .venv/bin/activate || exit 1
python -m pip install -q --upgrade pip >/dev/null
python -m pip install -q -e '.[test,ray,factors]' || exit 1
# The browser test drives Debian's chromium through its chromedriver: install them once if missing.
# If that is impossible here, the test skips and says why (CITEPROOF_BROWSER_UNAVAILABLE).
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo -n"
  log="${TMPDIR:-/tmp}/citeproof-apt.log"
  echo "installing chromium and chromium-driver for the browser test (log: $log)" >&2
  if ! command -v apt-get >/dev/null 2>&1 || { [ "$(id -u)" -ne 0 ] && [ -z "$sudo" ]; }; then
    export CITEPROOF_BROWSER_UNAVAILABLE="chromium is missing and apt-get cannot be run here"
  elif ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
           $sudo apt-get install -y -qq chromium chromium-driver; } >"$log" 2>&1; then
    export CITEPROOF_BROWSER_UNAVAILABLE="apt-get install chromium chromium-driver failed (see $log)"
  fi
fi
# The Word-to-PDF layout test renders with LibreOffice (Debian's libreoffice-writer-nogui): install it
# once if missing; if that is impossible here, the test skips and says why.
if ! command -v soffice >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo -n"
  log="${TMPDIR:-/tmp}/citeproof-apt-office.log"
  echo "installing libreoffice-writer-nogui for the Word-to-PDF layout test (log: $log)" >&2
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
        $sudo apt-get install -y -qq libreoffice-writer-nogui; } >"$log" 2>&1 || true
  fi
fi
# The browser test's accessibility check injects axe-core, pinned in tests/web/package-lock.json.
if [ ! -f tests/web/node_modules/axe-core/axe.min.js ]; then
  if ! command -v npm >/dev/null 2>&1; then
    export CITEPROOF_AXE_UNAVAILABLE="npm is missing, so axe-core cannot be installed"
  elif ! npm ci --prefix tests/web --no-audit --no-fund --silent >/dev/null 2>&1; then
    export CITEPROOF_AXE_UNAVAILABLE="npm ci --prefix tests/web failed"
  fi
fi
# Strict checks first (docs/architecture.md): any finding fails the run.
python -m ruff check src tests benchmarks || exit 1
python -m ruff format --check src tests benchmarks || exit 1
python -m mypy --strict src/citeproof || exit 1
python -m pytest "$@"
code=$?
if [ "$code" -eq 5 ]; then echo "pytest collected no tests: failing" >&2; exit 1; fi
exit "$code"
