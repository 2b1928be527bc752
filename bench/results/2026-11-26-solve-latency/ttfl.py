#!/usr/bin/env python3
"""ttfl.py BIN ARGS...: seconds to the first line on stdout, then the pipe is
closed (as `head -1` does); prints first-line wall, exit wall, exit CPU (user+sys)."""
import os, subprocess, sys, time
t0 = time.monotonic()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
p.stdout.readline()
t1 = time.monotonic()
p.stdout.close()
_, status, ru = os.wait4(p.pid, 0)
t2 = time.monotonic()
print(f"first_line {t1-t0:.3f} exit {t2-t0:.3f} cpu {ru.ru_utime+ru.ru_stime:.3f} status {status}")
