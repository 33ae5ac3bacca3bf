import json, gzip, os
D='/work/shared/data/us/opinions/'
SETA=set(open('/work/briefs/setA_opinions.txt').read().split())
def load_all():
    out=[]
    for f in sorted(os.listdir(D)):
        op = gzip.open if f.endswith('.gz') else open
        with op(D+f,'rt') as fh:
            for line in fh:
                if line.strip():
                    r=json.loads(line); r['_file']=f; out.append(r)
    return out
def get(oid):
    for r in load_all():
        if r['id']==oid: return r
