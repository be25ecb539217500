#!/bin/bash
# Submits the whole job: a plan, an array of one task per shard once the plan is made, and a merge
# once every task has ended. Set TREE, PLAN, REPORTS and SHARDS (and SQUEEZE, the binary, if it is
# not on PATH; FORMAT=zstd for .zst outputs); run it from a directory every node sees. Prints the
# three job ids.
# The site's usual options, each optional (see sbatch-options.sh): CPUS_PER_TASK (each shard's
# task; squeeze runs that many jobs), TIME_LIMIT, PARTITION, ACCOUNT, MEM; SBATCH_EXTRA for more.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/sbatch-options.sh"
export TREE PLAN REPORTS SHARDS FORMAT
plan=$(sbatch --parsable "${site_options[@]}" "$here/plan.sbatch")
array=$(sbatch --parsable "${site_options[@]}" "${shard_options[@]}" --dependency=afterok:"$plan" \
  --array=0-$((SHARDS - 1)) "$here/compress.sbatch")
merge=$(sbatch --parsable "${site_options[@]}" --dependency=afterany:"$array" "$here/merge.sbatch")
echo "$plan $array $merge"
