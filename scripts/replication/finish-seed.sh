#!/usr/bin/env bash
# Finishes a replication seed whose trials are all computed (issue 36; results/replication/README.md):
# renders and decides it once with this checkout's ./rbm (figure --render-only: the registered rules
# of this commit), copies its non-SVG figure files into results/replication/seed-S in the layout of
# results/paper-scale/, checks that `report --from` rebuilds its REPORT.md and claims.csv byte for
# byte, and rewrites the replication over every committed seed (seed 1 beside them as exploratory).
# Nothing is committed: the status row and the seed's paragraph of results/replication/README.md,
# and docs/methods.md "What one seed costs", are the caller's.
#
# usage: scripts/replication/finish-seed.sh RUNS SEED
#   RUNS/seed-S  the seed's figures folder, as scripts/replication/run-seeds.sh left it
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 RUNS SEED" >&2
  exit 2
fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RUNS="$1"
S="$2"
DIR="$RUNS/seed-$S"
DEST="$ROOT/results/replication/seed-$S"
[ -d "$DIR" ] || { echo "finish-seed: no folder $DIR" >&2; exit 2; }
[ ! -e "$DEST" ] || { echo "finish-seed: $DEST exists already (a seed is rendered and decided once)" >&2; exit 2; }
echo "render seed $S at $(git -C "$ROOT" rev-parse --short HEAD), $(date -u +%FT%TZ)"
"$ROOT/rbm" figure all --scale paper --seed "$S" --data-seed 1 --out "$DIR" --render-only > /dev/null
mkdir -p "$DEST"
# the seed's top-level files and each figure's own files (no trials, models or SVG)
for f in "$DIR"/*; do
  if [ -f "$f" ]; then
    case "$f" in *.lock|*.svg) ;; *) cp "$f" "$DEST/" ;; esac
  elif [ -d "$f" ] && [ "$(basename "$f")" != training ]; then
    sub="$DEST/$(basename "$f")"
    mkdir -p "$sub"
    find "$f" -maxdepth 1 -type f ! -name '*.svg' ! -name '*.lock' ! -name '.*' -exec cp {} "$sub/" \;
  fi
done
CHECK="$(mktemp -d)"
trap 'rm -rf "$CHECK"' EXIT
"$ROOT/rbm" report --from "$DEST" --out "$CHECK/report" > /dev/null
cmp "$CHECK/report/REPORT.md" "$DEST/REPORT.md"
cmp "$CHECK/report/claims.csv" "$DEST/claims.csv"
echo "report --from rebuilds seed $S's REPORT.md and claims.csv byte for byte"
SEEDS=()
for d in "$ROOT"/results/replication/seed-*; do
  SEEDS+=("$d")
done
"$ROOT/rbm" replicate "${SEEDS[@]}" --exploratory "$ROOT/results/paper-scale" --out "$ROOT/results/replication" --force
echo "replication rewritten over ${#SEEDS[@]} seeds, $(date -u +%FT%TZ)"
