#!/usr/bin/env python3
"""Writes a seeded JSON-lines log (a web service's requests) of about SIZE bytes to PATH.

Every line repeats the field names of the line before it, as real structured logs do: a gzip of
it is one member whose copies keep reaching back across any chunk a parallel decoder cuts.
usage: log-corpus.py PATH [SIZE]   (SIZE in bytes, default 320,000,000)
"""
import random
import sys

path = sys.argv[1]
size = int(sys.argv[2]) if len(sys.argv) > 2 else 320_000_000
rng = random.Random(7)
paths = ["/api/v1/items/", "/api/v1/users/", "/static/js/app.", "/health", "/api/v2/orders/"]
levels = ["INFO", "INFO", "INFO", "WARN", "DEBUG", "ERROR"]
statuses = [200, 200, 200, 204, 304, 404, 500]
written = 0
ms = 0
with open(path, "w") as out:
    lines = []
    while written < size:
        ms += rng.randint(0, 50)
        line = ('{"ts":"2026-11-27T%02d:%02d:%02d.%03dZ","level":"%s","worker":%d,"req":"%08x",'
                '"path":"%s%d","status":%d,"ms":%d}\n') % (
            (ms // 3_600_000) % 24, (ms // 60_000) % 60, (ms // 1000) % 60, ms % 1000, rng.choice(levels),
            rng.randint(0, 15), rng.getrandbits(32), rng.choice(paths), rng.randint(0, 99_999), rng.choice(statuses),
            rng.randint(1, 900))
        lines.append(line)
        written += len(line)
        if len(lines) >= 10_000:
            out.write("".join(lines))
            lines = []
    out.write("".join(lines))
