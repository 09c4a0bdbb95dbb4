# bash completion for clbench, installed as share/bash-completion/completions/clbench.
# Options come from the binary's own --help (and `clbench report --help`), kernel and family
# names from --list-kernels, so the completion follows whatever binary is on the PATH.
_clbench_words() { # _clbench_words PROG ARGS...: the binary's output, quietly
    "$@" 2>/dev/null
}

_clbench() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} prog=${COMP_WORDS[0]}
    local report="" words prefix
    [ "${COMP_WORDS[1]:-}" = report ] && [ "$COMP_CWORD" -gt 1 ] && report=report
    COMPREPLY=()
    case $prev in
    -k | --kernel)
        # A comma list: complete the name after the last comma.
        words=$(_clbench_words "$prog" --list-kernels |
            sed -nE 's/^family ([a-z0-9_]+).*/\1/p; s/^  ([a-z0-9_]+).*/\1/p')
        prefix=""
        [[ $cur == *,* ]] && prefix=${cur%,*},
        mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "all $words" -- "${cur##*,}")
        compopt -o nospace 2>/dev/null
        return
        ;;
    -f | --format)
        mapfile -t COMPREPLY < <(compgen -W "table csv json md" -- "$cur")
        return
        ;;
    -d | --device)
        prefix=""
        [[ $cur == *,* ]] && prefix=${cur%,*},
        mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "all gpu cpu accelerator" -- "${cur##*,}")
        return
        ;;
    --peak)
        mapfile -t COMPREPLY < <(compgen -W "cached measure off" -- "$cur")
        return
        ;;
    --cl-dir)
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        return
        ;;
    -o | --output | --resume | -b | --baseline)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return
        ;;
    -n | --size | -D | --define | -r | --reps | -w | --warmup | --min-time | --max-time | \
        --seed | --verify-max | --cl-opts | --alpha | --threshold)
        return # a value of the user's own
        ;;
    esac
    if [[ $cur == -* ]]; then
        words=$(_clbench_words "$prog" $report --help | grep -oE -- '(^|[ ,])--?[a-zA-Z][a-z-]*' |
            tr -d ' ,' | sort -u)
        mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    elif [ -n "$report" ]; then
        mapfile -t COMPREPLY < <(compgen -f -X '!*.json' -- "$cur"; compgen -d -- "$cur")
    elif [ "$COMP_CWORD" -eq 1 ]; then
        mapfile -t COMPREPLY < <(compgen -W "report" -- "$cur")
    fi
}
complete -F _clbench clbench
