#!/usr/bin/env bash
# Installs the Debian packages DIDojo builds against, if they are missing: libedit (line
# editing) and cmark-gfm with its extensions (GitHub-flavoured Markdown: tables, strikethrough,
# autolinks). Used by start.sh and by CI, so both install the same set.
set -euo pipefail

missing=()
for package in libedit-dev libcmark-gfm-dev libcmark-gfm-extensions-dev; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing ${missing[*]} (needs root; you may be asked for your password)…"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}"
