"""Instructions executed by whole checks, counted under valgrind's callgrind: a measure the
shared machine's drifting speed does not move, for the 382- vs 30-opinion ratio.

    python benchmarks/check_instructions.py [--seed 17] [--citations 10000]

The briefs are `check_speed.py`'s 10k briefs (same generator and seed): one citing all 382
opinions with text, one citing 30. Each runs in a fresh process under ``valgrind
--tool=callgrind`` (about 50 times slower than without, so some ten minutes; the two briefs
run side by side), as ``check_speed.py`` times them; a third run checks a one-line brief,
and its count (start-up, imports, the warm-up check) is taken off both. Instructions are
not time: a memory-bound pass costs more time per instruction than the rest, so the CPU
ratio in ``check_speed.json`` runs higher. Needs valgrind (Debian package ``valgrind``).
Writes benchmarks/results/check_instructions.json.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from subprocess import run

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "check_instructions.json"


def instructions(brief: Path, library: Path) -> int:
    """Instructions of one ``check_speed.TIMED`` run of ``brief`` under callgrind."""
    from check_speed import TIMED

    done = run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        + [sys.executable, "-c", TIMED, str(brief), str(library)],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in callgrind's output:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--citations", type=int, default=10_000)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    sys.path.insert(0, str(HERE))
    from realistic_brief import make_brief

    from citeproof.library.default import default_library

    library = default_library(quiet=True).path
    with tempfile.TemporaryDirectory() as tmp:
        briefs = {
            "one_line": Path(tmp) / "one_line.txt",
            "382_opinions": Path(tmp) / "all.txt",
            "30_opinions": Path(tmp) / "thirty.txt",
        }
        briefs["one_line"].write_text("Brown v. Board of Education, 347 U.S. 483 (1954).\n")
        names = list(briefs)
        briefs[names[1]].write_text(make_brief(library, args.citations, None, args.seed), encoding="utf-8")
        briefs[names[2]].write_text(make_brief(library, args.citations, 30, args.seed), encoding="utf-8")
        with ThreadPoolExecutor(max_workers=2) as pool:
            counted = pool.map(lambda name: instructions(briefs[name], library), names)
            counts = dict(zip(names, counted, strict=True))
    base = counts["one_line"]
    checks = {name: counts[name] - base for name in names[1:]}
    result = {
        "command": "python benchmarks/check_instructions.py "
        + (f"--seed {args.seed} --citations {args.citations}"),
        "instructions_whole_run": counts,
        "instructions_of_the_check": checks,
        "ratio_382_to_30_opinions": round(checks[names[1]] / checks[names[2]], 3),
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
