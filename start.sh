#!/usr/bin/env bash
# Sets DIDojo up on a fresh Debian/Ubuntu machine that has a Swift 6 toolchain, then starts it:
# installs the C libraries it needs if they are missing (libedit, cmark-gfm with its
# extensions, and SQLite for the live class server), builds what the learner's shell runs, and
# starts the shell. Arguments are passed on to didojo.
#
# Quiet once built: SwiftPM's output goes to .build/start-build.log and is shown only when the
# build fails. While a build runs, one line says so (on a terminal it counts the time and is
# wiped when the build is done); a start with nothing to build goes straight to the shell, and
# one that built something says so in one line.
set -euo pipefail
cd "$(dirname "$0")"

Scripts/install-system-libraries.sh --libraries-only

mkdir -p .build
log=.build/start-build.log

# What the learner's shell runs, and nothing more: the shell; the lesson library that `check`
# compiles exercises against, and its lean twin without swift-dependencies, which most checks
# load instead (see Package.swift); the program that runs a check's tests (didojo-test-host);
# the lessons' example programs (`run`); the macro stand-in that checks use; and the courier
# that `class join` starts (it links DojoCore, DojoCatalog, DojoWorkspace and Foundation: no swift-syntax).
# The class server, didojo-class, with Hummingbird, swift-nio, swift-crypto,
# postgres-nio and GRDB, is built when a teacher first runs `didojo class serve`; `swift test`
# builds everything. One `swift build --product` each, sharing .build: SwiftPM takes one
# product at a time. Tests/EndToEndTests/LearnerBuildTests.swift reads this list, and fails
# when one of these needs a server package.
learner_products=(didojo DIDojoLessons DIDojoLessonsLean didojo-test-host didojo-demos didojo-macro-cache didojo-class-client)

# A start with nothing to build goes straight to the shell without asking SwiftPM, which takes
# a second or more a product to find that out: when every product is there and nothing they are
# built from (Package.swift, Package.resolved, Sources/) has changed since the last build of
# them all, with the same toolchain. Anything else goes through SwiftPM, which decides.
stamp=.build/start-build.stamp
toolchain() {
    local swift
    swift=$(command -v swift) || return 0
    stat -L -c '%n %s %Y' "$swift"
}
products_up_to_date() {
    [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(toolchain)" ] || return 1
    local product
    for product in "${learner_products[@]}"; do
        [ -e ".build/debug/$product" ] || [ -e ".build/debug/lib$product.so" ] || return 1
    done
    [ -z "$(find Package.swift Package.resolved Sources -newer "$stamp" -print -quit 2>/dev/null)" ]
}
if products_up_to_date; then
    exec .build/debug/didojo "$@"
fi
rm -f "$stamp"

# Says that a build is running, once it has taken more than a moment (SwiftPM takes a second or
# two a product to plan, even with nothing to build). On standard error, like every word of this
# script's own: standard output is didojo's (`./start.sh list > lessons.txt`).
announce_build() {
    if [ ! -t 2 ]; then
        # Nothing can be wiped from a log: only a build that takes a while is announced.
        sleep 10
        echo "Building DIDojo (the first build takes a few minutes; log: $log)…" >&2
        return
    fi
    sleep 2
    # One line, which must not wrap: "\r" and erase-line only reach back to its start.
    local columns
    columns=$(stty size <&2 2>/dev/null | cut -d " " -f 2)
    [ -n "$columns" ] && [ "$columns" -gt 0 ] || columns=80
    local frames=(⠋ ⠙ ⠹ ⠸ ⠼ ⠴ ⠦ ⠧ ⠇ ⠏) frame=0 started=$SECONDS line
    while true; do
        local elapsed=$((SECONDS - started + 2))
        line=$(printf '%s Building DIDojo… %d:%02d (the first build takes a few minutes)' \
            "${frames[frame % ${#frames[@]}]}" $((elapsed / 60)) $((elapsed % 60)))
        printf '\r\033[K%s' "${line:0:columns-1}" >&2
        frame=$((frame + 1))
        sleep 0.2
    done
}

announce_build &
announcer=$!
# Whatever ends this script (a failed build, Ctrl-C), the announcement stops and its line goes.
stop_announcing() {
    if [ -n "$announcer" ]; then
        kill "$announcer" 2>/dev/null || true
        wait "$announcer" 2>/dev/null || true
        announcer=""
        [ -t 2 ] && printf '\r\033[K' >&2
    fi
    return 0
}
trap stop_announcing EXIT

# True when the build in the log compiled or linked something. SwiftPM prints "Compiling
# plugin …" for its command plugins on every build, built or not.
# `grep -c` reads to the end: a `grep -q` at the end of the pipe would stop at the first match
# and leave the first grep writing into a closed pipe ("grep: write error: Broken pipe" on the
# learner's screen, and a failed pipeline under pipefail).
built_something() {
    grep -E "^\[[0-9]+/[0-9]+\] (Compiling|Linking) " "$log" | grep -c -v "\] Compiling plugin " >/dev/null
}

# Builds the learner's products in turn; the status of the first build that fails.
build_learner_products() {
    : >"$log"
    local product
    for product in "${learner_products[@]}"; do
        echo "### swift build --product $product" >>"$log"
        swift build --product "$product" >>"$log" 2>&1 || return
    done
}

started=$SECONDS
status=0
build_learner_products || status=$?
built=no
if [ "$status" -eq 0 ] && built_something; then built=yes; fi
stop_announcing

if [ "$status" -ne 0 ]; then
    # Swinject's package lists files SwiftPM does not know what to do with; that warning is
    # about Swinject's manifest, not about anything a learner can change.
    grep -v -e "found [0-9]* file(s) which are unhandled" -e "^    /.*/Swinject/" "$log" >&2 || true
    echo >&2
    echo "The build failed (exit status $status); the whole output is in $log." >&2
    exit "$status"
fi
toolchain >"$stamp"
if [ "$built" = yes ]; then
    elapsed=$((SECONDS - started))
    if [ "$elapsed" -ge 60 ]; then took="$((elapsed / 60)) min $((elapsed % 60)) s"; else took="$elapsed s"; fi
    echo "Built DIDojo in $took." >&2
fi
exec .build/debug/didojo "$@"
