import sys,subprocess,os,statistics,time
# alt.py ROUNDS 'cmd1' 'cmd2' ...: alternating runs; per-run wall (ms) via ./launch, with other-CPU noise
R=int(sys.argv[1]); cmds=[c.split() for c in sys.argv[2:]]
res=[[] for _ in cmds]; noisy=0
for r in range(R+2):
    row=[]
    for k,c in enumerate(cmds):
        p=subprocess.run(['./launch']+c,capture_output=True,text=True)
        ev={l.split()[3]:float(l.split()[0]) for l in p.stderr.splitlines() if len(l.split())==4}
        row.append(((ev['reaped']-ev['fork'])*1e3, ev['other']*1e3))
    if r<2: continue
    if max(o for _,o in row)>3: noisy+=1; continue
    for k,(w,o) in enumerate(row): res[k].append(w)
print(f"rounds kept {len(res[0])} of {R} (noisy {noisy})")
for k,c in enumerate(cmds):
    v=res[k]; print(f"{' '.join(c)[-45:]:45s} median {statistics.median(v):7.2f} mean {statistics.mean(v):7.2f} min {min(v):7.2f}")
for i in range(0,len(cmds)-1,2):
    a,b=res[i],res[i+1]; ratios=[y/x for x,y in zip(a,b)]
    print(f"pair {i}/{i+1}: median per-round ratio {statistics.median(ratios):.3f}")
