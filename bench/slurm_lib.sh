# shellcheck shell=bash
# The body of bench/slurm_sweep.sh and bench/slurm_tune.sh (they set MODE and source this):
# one SLURM array task per shard of a clbench command line, and a merge job after them.
#
#   submit N [SBATCH_OPTION...] -- CLBENCH_ARGS...   (outside SLURM) submits the array of N tasks
#                                   and the merge job (--dependency=afterany), prints both ids
#   CLBENCH_ARGS...                 (an array task) runs shard K/N of the command line
#   --merge N                       (the merge job) checks that all N shards are there, once
#                                   each, and merges them with clbench report
#
# Environment (exported to the jobs by sbatch): CLBENCH the binary (default build/clbench);
# CLBENCH_OUT the shared folder of run files, logs and the merged report (default
# results/slurm-MODE); CLBENCH_LOCAL a node-local folder for the task's run file and journal
# while it runs (default $TMPDIR, else /tmp); CLBENCH_TUNED the shared tuning database of a
# tune (default CLBENCH_OUT/tuned.json); CLBENCH_MERGE_OPTS sbatch options of the merge job.
set -euo pipefail

say() { echo "clbench-$MODE: $*"; }
die() {
    echo "clbench-$MODE: error: $*" >&2
    exit 1
}

CLBENCH=${CLBENCH:-build/clbench}
OUT=${CLBENCH_OUT:-results/slurm-$MODE}
TUNED=${CLBENCH_TUNED:-$OUT/tuned.json}

# Atomic copy onto the shared file system: a reader never sees half a file.
publish() {
    cp "$1" "$2.tmp.$$"
    mv -f "$2.tmp.$$" "$2"
}

submit() {
    local n=${1:-} opts=() array merge here
    [[ $n =~ ^[1-9][0-9]*$ ]] || die "submit needs the number of tasks: $0 submit N [SBATCH_OPTION...] -- CLBENCH_ARGS..."
    shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        opts+=("$1")
        shift
    done
    [ $# -gt 0 ] || die "submit: put -- before clbench's arguments"
    shift
    here=$(cd "$(dirname "$0")" && pwd)
    mkdir -p "$OUT"
    CLBENCH=$(realpath "$CLBENCH")
    CLBENCH_OUT=$(realpath "$OUT")
    CLBENCH_TUNED=$(realpath -m "$TUNED")
    export CLBENCH CLBENCH_OUT CLBENCH_TUNED CLBENCH_BENCH_DIR=$here
    array=$(sbatch --parsable --array="0-$((n - 1))" -o "$CLBENCH_OUT/$MODE-%a.log" "${opts[@]}" \
        "$here/slurm_$MODE.sh" "$@")
    array=${array%%;*}
    # shellcheck disable=SC2086 # CLBENCH_MERGE_OPTS is a list of options
    merge=$(sbatch --parsable --dependency="afterany:$array" --job-name="clbench-$MODE-merge" \
        -o "$CLBENCH_OUT/$MODE-merge.log" ${CLBENCH_MERGE_OPTS:-} "$here/slurm_$MODE.sh" --merge "$n")
    echo "${array} ${merge%%;*}"
}

task() {
    local id=$SLURM_ARRAY_TASK_ID min=${SLURM_ARRAY_TASK_MIN:-0} step=${SLURM_ARRAY_TASK_STEP:-1}
    local n=$SLURM_ARRAY_TASK_COUNT k work part tuned=() db_part="" arg rc=0 resume=()

    for arg in "$@"; do
        case $arg in
        --shard | --shard=* | -o | --output | --output=* | --resume | --resume=*)
            die "the script sets --shard, --output and --resume itself: drop '$arg'" ;;
        esac
    done
    # The shard is the task's place in the array, whatever its ids (--array=1-4, 0-6:2).
    k=$(((id - min) / step))
    if [ $(((id - min) % step)) -ne 0 ] || [ "$k" -ge "$n" ]; then
        die "task id $id does not fit --array=$min-...:$step of $n tasks: use a range, e.g. --array=0-$((n - 1))"
    fi
    part="$OUT/$MODE-$k-of-$n.json"
    work="${CLBENCH_LOCAL:-${TMPDIR:-/tmp}}/clbench-$MODE-${SLURM_ARRAY_JOB_ID}-$k"
    mkdir -p "$OUT" "$work"
    say "shard $k/$n on $(hostname), job ${SLURM_ARRAY_JOB_ID}_$id, restart ${SLURM_RESTART_COUNT:-0}"
    if [ -f "$part" ]; then
        say "shard $k/$n is already done: $part"
        return 0
    fi
    # A task killed or requeued on this node left its journal here: carry its finished rows over.
    if [ -s "$work/part.json.journal" ]; then
        say "resuming from its journal $work/part.json.journal"
        resume=(--resume "$work/part.json.journal")
    elif [ "${SLURM_RESTART_COUNT:-0}" -gt 0 ]; then
        say "restarted, but no journal in $work (node-local files gone): running from scratch"
    fi
    if [ "$MODE" = tune ]; then
        for arg in "$@"; do
            case $arg in --tuned | --tuned=*) die "the script sets --tuned itself: use CLBENCH_TUNED" ;; esac
        done
        mkdir -p "$(dirname "$TUNED")"
        # Every task merges its best points into the shared database under its lock; where the
        # file system has no working locks (NFS without lockd) they would lose each other's
        # entries, so each task writes its own database and the merge job merges them.
        if flock -w 600 "$TUNED.lock" true 2>"$work/flock.err"; then
            tuned=(--tuned "$TUNED")
        else
            say "no working file locks for '$TUNED' ($(tr '\n' ' ' <"$work/flock.err")): this task writes its own database, the merge job merges them"
            tuned=(--tuned "$work/tuned.json")
            db_part="$OUT/tuned-$k-of-$n.json"
        fi
        "$CLBENCH" tune "$@" "${tuned[@]}" --shard "$k/$n" "${resume[@]}" -o "$work/part.json" || rc=$?
    else
        "$CLBENCH" "$@" --shard "$k/$n" "${resume[@]}" -o "$work/part.json" || rc=$?
    fi
    # Exit 1 with a run file: some rows failed, which the run file records; anything else lost
    # the shard, and the merge job will say so.
    if [ ! -f "$work/part.json" ]; then
        die "clbench exited with $rc and wrote no run file: shard $k/$n is missing"
    fi
    [ -z "$db_part" ] || [ ! -f "$work/tuned.json" ] || publish "$work/tuned.json" "$db_part"
    publish "$work/part.json" "$part"
    rm -rf "$work"
    say "shard $k/$n done (clbench exit $rc): $part"
}

