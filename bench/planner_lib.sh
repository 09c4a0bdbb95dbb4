# shellcheck shell=bash
# The planner scripts' shared command line: source it, then `planner_options DEVICE "$@"`
# (DEVICE the default -d).  Sets out (-o OUT, required, made), device (-d) and clbench
# (CLBENCH, else clbench on PATH, else build/clbench); a bad option or no -o: usage, exit 2.
# shellcheck disable=SC2034 # out, device and clbench are the caller's
planner_options() {
    local name usage opt OPTIND=1
    name=bench/$(basename "$0")
    usage="usage: $name -o OUT [-d DEVICE]"
    out=''
    device=$1
    shift
    while getopts "o:d:" opt; do
        case $opt in
        o) out=$OPTARG ;;
        d) device=$OPTARG ;;
        *) echo "$usage" >&2; exit 2 ;;
        esac
    done
    [ -n "$out" ] || { echo "$usage" >&2; exit 2; }
    clbench=${CLBENCH:-$(command -v clbench || echo build/clbench)}
    mkdir -p "$out"
}
