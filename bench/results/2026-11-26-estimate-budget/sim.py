import math, random, sys
def load(f):
    rows=[l.split('\t') for l in open(f)]
    w=[float(r[2]) for r in rows]; y=[float(r[3]) for r in rows]; q=[float(r[4]) for r in rows]
    return w,y,q
def t95(df):
    z=1.6448536269514722; z3=z**3; z5=z3*z*z
    if df<1: df=1
    if df<3: return 6.3138 if df<2 else 2.92
    return z+(z3+z)/(4*df)+(5*z5+16*z3+3*z)/(96*df*df)+(3*z5*z*z+19*z5+17*z3-15*z)/(384*df**3)
class Pop:
    def __init__(s,f,T=2):
        s.w,s.y,s.q=load(f); s.N=len(s.y); s.T=T
        s.x=[math.sqrt(max(v,0)+1) for v in s.w]
        s.cum=[0.0]
        for v in s.x: s.cum.append(s.cum[-1]+v)
        s.Y=sum(s.y); s.Q=sum(s.q)
    def cut(s,H):
        tot=s.cum[-1]; first=[0]; h=0
        for k in range(s.N):
            mid=0.5*(s.cum[k]+s.cum[k+1]); want=int(min(H-1,math.floor(mid/tot*H)))
            if want>h and k>first[h]: h+=1; first.append(k)
        first.append(s.N); return first
    def draw(s,first,h,rng):
        lo=first[h]; hi=first[h+1]-1; u=s.cum[lo]+rng.random()*(s.cum[first[h+1]]-s.cum[lo])
        while lo<hi:
            mid=lo+(hi-lo+1)//2
            if s.cum[mid]<=u: lo=mid
            else: hi=mid-1
        return lo
    def cost(s,k): return s.y[k]+(s.y[k-s.T] if k>=s.T else 0)
def strat(p,first,draws,val,collapse=False):
    H=len(first)-1; sums=[[] for _ in range(H)]
    for (h,k) in draws:
        X=p.cum[first[h+1]]-p.cum[first[h]]
        z=val(k) if first[h+1]-first[h]==1 else val(k)/p.x[k]*X
        sums[h].append(z)
    tot=0; var=0; dfd=0; unknown=False; ones=[]
    for h in range(H):
        m=len(sums[h]); alone=first[h+1]-first[h]==1
        if m==0: return None
        mean=sum(sums[h])/m; tot+=mean
        if alone: continue
        if m>1:
            v=sum((z-mean)**2 for z in sums[h])/(m-1)/m; var+=v; dfd+=v*v/(m-1)
        else:
            ones.append(mean)
    if ones:
        if not collapse or len(ones)<2: unknown=True
        else:
            # collapsed strata: pairs of neighbours, (a-b)^2 for the pair's variance; an odd one joins the last pair as a triple
            i=0
            groups=[]
            while i<len(ones):
                if len(ones)-i==3: groups.append(ones[i:i+3]); i+=3
                else: groups.append(ones[i:i+2]); i+=2
            for g in groups:
                m=len(g); mu=sum(g)/m
                v=m/(m-1)*sum((a-mu)**2 for a in g)
                var+=v; dfd+=v*v/(m-1)
    half=t95(var*var/dfd)*math.sqrt(var) if var>0 else 0
    if unknown: return tot,0,float('inf')
    return tot,max(0,tot-half),tot+half
def estimate(p,first,draws,collapse=False):
    ys=strat(p,first,draws,lambda k:p.y[k],collapse); qs=strat(p,first,draws,lambda k:p.q[k],collapse)
    R=ys[0]/qs[0]; res=strat(p,first,draws,lambda k:p.y[k]-R*p.q[k],collapse)
    cpu=R*p.Q; half=(res[2]-res[0])*p.Q/qs[0]
    if not math.isfinite(half): return cpu,0,float('inf')
    return cpu,max(0,cpu-half),cpu+half
