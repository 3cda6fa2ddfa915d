#!/usr/bin/env bash
# One-time set-up on a fresh machine: the Debian packages the project uses (git, bubblewrap, ...),
# a supported Node.js (.ci/node-runtime.sh) and the npm dependencies from the lockfile, with native
# addons built for that Node.js. Safe to run again. Afterwards `source .ci/node-runtime.sh` puts the
# same Node.js first on your shell's PATH (a no-op when the machine's node is new enough).
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

source .ci/node-runtime.sh

# Native addons (better-sqlite3) are built for one Node.js ABI: a node_modules built under another
# Node.js is rebuilt, not reused.
abi=$(node -p process.versions.modules)
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
elif [ "$(cat node_modules/.xihe-node-abi 2>/dev/null)" != "$abi" ]; then
  npm rebuild --no-audit --no-fund
fi
echo "$abi" >node_modules/.xihe-node-abi
