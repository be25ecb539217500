#!/bin/bash
# Reruns the given shards (a failed or cancelled task's), each alone with --resume, and the merge
# once they have ended. Same environment (and site options) as submit.sh. Prints the job ids, the merge's last.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/sbatch-options.sh"
export TREE PLAN REPORTS SHARDS
jobs=()
for shard in "$@"; do
  jobs+=("$(SHARD=$shard sbatch --parsable "${site_options[@]}" "${shard_options[@]}" "$here/compress.sbatch")")
done
merge=$(sbatch --parsable "${site_options[@]}" --dependency=afterany:"$(IFS=:; echo "${jobs[*]}")" "$here/merge.sbatch")
echo "${jobs[*]} $merge"
