#!/usr/bin/env bash
# Installs the Debian packages DIDojo needs, if they are missing: libedit (line editing) and
# libcmark (Markdown) to build it, and vim and nano, the real editors its end-to-end tests drive
# through a pseudo-terminal. Used by CI as it is; start.sh passes --libraries-only, so learners
# who have an editor of their own get none installed.
set -euo pipefail

case "${1:-}" in
    --libraries-only) editors=() ;;
    "") editors=(vim nano) ;;
    *) echo "usage: $0 [--libraries-only]" >&2; exit 2 ;;
esac

missing=()
for package in libedit-dev libcmark-dev; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
# An editor counts as there when its command is (vim may come from vim-nox or vim-gtk3).
for editor in "${editors[@]}"; do
    command -v "$editor" >/dev/null || missing+=("$editor")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing ${missing[*]} (needs root; you may be asked for your password)…"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}"
