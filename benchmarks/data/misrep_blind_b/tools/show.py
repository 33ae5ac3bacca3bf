import sys
from load import *
ids=sys.argv[1:]
allr={r['id']:r for r in load_all()}
for oid in ids:
    r=allr[oid]
    assert oid not in SETA
    print('='*30, oid, '|', r['name_abbreviation'], '|', [c['cite'] for c in r['citations']], '|', r['court'], r.get('court_full',''), '|', r['decision_date'], '| type', r.get('opinion_type'))
    print(r['text'])
