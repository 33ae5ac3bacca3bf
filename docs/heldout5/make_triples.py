#!/usr/bin/env python3
"""Build triples_heldout5.jsonl from /work/shared/data/cato/cases.json (held-out 4 triple schema)."""
import json, os
CATO = "/work/shared/data/cato"
cases = {c["id"]: c for c in json.load(open(os.path.join(CATO, "cases.json"), encoding="utf-8"))}
def k(f): return int(f[1:])
def ref(cid, outcome):
    c = cases[cid]
    return {"name": c["name"], "factors": c["factors"], "outcome": outcome, "case_id": cid}
REAL = [  # current, p1 (plaintiff precedent), p2 (defendant precedent)
    ("ADF-01", "ADF-13", "ADF-15"), ("ADF-04", "ADF-05", "ADF-09"), ("ADF-05", "ADF-28", "ADF-29"),
    ("ADF-06", "ADF-22", "ADF-11"), ("ADF-07", "ADF-26", "ADF-01"), ("ADF-08", "ADF-19", "ADF-10"),
    ("ADF-09", "ADF-04", "ADF-11"), ("ADF-10", "HYPO-02", "HYPO-04"), ("ADF-11", "ADF-25", "ADF-08"),
    ("ADF-13", "ADF-20", "ADF-14"), ("ADF-14", "ADF-17", "ADF-27"), ("ADF-15", "ADF-02", "ADF-08"),
    ("ADF-17", "ADF-30", "ADF-29"), ("ADF-19", "HYPO-06", "ADF-06"), ("ADF-20", "ADF-25", "ADF-01"),
    ("ADF-23", "ADF-17", "ADF-15"), ("ADF-25", "ADF-30", "HYPO-08"), ("ADF-27", "HYPO-02", "ADF-11"),
    ("ADF-29", "ADF-31", "ADF-23"), ("ADF-30", "HYPO-01", "ADF-06"),
]
HYPO = [  # invented current case name, factors, p1, p2
    ("Orrin Labs v Kessler", ["F3", "F4", "F5", "F13", "F20"], "ADF-28", "ADF-23"),
    ("Brightwater Optics v Salcedo", ["F2", "F7", "F8", "F21", "F22", "F26"], "ADF-16", "ADF-08"),
    ("Tessaly Foods v Grange Provisions", ["F6", "F11", "F17", "F20", "F24"], "ADF-17", "ADF-15"),
    ("Pemberton Acoustics v Larkhill Audio", ["F1", "F16", "F23", "F24", "F25"], "ADF-25", "ADF-06"),
    ("Quillon Robotics v Ostrander", ["F3", "F6", "F13", "F21", "F22"], "ADF-18", "ADF-29"),
    ("Vantreck Software v Delmore Systems", ["F2", "F4", "F5", "F14", "F17", "F24"], "ADF-02", "ADF-15"),
]
out = []
for n, (cur, p1, p2) in enumerate(REAL, 1):
    c = ref(cur, None)
    out.append({"id": "h5-real-arguable-%03d" % n, "mode": "arguable", "source": "real",
                "current": c, "p1": ref(p1, "plaintiff"), "p2": ref(p2, "defendant")})
for n, (name, fs, p1, p2) in enumerate(HYPO, 1):
    out.append({"id": "h5-hypo-arguable-%03d" % n, "mode": "arguable", "source": "hypothetical",
                "current": {"name": name, "factors": sorted(fs, key=k), "outcome": None, "case_id": None},
                "p1": ref(p1, "plaintiff"), "p2": ref(p2, "defendant")})
for t in out:
    for r in ("p1", "p2"):
        assert cases[t[r]["case_id"]]["outcome"] == t[r]["outcome"], (t["id"], r)
        assert set(t["current"]["factors"]) & set(t[r]["factors"]), (t["id"], r)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "triples_heldout5.jsonl"), "w", encoding="utf-8") as fh:
    for t in out:
        fh.write(json.dumps(t) + "\n")
print(len(out), "triples")
