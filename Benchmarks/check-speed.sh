#!/usr/bin/env bash
# How long `didojo check` takes, warm, for a few exercises: the speed goal is a median under
# 1.0 s on a 2-core machine. Prints one line per exercise with the median, fastest and slowest
# of N runs (after one warm-up run that fills the compiler's module cache).
#
#   Benchmarks/check-speed.sh [runs] [exercise-id ...]
#
# Each exercise is checked with its reference solution in place (the passing path, which runs
# every check, and for test-writing exercises every mutant) and with its starter, two ways:
# `didojo check ID` as a script or grader runs it (a new process each time), and `check ID`
# typed in the shell (the mean of N checks in one session, the session's start-up taken off).
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-7}"
shift || true
exercises=("$@")
if [ ${#exercises[@]} -eq 0 ]; then
    exercises=(no-di.1 constructor.2 constructor.4 cake.2 container.3 dependency-values.1)
fi

swift build >/dev/null 2>&1
didojo=.build/debug/didojo
workspace=$(mktemp -d)
trap 'rm -rf "$workspace"' EXIT
export DIDOJO_WORKSPACE="$workspace"
echo quit | "$didojo" >/dev/null 2>&1  # creates the workspace

# Prints "<median> <fastest> <slowest>" in seconds for `didojo check $1`, run $runs times.
time_check() {
    local id=$1 times=() start end
    "$didojo" check "$id" >/dev/null 2>&1 || true
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        "$didojo" check "$id" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ t[NR] = $1 } END { printf "%.2f %.2f %.2f\n", t[int((NR + 1) / 2)] / 1000, t[1] / 1000, t[NR] / 1000 }'
}

# Prints the mean seconds of one `check $1` typed in the shell, over $runs checks in one session.
time_in_shell() {
    local id=$1 start end baseline total
    start=$(date +%s%N); echo quit | "$didojo" >/dev/null 2>&1; end=$(date +%s%N)
    baseline=$(( end - start ))
    start=$(date +%s%N)
    for _ in $(seq "$runs"); do echo "check $id"; done | "$didojo" >/dev/null 2>&1
    end=$(date +%s%N)
    total=$(( end - start - baseline ))
    awk -v t="$total" -v n="$runs" 'BEGIN { printf "%.2f\n", t / n / 1e9 }'
}

echo "didojo check, warm, $runs runs each, on $(nproc) cores (load: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-22s %-9s %8s %8s %8s   %s\n' exercise file median fastest slowest "in the shell (mean)"
for id in "${exercises[@]}"; do
    path=$("$didojo" list --format json | python3 -c "import json,sys; print(next((e['path'] for l in json.load(sys.stdin) for e in l['exercises'] if e['id'] == '$id'), ''))")
    if [ -z "$path" ]; then
        echo "$id: no such exercise (skipped)"
        continue
    fi
    lesson_folder=$(ls -d Lessons/*-"${id%.*}")
    number=${id##*.}
    for variant in solution starter; do
        cp "$lesson_folder/exercises/$number/$variant.swift" "$path"
        read -r median fastest slowest < <(time_check "$id")
        shell=$(time_in_shell "$id")
        printf '%-22s %-9s %7ss %7ss %7ss   %7ss\n' "$id" "$variant" "$median" "$fastest" "$slowest" "$shell"
    done
done
