#!/usr/bin/env bash
# Installs the Debian packages DIDojo needs, if they are missing: to build it, libedit (line
# editing), cmark-gfm with its extensions (GitHub-flavoured Markdown: tables, strikethrough,
# autolinks) and SQLite (the live class server's store); for its tests, the real tools they
# drive: vim, nano and less (through a pseudo-terminal; less is Debian's "important" priority but
# not in minimal images such as Docker's, and the shell pages without it otherwise), Graphviz (the wiring graph's DOT output),
# Chromium and Firefox with Python 3 (the live class's dashboard, read through the browsers'
# remote ports),
# and PostgreSQL (the class server's shared store, started by the tests on a loopback port).
# Used by CI as it is; start.sh passes --libraries-only, so learners who have tools of their own
# get none installed.
#
# Quiet, as start.sh's build is: one line says what is installed, apt's output goes to
# .build/install-system-libraries.log and is shown only when the installation fails.
set -euo pipefail

case "${1:-}" in
    --libraries-only) tools=() ;;
    "") tools=(vim nano less dot chromium firefox-esr python3 postgresql) ;;
    *) echo "usage: $0 [--libraries-only]" >&2; exit 2 ;;
esac

missing=()
for package in libedit-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libsqlite3-dev; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
# A tool counts as there when its command is (vim may come from vim-nox or vim-gtk3).
for tool in "${tools[@]}"; do
    case "$tool" in
        # The server's programs are not on PATH: /usr/lib/postgresql/<version>/bin.
        postgresql) compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql) ;;
        dot) command -v dot >/dev/null || missing+=(graphviz) ;;
        *) command -v "$tool" >/dev/null || missing+=("$tool") ;;
    esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

# On standard error, like start.sh's own words: standard output is didojo's.
names=$(printf '%s, ' "${missing[@]}")
echo "Installing ${names%, } (needs root; you may be asked for your password)…" >&2
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
log="$(cd "$(dirname "$0")/.." && pwd)/.build/install-system-libraries.log"
mkdir -p "$(dirname "$log")"
# sudo asks for the password on the terminal itself, not through the output kept in the log.
# No question may wait unseen in the log: apt and debconf take their defaults.
status=0
{
    "${sudo[@]}" apt-get update -q &&
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
} </dev/null >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    cat "$log" >&2
    echo >&2
    echo "Installing ${names%, } failed (exit status $status); the whole output is in $log." >&2
    exit "$status"
fi
