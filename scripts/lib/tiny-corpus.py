#!/usr/bin/env python3
"""Writes the tiny-file corpus of issue 13 into DIRECTORY: COUNT files (default 100,000) of 8 to
1,600 bytes (about 700 on average) spread over 1,000 directories (10 x 100), with text-like
content (log lines, JSON records, source code, prose) that compresses as real small files do.
The same seed gives the same bytes on every machine."""
import os
import random
import sys

WORDS = (
    "the of and to in is for that with on as by this be are from at or it an was which not all "
    "request response server client error warning info debug user session token cache memory file "
    "directory value result status config update delete create read write open close start stop "
    "timeout retry connection database query index table column record field key name path size "
    "count total average maximum minimum buffer stream socket thread process signal handler event"
).split()
LEVELS = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"]
KEYWORDS = ["if", "return", "for", "while", "let", "var", "func", "struct", "static", "const"]


def log_line(rng):
    return "2024-%02d-%02dT%02d:%02d:%02d.%03dZ %s [%s] %s %s=%d\n" % (
        rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59),
        rng.randint(0, 59), rng.randint(0, 999), rng.choice(LEVELS),
        rng.choice(["api", "db", "auth", "worker", "cache"]),
        " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9))),
        rng.choice(WORDS), rng.randint(0, 100000))


def json_line(rng):
    fields = ", ".join('"%s": %s' % (rng.choice(WORDS),
                                     rng.choice(['"%s"' % rng.choice(WORDS), str(rng.randint(0, 9999)), "true", "null"]))
                       for _ in range(rng.randint(2, 6)))
    return '{"id": %d, %s}\n' % (rng.randint(1, 10**6), fields)


def code_line(rng):
    indent = "    " * rng.randint(0, 3)
    return "%s%s %s_%s = %s(%s);\n" % (indent, rng.choice(KEYWORDS), rng.choice(WORDS), rng.choice(WORDS),
                                       rng.choice(WORDS), ", ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 3))))


def prose_line(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(6, 16))]
    return " ".join(words).capitalize() + ".\n"


KINDS = [log_line, json_line, code_line, prose_line]


def main():
    directory = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rng = random.Random(13)
    dirs = []
    for outer in range(10):
        for inner in range(100):
            path = os.path.join(directory, "d%02d" % outer, "e%02d" % inner)
            os.makedirs(path, exist_ok=True)
            dirs.append(path)
    for index in range(count):
        # 8 + 1592 * u^1.3: from 8 to 1,600 bytes, 700 on average, more small files than large.
        size = 8 + int(1592 * rng.random() ** 1.3)
        kind = rng.choice(KINDS)
        parts = []
        length = 0
        while length < size:
            line = kind(rng)
            parts.append(line)
            length += len(line)
        data = "".join(parts).encode()[:size]
        suffix = {log_line: "log", json_line: "json", code_line: "c", prose_line: "txt"}[kind]
        with open(os.path.join(dirs[index % len(dirs)], "f%07d.%s" % (index, suffix)), "wb") as handle:
            handle.write(data)


if __name__ == "__main__":
    main()
