# Shared by the scripts/bench-* scripts: timing commands and reporting medians.
#
# Commands are registered with bench_add and timed together by bench_run: RUNS rounds (default 5),
# each running every command once, each after its PREPARE (which must restore the input, so each
# run starts from the same tree and no run times a predecessor's leftovers). Interleaving rounds
# makes the drift of a shared machine hit every command alike, and each round starts one command
# further on, so no command always follows the same one (whose leftovers the kernel may still be
# freeing): the ratios between commands stay fair, where back-to-back runs would not.

RUNS=${RUNS:-5}
BENCH_LABELS=()
BENCH_PREPARES=()
BENCH_COMMANDS=()

# Wall seconds of one run of "$@" (output discarded; a failure aborts the benchmark). Bash's own
# clock ($EPOCHREALTIME): timing with `date` would add two processes, about 4 ms, to every run,
# which is most of a rerun's difference from its goal.
wall_seconds() {
  local start end
  start=$EPOCHREALTIME
  if ! "$@" >/dev/null 2>/tmp/squeeze-bench-stderr; then
    echo "benchmark command failed: $*" >&2
    cat /tmp/squeeze-bench-stderr >&2
    exit 1
  fi
  end=$EPOCHREALTIME
  echo "scale=4; (${end//[.,]/} - ${start//[.,]/}) / 1000000" | bc
}

# median min max of the numbers on stdin.
summarise() {
  sort -g | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.3f %.3f %.3f\n", m, v[1], v[NR] }'
}

# bench_add LABEL PREPARE COMMAND...: registers a command for the next bench_run.
bench_add() {
  BENCH_LABELS+=("$1")
  BENCH_PREPARES+=("$2")
  shift 2
  BENCH_COMMANDS+=("$(printf '%q ' "$@")")
}

# bench_run ARRAY: times every registered command (see above) and sets ARRAY to one
# "LABEL median min max" line per command, in the order added; then forgets the commands.
bench_run() {
  local -n lines=$1
  local count=${#BENCH_LABELS[@]} index
  local -a times=()
  local round step
  for ((round = 0; round < RUNS; round++)); do
    for ((step = 0; step < count; step++)); do
      index=$(((round + step) % count))
      ${BENCH_PREPARES[index]}
      times[index]+="$(eval "wall_seconds ${BENCH_COMMANDS[index]}") "
    done
  done
  lines=()
  for ((index = 0; index < count; index++)); do
    # shellcheck disable=SC2086 # the times are words on purpose
    lines+=("${BENCH_LABELS[index]} $(printf '%s\n' ${times[index]} | summarise)")
  done
  BENCH_LABELS=()
  BENCH_PREPARES=()
  BENCH_COMMANDS=()
}

# The median of the line whose label starts with LABEL, among LINES.
median_of() { printf '%s\n' "${@:2}" | awk -v label="$1" 'index($0, label) == 1 { print $(NF-2) }'; }

# Prints a markdown table row: | label | median s | min-max | speedup vs BASELINE median |
table_row() {
  local label=$1 median=$2 min=$3 max=$4 baseline=$5
  printf '| %s | %.3f | %.3f-%.3f | %.2fx |\n' "$label" "$median" "$min" "$max" "$(echo "scale=4; $baseline / $median" | bc)"
}

# bench_add_cpu LABEL PREPARE COMMAND...: as bench_add, and each run's CPU time (user + system, its
# children's included, from GNU time) is logged for cpu_median, in files named from BENCH_CPU_LOGS
# (a path prefix the caller sets and removes). A label's log starts afresh with each registration.
bench_add_cpu() {
  local label=$1 prepare=$2
  shift 2
  : > "$(bench_cpu_log "$label")"
  bench_add "$label" "$prepare" /usr/bin/time -a -o "$(bench_cpu_log "$label")" -f '%U %S' "$@"
}
bench_cpu_log() { echo "${BENCH_CPU_LOGS:?set BENCH_CPU_LOGS to a path prefix}.${1//[^A-Za-z0-9]/_}"; }

# The median CPU seconds (user + system) of the runs of LABEL (registered with bench_add_cpu).
cpu_median() { awk '{ print $1 + $2 }' "$(bench_cpu_log "$1")" | summarise | cut -d' ' -f1; }
