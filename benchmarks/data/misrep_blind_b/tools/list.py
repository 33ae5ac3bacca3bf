from load import *
for r in load_all():
    if r['id'] in SETA: continue
    print(r['id'], '|', r['name_abbreviation'][:60], '|', r['citations'][0]['cite'], '|', r['court'], '|', r['jurisdiction'], '|', r['decision_date'][:4], '|', len(r['text']), '|', r.get('opinion_type',''))
