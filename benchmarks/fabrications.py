"""Benchmark: a brief of publicly reported fabrications, checked offline and through the API.

    python benchmarks/fabrications.py

Builds a CourtListener dump (`citeproof.bench.fabrications`: the real cases at their real
cites among generated neighbours), serves it from a fake bulk-data bucket on loopback,
downloads and imports it as `citeproof library download courtlistener` does (the bulk
path), and serves the imported library from the fake CourtListener API (the API path). The
brief is checked through each path; every citation's verdict, reason, evidence and
suggestion go to benchmarks/results/fabrications.json, and a Markdown table to stdout.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import httpx

from citeproof.bench.fabrications import CITED, SNAPSHOT, brief, dump_cases
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text
from citeproof.library.courtlistener.bulk.download import download_snapshot
from citeproof.library.courtlistener.bulk.importer import import_bulk
from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy
from citeproof.library.courtlistener.fakes.api import FakeCourtListener
from citeproof.library.courtlistener.fakes.bucket import FakeBucket, dump_files
from citeproof.library.courtlistener.library import CourtListenerLibrary
from citeproof.library.sqlite import SQLiteLibrary

RESULTS = Path(__file__).resolve().parent / "results" / "fabrications.json"


def _rows(library: Library) -> list[dict[str, object]]:
    report = check_document(document_from_text(brief()), library)
    steps = {s["group"]: s["remedy"] for s in report.to_json()["next_steps"]}
    rows = []
    for cited in CITED:
        v = next(x for x in report.verdicts if x.citation.cite == cited.cite)
        error = v.errors[0] if v.errors else None
        caught = (
            v.status.value == "hallucinated"
            if not cited.vendor
            else v.reason is not None and v.reason.value == "vendor_cite"
        )
        rows.append(
            {
                "citation": cited.text,
                "reported_in": cited.source,
                "fabricated": cited.fabricated,
                "status": v.status.value,
                "reason": v.reason.value if v.reason else None,
                "kind": error.kind.value if error else None,
                "evidence": error.evidence if error else None,
                "suggestion": error.suggestion if error else None,
                "next_step": steps.get(v.reason.value) if v.reason and v.reason.value in steps else None,
                "right": caught if cited.fabricated else v.status.value == "verified",
            }
        )
    return rows


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bucket = FakeBucket(dump_files(dump_cases(), SNAPSHOT))
        with bucket.serve() as url, httpx.Client() as client:
            _, paths = download_snapshot(client, url, folder)
        out = folder / "courtlistener.sqlite"
        import_bulk(paths, out, snapshot_date=SNAPSHOT, complete=True)
        offline = SQLiteLibrary(out)
        results = {"bulk": _rows(offline)}
        api = FakeCourtListener(offline, token="benchmark")
        with api.serve():
            client = CourtListenerClient(api.base_url, "benchmark", policy=RetryPolicy(retries=0))
            results["api"] = _rows(CourtListenerLibrary(client))
            client.close()
    summary = {
        path: {
            "fabrications": sum(1 for r in rows if r["fabricated"]),
            "fabrications_caught": sum(1 for r in rows if r["fabricated"] and r["right"]),
            "real": sum(1 for r in rows if not r["fabricated"]),
            "real_verified": sum(1 for r in rows if not r["fabricated"] and r["right"]),
        }
        for path, rows in results.items()
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {"summary": summary, "results": results, "command": "python benchmarks/fabrications.py"}, indent=2
        )
        + "\n"
    )
    print("| citation | reported in | bulk path | API path |\n| --- | --- | --- | --- |")
    for bulk, api_row in zip(results["bulk"], results["api"], strict=True):
        cells = [
            str(bulk["citation"]),
            str(bulk["reported_in"]),
            f"{bulk['status']} ({bulk['kind'] or bulk['reason'] or 'ok'})",
            f"{api_row['status']} ({api_row['kind'] or api_row['reason'] or 'ok'})",
        ]
        print("| " + " | ".join(cells) + " |")
    print(json.dumps(summary, indent=2), file=sys.stderr)


if __name__ == "__main__":
    main()
