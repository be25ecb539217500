# A one-node Slurm cluster for scripts/test-slurm and scripts/bench-shards: munged, slurmctld and
# slurmd with every file (key, socket, state, logs) under one directory, so that nothing installed
# or already running is touched. Needs root.
#
#   slurm_start WORK   starts the cluster in WORK (an empty directory) and exports SLURM_CONF
#   slurm_stop         stops what slurm_start started
#   slurm_wait JOB     waits until JOB (an id, an array's id included) has left the queue

SLURM_PIDS=()

slurm_start() {
  local work=$1 host cpus state
  mkdir -p "$work"/{state,spool,log,run,munge}
  chmod 700 "$work/munge"
  host=$(hostname -s)
  cpus=$(nproc)
  # munge: its own key, socket and files, so that a munged already running is left alone.
  dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$work/munge/munge.key"
  munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/seed"
  SLURM_PIDS+=("$(cat "$work/munge/munged.pid")")

  cat > "$work/slurm.conf" <<CONF
ClusterName=squeeze-test
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
SlurmctldPort=$((20000 + RANDOM % 20000))
SlurmdPort=$((40000 + RANDOM % 20000))
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=sched_min_interval=100000
MpiDefault=none
ReturnToService=2
KillWait=10
InactiveLimit=0
MinJobAge=600
NodeName=$host CPUs=$cpus RealMemory=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
  export SLURM_CONF="$work/slurm.conf"

  slurmctld -D -i -f "$SLURM_CONF" >"$work/log/slurmctld.stderr" 2>&1 &
  SLURM_PIDS+=("$!")
  slurmd -D -f "$SLURM_CONF" >"$work/log/slurmd.stderr" 2>&1 &
  SLURM_PIDS+=("$!")
  for _ in $(seq 100); do
    state=$(sinfo -h -N -o '%t' 2>/dev/null | head -1 || true)
    [ "$state" = idle ] && return 0
    sleep 0.2
  done
  echo "slurm: the node did not come up (state '$state'); logs in $work/log" >&2
  return 1
}

slurm_stop() {
  local pid
  for pid in "${SLURM_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${SLURM_PIDS[@]}"; do
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  done
  SLURM_PIDS=()
}

slurm_wait() {
  for _ in $(seq 3000); do
    [ -z "$(squeue -h -j "$1" -o '%i' 2>/dev/null)" ] && return 0
    sleep 0.1
  done
  echo "slurm: job $1 did not end" >&2
  return 1
}
