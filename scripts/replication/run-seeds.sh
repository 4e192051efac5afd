#!/usr/bin/env bash
# Computes the trials of replication seeds at paper scale, JOBS trials at a time, without rendering
# anything: no figure, claim or verdict is computed until --render (issue 36: the raw trials of a seed
# do not depend on the decision rules, its verdicts do). Finished trials are kept, so rerunning the
# same command resumes where it stopped, on this machine or on another one with a copy of OUT/seed-S.
#
# usage: scripts/replication/run-seeds.sh [--jobs J] [--render] OUT SEED...
#   OUT/seed-S  the figures folder of seed S (data sets of seed 1: --data-seed 1)
#   --render    after a seed's trials are all finished, render and decide it (figure --render-only)
set -u
JOBS=2
RENDER=0
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) JOBS="$2"; shift 2 ;;
    --render) RENDER=1; shift ;;
    *) break ;;
  esac
done
if [ $# -lt 2 ]; then
  echo "usage: $0 [--jobs J] [--render] OUT SEED..." >&2
  exit 2
fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$1"; shift
mkdir -p "$OUT"
for S in "$@"; do
  DIR="$OUT/seed-$S"
  LOG="$OUT/seed-$S.log"
  echo "seed $S start $(date -u +%FT%TZ)" >> "$LOG"
  "$ROOT/rbm" figure all --scale paper --seed "$S" --data-seed 1 --out "$DIR" --list-trials > "$OUT/seed-$S.trials"
  run() {
    # stdin: trial ids; one line per trial in the log: id, exit code, seconds
    xargs -P "$JOBS" -I{} bash -c 't0=$(date +%s.%N); "'"$ROOT"'/rbm" figure all --scale paper --seed '"$S"' --data-seed 1 --threads 1 --out "'"$DIR"'" --trial {} > /dev/null 2>> "'"$DIR"'.stderr"; rc=$?; echo "{} rc=$rc $(echo "$(date +%s.%N) - $t0" | bc) s"' >> "$LOG"
  }
  # training trials first: the others read finished trained models
  grep '^training/' "$OUT/seed-$S.trials" | run
  grep -v '^training/' "$OUT/seed-$S.trials" | run
  missing=0
  while read -r id; do
    "$ROOT/rbm" figure all --scale paper --seed "$S" --data-seed 1 --threads 1 --out "$DIR" --trial "$id" \
        > /dev/null 2>> "$DIR.stderr" || missing=$((missing + 1))
  done < "$OUT/seed-$S.trials"
  if [ "$missing" -gt 0 ]; then
    echo "seed $S: $missing trial(s) failed; see $DIR.stderr, then rerun this command" | tee -a "$LOG" >&2
    continue
  fi
  echo "seed $S trials complete $(date -u +%FT%TZ)" >> "$LOG"
  if [ "$RENDER" = 1 ]; then
    "$ROOT/rbm" figure all --scale paper --seed "$S" --data-seed 1 --out "$DIR" --render-only > /dev/null 2>> "$DIR.stderr" \
      && echo "seed $S rendered $(date -u +%FT%TZ)" >> "$LOG"
  fi
done
