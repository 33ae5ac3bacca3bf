#!/usr/bin/env bash
# Install what the tests need and run them. pytest's exit code 5 (no tests ran) is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv && . .venv/bin/activate || exit 1
python -m pip install -q --upgrade pip >/dev/null
python -m pip install -q -e '.[test]' || exit 1
python -m pytest "$@"
code=$?
if [ "$code" -eq 5 ]; then echo "pytest collected no tests: failing" >&2; exit 1; fi
exit "$code"
