#!/usr/bin/env bash
# DIDojo's speed benchmark (issue 9): builds as ./start.sh does, then prints one table with
# start-up, warm and cold checks of one exercise per lesson, verify --solutions, the naive
# route and the compile floor, peak memory, and each goal with whether it is met.
#
#   Benchmarks/benchmark.sh [exercise-id ...] [--skip cold|naive|verify|floor|memory] [--runs N]
#   Benchmarks/benchmark.sh --startup-only      # start-up alone, in seconds
#
# Run it by hand on a quiet machine (it prints the load average). The first run also builds
# the naive route's throwaway package once (.build/benchmark/naive-route), which takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

# --help needs no build (and should not wait minutes for one); --fresh-clone builds a clone of its own.
if [[ " $* " != *" --help "* && " $* " != *" -h "* && " $* " != *" --fresh-clone "* ]]; then
    echo "Building (through ./start.sh)…" >&2
    ./start.sh --version >/dev/null
fi
exec python3 Benchmarks/benchmark.py "$@"
