#!/usr/bin/env python3
"""The archive corpus of issue 31: 100,000 files of 10 to 32 KB (about 2.1 GB) in 1,000
directories, each a slice of /usr/include's headers at a seeded offset, so that the tree is the
same on every machine with the same headers. Usage: archive-corpus.py DIRECTORY"""
import os
import random
import sys

target = sys.argv[1]
pieces = []
for root, directories, files in os.walk("/usr/include"):
    directories.sort()
    for name in sorted(files):
        if name.endswith(".h"):
            path = os.path.join(root, name)
            if os.path.isfile(path) and not os.path.islink(path):
                with open(path, "rb") as header:
                    pieces.append(header.read())
headers = b"".join(pieces)
generator = random.Random(38)
for directory in range(1000):
    parent = os.path.join(target, f"d{directory // 100:02d}", f"e{directory % 100:02d}")
    os.makedirs(parent, exist_ok=True)
    for item in range(100):
        size = generator.randint(10_000, 32_000)
        start = generator.randrange(0, len(headers) - size)
        with open(os.path.join(parent, f"f{directory * 100 + item:07d}.txt"), "wb") as file:
            file.write(headers[start:start + size])
