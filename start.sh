#!/usr/bin/env bash
# Sets DIDojo up on a fresh Debian/Ubuntu machine that has a Swift 6 toolchain, then starts it.
# Installs the two C libraries it needs (libedit for line editing, libcmark for Markdown) if
# they are missing, builds, and starts the shell. Arguments are passed on to didojo.
set -euo pipefail
cd "$(dirname "$0")"

missing=()
for package in libedit-dev libcmark-dev; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]} (needs root; you may be asked for your password)…"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${missing[@]}"
fi

echo "Building DIDojo (the first build takes a few minutes)…"
swift build
test -x .build/debug/didojo || { echo "The build failed; run 'swift build' to see why." >&2; exit 1; }
exec .build/debug/didojo "$@"
