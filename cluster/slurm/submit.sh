#!/usr/bin/env bash
# Submits the figures of the suite to SLURM as job arrays, one array task per trial (README,
# "Figures on a cluster"):
#   1. the training trials (no prerequisites), one array;
#   2. the figures' own trials (figures 8 and 9 sample from the trained models, lambda2), one array
#      that starts after every task of array 1 succeeded (--dependency=afterok);
#   3. one job that renders the figures, CSVs, claims and REPORT.md from the finished trials.
#
# usage: cluster/slurm/submit.sh --scale smoke|quick|paper --out DIR [--figure ID|all] [--seed S]
#                                [--work WORKDIR] [-- EXTRA SBATCH OPTIONS...]
# DIR must be on a file system every node sees. WORKDIR (default DIR.slurm) receives the trial
# lists and the jobs' logs. Submitting again resumes: finished trials end at once.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
FIGURE=all SCALE=paper SEED=1 OUT="" WORK=""
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) SCALE="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --figure) FIGURE="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "submit.sh: unknown option '$1' (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
[ -n "$OUT" ] || { echo "submit.sh: --out DIR is required" >&2; exit 2; }
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
WORK="${WORK:-$OUT.slurm}"
mkdir -p "$WORK/logs"
WORK="$(cd "$WORK" && pwd)"

# builds the suite once here (the array tasks then find it built) and lists the trials
"$REPO/rbm" figure "$FIGURE" --scale "$SCALE" --seed "$SEED" --out "$OUT" --list-trials > "$WORK/trials.txt"
grep '^training/' "$WORK/trials.txt" > "$WORK/training.txt" || true
grep -v '^training/' "$WORK/trials.txt" > "$WORK/figures.txt" || true
ARGS=("$REPO" "$FIGURE" "$SCALE" "$SEED" "$OUT")

submit_array() { # LIST DEPENDENCY -> job id (nothing for an empty list)
  local list="$1" dep="$2" n
  shift 2
  n=$(wc -l < "$list")
  [ "$n" -gt 0 ] || return 0
  sbatch --parsable --job-name="rbm-$(basename "$list" .txt)" --array="0-$((n - 1))" ${dep:+--dependency=afterok:$dep} \
    --output="$WORK/logs/%x-%a.out" "$@" "$HERE/trial.sbatch" "$list" "${ARGS[@]}"
}
A=$(submit_array "$WORK/training.txt" "" "$@")
B=$(submit_array "$WORK/figures.txt" "$A" "$@")
LAST="${B:-$A}"
R=$(sbatch --parsable --job-name=rbm-render ${LAST:+--dependency=afterok:$LAST} --output="$WORK/logs/%x.out" "$@" \
  "$HERE/render.sbatch" "${ARGS[@]}")
{
  echo "# rerun failed tasks K,L of an array, then render (the --dependency options are left out):"
  echo "sbatch --array=K,L --output='$WORK/logs/%x-%a.out' $* '$HERE/trial.sbatch' '$WORK/training.txt' ${ARGS[*]}"
  echo "sbatch --array=K,L --output='$WORK/logs/%x-%a.out' $* '$HERE/trial.sbatch' '$WORK/figures.txt' ${ARGS[*]}"
  echo "sbatch --output='$WORK/logs/%x.out' $* '$HERE/render.sbatch' ${ARGS[*]}"
} > "$WORK/resubmit.txt"
echo "training array: ${A:-none} ($(wc -l < "$WORK/training.txt") tasks)"
echo "figure array:   ${B:-none} ($(wc -l < "$WORK/figures.txt") tasks, after the training array)"
echo "render job:     $R (after both); logs in $WORK/logs"
