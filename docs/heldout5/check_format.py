#!/usr/bin/env python3
"""Validate arguments_heldout5.txt + triples_heldout5.jsonl (held-out-4 record format, itself that of held-out 3) and count
mentions. Plain python3, no project imports.

Usage: python3 check_format.py [arguments.txt] [triples.jsonl] [--cato DIR]
Exit status 1 if any ERROR is found (warnings do not fail).
"""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
args = [a for a in sys.argv[1:] if not a.startswith("--")]
ARGS = args[0] if len(args) > 0 else os.path.join(HERE, "arguments_heldout5.txt")
TRIPLES = args[1] if len(args) > 1 else os.path.join(HERE, "triples_heldout5.jsonl")
CATO = sys.argv[sys.argv.index("--cato") + 1] if "--cato" in sys.argv else "/work/shared/data/cato"

FACTORS = ["F%d" % i for i in range(1, 28) if i != 9]
FSET = set(FACTORS)
ROLES = ("current", "p1", "p2")
STYLES = {"paraphrase", "code"}
KNOWN_TAGS = {"plain", "negation", "hedge", "general", "conditional", "bullets", "misattribution",
              "anaphora", "abstention"}
ABSTAIN_RE = re.compile(r"\b(abstain|abstaining|cannot (?:make|construct|complete|responsibly|give)|"
                        r"unable to|decline|insufficient information|not enough information)\b", re.I)
errors, warnings = [], []
def E(m): errors.append(m)
def W(m): warnings.append(m)
def fkey(f): return int(f[1:])

# ---------- factor names (for the "no factor name verbatim" rule of paraphrase style)
names = {}
fpath = os.path.join(CATO, "factors.json")
if os.path.exists(fpath):
    for f in json.load(open(fpath, encoding="utf-8")):
        names[f["id"]] = f["name"]
else:
    W("factors.json not found under %s: factor-name check skipped" % CATO)
name_res = {fid: re.compile(r"\b" + r"[\s-]+".join(map(re.escape, n.split("-"))) + r"\b", re.I)
            for fid, n in names.items()}
CODE_RE = re.compile(r"\bF\d{1,3}\b")

# ---------- triples
triples = {}
cases = {}
cpath = os.path.join(CATO, "cases.json")
if os.path.exists(cpath):
    cases = {c["id"]: c for c in json.load(open(cpath, encoding="utf-8"))}
for ln, line in enumerate(open(TRIPLES, encoding="utf-8"), 1):
    if not line.strip():
        continue
    try:
        t = json.loads(line)
    except ValueError as e:
        E("triples line %d: bad JSON (%s)" % (ln, e)); continue
    if set(t) != {"id", "mode", "source", "current", "p1", "p2"}:
        E("triple %s: fields %s" % (t.get("id"), sorted(t)))
    if t.get("id") in triples:
        E("duplicate triple id %s" % t.get("id"))
    if t.get("mode") != "arguable":
        W("triple %s: mode %r (held-out 4 uses only 'arguable')" % (t.get("id"), t.get("mode")))
    if t.get("source") not in ("real", "hypothetical"):
        E("triple %s: source %r" % (t.get("id"), t.get("source")))
    for r, want in (("current", None), ("p1", "plaintiff"), ("p2", "defendant")):
        c = t.get(r, {})
        if set(c) != {"name", "factors", "outcome", "case_id"}:
            E("triple %s %s: fields %s" % (t["id"], r, sorted(c)))
            continue
        if c["outcome"] != want:
            E("triple %s %s: outcome %r, expected %r" % (t["id"], r, c["outcome"], want))
        fs = c["factors"]
        if not fs or any(f not in FSET for f in fs) or fs != sorted(set(fs), key=fkey):
            E("triple %s %s: factors %s not valid/sorted/unique" % (t["id"], r, fs))
        if c["case_id"] is not None and cases:
            ref = cases.get(c["case_id"])
            if not ref:
                E("triple %s %s: unknown case_id %s" % (t["id"], r, c["case_id"]))
            elif ref["name"] != c["name"] or ref["factors"] != fs:
                E("triple %s %s: name/factors differ from cases.json %s" % (t["id"], r, c["case_id"]))
            elif r != "current" and ref["outcome"] != want:
                E("triple %s %s: cases.json outcome %s" % (t["id"], r, ref["outcome"]))
        if c["case_id"] is None and (r != "current" or t["source"] != "hypothetical"):
            E("triple %s %s: case_id null outside a hypothetical current case" % (t["id"], r))
    cur = set(t["current"]["factors"])
    for r in ("p1", "p2"):
        if not cur & set(t[r]["factors"]):
            E("triple %s: %s shares no factor with the current case" % (t["id"], r))
    triples[t["id"]] = t

# ---------- arguments
text = open(ARGS, encoding="utf-8").read()
lines = text.split("\n")
i = 0
while i < len(lines) and (lines[i].startswith("#") or not lines[i].strip()):
    i += 1
header = [l for l in lines[:i] if l.startswith("#")]
if not header:
    E("no '#' header comment block")
records, cur_rec = [], None
for ln in range(i, len(lines)):
    l = lines[ln]
    if l.startswith("=== "):
        cur_rec = {"id": l[4:].strip(), "line": ln + 1, "head": [], "body": [], "in_body": False}
        records.append(cur_rec)
    elif cur_rec is None:
        if l.strip():
            E("line %d: text outside a record" % (ln + 1))
    elif not cur_rec["in_body"]:
        if l == "---":
            cur_rec["in_body"] = True
        else:
            cur_rec["head"].append(l)
    else:
        cur_rec["body"].append(l)

