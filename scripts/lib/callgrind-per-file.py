#!/usr/bin/env python3
"""Per-file counts from two callgrind runs of one command, on N and on n files (scripts/count-tiny):
each figure is (its value in the first run - in the second) / (N - n), so that start-up and the
run's set-up drop out. Prints instructions per file, those of the codec (the calls into zlib's and
libdeflate's entry points, inclusive) and the rest, calls per file of malloc, free and the Swift
runtime's reference counting and allocation, then the functions outside the codec that cost most
per file, by self and by inclusive cost.

    callgrind-per-file.py OUT_LARGE N OUT_SMALL n [TOP]

The outputs must come from `valgrind --tool=callgrind --separate-threads=no` (one file per run)."""
import collections
import re
import shutil
import subprocess
import sys

CODEC_OBJECTS = ("/libz.so", "/libdeflate.so")
COUNTED_CALLS = (
    "malloc", "free", "swift_allocObject", "swift_retain", "swift_release", "swift_retain_n", "swift_release_n",
    "swift_bridgeObjectRetain", "swift_bridgeObjectRelease", "pthread_mutex_lock", "memcpy", "memmove",
)

def is_codec_object(name):
    return name is not None and any(codec in name for codec in CODEC_OBJECTS)


NAME = re.compile(r"\((\d+)\)(?: (.*))?")


class Profile:
    def __init__(self, path):
        self.self_cost = collections.Counter()
        self.inclusive_calls = collections.Counter()  # cost of the calls a function makes
        self.calls = collections.Counter()  # calls into each callee
        self.callers = collections.Counter()  # (caller, callee): calls
        self.codec = 0  # inclusive cost of calls from outside the codec into it
        self.total = 0
        self.object_of = {}
        names = {"fn": {}, "ob": {}, "fl": {}}
        function = object_name = callee = callee_object = None
        pending_call = None
        with open(path, errors="replace") as lines:
            for line in lines:
                line = line.rstrip("\n")
                if not line:
                    continue
                head = line[0]
                if head.isdigit() or head in "+-*":
                    cost = int(line.split()[1]) if len(line.split()) > 1 else 0
                    if pending_call is not None:
                        self.inclusive_calls[function] += cost
                        callee_is_codec = is_codec_object(callee_object)
                        caller_is_codec = is_codec_object(object_name)
                        if callee_is_codec and not caller_is_codec:
                            self.codec += cost
                        pending_call = None
                    else:
                        self.self_cost[function] += cost
                        self.total += cost
                    continue
                if line.startswith("version:"):
                    # Outputs of several processes, concatenated: each names its own.
                    names = {"fn": {}, "ob": {}, "fl": {}}
                    function = object_name = callee = callee_object = None
                    continue
                key, _, value = line.partition("=")
                if key in ("fn", "cfn", "ob", "cob", "fl", "cfl", "fi", "fe", "cfi"):
                    table = names["fn" if key in ("fn", "cfn") else "ob" if key in ("ob", "cob") else "fl"]
                    match = NAME.fullmatch(value)
                    if match:
                        if match.group(2) is not None:
                            table[match.group(1)] = match.group(2)
                        value = table.get(match.group(1), value)
                    if key == "fn":
                        function = value
                        self.object_of.setdefault(value, object_name)
                        callee_object = object_name
                    elif key == "ob":
                        object_name = value
                    elif key == "cob":
                        callee_object = value
                    elif key == "cfn":
                        callee = value
                        self.object_of.setdefault(value, callee_object)
                elif key == "calls":
                    self.calls[callee] += int(value.split()[0])
                    self.callers[(function, callee)] += int(value.split()[0])
                    callee_object = self.object_of.get(callee, callee_object)
                    pending_call = callee
                # After a call's cost line, a call's callee object defaults back to the caller's.
                if key == "fn":
                    callee_object = object_name

    def inclusive(self, function):
        return self.self_cost[function] + self.inclusive_calls[function]


def demangle(names):
    tool = shutil.which("swift-demangle")
    if not tool or not names:
        return names
    result = subprocess.run([tool, "--simplified"], input="\n".join(names), capture_output=True, text=True)
    out = result.stdout.splitlines()
    return out if len(out) == len(names) else names


def main():
    large, many, small, few = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    top = int(sys.argv[5]) if len(sys.argv) > 5 else 25
    a, b = Profile(large), Profile(small)
    files = many - few

    def per_file(x, y):
        return (x - y) / files

    total = per_file(a.total, b.total)
    codec = per_file(a.codec, b.codec)
    print(f"instructions per file: {total / 1000:.1f} k (codec {codec / 1000:.1f} k, outside it {(total - codec) / 1000:.1f} k)")
    for name in COUNTED_CALLS:
        print(f"{name}: {per_file(a.calls[name], b.calls[name]):.2f} calls per file")

    def is_codec(function, profile):
        return is_codec_object(profile.object_of.get(function))

    for callee in ("swift_allocObject",):
        callers = collections.Counter()
        for (caller, called), count in a.callers.items():
            if called == callee:
                callers[caller] += count - b.callers.get((caller, called), 0)
        chosen = [(caller, count / files) for caller, count in callers.most_common(12) if count / files >= 0.05]
        print(f"\n{callee}, by caller (calls per file):")
        for (caller, count), name in zip(chosen, demangle([caller for caller, _ in chosen])):
            print(f"{count:10.2f}  {name[:150]}")

    functions = set(a.self_cost) | set(a.inclusive_calls)
    rows = []
    for function in functions:
        if is_codec(function, a):
            continue
        rows.append((function, per_file(a.self_cost[function], b.self_cost[function]),
                     per_file(a.inclusive(function), b.inclusive(function))))
    for title, index in (("self", 1), ("inclusive", 2)):
        chosen = sorted(rows, key=lambda row: -row[index])[:top]
        print(f"\noutside the codec, by {title} instructions per file:")
        for row, name in zip(chosen, demangle([row[0] for row in chosen])):
            print(f"{row[index]:10.0f}  {name[:150]}")


main()
