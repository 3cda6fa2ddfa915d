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
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/pinned-node.sh
source "$here/pinned-node.sh"
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

node_arch=$(pinned_node_arch)

# The closure of the packages' dependencies, restricted to what is installed here.
closure=$(apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts \
  --no-breaks --no-replaces --no-enhances "${packages[@]}" 2>/dev/null | grep -v '^[ <]' | sort -u)
versions=$(for pkg in $closure; do dpkg-query -W -f '${Package}:${Architecture}=${Version}\n' "$pkg" 2>/dev/null || true; done | sort -u)
# The pin: package versions plus this script and the npm pins (pinned-node.sh). Same key, same rootfs, same id.
key=$( (printf '%s\n' "$versions" "$node_arch"; cat "$0" "$here/pinned-node.sh") | sha256sum | cut -c1-16)
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

# Node.js and npm in /usr/local, from their integrity-pinned registry tarballs.
install_pinned_node "$node_arch" "$work/extra/usr/local" "$work"

mkdir -p "$work/extra/etc" "$work/extra/tmp" "$work/extra/workspace" "$work/extra/home"
for dir in proc sys dev run; do mkdir -p "$work/extra/$dir"; done
for link in "${merged[@]}"; do ln -s "$(readlink "/$link")" "$work/extra/$link"; done
chmod 1777 "$work/extra/tmp"
printf 'root:x:0:0:root:/root:/bin/sh\nxihe-sandbox:x:65533:65533:sandbox:/tmp:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' >"$work/extra/etc/passwd"
printf 'root:x:0:\nxihe-sandbox:x:65533:\nnogroup:x:65534:\n' >"$work/extra/etc/group"
printf 'hosts: files dns\npasswd: files\ngroup: files\n' >"$work/extra/etc/nsswitch.conf"
printf '%s\n' "$versions" "node-linux-$node_arch=$pinned_node_version" "npm=$pinned_npm_version" >"$work/extra/etc/xihe-sandbox-packages"

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