ids = Counter(r["id"] for r in records)
for k, v in ids.items():
    if v > 1:
        E("duplicate record id %s" % k)
HEAD_KEYS = ["triple", "style", "tags"] + list(ROLES)
stats = Counter(); style_c = Counter(); tag_c = Counter(); per_role = Counter(); per_factor = Counter()
abst = []; triple_use = Counter()
for r in records:
    rid = r["id"]
    if not re.fullmatch(r"t\d{2,3}", rid):
        W("%s: id does not look like tNN" % rid)
    if not r["in_body"]:
        E("%s: missing '---' separator" % rid); continue
    keys = []
    h = {}
    for l in r["head"]:
        m = re.fullmatch(r"(triple|style|tags|current|p1|p2):(.*)", l)
        if not m:
            E("%s: bad header line %r" % (rid, l)); continue
        keys.append(m.group(1)); h[m.group(1)] = m.group(2).strip()
        if m.group(2) and not m.group(2).startswith(" "):
            E("%s: header %s needs a space after ':'" % (rid, m.group(1)))
    if keys != HEAD_KEYS:
        E("%s: header keys %s, expected %s" % (rid, keys, HEAD_KEYS)); continue
    t = triples.get(h["triple"])
    if not t:
        E("%s: unknown triple %s" % (rid, h["triple"])); continue
    triple_use[h["triple"]] += 1
    style = h["style"]; style_c[style] += 1
    if style not in STYLES:
        E("%s: style %r" % (rid, style))
    tags = h["tags"].split()
    if not tags:
        E("%s: empty tags" % rid)
    for tg in tags:
        tag_c[tg] += 1
        if tg not in KNOWN_TAGS:
            W("%s: unusual tag %r" % (rid, tg))
    ann = {}
    for role in ROLES:
        fs = h[role].split()
        if any(f not in FSET for f in fs):
            E("%s: %s has invalid codes %s" % (rid, role, fs))
        if fs != sorted(set(fs), key=lambda f: fkey(f) if f in FSET else 0):
            E("%s: %s codes not sorted/unique: %s" % (rid, role, fs))
        ann[role] = set(fs)
        per_role[role] += len(fs)
        for f in fs:
            per_factor[f] += 1
        # misattribution consistency: annotated factor absent from the case's factor list
        wrong = sorted(set(fs) - set(t[role]["factors"]), key=fkey)
        if wrong and "misattribution" not in tags:
            E("%s: %s asserts %s not in the case (tag 'misattribution' missing)" % (rid, role, wrong))
        if wrong:
            stats["misattributed mentions"] += len(wrong)
    if "misattribution" in tags and not any(set(ann[ro]) - set(t[ro]["factors"]) for ro in ROLES):
        E("%s: tagged misattribution but every annotated factor is in its case" % rid)
    body = "\n".join(r["body"]).strip()
    if not body:
        E("%s: empty argument text" % rid); continue
    blines = [b for b in body.split("\n") if b.strip()]
    if not blines[0].startswith(("Plaintiff:", "Defendant:")):
        E("%s: text must start with 'Plaintiff:' or 'Defendant:'" % rid)
    for b in blines:
        if not re.match(r"(Plaintiff|Defendant|Plaintiff \(rebuttal\)|Defendant \(rebuttal\)): \S|- \S", b):
            E("%s: unexpected body line %r" % (rid, b[:60]))
    codes = set(CODE_RE.findall(body))
    if style == "paraphrase":
        if codes:
            E("%s: paraphrase style but factor codes %s in text" % (rid, sorted(codes)))
        for fid, rx in name_res.items():
            m = rx.search(body)
            if m:
                E("%s: paraphrase style but factor name of %s verbatim: %r" % (rid, fid, m.group(0)))
    elif style == "code":
        if not codes:
            E("%s: code style without any factor code" % rid)
        bad = codes - FSET
        if bad:
            E("%s: invalid codes in text %s" % (rid, sorted(bad)))
        unann = sorted(codes - set().union(*ann.values()) if codes else set(), key=fkey)
        if unann:
            W("%s: codes in text never annotated (must be negated/general): %s" % (rid, unann))
    if "abstention" in tags:
        abst.append(rid)
        if not ABSTAIN_RE.search(body):
            E("%s: tagged abstention but no declining phrase found" % rid)
    elif ABSTAIN_RE.search(body):
        W("%s: declining phrase but no 'abstention' tag" % rid)
    stats["mentions"] += sum(len(v) for v in ann.values())

unused = sorted(set(triples) - set(triple_use))
if unused:
    E("triples without any argument: %s" % unused)

# ---------- report
print("file: %s\ntriples: %d (%s)" % (ARGS, len(triples), dict(Counter(t["source"] for t in triples.values()))))
print("arguments: %d   by style: %s" % (len(records), dict(style_c)))
print("abstentions (%d): %s" % (len(abst), " ".join(abst)))
print("tags: %s" % dict(sorted(tag_c.items())))
print("mentions: %d  (current %d, p1 %d, p2 %d); misattributed mentions: %d" % (
    stats["mentions"], per_role["current"], per_role["p1"], per_role["p2"], stats["misattributed mentions"]))
print("mentions per factor: " + " ".join("%s:%d" % (f, per_factor[f]) for f in FACTORS))
print("factors never annotated: %s" % [f for f in FACTORS if not per_factor[f]])
for w in warnings:
    print("WARNING", w)
for e in errors:
    print("ERROR", e)
print("OK" if not errors else "%d ERROR(S)" % len(errors))
sys.exit(1 if errors else 0)
