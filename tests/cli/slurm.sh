# A real one-node SLURM cluster (munged, slurmctld, slurmd from Debian's slurm-wlm and munge),
# started here with its own key, sockets, ports, state and logs in a temporary folder, runs
# bench/slurm_sweep.sh and bench/slurm_tune.sh as array jobs: the merged shards are exactly the
# unsharded run, the database holds the best point, a requeued task resumes from its journal, a
# task whose node-local files vanished reruns from scratch, and a lost or doubled shard, too
# many shards and a file system without locks are each said.  Exit 77 (skipped) with the reason
# where the daemons cannot run.  Every daemon it started is stopped at exit, by pid.
source "$(dirname "$0")/lib.sh"
BENCH=$CLBENCH_SOURCE_DIR/bench

step() { echo "[${SECONDS}s] $*"; }
skip() {
    echo "SKIP: $*"
    exit 77
}
[ "$(id -u)" -eq 0 ] || skip "slurmd runs jobs as their users and needs root (run the test as root)"
for tool in munged slurmctld slurmd sbatch squeue scontrol scancel flock; do
    command -v "$tool" >/dev/null || skip "$tool is missing: install slurm-wlm and munge (scripts/quickstart.sh test)"
done

# The cluster's folder: short, for the sockets' 108-byte limit.
C=$(mktemp -d /tmp/clbench-slurm.XXXXXX)
PIDS=()
stop_cluster() {
    local rc=$? pid
    # A test that failed half way leaves jobs: end them while slurmd can still do so.
    if [ ${#PIDS[@]} -ge 3 ] && squeue -h 2>/dev/null | grep -q .; then
        scancel --user=root 2>/dev/null
        for _ in $(seq 50); do squeue -h 2>/dev/null | grep -q . || break; sleep 0.1; done
    fi
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${PIDS[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null
    done
    # A failure shows the daemons' side too.
    [ "$rc" -eq 0 ] || [ "$rc" -eq 77 ] || log_tails >&2
    rm -rf "$C"
    (exit "$rc")
    check_schemas_and_clean
}
trap stop_cluster EXIT
CLUSTER=clb$$

# Two free ports, so that two copies of this test (the normal and the sanitizer suite) run side
# by side; the system's own slurmctld, if any, keeps 6817.
read -r CTLD_PORT SLURMD_PORT < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')

log_tails() {
    local f
    for f in "$C"/munged.out "$C"/munged.log "$C"/slurmctld.log "$C"/slurmd.log "$C"/slurmctld.out "$C"/slurmd.out; do
        [ -f "$f" ] && { echo "--- $f:"; tail -n 15 "$f"; }
    done
}

mkdir -p "$C/munge" "$C/state" "$C/spool" && chmod 700 "$C/munge"
head -c 1024 /dev/urandom >"$C/munge/key" && chmod 400 "$C/munge/key"
munged --socket="$C/munge/sock" --key-file="$C/munge/key" --pid-file="$C/munge/pid" \
    --log-file="$C/munged.log" --seed-file="$C/munge/seed" --force 2>"$C/munged.out" ||
    skip "munged does not start: $(log_tails)"
PIDS+=("$(cat "$C/munge/pid")")

export SLURM_CONF=$C/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=$CLUSTER
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
# cred_expire: a requeued job waits that long (120 s by default) before it may start again, and
# the scheduler looks at pending jobs every sched_interval (60 s by default) besides on events.
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$C/munge/sock,cred_expire=5
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$C/state
SlurmdSpoolDir=$C/spool
SlurmctldPidFile=$C/slurmctld.pid
SlurmdPidFile=$C/slurmd.pid
SlurmctldLogFile=$C/slurmctld.log
SlurmdLogFile=$C/slurmd.log
PlugStackConfig=$C/plugstack.conf
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
JobRequeue=1
KillWait=2
MinJobAge=600
NodeName=$CLUSTER NodeAddr=127.0.0.1 NodeHostname=$(hostname -s) CPUs=2 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
: >"$C/plugstack.conf"
slurmctld -D -i -f "$SLURM_CONF" >"$C/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -N "$CLUSTER" -f "$SLURM_CONF" >"$C/slurmd.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do
    [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
    sleep 0.2
done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] ||
    skip "the cluster did not come up in 20 s (node: $(sinfo -h -o %T 2>&1)): $(log_tails)"
echo "cluster $CLUSTER up: slurmctld on port $CTLD_PORT, slurmd on $SLURMD_PORT"

# The jobs share the test's PoCL kernel cache, warmed by the unsharded runs first: two PoCL
# processes building one kernel into one cache folder at once can fail inside PoCL (see
# tests/CMakeLists.txt), and a cold build costs a task seconds.
export CLBENCH_LOCAL=$TMP/node-local

# state JOB: the job's state while the controller remembers it (MinJobAge), e.g. COMPLETED.
state() { squeue -h -t all -j "$1" -o %T 2>/dev/null | head -n 1; }
# wait_done JOB SECONDS: waits for the job (every task of an array) to end.
wait_done() {
    local i
    for ((i = 0; i < $2 * 5; i++)); do
        squeue -h -t pending,running,requeued,completing,suspended -j "$1" 2>/dev/null | grep -q . || return 0
        sleep 0.2
    done
    squeue -t all >&2
    fail "job $1 did not end within $2 s"
}
# wait_journal FILE ROWS SECONDS: waits until a running task has journalled ROWS rows.
wait_journal() {
    local i
    for ((i = 0; i < $3 * 20; i++)); do
        [ "$(journal_rows "$1")" -ge "$2" ] && return 0
        sleep 0.05
    done
    squeue -t all >&2
    fail "no $2 rows in $1 within $3 s"
}
# rows FILE...: the rows' keys (kernel, parameters, size) of run files or report JSON files.
rows() {
    python3 - "$@" <<'PY'
import json, sys
for path in sys.argv[1:]:
    d = json.load(open(path))
    if d["schema"] == "clbench-report":
        rows = [(r["kernel"], " ".join(sorted(r["params"].split())), r["size"])
                for f in d["families"] for r in f["rows"]]
    else:
        rows = [(r["kernel"], " ".join(sorted(f"{k}={v}" for k, v in r["params"].items())),
                 "x".join(map(str, r["size"]))) for r in d["rows"]]
    for r in rows:
        print(*r)
PY
}

# 1. A sweep of 6 slow rows (tests/fault/slow, ~0.5 s each) in 3 tasks; task 1 is requeued
# after its first row and resumes from its journal; task 2 is requeued and its node-local files
# removed: it runs again from scratch.
SWEEP=(-d cpu --cl-dir "$CLBENCH_SOURCE_DIR/tests/fault/slow" -k vadd -D WGS=32,64
       -n 64,128,192 --cl-opts -DSPIN=524288 "${QUICK[@]}" --no-tuned)
step "the unsharded sweep"
run "${SWEEP[@]}" -o "$TMP/whole.json"
expect_rc 0
export CLBENCH_OUT=$TMP/sweep
step "the sweep on the cluster"
read -r array merge < <("$BENCH/slurm_sweep.sh" submit 3 -- "${SWEEP[@]}") ||
    fail "submitting the sweep: $(log_tails)"
work=$CLBENCH_LOCAL/clbench-sweep-$array
# requeue TASK: requeues it and waits until it is pending again (it starts again cred_expire
# seconds later).
requeue() {
    scontrol requeue "$1" || fail "scontrol requeue $1"
    for _ in $(seq 150); do [ "$(state "$1")" != PENDING ] || return 0; sleep 0.1; done
    fail "$1 is not pending 15 s after scontrol requeue: $(state "$1")"
}
wait_journal "$work-1/part.json.journal" 1 60
requeue "${array}_1"
wait_journal "$work-2/part.json.journal" 1 60
requeue "${array}_2"
rm -rf "$work-2"
step "requeued tasks 1 and 2"
wait_done "$merge" 90
[ "$(state "$merge")" = COMPLETED ] || fail "merge job: $(state "$merge"): $(cat "$CLBENCH_OUT"/sweep-merge.log)"
grep -q "shard 1/3.*restart 1" "$CLBENCH_OUT/sweep-1.log" &&
    grep -q "resuming from its journal" "$CLBENCH_OUT/sweep-1.log" ||
    fail "task 1 did not resume: $(cat "$CLBENCH_OUT/sweep-1.log")"
grep -q "node-local files gone): running from scratch" "$CLBENCH_OUT/sweep-2.log" ||
    fail "task 2 did not start again: $(cat "$CLBENCH_OUT/sweep-2.log")"
python3 - "$CLBENCH_OUT"/sweep-{1,2}-of-3.json <<'PY' || fail "requeued tasks' run files"
import json, sys
one, two = (json.load(open(p))["rows"] for p in sys.argv[1:])
assert any(r.get("resumed") for r in one), "task 1 carried no row over from its journal"
assert not any(r.get("resumed") for r in two), "task 2 resumed from files that were removed"
assert all(r["status"] == "ok" for r in one + two)
PY
rows "$TMP/whole.json" | sort >"$TMP/whole.rows"
rows "$CLBENCH_OUT/sweep.json" | sort >"$TMP/merged.rows"
[ "$(wc -l <"$TMP/whole.rows")" -eq 6 ] && cmp -s "$TMP/whole.rows" "$TMP/merged.rows" ||
    fail "merged rows differ from the unsharded run's: $(diff "$TMP/whole.rows" "$TMP/merged.rows")"
grep -q "vadd" "$CLBENCH_OUT/sweep.txt" || fail "no merged table"
[ ! -e "$work-0" ] && [ ! -e "$work-1" ] && [ ! -e "$work-2" ] || fail "node-local files left behind"

step "merge checks"
# 2. The same shard twice: a copy of shard 1 in the place of shard 2 is refused by name.
cp "$CLBENCH_OUT/sweep-1-of-3.json" "$CLBENCH_OUT/sweep-2-of-3.json"
"$BENCH/slurm_sweep.sh" --merge 3 >"$TMP/stdout" 2>"$TMP/stderr" && fail "a doubled shard merged"
expect_stderr_has "sweep-2-of-3.json: holds shard 1/3, not 2/3 (two tasks given the same shard?)"
expect_stderr_has "is in $CLBENCH_OUT/sweep-1-of-3.json too"
expect_stderr_has "nothing merged"

# 3. Tunes: 4 points in 3 tasks, each merging its best into the shared database under its lock;
# then the same on a folder whose file system has no working locks (tests/fault/nolock): each
# task writes its own database and the merge job merges them.  Meanwhile a sweep whose task 1
# is cancelled, and one with more shards than rows.  The unsharded runs first (a warm cache).
TINY=(-d cpu -k matmul_regblock -n 32 -D TILE=4,8 -D RX=1,2 -D RY=2 --reps 2
      --strategy exhaustive --budget 100)
FAST=(-d cpu -k vadd -D WGS=32,64 -n 64 "${QUICK[@]}" --no-tuned)
step "the unsharded tune"
run tune "${TINY[@]}" --tuned "$TMP/whole-tuned.json" -o "$TMP/whole-tune.json"
expect_rc 0
run "${FAST[@]}" -o "$TMP/fast.json"
expect_rc 0
step "submitting: a cancelled task, too many shards, two tunes"
export CLBENCH_OUT=$TMP/cancel
read -r cancel cancel_merge < <("$BENCH/slurm_sweep.sh" submit 2 --hold -- "${FAST[@]}") ||
    fail "submitting the sweep to cancel"
scancel "${cancel}_1" && scontrol release "${cancel}_0" || fail "cancelling task 1"
export CLBENCH_OUT=$TMP/many
read -r many many_merge < <("$BENCH/slurm_sweep.sh" submit 3 -- "${FAST[@]}") ||
    fail "submitting the sweep of too many shards"
export CLBENCH_OUT=$TMP/tune
read -r _ tune_merge < <("$BENCH/slurm_tune.sh" submit 3 -- "${TINY[@]}") || fail "submitting the tune"
export CLBENCH_OUT=$TMP/nolock
read -r _ nolock_merge < <(CLBENCH_NOLOCK_DIR=$CLBENCH_OUT LD_PRELOAD=$CLBENCH_NOLOCK_LIB \
    ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 "$BENCH/slurm_tune.sh" submit 3 -- "${TINY[@]}") ||
    fail "submitting the tune without locks"

wait_done "$cancel_merge" 60
[ "$(state "$cancel_merge")" = FAILED ] || fail "merge after a cancelled task: $(state "$cancel_merge")"
grep -q "error: shard(s) 1/2 missing" "$TMP/cancel/sweep-merge.log" &&
    grep -q "nothing merged" "$TMP/cancel/sweep-merge.log" && [ ! -e "$TMP/cancel/sweep.json" ] ||
    fail "merge after a cancelled task: $(cat "$TMP/cancel/sweep-merge.log")"

step "too many shards"
wait_done "$many_merge" 60
grep -q "the sweep has only 2 rows, fewer than 3 shards" "$TMP/many/sweep-0.log" &&
    grep -q "wrote no run file: shard 0/3 is missing" "$TMP/many/sweep-0.log" ||
    fail "too many shards: $(cat "$TMP/many/sweep-0.log")"
[ "$(state "${many}_0")" = FAILED ] || fail "a task with too many shards: $(state "${many}_0")"
grep -q "error: shard(s) 0/3 1/3 2/3 missing" "$TMP/many/sweep-merge.log" ||
    fail "merge after too many shards: $(cat "$TMP/many/sweep-merge.log")"

# best DB RUN...: the database's one entry is the best ok row of the run files.
best() {
    python3 - "$@" <<'PY'
import json, sys
(e,) = json.load(open(sys.argv[1]))["entries"]
rows = [r for p in sys.argv[2:] for r in json.load(open(p))["rows"]]
points = [tuple(sorted(r["params"].items())) for r in rows]
assert len(points) == len(set(points)) == 4, points
best = max((r for r in rows if r["status"] == "ok"), key=lambda r: r["gflops"])
assert e["params"] == best["params"], (e["params"], best["params"])
PY
}
step "tunes"
for out in tune nolock; do
    case $out in tune) m=$tune_merge ;; nolock) m=$nolock_merge ;; esac
    wait_done "$m" 90
    [ "$(state "$m")" = COMPLETED ] || fail "$out merge job: $(cat "$TMP/$out/tune-merge.log")"
    best "$TMP/$out/tuned.json" "$TMP/$out"/tune-{0,1,2}-of-3.json || fail "$out: the database's best point"
    [ "$(rows "$TMP/$out/tune.json" | wc -l)" -eq 4 ] || fail "$out: merged rows"
done
grep -q "no working file locks for '$TMP/nolock/tuned.json'" "$TMP/nolock/tune-0.log" ||
    fail "no word of the missing locks: $(cat "$TMP/nolock/tune-0.log")"
grep -q "merged the per-task databases into $TMP/nolock/tuned.json" "$TMP/nolock/tune-merge.log" ||
    fail "per-task databases not merged: $(cat "$TMP/nolock/tune-merge.log")"
! ls "$TMP"/tune/tuned-*-of-3.json 2>/dev/null || fail "per-task databases where locks work"

step "no locks, --merge"
# 4. clbench itself on a file system without locks, and clbench tune --merge's refusals.
LD_PRELOAD=$CLBENCH_NOLOCK_LIB CLBENCH_NOLOCK_DIR=$TMP/nolock ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 \
    run tune "${TINY[@]}" --budget 1 --tuned "$TMP/nolock/direct.json"
expect_rc 1
expect_stderr_has "this file system has no working locks; give each tuner its own --tuned FILE and merge them with clbench tune --merge"
run tune --merge --tuned "$TMP/m.json"
expect_rc 2 && expect_one_error_line && expect_stderr_has "--merge needs the databases to merge"
run tune --merge --tuned "$TMP/m.json" "$TMP/nolock/tuned.json" "$TMP/absent.json"
expect_rc 1 && expect_one_error_line && expect_stderr_has "cannot merge '$TMP/absent.json': No such file"
[ ! -e "$TMP/m.json" ] || fail "a failed merge wrote the database"
run tune --merge --tuned "$TMP/m.json" "$TMP/tune/tune-0-of-3.json"
expect_rc 1 && expect_stderr_has "not a clbench tuning database"
run tune --merge --tuned "$TMP/m.json" "$TMP/tune/tuned.json" "$TMP/nolock/tuned.json"
expect_rc 0 && expect_stderr_has "merged 2 database(s) into '$TMP/m.json'"
"$BENCH/slurm_sweep.sh" -d cpu >"$TMP/stdout" 2>"$TMP/stderr" && fail "a task outside SLURM ran"
expect_stderr_has "run it as: "
SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=1 SLURM_ARRAY_JOB_ID=1 "$BENCH/slurm_sweep.sh" -d cpu --shard 0/2 \
    >"$TMP/stdout" 2>"$TMP/stderr" && fail "a task took a --shard of its own"
expect_stderr_has "the script sets --shard, --output and --resume itself: drop '--shard'"
echo "slurm: ok"
