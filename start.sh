#!/usr/bin/env bash
# Sets DIDojo up on a fresh Debian/Ubuntu machine that has a Swift 6 toolchain, then starts it:
# installs the C libraries it needs if they are missing (libedit, and cmark-gfm with its
# extensions), builds, and starts the shell.
# Arguments are passed on to didojo.
set -euo pipefail
cd "$(dirname "$0")"

Scripts/install-system-libraries.sh

echo "Building DIDojo (the first build takes a few minutes)…"
swift build
exec .build/debug/didojo "$@"
