import json,sys,statistics as st
n=sys.argv[1]
c=[float(l.split()[1])+float(l.split()[2]) for l in open(f'count-{n}.txt')]
C=st.median(c); print('count', c, 'median', C)
for b in ('old','new'):
    r=[json.loads(l) for l in open(f'{b}-{n}.jsonl')]
    x=[d['cpu_seconds']/C for d in r]
    ins=sum(d['cpu_seconds_low']<=C<=d['cpu_seconds_high'] for d in r)
    print(b, 'mean %.3f'%st.mean(x), 'median %.3f'%st.median(x), 'min %.3f max %.3f'%(min(x),max(x)), 'out25', sum(abs(v-1)>0.25 for v in x), 'of', len(x), 'inside', ins, 'draws', st.median(d['sampled_subproblems'] for d in r), 'share %.3f'%st.median(d['sample_cpu_seconds']/C for d in r), 'halfwidth %.3f'%st.median((d['cpu_seconds_high']-d['cpu_seconds_low'])/2/d['cpu_seconds'] for d in r))
