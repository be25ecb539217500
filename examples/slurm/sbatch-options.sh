# The options a site's Slurm usually asks for, from the environment, as arrays of sbatch
# arguments for submit.sh and rerun.sh (sourced by them). Each is optional:
#   CPUS_PER_TASK   CPUs of each shard's task (--cpus-per-task; squeeze compresses with that many
#                   jobs, from SLURM_CPUS_PER_TASK); the plan and the merge take one
#   TIME_LIMIT      --time of every job (e.g. 2:00:00)
#   PARTITION       --partition
#   ACCOUNT         --account
#   MEM             --mem of every job (e.g. 2G; squeeze's memory is bounded by its jobs, not by
#                   the tree: 512M is plenty for a few jobs)
#   SBATCH_EXTRA    anything else, split on spaces (e.g. "--qos=low --mail-type=FAIL")
# sbatch's own SBATCH_* input variables (SBATCH_PARTITION, SBATCH_ACCOUNT, ...) work as well.
site_options=()
[ -z "${TIME_LIMIT:-}" ] || site_options+=("--time=$TIME_LIMIT")
[ -z "${PARTITION:-}" ] || site_options+=("--partition=$PARTITION")
[ -z "${ACCOUNT:-}" ] || site_options+=("--account=$ACCOUNT")
[ -z "${MEM:-}" ] || site_options+=("--mem=$MEM")
# shellcheck disable=SC2206 # split on purpose
[ -z "${SBATCH_EXTRA:-}" ] || site_options+=($SBATCH_EXTRA)
shard_options=()
[ -z "${CPUS_PER_TASK:-}" ] || shard_options+=("--cpus-per-task=$CPUS_PER_TASK")
