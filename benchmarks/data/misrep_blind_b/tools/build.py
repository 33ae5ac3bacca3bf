"""Validate drafts/merged.json against the opinion data and write ../statements.jsonl."""
import json, re, random, sys
from load import load_all, SETA
ops = {r['id']: r for r in load_all()}
items = json.load(open('/work/blind/misrep_b/drafts/merged.json'))
norm = lambda s: re.sub(r'\s+', ' ', s).strip()
errs = []
for n, d in enumerate(items):
    r = ops.get(d['opinion_id'])
    if r is None: errs.append((n, 'no opinion')); continue
    if d['opinion_id'] in SETA: errs.append((n, 'set A opinion'))
    cite = r['citations'][0]['cite']
    d['cite'] = cite
    if d['opinion_sentence'] not in r['text']: errs.append((n, 'sentence not verbatim'))
    st = d['statement']
    m = re.search(re.escape(cite) + r' \(([^()]*?)(\d{4})\)', st)
    if not m: errs.append((n, 'cite/year pattern missing'))
    elif m.group(2) != r['decision_date'][:4]: errs.append((n, 'year mismatch %s vs %s' % (m.group(2), r['decision_date'])))
    if not st.rstrip().endswith(').'): errs.append((n, 'statement end'))
    # quoted material must be in the opinion (bracketed alterations split the quote)
    for q in re.findall(r'"([^"]+)"', st):
        for piece in re.split(r'\[[^\]]*\]|\.\.\.', q):
            piece = piece.strip(' .,;:')
            if len(piece) > 12 and norm(piece) not in norm(r['text']):
                errs.append((n, 'quote not found: ' + piece[:60]))
    if d['label'] not in ('faithful', 'misrepresentation'): errs.append((n, 'label'))
    ok = {'faithful': {'paraphrase', 'quote_frame'}, 'misrepresentation': {'polarity', 'rejecting_frame', 'modal_dicta', 'disposition', 'party_swap', 'other_opinion'}}
    if d['kind'] not in ok[d['label']]: errs.append((n, 'kind/label'))
if len({d['statement'] for d in items}) != len(items): errs.append((-1, 'duplicate statements'))
for e in errs: print('ERR', e, items[e[0]]['case_name'] if e[0] >= 0 else '')
if errs: sys.exit(1)
rng = random.Random(20261204)
rng.shuffle(items)
keys = ['id', 'opinion_id', 'cite', 'case_name', 'opinion_sentence', 'statement', 'label', 'kind', 'note']
with open('/work/blind/misrep_b/statements.jsonl', 'w') as f:
    for i, d in enumerate(items, 1):
        d['id'] = 'b%03d' % i
        f.write(json.dumps({k: d[k] for k in keys}, ensure_ascii=False) + '\n')
print('OK', len(items))
