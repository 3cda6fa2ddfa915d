#!/usr/bin/env bash
# The main job on the embedded default: copy examples/demo into a fresh git repository outside the
# project, show its failing lint with `xihe diagnose`, then fix it with `xihe fix --no-llm`
# (deterministic tier, bubblewrap sandbox, SQLite store) and show the fix commits.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/xihe-demo.XXXXXX")
repo="$work/demo-shop"
cp -r "$root/examples/demo" "$repo"
# What `npm ci` would install in the demo: its formatter, taken from Xihe's own dependencies.
mkdir -p "$repo/node_modules/.bin"
cp -r "$root/node_modules/prettier" "$repo/node_modules/prettier"
ln -s ../prettier/bin/prettier.cjs "$repo/node_modules/.bin/prettier"
cd "$repo"
git init -q -b main
git -c user.name=demo -c user.email=demo@example.invalid add -A
git -c user.name=demo -c user.email=demo@example.invalid commit -qm "demo shop with a formatting failure"

echo "== the failing CI step (prettier --check src)"
node_modules/.bin/prettier --check src >"$work/ci.log" 2>&1 || true
cat "$work/ci.log"
echo
echo "== xihe diagnose"
node "$root/bin/xihe.js" diagnose --log "$work/ci.log" --repo . || true
echo
echo "== xihe fix --no-llm"
export XIHE_STORE="$work/xihe.db"
status=0
node "$root/bin/xihe.js" fix --repo . --no-llm || status=$?
echo
echo "== branches and commits in $repo"
git branch --list
git log --oneline --all -n 5
exit $status
