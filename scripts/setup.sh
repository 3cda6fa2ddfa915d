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
# Node.js (copied from another machine, or left by an older set-up) is rebuilt, not reused. Whether
# it loads is the test, not a marker file, so a stale build never reaches the test run.
addon_loads() { node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null; }
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
if ! addon_loads; then
  npm rebuild --no-audit --no-fund
  if ! addon_loads; then
    echo "setup: better-sqlite3 does not load under node $(node -v) after a rebuild;" \
      "node-gyp used the headers in ${npm_config_nodedir:-the nodedir of npm config}." \
      "Point npm_config_nodedir at this Node.js's own folder (the one with include/node) and run again." >&2
    node -e 'require("better-sqlite3")' >&2 || true
    exit 1
  fi
fi
