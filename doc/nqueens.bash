# bash completion for nqueens and nqueens-mpi: commands, options, engines,
# --bind modes and --format names. Options and engines are read from the
# program's own --help, so they never fall behind it.

# The options in the help of "$@": those of its usage lines ("[-t|--threads
# T]" gives -t and --threads) and the leading words of its option lines
# ("  -t, --threads T  ..." gives the same).
_nqueens_options()
{
    local help
    help=$("$@" --help 2>/dev/null)
    sed -n '/^usage:/,/^$/p' <<<"$help" | grep -oE -- '[[|]--?[a-z][a-z-]*' | cut -c2-
    sed -n 's/^  \(-[^ ,]*\)\(, \(-[^ ,]*\)\)\{0,1\}.*/\1 \3/p' <<<"$help"
}

_nqueens()
{
    local prog=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        local commands
        commands=$("$prog" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
        [[ $prog == *nqueens-mpi ]] && commands=count
        mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
        return
    fi
    local cmd=${COMP_WORDS[1]}
    case $prev in
    --engine)
        mapfile -t COMPREPLY < <(compgen -W "$("$prog" count --help 2>/dev/null |
            sed -n '/^engines:/,$s/^  \([a-z0-9][a-z0-9-]*\) .*/\1/p')" -- "$cur")
        return ;;
    --bind) # auto is count's and solve's, not topology's
        local modes="none numa core"
        [[ $cmd == topology ]] || modes="auto $modes"
        mapfile -t COMPREPLY < <(compgen -W "$modes" -- "$cur")
        return ;;
    -f | --format)
        mapfile -t COMPREPLY < <(compgen -W "board cols json ndjson" -- "$cur")
        return ;;
    --checkpoint | --subtotals)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return ;;
    -t | --threads | --depth | --max | -l | --limit | --checkpoint-every | --stop-after | \
        --seconds | --sample | --seed | --max-memory | --part | --only)
        return ;;
    esac
    # merge and check take checkpoint (or subtotals) files.
    if [[ ($cmd == merge || $cmd == check) && $cur != -* ]]; then
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return
    fi
    if [[ $cur == -* ]]; then
        local options
        if [[ $prog == *nqueens-mpi ]]; then
            options=$(_nqueens_options "$prog")
        else
            options=$(_nqueens_options "$prog" "$cmd")
        fi
        mapfile -t COMPREPLY < <(compgen -W "$(tr " " "\n" <<<"$options" | sort -u)" -- "$cur")
    fi
}
complete -F _nqueens nqueens nqueens-mpi
