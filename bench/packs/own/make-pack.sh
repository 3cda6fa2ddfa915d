#!/usr/bin/env bash
# Rebuilds the task pack shipped with Xihe from this project's own fixtures only (examples/demo and
# test/fixtures/projects/stats-kit/base: real lockfiles, real eslint/prettier/jest): each is copied
# outside the project, made lint-clean, committed with fixed names and dates, and handed to
# `xihe bench make`, which verifies every task in the sandbox. Run from anywhere; takes minutes.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
pack="$root/bench/packs/own"
work=$(mktemp -d "${TMPDIR:-/tmp}/xihe-own-pack.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=xihe GIT_AUTHOR_EMAIL=bench@xihe.invalid GIT_AUTHOR_DATE=2000-01-01T00:00:00Z
export GIT_COMMITTER_NAME=xihe GIT_COMMITTER_EMAIL=bench@xihe.invalid GIT_COMMITTER_DATE=2000-01-01T00:00:00Z

# $1 name, $2 fixture folder, $3... paths to make lint-clean (with Xihe's own eslint and prettier,
# the versions both fixtures' lockfiles pin).
base_repo() {
  local name=$1 from=$2
  shift 2
  cp -r "$from" "$work/$name"
  (
    cd "$work/$name"
    "$root/node_modules/.bin/eslint" --fix "$@" >/dev/null || true
    "$root/node_modules/.bin/prettier" --write "$@" >/dev/null
    git init -q -b main
    git -c core.hooksPath=/dev/null add -A
    git -c core.hooksPath=/dev/null commit -qm "$name"
  )
}

base_repo demo "$root/examples/demo" src
base_repo stats-kit "$root/test/fixtures/projects/stats-kit/base" .

rm -rf "$pack/demo" "$pack/stats-kit" "$pack/tasks.jsonl"
node "$root/bin/xihe.js" bench make --repo "$work/demo" --count "${DEMO_TASKS:-6}" --out "$pack/demo" --seed own-pack
node "$root/bin/xihe.js" bench make --repo "$work/stats-kit" --count "${STATS_TASKS:-6}" --out "$pack/stats-kit" --seed own-pack
for part in demo stats-kit; do
  sed "s#\"repo\":\"bundles/#\"repo\":\"$part/bundles/#" "$pack/$part/tasks.jsonl" >>"$pack/tasks.jsonl"
  rm "$pack/$part/tasks.jsonl"
done
wc -l "$pack/tasks.jsonl"
echo "then re-record the CI baseline: npm run bench:fix-rate && cp .xihe/bench/own-no-llm/results.jsonl bench/packs/own/baseline-no-llm.jsonl"
