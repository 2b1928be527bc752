import json,sys
truth={19:13.4,20:100.0,21:1064.0}
for f in sys.argv[1:]:
    for line in open(f):
        if not line.strip(): continue
        j,t=line.split(" TIME ")
        d=json.loads(j); el,u,s=map(float,t.split())
        n=d['n']; T=truth.get(n)
        ok = '' if T is None else ('in' if d['cpu_seconds_low']<=T<=d['cpu_seconds_high'] else 'OUT')
        err = '' if T is None else '%+5.0f%%'%(100*(d['cpu_seconds']/T-1))
        share = '' if T is None else '%4.1f%%'%(100*(u+s)/T)
        print(f"{f:12s} n={n} seed={d['seed']:<3} cpu={d['cpu_seconds']:9.1f} [{d['cpu_seconds_low']:9.1f},{d['cpu_seconds_high']:9.1f}] {err} {ok:3s} wall={d['wall_seconds']:8.1f} draws={d['sampled_subproblems']:3d} H={d['strata']:2d} noise={d['timing_noise']:.3f} took={el:6.1f}s cpu={u+s:6.1f} {share}")
