import sys
a=[l.split() for l in open(sys.argv[1])]
c={int(l.split()[0]):float(l.split()[3]) for l in open(sys.argv[2])} if len(sys.argv)>2 else None
s1=sum(float(r[1]) for r in a); s2=sum(float(r[2]) for r in a)
out=f"one/several {s1/s2:.3f}"
if c: cs=sum(c[int(r[0])] for r in a); out+=f"  one/census {s1/cs:.3f}  several/census {s2/cs:.3f}"
print(out)