merge() {
    local n=${1:-} k files=() missing=() dbs=() work
    [[ $n =~ ^[1-9][0-9]*$ ]] || die "--merge needs the number of tasks"
    for ((k = 0; k < n; k++)); do
        if [ -f "$OUT/$MODE-$k-of-$n.json" ]; then
            files+=("$OUT/$MODE-$k-of-$n.json")
        else
            missing+=("$k/$n")
        fi
    done
    [ ${#missing[@]} -eq 0 ] ||
        die "shard(s) ${missing[*]} missing (no $OUT/$MODE-K-of-$n.json: see those tasks' logs, $MODE-K.log under submit): nothing merged"
    # Each file is the shard its name says, and no row is in two of them: a task given another's
    # shard would otherwise double some rows and lose others without a word.
    python3 - "${files[@]}" <<'PY' || die "the run files do not add up to the whole: nothing merged"
import json, re, sys
seen, ok = {}, True
for k, path in enumerate(sys.argv[1:]):
    run = json.load(open(path))
    m = re.search(r"--shard[= ](\d+)/(\d+)", run.get("command_line", ""))
    shard = m and (int(m.group(1)), int(m.group(2)))
    if shard != (k, len(sys.argv) - 1):
        print(f"{path}: holds shard {'%d/%d' % shard if shard else 'none'}, not {k}/{len(sys.argv) - 1}"
              " (two tasks given the same shard?)", file=sys.stderr)
        ok = False
    for r in run["rows"]:
        key = (r["device"], r["kernel"], json.dumps(r["params"], sort_keys=True), tuple(r["size"]))
        if key in seen:
            print(f"{path}: row {r['kernel']} {r['params']} {r['size']} is in {seen[key]} too",
                  file=sys.stderr)
            ok = False
        seen.setdefault(key, path)
sys.exit(0 if ok else 1)
PY
    "$CLBENCH" report "${files[@]}" -f json -o "$OUT/$MODE.json"
    "$CLBENCH" report "${files[@]}" -f table -o "$OUT/$MODE.txt"
    cat "$OUT/$MODE.txt"
    say "merged ${#files[@]} shards: $OUT/$MODE.json, $OUT/$MODE.txt"
    shopt -s nullglob
    dbs=("$OUT"/tuned-*-of-"$n".json)
    if [ ${#dbs[@]} -gt 0 ]; then
        # The per-task databases of tasks without working locks: merged here, by one writer, on
        # node-local disk (where flock works) and published whole.
        work=$(mktemp -d "${CLBENCH_LOCAL:-${TMPDIR:-/tmp}}/clbench-merge.XXXXXX")
        [ ! -f "$TUNED" ] || dbs=("$TUNED" "${dbs[@]}")
        "$CLBENCH" tune --merge --tuned "$work/tuned.json" "${dbs[@]}"
        publish "$work/tuned.json" "$TUNED"
        rm -rf "$work"
        say "merged the per-task databases into $TUNED"
    fi
}

case ${1:-} in
submit)
    shift
    submit "$@"
    ;;
--merge)
    merge "${2:-}"
    ;;
*)
    [ -n "${SLURM_ARRAY_TASK_ID:-}" ] ||
        die "run it as: $0 submit N [SBATCH_OPTION...] -- CLBENCH_ARGS... (or sbatch --array=0-N)"
    task "$@"
    ;;
esac
