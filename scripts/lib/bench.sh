# Shared by the scripts/bench-* scripts: timing commands and reporting medians.
# Every command is run RUNS times (default 5) after PREPARE (which must restore the input, so each
# run starts from the same tree and no run times a predecessor's leftovers).

RUNS=${RUNS:-5}

# Wall seconds of one run of "$@" (output discarded; a failure aborts the benchmark).
wall_seconds() {
  local start end
  start=$(date +%s%N)
  if ! "$@" >/dev/null 2>/tmp/squeeze-bench-stderr; then
    echo "benchmark command failed: $*" >&2
    cat /tmp/squeeze-bench-stderr >&2
    exit 1
  fi
  end=$(date +%s%N)
  echo "scale=4; ($end - $start) / 1000000000" | bc
}

# median min max of the numbers on stdin.
summarise() {
  sort -g | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.3f %.3f %.3f\n", m, v[1], v[NR] }'
}

# bench_command LABEL PREPARE COMMAND...: prints "LABEL median min max".
bench_command() {
  local label=$1 prepare=$2
  shift 2
  local times=()
  for _ in $(seq "$RUNS"); do
    $prepare
    times+=("$(wall_seconds "$@")")
  done
  echo "$label $(printf '%s\n' "${times[@]}" | summarise)"
}

# Prints a markdown table row: | label | median s | min-max | speedup vs BASELINE median |
table_row() {
  local label=$1 median=$2 min=$3 max=$4 baseline=$5
  printf '| %s | %.3f | %.3f-%.3f | %.2fx |\n' "$label" "$median" "$min" "$max" "$(echo "scale=4; $baseline / $median" | bc)"
}
