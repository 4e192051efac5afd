#!/usr/bin/env bash
# Runs the SLURM job arrays of submit.sh on a one-node SLURM on this machine and checks the result
# against one `figure` process: every CSV and claims.csv byte for byte. Not part of `mvn verify`
# (it installs packages and starts daemons; run it as root on a Debian-like machine):
#   cluster/slurm/test-local.sh [WORKDIR]      (default /tmp/rbm-slurm-test)
# It installs slurm-wlm and munge, writes a minimal cgroup-free slurm.conf for this host (2 CPUs),
# starts munged, slurmctld and slurmd, submits the smoke scale, waits, compares, and stops the
# daemons it started.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
WORK="${1:-/tmp/rbm-slurm-test}"
HOST="$(hostname -s)"
say() { echo "test-local: $*"; }

command -v slurmctld >/dev/null && command -v munged >/dev/null || {
  say "installing slurm-wlm and munge"
  DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge >/dev/null
}
say "$(slurmctld -V), munge $(munged --version 2>&1 | head -1)"

CONF=/etc/slurm/slurm.conf
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
cat > "$CONF" <<CONF
# written by cluster/slurm/test-local.sh: one node, this host, no cgroups, no accounting
ClusterName=rbmtest
SlurmctldHost=$HOST
SlurmUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MaxArraySize=10000
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$HOST CPUs=2 State=UNKNOWN
PartitionName=local Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
# task/none and proctrack/linuxproc use no cgroups; no cgroup.conf is written (22.05 rejects
# CgroupPlugin=disabled, and its default autodetect starts in a container)

STARTED=()
stop_all() {
  for pid in "${STARTED[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap stop_all EXIT
[ -s /etc/munge/munge.key ] || { dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; }
chown munge:munge /etc/munge/munge.key /run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
if ! munge -n >/dev/null 2>&1; then
  say "starting munged"
  runuser -u munge -- /usr/sbin/munged
  sleep 1
  [ -s /run/munge/munged.pid ] && STARTED+=("$(cat /run/munge/munged.pid)")
fi
munge -n | unmunge >/dev/null && say "munge works"
pidof_file() { # PIDFILE: waits up to 15 s for a daemon's pid file
  for _ in $(seq 30); do [ -s "$1" ] && { cat "$1"; return 0; }; sleep 0.5; done
  return 1
}
say "starting slurmctld and slurmd"
rm -f /run/slurmctld.pid /run/slurmd.pid
/usr/sbin/slurmctld -i
STARTED+=("$(pidof_file /run/slurmctld.pid)") || { say "slurmctld did not start:"; tail -5 /var/log/slurm/slurmctld.log; exit 1; }
/usr/sbin/slurmd
STARTED+=("$(pidof_file /run/slurmd.pid)") || { say "slurmd did not start:"; tail -5 /var/log/slurm/slurmd.log; exit 1; }
for i in $(seq 30); do
  sinfo -h -o '%T' 2>/dev/null | grep -qE 'idle|mixed|alloc' && break
  sleep 1
done
say "sinfo: $(sinfo -h -o '%P %D %T %c' 2>&1)"

rm -rf "$WORK"
mkdir -p "$WORK"
say "one process: figure all --scale smoke"
"$REPO/rbm" figure all --scale smoke --out "$WORK/single" --threads 2 >/dev/null 2>"$WORK/single.log"
say "submitting the job arrays"
"$HERE/submit.sh" --scale smoke --out "$WORK/slurm" --work "$WORK/jobs" | sed 's/^/test-local:   /'
RENDER="$(squeue -h -n rbm-render -o '%i' | head -1)"
T0=$(date +%s)
while squeue -h -n rbm-training,rbm-figures,rbm-render 2>/dev/null | grep -q .; do
  sleep 5
  if [ $(( $(date +%s) - T0 )) -gt 3600 ]; then say "gave up waiting after an hour"; exit 1; fi
done
say "all jobs left the queue after $(( $(date +%s) - T0 )) s"
sacct >/dev/null 2>&1 || true
RC=0
cat "$WORK/jobs/logs/rbm-render.out" | tail -3 | sed 's/^/test-local:   render: /'
[ -f "$WORK/slurm/claims.csv" ] || { say "FAIL: the render job wrote no claims.csv"; exit 1; }
A="$(cd "$WORK/single" && find . -name '*.csv' | sort)"
B="$(cd "$WORK/slurm" && find . -name '*.csv' | sort)"
[ "$A" = "$B" ] || { say "FAIL: the two runs wrote different CSV files"; diff <(echo "$A") <(echo "$B") | head; RC=1; }
N=0 BAD=0
for f in $A; do
  N=$((N + 1))
  cmp -s "$WORK/single/$f" "$WORK/slurm/$f" || { say "FAIL: $f differs"; BAD=$((BAD + 1)); }
done
if [ "$RC" = 0 ] && [ "$BAD" = 0 ]; then
  say "PASS: $N CSV files (claims.csv included) byte-identical to the single-process run"
else
  say "FAIL: $BAD of $N CSV files differ"; exit 1
fi
