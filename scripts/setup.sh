#!/usr/bin/env bash
# One-time set-up on a fresh machine: the Debian packages the project uses (git, bubblewrap, ...)
# and the npm dependencies from the lockfile. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=$(grep -vE '^\s*(#|$)' .ci/apt-packages.txt | tr '\n' ' ')
missing=""
for p in $packages; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
