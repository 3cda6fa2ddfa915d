#!/usr/bin/env bash
# Regenerate this corpus (tasks.jsonl + logs/) with the shared mutation tooling.
#
#   build.sh MIRRORS WORK [REPO_ID...]
#
# MIRRORS  folder of fetched git mirrors, OWNER+NAME/repo (as for bench:locate)
# WORK     scratch folder OUTSIDE the project: clones, installs and the tooling copy live there
# REPO_ID  ids from repos.json (default: all), run one after another (CPU is shared); a second
#          run with another list may work beside it: each repository is taken by one run only
#
# The tooling (mutate.mjs, prepare.sh, score.mjs, lib/) comes from XIHE_LOCALIZE_CORPUS or
# ../shared/corpus/localize next to the project. Each repository is cloned at its pinned commit,
# installed, and mutated (mutate.mjs run); the kept failing logs have the checkout path rewritten
# to /home/runner/work/NAME/NAME like the development set's, then are copied here with tasks.jsonl.
# The repositories' code never enters the project.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 MIRRORS WORK [REPO_ID...]" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project=$(cd "$here/../.." && pwd)
tools=${XIHE_LOCALIZE_CORPUS:-$project/../shared/corpus/localize}
mirrors=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
case "$work/" in "$project/"*) echo "WORK must be outside the project" >&2; exit 2 ;; esac
shift 2
corpus=$work/corpus
mkdir -p "$corpus/logs" "$corpus/work/parts"
cp -r "$tools"/mutate.mjs "$tools"/prepare.sh "$tools"/score.mjs "$tools"/lib "$corpus"/
cp "$here/repos.json" "$corpus/repos.json"
# -n: a link left by another checkout of the project may dangle; replace it
ln -sfn "$project/node_modules" "$corpus/node_modules"
ids=("$@")
if [ ${#ids[@]} -eq 0 ]; then
  mapfile -t ids < <(node -e 'for (const r of require(process.argv[1]).repos) console.log(r.id)' "$here/repos.json")
fi
# The kept logs of one repository, checkout path rewritten, into the project.
copy_logs() {
  local id=$1 repo name f pyprefix
  repo=$(node -e 'console.log(require(process.argv[1]).repos.find((x) => x.id === process.argv[2]).repo)' "$here/repos.json" "$id")
  name=${repo#*/}
  # the interpreter's own prefix (a Python traceback into the standard library) is this machine's too
  pyprefix=$(python3 -c 'import sys; print(sys.base_prefix)')
  for f in "$corpus"/logs/"$id"-*.txt; do
    [ -e "$f" ] || continue
    sed -e "s#$work/co/$id#/home/runner/work/$name/$name#g" -e "s#$pyprefix#/opt/hostedtoolcache/Python/x64#g" "$f" >"$here/logs/$(basename "$f")"
  done
}
for id in "${ids[@]}"; do
  # a repository already mutated is not mutated again (its logs are copied again); one being mutated
  # by another run of this script is skipped
  if [ -e "$corpus/work/parts/$id.jsonl" ] && [ ! -e "$corpus/work/$id.lock" ]; then
    echo "[$id] already mutated" >&2
    copy_logs "$id"
    continue
  fi
  if ! mkdir "$corpus/work/$id.lock" 2>/dev/null; then
    echo "[$id] skipped: in progress" >&2
    continue
  fi
  read -r repo commit setup < <(node -e 'const r=require(process.argv[1]).repos.find(x=>x.id===process.argv[2]); console.log(r.repo, r.commit, r.setup)' "$here/repos.json" "$id")
  co=$work/co/$id
  if [ ! -e "$co/.ready" ]; then
    rm -rf "$co"
    git clone -q --shared "$mirrors/${repo/\//+}/repo" "$co"
    git -C "$co" checkout -q "$commit"
    if [ -n "$setup" ] && ! (cd "$co" && CI=true timeout 600 bash -c "$setup" >"$work/$id.setup.log" 2>&1); then
      echo "[$id] setup failed (see $work/$id.setup.log); skipped" >&2
      rmdir "$corpus/work/$id.lock"
      continue
    fi
    git -C "$co" checkout -q -- . # installs may rewrite a tracked lock file
    touch "$co/.ready"
  fi
  # .ready is untracked, so mutate.mjs's clean-checkout check ignores it. The machine is shared:
  # mutants run one after another, niced.
  (cd "$corpus" && nice -n 10 node mutate.mjs run --repo "$id" --checkout "$co") 2>&1 | tee "$work/$id.mutate.log" | tail -1 || true
  copy_logs "$id"
  rmdir "$corpus/work/$id.lock"
done
(cd "$corpus" && node mutate.mjs merge)
# The merge sees only this WORK folder's repositories: their tasks replace theirs in the project's
# tasks.jsonl, every other repository's tasks stay (a rebuild of one split must not drop the others).
sed "s#$work#WORK#g" "$corpus/tasks.jsonl" >"$work/tasks.built.jsonl"
node -e '
  const fs = require("node:fs");
  const [kept, built] = process.argv.slice(1).map((f) => fs.readFileSync(f, "utf8").split("\n").filter(Boolean));
  const repoOf = (line) => JSON.parse(line).id.replace(/-\d+$/, "");
  const rebuilt = new Set(built.map(repoOf));
  const lines = [...kept.filter((l) => !rebuilt.has(repoOf(l))), ...built];
  fs.writeFileSync(process.argv[1], lines.join("\n") + "\n");
' "$here/tasks.jsonl" "$work/tasks.built.jsonl"
