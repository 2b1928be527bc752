import math, random, sys
sys.path.insert(0,'/tmp/sim')
from sim import *
def run_rounds(p,first,rounds,rng,seen,budget_left=None,order_random=False):
    """rounds of one draw per stratum; returns draws, cost; with budget_left, draws of rounds after the first stop once the cost would pass it"""
    H=len(first)-1; out=[]; cost=0
    for r in range(rounds):
        hs=list(range(H))
        for h in hs:
            k=p.draw(first,h,rng)
            c=0 if k in seen else p.cost(k)
            out.append((h,k)); seen.add(k); cost+=c
    return out,cost
def old(p,seed,share=0.02,cap=1e9,collapse=False,cut_second=False,keep_pilot=False,dps=2):
    rng=random.Random(seed); seen=set()
    first=cut(p,1) if False else p.cut(1)
    draws,spent=run_rounds(p,first,2,rng,seen)
    def budget(first,draws):
        e=strat(p,first,draws,lambda k:p.y[k])[0]
        return min(share*e,cap)
    b=budget(first,draws)
    price=spent/2*(1+1/8); nd=b/max(price,1e-6)
    H=int(min(64,max(1,nd/dps)))
    rounds=2; dspent=spent
    if H>1:
        rounds=1; first=p.cut(H); seen=set()
        draws,c=run_rounds(p,first,1,rng,seen); spent+=c; dspent=c
        b=budget(first,draws)
    while True:
        batch=max(1,math.ceil(4/H)); per=dspent/rounds
        if rounds>=2 and spent+batch*per>b: break
        if cut_second and rounds>=1 and spent+batch*per>b:
            # draw one by one until the budget is spent
            H_=len(first)-1
            for h in range(H_):
                if spent>=b: break
                k=p.draw(first,h,rng); c=0 if k in seen else p.cost(k)
                if spent+c>b*1.0 and False: break
                draws.append((h,k)); seen.add(k); spent+=c; dspent+=c
            break
        d,c=run_rounds(p,first,batch,rng,seen); draws+=d; spent+=c; dspent+=c; rounds+=batch
        b=budget(first,draws)
    uniq=list(dict.fromkeys(k for h,k in draws))
    ret=sum(p.cost(k) for k in uniq[::8]) if len(uniq)>=16 else 0
    est=estimate(p,first,draws,collapse)
    return est,spent+ret,len(draws),len(first)-1
def report(p,name,fn,seeds=200,**kw):
    errs=[];cov=0;costs=[];nd=[];fin=0; within=0
    for s in range(seeds):
        (cpu,lo,hi),cost,n,H=fn(p,s,**kw)
        e=cpu/p.Y-1; errs.append(e); cov+=lo<=p.Y<=hi; costs.append(cost/p.Y); nd.append(n); fin+=math.isfinite(hi); within+=abs(e)<=0.25
    rms=math.sqrt(sum(e*e for e in errs)/len(errs)); costs.sort()
    print(f"{name:40s} rms={100*rms:5.1f}% within25={within/seeds:5.2f} cover={cov/seeds:5.2f} finite={fin/seeds:4.2f} cost med={100*costs[len(costs)//2]:4.1f}% p90={100*costs[int(.9*len(costs))]:4.1f}% max={100*costs[-1]:4.1f}% draws~{sum(nd)/len(nd):5.1f}")
def new(p,seed,share=0.035,dps=2,maxH=64,retime=True,pilot_count=2):
    rng=random.Random(seed); seen=set()
    first=p.cut(1)
    draws,spent=run_rounds(p,first,pilot_count,rng,seen)
    def budget(first,draws):
        return share*strat(p,first,draws,lambda k:p.y[k])[0]
    b=budget(first,draws)
    f=(1+1/8) if retime else 1
    price=spent/len(draws)*f
    H=int(min(maxH,max(1,(b-spent)/max(price,1e-9)/dps)))
    if H>1:
        first=p.cut(H); seen=set(); draws=[]; dspent=0
        d,c=run_rounds(p,first,1,rng,seen); draws+=d; spent+=c; dspent+=c
    else:
        dspent=spent
    # then one draw at a time, round-robin, while the next fits
    h=0 if H>1 else 0
    nextr=len(draws)
    while True:
        b=budget(first,draws)
        per=dspent/len(draws)*f
        if spent*f+per>b: break
        hh=len(draws)%(len(first)-1)
        k=p.draw(first,hh,rng); c=0 if k in seen else p.cost(k)
        draws.append((hh,k)); seen.add(k); spent+=c; dspent+=c
    uniq=list(dict.fromkeys(k for h,k in draws))
    ret=sum(p.cost(k) for k in uniq[::8]) if (retime and len(uniq)>=2) else 0
    est=estimate(p,first,draws,True)
    return est,spent+ret,len(draws),len(first)-1
