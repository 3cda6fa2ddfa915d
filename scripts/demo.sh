#!/usr/bin/env bash
# The main job on the embedded default: copy examples/demo (eslint + prettier as devDependencies, a
# committed package-lock.json, no node_modules) into a fresh git repository outside the project, show
# its failing CI with `xihe diagnose`, then fix it with `xihe fix --no-llm`: the install phase runs
# `npm ci` in the bubblewrap sandbox, reaching the registry your npm config names only through Xihe's
# registry proxy; the failures are reproduced, fixed by the deterministic tier, and verified.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/xihe-demo.XXXXXX")
repo="$work/demo-shop"
cp -r "$root/examples/demo" "$repo"
cd "$repo"
git init -q -b main
git -c user.name=demo -c user.email=demo@example.invalid add -A
git -c user.name=demo -c user.email=demo@example.invalid commit -qm "demo shop with a lint and a formatting failure"

# The CI log: what CI prints after `npm ci`, from the eslint and prettier versions the demo's lockfile
# pins (Xihe's own copies, so this step needs no install of its own).
echo "== the failing CI steps (eslint src; prettier --check src)"
{
  echo "\$ npx eslint src"
  "$root/node_modules/.bin/eslint" src || true
  echo "\$ npx prettier --check src"
  "$root/node_modules/.bin/prettier" --check src || true
} >"$work/ci.log" 2>&1
sed "s#$repo/##" "$work/ci.log"
echo
echo "== xihe diagnose"
node "$root/bin/xihe.js" diagnose --log "$work/ci.log" --repo . || true
echo
echo "== xihe fix --no-llm (fresh checkout: no node_modules yet)"
export XIHE_STORE="$work/xihe.db"
status=0
started=$(date +%s)
node "$root/bin/xihe.js" fix --repo . --no-llm || status=$?
echo "(xihe fix took $(($(date +%s) - started)) s)"
echo
echo "== branches and commits in $repo"
git branch --list
git log --oneline --all -n 5
exit $status
