#!/usr/bin/env python3
"""Runs a command whose standard output names each file as it is done (squeeze -v) and prints two
numbers: seconds from the start to its first line of output (time to first output), and to its
exit (wall). The rest of the output is read and thrown away as it comes, so the command never
waits on the pipe. Exits non-zero if the command failed."""
import os
import subprocess
import sys
import time

start = time.monotonic()
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
first = None
while True:
    chunk = process.stdout.read(1 << 16)
    if not chunk:
        break
    if first is None:
        first = time.monotonic() - start
status = process.wait()
wall = time.monotonic() - start
if status != 0:
    sys.exit(f"command failed with status {status}: {' '.join(sys.argv[1:])}")
print(f"{first if first is not None else wall:.4f} {wall:.4f}")
