#!/bin/bash
# Submits the whole job: a plan, an array of one task per shard once the plan is made, and a merge
# once every task has ended. Set TREE, PLAN, REPORTS and SHARDS (and SQUEEZE, the binary, if it is
# not on PATH); run it from a directory every node sees. Prints the three job ids.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export TREE PLAN REPORTS SHARDS
plan=$(sbatch --parsable "$here/plan.sbatch")
array=$(sbatch --parsable --dependency=afterok:"$plan" --array=0-$((SHARDS - 1)) "$here/compress.sbatch")
merge=$(sbatch --parsable --dependency=afterany:"$array" "$here/merge.sbatch")
echo "$plan $array $merge"
