#!/bin/bash
# Reruns the given shards (a failed or cancelled task's), each alone with --resume, and the merge
# once they have ended. Same environment as submit.sh. Prints the job ids, the merge's last.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export TREE PLAN REPORTS SHARDS
jobs=()
for shard in "$@"; do
  jobs+=("$(SHARD=$shard sbatch --parsable "$here/compress.sbatch")")
done
merge=$(sbatch --parsable --dependency=afterany:"$(IFS=:; echo "${jobs[*]}")" "$here/merge.sbatch")
echo "${jobs[*]} $merge"
